import { eq } from 'drizzle-orm';
import type { Role } from '@lexserve/contracts/common';
import { AuthErrors, type ErrorDef } from '@lexserve/contracts/errors';
import type { DbOrTx } from '../db/client';
import { branches, firms, users } from '../db/schema/index';

/** What decides whether an account may act: its own status, its firm's and its branch's. */
export type AccountStanding = {
  role: Role;
  isActive: boolean;
  /** null without a firm (sheriffs, system administrators). */
  firmActive: boolean | null;
  /** null without a branch. */
  branchActive: boolean | null;
};

/** The firm's and branch's status, as columns to select next to a user's (left joins on firms and branches). */
export const standingColumns = { firmActive: firms.isActive, branchActive: branches.isActive } as const;

/**
 * Why the account may not log in, refresh or call the API now (a 403), or undefined when it may. A deactivated
 * firm stops all its users; a deactivated branch stops the branch administrators and legal practitioners
 * assigned to it (a firm administrator acts for the whole firm and keeps access to reactivate it).
 */
export function accountRefusal(s: AccountStanding): ErrorDef | undefined {
  if (!s.isActive) return AuthErrors.ACCOUNT_INACTIVE;
  if (s.firmActive === false) return AuthErrors.FIRM_INACTIVE;
  if (s.branchActive === false && (s.role === 'branch_admin' || s.role === 'legal_practitioner'))
    return AuthErrors.BRANCH_INACTIVE;
  return undefined;
}

/** The standing of one user, in one query (login and refresh). */
export async function accountStanding(db: DbOrTx, userId: number): Promise<AccountStanding | undefined> {
  const [row] = await db
    .select({ role: users.role, isActive: users.isActive, ...standingColumns })
    .from(users)
    .leftJoin(firms, eq(firms.id, users.firmId))
    .leftJoin(branches, eq(branches.id, users.branchId))
    .where(eq(users.id, userId));
  return row;
}
