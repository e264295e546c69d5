import type { Role } from '@lexserve/contracts/common';
import { AuthErrors, type ErrorDef } from '@lexserve/contracts/errors';
import { branches, firms } from '../db/schema/index';

// The door's rule on accounts, applied by the authentication plugin (plugins/auth.ts) on every call and by login and
// refresh (modules/auth, with users.service's accountStanding): it stays in lib/ because plugins/ sits below modules/.

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
