import type { Actor } from '../../lib/access';
import type { UserRow } from './users.mapper';

/**
 * Who may read whom: the system administrator anyone; a sheriff anyone (names of performers on documents
 * assigned to them); a firm user the people of their own firm, plus sheriffs and system administrators.
 * Firm A never reads the users of firm B.
 */
export function canViewUser(actor: Actor, target: Pick<UserRow, 'id' | 'firmId' | 'role'>): boolean {
  if (actor.id === target.id) return true;
  if (actor.role === 'system_admin' || actor.role === 'sheriff') return true;
  if (target.role === 'sheriff' || target.role === 'system_admin') return true;
  return actor.firmId !== null && actor.firmId === target.firmId;
}

/** Whether the actor administers the target user's account (and it is not their own). */
export function managesUser(actor: Actor, target: Pick<UserRow, 'id' | 'firmId' | 'role'>): boolean {
  if (actor.id === target.id) return false;
  if (actor.role === 'system_admin') return true;
  return actor.role === 'firm_admin' && actor.firmId !== null && actor.firmId === target.firmId;
}
