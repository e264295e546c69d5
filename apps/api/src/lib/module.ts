import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Env } from '../config/env';
import type { Db } from '../db/client';

/** A first-start data step; it must be idempotent (it runs on every start). */
export type SeedStep = (db: Db, env: Env, log: FastifyBaseLogger) => Promise<void>;

/**
 * A domain module plugs into the app through this shape. `publicRoutes` are mounted under /api/v1 with no
 * login; `routes` under /api/v1 behind authentication (request.actor is set); `authenticatedHooks` are added
 * to the authenticated scope before any module's routes (e.g. the subscription gate); `start`/`stop` run
 * background work (event handlers, jobs) and are skipped when the app is built with `background: false`.
 */
export type ModuleDef = {
  name: string;
  publicRoutes?: (app: FastifyInstance) => Promise<void> | void;
  routes?: (app: FastifyInstance) => Promise<void> | void;
  authenticatedHooks?: (scope: FastifyInstance) => void;
  /** Registers event handlers and jobs; called for every app, before start. */
  setup?: (app: FastifyInstance) => Promise<void> | void;
  /** First-start data (see src/seed.ts). */
  seed?: SeedStep;
};
