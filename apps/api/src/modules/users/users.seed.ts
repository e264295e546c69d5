import { randomBytes } from 'node:crypto';
import { UserErrors } from '@lexserve/contracts/errors';
import { DEMO_FIRM, DEMO_SHERIFF_PROFILE, DEMO_USERS } from '../../config/demo';
import type { SeedStep } from '../../lib/module';
import { hashPassword } from '../../lib/passwords';
import { branchByPracticeNumber, createFirmWithMainBranch } from '../firms/firms.service';
import * as repo from './users.repository';
import { findProfile, insertProfile } from './sheriffs.repository';
import { createAccount, userByEmail } from './users.service';

/**
 * First-start data: the system administrator (password from ADMIN_PASSWORD, or generated and printed
 * once), then, unless SEED_DEMO=false, a demo firm with its main branch and one user per role.
 */
export const seedAccounts: SeedStep = async (db, env, log) => {
  if (!(await userByEmail(db, env.ADMIN_EMAIL))) {
    const password = env.ADMIN_PASSWORD ?? (env.SEED_DEMO === 'true' ? env.DEMO_PASSWORD : randomBytes(9).toString('base64url') + 'A1');
    await repo.insertUser(
      db,
      {
        email: env.ADMIN_EMAIL,
        fullName: 'System Administrator',
        username: 'admin',
        role: 'system_admin',
        passwordHash: await hashPassword(password, env.BCRYPT_COST),
      },
      UserErrors.USER_EMAIL_TAKEN,
    );
    if (!env.ADMIN_PASSWORD) {
      log.info(`system administrator created: ${env.ADMIN_EMAIL} / ${password} (shown once; change it after logging in)`);
    }
  }
  if (env.SEED_DEMO === 'true' && !(await branchByPracticeNumber(db, DEMO_FIRM.practice))) {
    const passwordHash = await hashPassword(env.DEMO_PASSWORD, env.BCRYPT_COST);
    await db.transaction(async (tx) => {
      const { firm, branch } = await createFirmWithMainBranch(tx, {
        name: DEMO_FIRM.name,
        email: DEMO_FIRM.email,
        phone: '+27 21 555 0100',
        address: DEMO_FIRM.address,
        branchName: DEMO_FIRM.branch,
        practiceNumber: DEMO_FIRM.practice,
      });
      for (const u of DEMO_USERS) {
        const inFirm = u.role !== 'sheriff';
        await createAccount(tx, {
          email: u.email,
          fullName: u.fullName,
          role: u.role,
          firmId: inFirm ? firm.id : null,
          branchId: inFirm ? branch.id : null,
          phoneNumber: '+27 82 555 01' + String(DEMO_USERS.indexOf(u)).padStart(2, '0'),
          passwordHash,
        });
      }
    });
    log.info(`demo firm created: ${DEMO_USERS.map((u) => u.email).join(', ')} (password ${env.DEMO_PASSWORD})`);
  }
  if (env.SEED_DEMO === 'true') {
    // The demo sheriff's profile, also for demo data seeded before sheriff profiles existed.
    const sheriff = await userByEmail(db, DEMO_SHERIFF_PROFILE.email);
    if (sheriff?.role === 'sheriff' && !(await findProfile(db, sheriff.id))) {
      await insertProfile(db, {
        userId: sheriff.id,
        officeName: DEMO_SHERIFF_PROFILE.officeName,
        appointmentNumber: DEMO_SHERIFF_PROFILE.appointmentNumber,
        serviceAreas: DEMO_SHERIFF_PROFILE.serviceAreas,
      });
    }
  }
};
