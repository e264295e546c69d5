import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Deps } from '../app';
import type { Db } from '../db/client';
import { actorOf } from '../plugins/auth';
import type { Actor } from './access';

/** What a service needs from a request: the database, the actor, the app's services and a logger. */
export type Ctx = { db: Db; actor: Actor; deps: Deps; log: FastifyBaseLogger };

export const ctxOf = (request: FastifyRequest): Ctx => ({
  db: request.server.deps.database.db,
  actor: actorOf(request),
  deps: request.server.deps,
  log: request.log,
});

/** Runs work in a transaction and asks the event dispatcher to pick up what it recorded, once committed. */
export async function inTransaction<T>(ctx: Pick<Ctx, 'db' | 'deps'>, work: (tx: Db) => Promise<T>): Promise<T> {
  const result = await ctx.db.transaction((tx) => work(tx as unknown as Db));
  ctx.deps.events.kick();
  return result;
}
