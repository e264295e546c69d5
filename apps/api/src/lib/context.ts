import type { FastifyRequest } from 'fastify';
import { CommonErrors } from '@lexserve/contracts/errors';
import type { Db } from '../db/client';
import type { Actor } from './access';
import { bindApiKeyToTransaction } from './api-keys';
import { AppError } from './app-error';
import type { Ctx, Deps, PublicCtx } from './deps';

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
  interface FastifyRequest {
    /** Set by the authentication hook on every route of the authenticated scope. */
    actor?: Actor;
  }
}

// PublicCtx and Ctx are declared beside Deps (deps.ts), whose serving port takes a Ctx.
export type { Ctx, PublicCtx } from './deps';

/** The context of any request (public routes, webhooks). */
export const publicCtxOf = (request: FastifyRequest): PublicCtx => ({
  db: request.server.deps.database.db,
  deps: request.server.deps,
  log: request.log,
  ip: request.ip,
  userAgent: (request.headers['user-agent'] ?? '').slice(0, 500) || null,
});

/** The context of an authenticated request (throws if a route was mounted outside the authenticated scope). */
export const ctxOf = (request: FastifyRequest): Ctx => ({ ...publicCtxOf(request), actor: actorOf(request) });

/** The actor of an authenticated request. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError(CommonErrors.AUTH_REQUIRED);
  return request.actor;
}

/**
 * Runs work in a transaction and asks the event dispatcher to pick up what it recorded, once committed. A call made
 * with an API key marks the transaction, so the timeline events it writes name the key (lib/api-keys.ts).
 */
export async function inTransaction<T>(
  ctx: Pick<Ctx, 'db' | 'deps'> & { actor?: Actor },
  work: (tx: Db) => Promise<T>,
): Promise<T> {
  const result = await ctx.db.transaction((tx) => {
    if (ctx.actor) bindApiKeyToTransaction(tx, ctx.actor);
    return work(tx as unknown as Db);
  });
  ctx.deps.events.kick();
  return result;
}
