import { randomBytes } from 'node:crypto';
import { UserErrors } from '@lexserve/contracts/errors';
import {
  DEMO_DEPUTY,
  DEMO_FIRM,
  DEMO_SHERIFF_AREA,
  DEMO_SHERIFF_AREAS,
  DEMO_SHERIFF_PROFILE,
  DEMO_USERS,
} from '../../config/demo';
import type { DbOrTx } from '../../db/client';
import type { SeedStep } from '../../lib/module';
import { hashPassword } from '../../lib/passwords';
import { branchByPracticeNumber, createFirmWithMainBranch } from '../firms/firms.service';
import * as repo from './users.repository';
import { findAreaByName, insertArea } from './sheriff-areas.repository';
import { findProfile, insertProfile, updateProfile } from './sheriffs.repository';
import { createAccount, userByEmail } from './users.service';

/**
 * First-start data: the system administrator, then, unless SEED_DEMO=false, a demo firm with its main branch and one
 * user per role. The administrator's password is ADMIN_PASSWORD, else on a demo start the demo password, else (only
 * reachable outside `server.ts`, which refuses a production start without ADMIN_PASSWORD) a generated one. The log
 * shows a password only when the seed generated it: never ADMIN_PASSWORD, never DEMO_PASSWORD (it may have been
 * changed from the public one in the README); it says which variable holds it instead.
 */
export const seedAccounts: SeedStep = async (db, env, log) => {
  if (!(await userByEmail(db, env.ADMIN_EMAIL))) {
    const generated =
      env.ADMIN_PASSWORD || env.SEED_DEMO === 'true'
        ? undefined
        : randomBytes(12).toString('base64url') + 'A1';
    const password = env.ADMIN_PASSWORD ?? generated ?? env.DEMO_PASSWORD;
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
    if (generated) {
      log.info(
        `system administrator created: ${env.ADMIN_EMAIL} / ${generated} (generated, shown once; change it after logging in)`,
      );
    } else {
      log.info(
        `system administrator created: ${env.ADMIN_EMAIL} (password: the value of ${env.ADMIN_PASSWORD ? 'ADMIN_PASSWORD' : 'DEMO_PASSWORD'})`,
      );
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
    log.info(
      `demo firm created: ${DEMO_USERS.map((u) => u.email).join(', ')} (password: the value of DEMO_PASSWORD)`,
    );
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
    if (sheriff?.role === 'sheriff')
      await seedDemoAreasAndDeputy(db, sheriff.id, env.DEMO_PASSWORD, env.BCRYPT_COST);
  }
};

/**
 * The demo areas (each once, by name), the demo sheriff appointed for one of them (when not yet appointed), and a
 * deputy in the demo sheriff's office; also for demo data seeded before areas existed.
 */
async function seedDemoAreasAndDeputy(db: DbOrTx, sheriffId: number, password: string, cost: number) {
  for (const area of DEMO_SHERIFF_AREAS)
    if (!(await findAreaByName(db, area.name))) await insertArea(db, area);
  const profile = await findProfile(db, sheriffId);
  const area = await findAreaByName(db, DEMO_SHERIFF_AREA);
  if (profile && profile.areaId === null && area) await updateProfile(db, sheriffId, { areaId: area.id });
  if (await userByEmail(db, DEMO_DEPUTY.email)) return;
  const passwordHash = await hashPassword(password, cost);
  await db.transaction(async (tx) => {
    const deputy = await createAccount(tx, {
      email: DEMO_DEPUTY.email,
      fullName: DEMO_DEPUTY.fullName,
      role: 'sheriff',
      firmId: null,
      branchId: null,
      phoneNumber: DEMO_DEPUTY.phoneNumber,
      passwordHash,
    });
    await insertProfile(tx, {
      userId: deputy.id,
      officeName: profile?.officeName ?? DEMO_SHERIFF_PROFILE.officeName,
      appointmentNumber: DEMO_DEPUTY.appointmentNumber,
      serviceAreas: [],
      kind: 'deputy',
      officeSheriffId: sheriffId,
    });
  });
}
