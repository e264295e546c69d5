import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../config/env';
import type { Db } from './client';
import { hashPassword } from '../lib/passwords';
import { findUserByEmail, insertUser, usernameFromEmail } from '../modules/users/users.repository';
import { findBranchByPracticeNumber, insertBranch, insertFirm } from '../modules/firms/firms.repository';
import { defaultServiceAddress } from '../modules/firms/firms.mapper';
import { UserErrors } from '@lexserve/contracts/errors';

export type SeedStep = (db: Db, env: Env, log: FastifyBaseLogger) => Promise<void>;

/** Seed steps other modules add (e.g. default plans, the demo firm's subscription); each must be idempotent. */
export const seedSteps: SeedStep[] = [];

export const DEMO_FIRM = {
  name: 'Demo Attorneys Inc.',
  email: 'info@demo.co.za',
  address: '12 Long Street, Cape Town, 8001',
  branch: 'Cape Town (Main)',
  practice: 'DEMO-001',
};

export const DEMO_USERS = [
  { email: 'firmadmin@demo.co.za', fullName: 'Thandi Mokoena', role: 'firm_admin' },
  { email: 'branchadmin@demo.co.za', fullName: 'Pieter van der Merwe', role: 'branch_admin' },
  { email: 'attorney@demo.co.za', fullName: 'Aisha Patel', role: 'legal_practitioner' },
  { email: 'sheriff@demo.co.za', fullName: 'Sipho Ndlovu', role: 'sheriff' },
] as const;

/**
 * First-start data: the system administrator (password from ADMIN_PASSWORD, or generated and printed
 * once), then, unless SEED_DEMO=false, a demo firm with its main branch and one user per role.
 */
export async function seed(db: Db, env: Env, log: FastifyBaseLogger): Promise<void> {
  if (!(await findUserByEmail(db, env.ADMIN_EMAIL))) {
    const password = env.ADMIN_PASSWORD ?? (env.SEED_DEMO === 'true' ? env.DEMO_PASSWORD : randomBytes(9).toString('base64url') + 'A1');
    await insertUser(
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
  if (env.SEED_DEMO === 'true' && !(await findBranchByPracticeNumber(db, DEMO_FIRM.practice))) {
    const passwordHash = await hashPassword(env.DEMO_PASSWORD, env.BCRYPT_COST);
    await db.transaction(async (tx) => {
      const firm = await insertFirm(tx, {
        name: DEMO_FIRM.name,
        contactEmail: DEMO_FIRM.email,
        phone: '+27 21 555 0100',
        address: DEMO_FIRM.address,
        maxBranches: 10,
      });
      const branch = await insertBranch(tx, {
        firmId: firm.id,
        name: DEMO_FIRM.branch,
        practiceNumber: DEMO_FIRM.practice,
        address: DEMO_FIRM.address,
        contactEmail: DEMO_FIRM.email,
        contactPhone: '+27 21 555 0100',
        digitalServiceAddress: defaultServiceAddress(DEMO_FIRM.practice),
        isMain: true,
      });
      for (const u of DEMO_USERS) {
        const inFirm = u.role !== 'sheriff';
        await insertUser(
          tx,
          {
            email: u.email,
            fullName: u.fullName,
            username: usernameFromEmail(u.email),
            role: u.role,
            firmId: inFirm ? firm.id : null,
            branchId: inFirm ? branch.id : null,
            phoneNumber: '+27 82 555 01' + String(DEMO_USERS.indexOf(u)).padStart(2, '0'),
            passwordHash,
          },
          UserErrors.USER_EMAIL_TAKEN,
        );
      }
    });
    log.info(`demo firm created: ${DEMO_USERS.map((u) => u.email).join(', ')} (password ${env.DEMO_PASSWORD})`);
  }
  for (const step of seedSteps) await step(db, env, log);
}
