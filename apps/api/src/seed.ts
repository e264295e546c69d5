import type { FastifyBaseLogger } from 'fastify';
import type { Env } from './config/env';
import type { Db } from './db/client';
import { modules } from './modules/index';

/** First-start data: each module's seed step, in module order (each is idempotent, so every start runs them). */
export async function seed(db: Db, env: Env, log: FastifyBaseLogger): Promise<void> {
  for (const mod of modules) await mod.seed?.(db, env, log);
}
