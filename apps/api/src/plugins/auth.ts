import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '@lexserve/contracts/common';
import { AuthErrors, CommonErrors, type ErrorDef } from '@lexserve/contracts/errors';
import { users } from '../db/schema/index';
import type { Actor } from '../lib/access';
import { AppError } from '../lib/app-error';
import { actorOf } from '../lib/context';
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

/** Resolves a verified access token to the current, active user. */
export async function resolveActor(app: FastifyInstance, token: string): Promise<Actor> {
  const verified = verifyAccessToken(token, app.deps.env.JWT_SECRET);
  if (!verified.ok) throw new AppError(verified.expired ? CommonErrors.TOKEN_EXPIRED : CommonErrors.AUTH_REQUIRED);
  const [user] = await app.deps.database.db
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
    })
    .from(users)
    .where(eq(users.id, verified.userId));
  if (!user || user.isSystem) throw new AppError(CommonErrors.AUTH_REQUIRED);
  if (!user.isActive) throw new AppError(AuthErrors.ACCOUNT_INACTIVE);
  return {
    id: user.id,
    role: user.role,
    email: user.email,
    fullName: user.fullName,
    firmId: user.firmId,
    branchId: user.branchId,
    mustChangePassword: user.mustChangePassword,
  };
}

/** The authenticated scope's onRequest hook: every route under it has `request.actor`. */
export function authenticate(app: FastifyInstance) {
  return async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw new AppError(CommonErrors.AUTH_REQUIRED);
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

