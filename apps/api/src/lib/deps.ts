import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../config/env';
import type { Database, Db, DbOrTx } from '../db/client';
import type { Actor } from './access';
import type { documents } from '../db/schema/index';
import type { EventDispatcher } from './events';
import type { JobRunner } from './jobs';
import type { Mailer } from './mail';
import type { PaymentProvider } from './payment-provider';
import type { PdfWorkers } from './pdf-merge';
import type { Sealer } from './seal/sealer';
import type { SharedCounters } from './shared-counters';
import type { FileStore } from './storage';
import type { VerificationChanges } from './verification-changes';

/** Plan limits, enforced by the subscriptions module; other modules ask before adding (each throws the limit's 403). */
export type PlanLimits = {
  assertCanAddUser(tx: DbOrTx, firmId: number): Promise<void>;
  assertCanAddBranch(tx: DbOrTx, firmId: number): Promise<void>;
  /** Call in the transaction that marks the document served. */
  assertCanServeDocument(tx: DbOrTx, firmId: number): Promise<void>;
  assertStorageAvailable(tx: DbOrTx, firmId: number, extraBytes: number): Promise<void>;
};

/**
 * Serving a document electronically, done by the service module (delivery) with the evidence module (proof of
 * service): documents calls it from the submit, so that documents needs neither module (modules/service/serving.ts).
 */
export type DocumentServing = {
  /** In the transaction that serves `doc` at `at`: the DSA is e-mailed its link and the proof's job is scheduled. */
  served(ctx: Ctx, tx: DbOrTx, doc: typeof documents.$inferSelect, at: Date): Promise<void>;
  /** Once that transaction has committed: the proof of service drawn at once (its job is the fallback). */
  committed(ctx: Ctx, doc: typeof documents.$inferSelect): Promise<void>;
  /** In the transaction that hands `doc` to the sheriff: its people to be served are with the sheriff. */
  handedToSheriff(tx: DbOrTx, doc: typeof documents.$inferSelect): Promise<void>;
  /** In the transaction that assigns the document's sheriff: every person not yet served goes to that sheriff. */
  sheriffAssigned(tx: DbOrTx, doc: typeof documents.$inferSelect, sheriffId: number | null): Promise<void>;
};

/** The time the app acts at; tests may pin it. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

/** Everything a service may need from the app, built once by `buildApp`; every field is always set. */
export type Deps = {
  env: Env;
  database: Database;
  files: FileStore;
  payments: PaymentProvider;
  mailer: Mailer;
  limits: PlanLimits;
  serving: DocumentServing;
  clock: Clock;
  events: EventDispatcher;
  jobs: JobRunner;
  /** Opens users' PDFs in worker threads, within the PDF_* limits. */
  pdf: PdfWorkers;
  /** Seals issued PDFs (PAdES with an RFC 3161 time-stamp) and reads seals; key material cached in memory. */
  seal: Sealer;
  /** Counts shared by every process (rate limits, the login throttle): the database, or Redis when REDIS_URL is set. */
  counters: SharedCounters;
  /** Said after a committed write that changes a public verification answer (lib/verification-changes.ts). */
  verification: VerificationChanges;
};

/** What a service needs from a public call: the database, the app's services, a logger and who is calling. */
export type PublicCtx = { db: Db; deps: Deps; log: FastifyBaseLogger; ip: string; userAgent: string | null };

/** What a service needs from an authenticated call: a public context plus the signed-in actor. */
export type Ctx = PublicCtx & { actor: Actor };
