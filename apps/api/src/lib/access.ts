import type { Role } from '@lexserve/contracts/common';
import type { ApiKeyScope } from '@lexserve/contracts/integrations';
import { CommonErrors, type ErrorDef } from '@lexserve/contracts/errors';
import { AppError } from './app-error';

/** Who is calling: resolved once per request by `plugins/auth.ts`. */
export type Actor = {
  id: number;
  role: Role;
  email: string;
  fullName: string;
  firmId: number | null;
  branchId: number | null;
  /**
   * The sheriff's office the actor acts for: their own id for a sheriff, their sheriff's for a deputy (Sheriffs Act
   * s 6: a deputy acts for the sheriff). Set for sheriff-role actors by plugins/auth.ts.
   */
  sheriffOfficeId?: number;
  /** Signed in with a generated password: only /users/me and the password change are open (plugins/auth.ts). */
  mustChangePassword?: boolean;
  /** The session (login) of the access token the request carried. */
  sessionId?: string;
  /**
   * Whether the actor's firm had a subscription giving access when the request's actor was read (signed-in users:
   * plugins/auth.ts reads it with the actor); the subscription gate asks the database itself when it is absent.
   */
  firmHasAccess?: boolean;
  /** The call was made with this API key (lib/api-keys.ts): the actor is the firm, acting as a firm administrator. */
  apiKey?: { id: number; name: string; scope: ApiKeyScope };
};

/**
 * The one policy table: role × ability, from the spec's permission tables and PRODUCT-DECISIONS.
 * Tenant rules (same firm, same branch, assigned sheriff) are checked by services and repositories on top.
 */
const ABILITIES = {
  'admin:access': ['system_admin'],
  'users:list': ['system_admin', 'firm_admin', 'branch_admin'],
  'users:create': ['system_admin'],
  'users:update': ['system_admin', 'firm_admin'],
  'users:delete': ['system_admin', 'firm_admin'],
  'users:view-sheriffs': ['system_admin', 'firm_admin', 'branch_admin', 'legal_practitioner'],
  'firm-users:manage': ['firm_admin'],
  'users:activate': ['system_admin', 'firm_admin'],
  'sheriffs:manage': ['system_admin'],
  'firms:read': ['system_admin', 'sheriff', 'firm_admin', 'branch_admin', 'legal_practitioner'],
  'firms:create': ['system_admin'],
  'firms:update': ['system_admin', 'firm_admin'],
  'firms:delete': ['system_admin'],
  'branches:create': ['system_admin', 'firm_admin'],
  'branches:update': ['system_admin', 'firm_admin', 'branch_admin'],
  'branches:delete': ['system_admin', 'firm_admin'],
  'documents:create': ['firm_admin', 'branch_admin', 'legal_practitioner'],
  'documents:read': ['system_admin', 'sheriff', 'firm_admin', 'branch_admin', 'legal_practitioner'],
  'documents:update': ['firm_admin', 'branch_admin', 'legal_practitioner'],
  'documents:delete': ['firm_admin', 'branch_admin', 'legal_practitioner'],
  'documents:assign-sheriff': ['firm_admin', 'branch_admin', 'legal_practitioner'],
  'documents:revoke': ['firm_admin'],
  'documents:record-service': ['sheriff'],
  'parties:manage': ['firm_admin', 'branch_admin', 'legal_practitioner'],
  'closures:request': ['firm_admin', 'branch_admin', 'legal_practitioner'],
  'closures:approve': ['system_admin', 'firm_admin', 'branch_admin'],
  'closures:complete': ['firm_admin', 'branch_admin', 'legal_practitioner'],
  'closures:direct-close': ['firm_admin'],
  'closures:read': ['system_admin', 'firm_admin', 'branch_admin', 'legal_practitioner'],
  'subscription:read': ['firm_admin', 'branch_admin', 'legal_practitioner'],
  'subscription:manage': ['firm_admin'],
  'integrations:manage': ['firm_admin'],
  'notifications:own': ['system_admin', 'sheriff', 'firm_admin', 'branch_admin', 'legal_practitioner'],
} as const satisfies Record<string, readonly Role[]>;

export type Ability = keyof typeof ABILITIES;

export const can = (actor: Pick<Actor, 'role'>, ability: Ability): boolean =>
  (ABILITIES[ability] as readonly Role[]).includes(actor.role);

/** Throws the given catalogue entry (403 by default) unless the actor has the ability. */
export function assertCan(
  actor: Pick<Actor, 'role'>,
  ability: Ability,
  error: ErrorDef = CommonErrors.FORBIDDEN,
): void {
  if (!can(actor, ability)) throw new AppError(error);
}

/** Every ability the role has: the answer of GET /users/me/permissions. */
export const abilitiesOf = (role: Role): Ability[] =>
  (Object.keys(ABILITIES) as Ability[]).filter((a) => (ABILITIES[a] as readonly Role[]).includes(role));
