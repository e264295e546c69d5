import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '@lexserve/contracts/common';
import { AuthErrors, CommonErrors, type ErrorDef } from '@lexserve/contracts/errors';
import { prepared } from '../db/prepared';
import { branches, firms, sessions, sheriffProfiles, users } from '../db/schema/index';
import type { Actor } from '../lib/access';
import { accountRefusal, standingColumns } from '../lib/account-standing';
import { assertApiKeyMayCall, isApiKeyToken, resolveApiKeyActor } from '../lib/api-keys';
import { AppError } from '../lib/app-error';
import { actorOf } from '../lib/context';
import type { Deps } from '../lib/deps';
import { isSessionLive } from '../lib/sessions';
import { firmHasAccessSql } from '../lib/subscription-access';
import { verifyAccessToken } from '../lib/tokens';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Firm roles may call this route without an active or trial subscription. */
    allowWithoutSubscription?: boolean;
    /** Open to a user who must still change a generated password (/users/me, the password change). */
    allowWhilePasswordChangeRequired?: boolean;
  }
}

export const bearerToken = (request: FastifyRequest): string | undefined => {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
};

/**
 * Resolves an access token to the current actor, in one indexed query (the user by id, the session by id, the
 * firm and branch by id): the token must be signed, unexpired and of type access; its session live (not
 * logged out, not past its absolute end); the user, their firm and their branch active.
 */
export async function resolveActor(app: FastifyInstance, token: string): Promise<Actor> {
  const verified = verifyAccessToken(token, app.deps.env.JWT_SECRET);
  if (!verified.ok)
    throw new AppError(verified.expired ? CommonErrors.TOKEN_EXPIRED : CommonErrors.AUTH_REQUIRED);
  return actorOfSession(app.deps, verified);
}

/**
 * The actor's row, as a prepared statement made once per database: every authenticated request runs it, and building
 * the query anew each time (Drizzle's SQL assembly) was a tenth of a simple request's time. It also answers the
 * subscription gate's question (modules/subscriptions/gate.ts), so a firm user's request makes no round trip for it.
 */
const actorQuery = prepared('actor_of_session', (db) =>
  db
    .select({
      id: users.id,
      role: users.role,
      email: users.email,
      fullName: users.fullName,
      firmId: users.firmId,
      branchId: users.branchId,
      isActive: users.isActive,
      isSystem: users.isSystem,
      mustChangePassword: users.mustChangePassword,
      sessionRevokedAt: sessions.revokedAt,
      sessionExpiresAt: sessions.expiresAt,
      officeSheriffId: sheriffProfiles.officeSheriffId,
      ...standingColumns,
      firmHasAccess: firmHasAccessSql(users.firmId, sql.placeholder('now')),
    })
    .from(users)
    .leftJoin(sessions, and(eq(sessions.id, sql.placeholder('sessionId')), eq(sessions.userId, users.id)))
    .leftJoin(firms, eq(firms.id, users.firmId))
    .leftJoin(branches, eq(branches.id, users.branchId))
    .leftJoin(sheriffProfiles, eq(sheriffProfiles.userId, users.id))
    .where(eq(users.id, sql.placeholder('userId'))),
);

/**
 * The actor of a user's login session, checked as for every authenticated call: the user, their firm and their branch
 * active, the session live. Also reached through a file-view ticket (a signed name of the same session).
 */
export async function actorOfSession(
  deps: Deps,
  verified: { userId: number; sessionId: string },
): Promise<Actor> {
  const now = deps.clock.now();
  const [row] = await actorQuery(deps.database.db, {
    userId: verified.userId,
    sessionId: verified.sessionId,
    now,
  });
  if (!row || row.isSystem) throw new AppError(CommonErrors.AUTH_REQUIRED);
  // A deactivated account, firm or branch is told so (403) even when its sessions were ended with it.
  const refusal = accountRefusal(row);
  if (refusal) throw new AppError(refusal);
  const session = row.sessionExpiresAt
    ? { revokedAt: row.sessionRevokedAt, expiresAt: row.sessionExpiresAt }
    : undefined;
  if (!isSessionLive(session, now)) throw new AppError(CommonErrors.SESSION_ENDED);
  return {
    id: row.id,
    role: row.role,
    email: row.email,
    fullName: row.fullName,
    firmId: row.firmId,
    branchId: row.branchId,
    sessionId: verified.sessionId,
    mustChangePassword: row.mustChangePassword,
    firmHasAccess: row.firmHasAccess === true,
    ...(row.role === 'sheriff' ? { sheriffOfficeId: row.officeSheriffId ?? row.id } : {}),
  };
}

/**
 * The authenticated scope's onRequest hook: every route under it has `request.actor`. The bearer is an access token
 * (a signed-in user) or a firm's API key (`lxs_…`), which may make only the calls keys may make, within its scope.
 */
export function authenticate(app: FastifyInstance) {
  return async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw new AppError(CommonErrors.AUTH_REQUIRED);
    if (isApiKeyToken(token)) {
      const keyActor = await resolveApiKeyActor(app.deps.database.db, token, app.deps.clock.now());
      assertApiKeyMayCall(keyActor.apiKey!, request.routeOptions.url ?? request.url, request.method);
      request.actor = keyActor;
      return;
    }
    const actor = await resolveActor(app, token);
    request.actor = actor;
    // A generated password is a secret someone else has seen: nothing else until the user has chosen their own.
    if (actor.mustChangePassword && !request.routeOptions.config?.allowWhilePasswordChangeRequired)
      throw new AppError(AuthErrors.PASSWORD_CHANGE_REQUIRED);
  };
}

/** Route-level coarse gate: `preHandler: requireRole('system_admin')`. */
export const requireRole =
  (roles: Role[], error: ErrorDef = CommonErrors.FORBIDDEN) =>
  async (request: FastifyRequest, _reply: FastifyReply) => {
    if (!roles.includes(actorOf(request).role)) throw new AppError(error);
  };
