import { CREATABLE_FIRM_ROLES, type Role } from '@lexserve/contracts/common';
import { UserErrors, type ErrorDef } from '@lexserve/contracts/errors';
import type { Actor } from '../../lib/access';
import type { UserRow } from './users.mapper';

/**
 * Who may read whom, without a lookup: anyone themself; the system administrator anyone; a firm user the people
 * of their own firm, plus sheriffs and system administrators. A sheriff reads more only with the lookup of
 * `usersSeenBySheriff` (lib/tenancy.ts): the people of the documents assigned to them. Firm A never reads the
 * users of firm B.
 */
export function canViewUser(actor: Actor, target: Pick<UserRow, 'id' | 'firmId' | 'role'>): boolean {
  if (actor.id === target.id) return true;
  if (actor.role === 'system_admin') return true;
  if (target.role === 'system_admin') return true;
  if (actor.role === 'sheriff') return false;
  if (target.role === 'sheriff') return true;
  return actor.firmId !== null && actor.firmId === target.firmId;
}

/** Whether the actor administers the target user's account (and it is not their own). */
function managesUser(actor: Actor, target: Pick<UserRow, 'id' | 'firmId' | 'role'>): boolean {
  if (actor.id === target.id) return false;
  if (actor.role === 'system_admin') return true;
  return actor.role === 'firm_admin' && actor.firmId !== null && actor.firmId === target.firmId;
}

/** The kinds of change to another user's account; each has its own words when refused. */
export type UserChangeKind = 'update' | 'role' | 'activation' | 'delete';

/**
 * The one rule for every call that changes another user (PUT /users/{id}, change-role, activate-deactivate,
 * DELETE): never one's own account, only users one administers, and firm administrators only by the system
 * administrator. Answers the refusal, or undefined.
 */
export function changeRefusal(
  actor: Actor,
  target: Pick<UserRow, 'id' | 'firmId' | 'role'>,
  kind: UserChangeKind,
): ErrorDef | undefined {
  if (!managesUser(actor, target)) return UserErrors.OWN_ACCOUNT;
  if (actor.role !== 'system_admin' && target.role === 'firm_admin') {
    if (kind === 'activation') return UserErrors.ACTIVATION_CONFLICT;
    if (kind === 'role') return UserErrors.ROLE_CHANGE_CONFLICT;
    return UserErrors.FIRM_ADMIN_PROTECTED;
  }
  return undefined;
}

const firmManaged = (role: Role) => (CREATABLE_FIRM_ROLES as readonly Role[]).includes(role);

/** A firm administrator moves users only between branch administrator and legal practitioner; the system administrator any way. */
export function roleChangeRefusal(actor: Actor, from: Role, to: Role): ErrorDef | undefined {
  if (actor.role === 'system_admin' || from === to) return undefined;
  return firmManaged(from) && firmManaged(to) ? undefined : UserErrors.ROLE_CHANGE_CONFLICT;
}
