import type { Env } from '../config/env';
import type { Database, DbOrTx } from '../db/client';
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
