import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type {
  AddressSource,
  CasePriority,
  DocumentStatus,
  ServiceMethod,
} from '@lexserve/contracts/documents';
import type { PartyType } from '@lexserve/contracts/parties';
import { sql } from 'drizzle-orm';
import { timestamps } from './common';
import { branches, firms, users } from './foundation';

const at = () => timestamp({ withTimezone: true, mode: 'date' });

/**
 * A case document. `firmId`/`branchId` are the owning firm and branch (the tenant; plan usage is metered from
 * them); `serviceFirmId`/`serviceBranchId`/`digitalServiceAddress` are the legal representative of step 4,
 * on whose DSA the document is served.
 */
export const documents = pgTable(
  'documents',
  {
    id: serial().primaryKey(),
    title: text().notNull().default('Draft Document'),
    documentType: text(),
    caseCategory: text(),
    caseNumber: text(),
    courtName: text(),
    onCourtOnline: boolean().notNull().default(false),
    casePriority: text().$type<CasePriority>(),
    clientName: text(),
    recipientName: text(),
    recipientAddress: text(),
    specialInstructions: text(),
    serviceNotes: text(),
    firmId: integer()
      .notNull()
      .references(() => firms.id),
    branchId: integer().references(() => branches.id),
    createdById: integer()
      .notNull()
      .references(() => users.id),
    assignedSheriffId: integer().references(() => users.id),
    serviceFirmId: integer().references(() => firms.id),
    serviceBranchId: integer().references(() => branches.id),
    digitalServiceAddress: text(),
    signatureName: text(),
    /** How a document after initiating process is served (null: its type decides; see serviceMethodOf). */
    serviceMethod: text().$type<ServiceMethod>(),
    /** Where the address for electronic service was nominated. */
    serviceAddressSource: text().$type<AddressSource>(),
    /** Submitted for service: with the sheriff (status assigned) or served electronically; fixed from then on. */
    submittedAt: at(),
    status: text().$type<DocumentStatus>().notNull().default('draft'),
    serviceDate: at(),
    servedAt: at(),
    servedById: integer().references(() => users.id),
    /** Stored as received (an object is kept as its JSON text); parsed on the way out. */
    draftMetadata: text(),
    revokedAt: at(),
    revokeReason: text(),
    revokedById: integer().references(() => users.id),
    /** The My Cases sub-tab of the status (active, closed, drafts; null for others): computed by the database (0017). */
    myCasesList: text().generatedAlwaysAs(
      sql`CASE WHEN status IN ('pending', 'assigned', 'in_progress', 'served', 'received') THEN 'active' WHEN status IN ('completed', 'cancelled', 'archived') THEN 'closed' WHEN status = 'draft' THEN 'drafts' END`,
    ),
    /** Title, case number and client name joined and lower-cased, what My Cases searches: computed by the database (0020). */
    searchText: text().generatedAlwaysAs(
      sql`lower(coalesce(title, '') || ' ' || coalesce(case_number, '') || ' ' || coalesce(client_name, ''))`,
    ),
    ...timestamps,
  },
  (t) => [
    index('documents_firm_idx').on(t.firmId, t.createdAt.desc().nullsFirst()),
    index('documents_branch_idx').on(t.branchId),
    index('documents_sheriff_idx')
      .on(t.assignedSheriffId)
      .where(sql`assigned_sheriff_id IS NOT NULL`),
    index('documents_served_idx')
      .on(t.firmId, t.servedAt)
      .where(sql`served_at IS NOT NULL`),
    // My Cases' lists (0021): each also INCLUDEs the columns a list filters on, which Drizzle cannot declare (schema-migrations.test.ts lists them).
    index('documents_firm_list_idx').on(
      t.firmId,
      t.myCasesList,
      t.updatedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('documents_branch_list_idx').on(
      t.branchId,
      t.myCasesList,
      t.updatedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('documents_sheriff_list_idx')
      .on(t.assignedSheriffId, t.myCasesList, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`assigned_sheriff_id IS NOT NULL`),
    index('documents_list_idx').on(t.myCasesList, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('documents_firm_urgent_idx')
      .on(t.firmId, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`case_priority = 'urgent'`),
    index('documents_branch_urgent_idx')
      .on(t.branchId, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`case_priority = 'urgent'`),
    index('documents_sheriff_urgent_idx')
      .on(t.assignedSheriffId, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`case_priority = 'urgent' AND assigned_sheriff_id IS NOT NULL`),
    index('documents_urgent_idx')
      .on(t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`case_priority = 'urgent'`),
    // Only where the server has pg_trgm (0017, 0020); the embedded PGlite has none.
    index('documents_search_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

export const caseFiles = pgTable(
  'case_files',
  {
    id: serial().primaryKey(),
    documentId: integer()
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    firmId: integer()
      .notNull()
      .references(() => firms.id),
    filename: text().notNull(),
    storageKey: text().notNull().unique(),
    size: bigint({ mode: 'number' }).notNull(),
    mimeType: text().notNull(),
    sha256: text().notNull(),
    isBundle: boolean().notNull().default(false),
    isPrimary: boolean().notNull().default(false),
    isServed: boolean().notNull().default(false),
    pageCount: integer(),
    bundleSourceIds: jsonb().$type<number[]>(),
    uploadedById: integer().references(() => users.id),
    ...timestamps,
  },
  (t) => [
    index('case_files_document_idx').on(t.documentId, t.id),
    index('case_files_firm_idx').on(t.firmId),
    index('case_files_sha256_idx').on(t.sha256),
    uniqueIndex('case_files_one_primary')
      .on(t.documentId)
      .where(sql`is_primary`),
  ],
);

export const parties = pgTable(
  'parties',
  {
    id: serial().primaryKey(),
    firmId: integer()
      .notNull()
      .references(() => firms.id),
    /** The branch the party was recorded for (the creator's); with the firm, its tenancy. */
    branchId: integer().references(() => branches.id),
    /** The party this one corrects (a party on a served document is never changed). */
    correctsPartyId: integer().references((): AnyPgColumn => parties.id),
    partyType: text().$type<PartyType>().notNull(),
    title: text(),
    firstName: text(),
    middleName: text(),
    lastName: text(),
    gender: text(),
    maritalStatus: text(),
    nationality: text(),
    race: text(),
    idNumber: text(),
    dateOfBirth: date({ mode: 'string' }),
    tradingName: text(),
    registrationNumber: text(),
    businessType: text(),
    email: text(),
    physicalAddress: text(),
    language: text(),
    createdById: integer().references(() => users.id),
    ...timestamps,
  },
  (t) => [
    index('parties_firm_idx').on(t.firmId, t.id),
    index('parties_id_number_idx')
      .on(t.firmId, t.idNumber)
      .where(sql`id_number IS NOT NULL`),
    index('parties_registration_idx')
      .on(t.firmId, sql`lower(registration_number)`)
      .where(sql`registration_number IS NOT NULL`),
    index('parties_branch_idx').on(t.firmId, t.branchId),
    index('parties_corrects_idx')
      .on(t.correctsPartyId)
      .where(sql`corrects_party_id IS NOT NULL`),
  ],
);

export const documentParties = pgTable(
  'document_parties',
  {
    id: serial().primaryKey(),
    documentId: integer()
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    partyId: integer()
      .notNull()
      .references(() => parties.id, { onDelete: 'cascade' }),
    firmId: integer()
      .notNull()
      .references(() => firms.id),
    role: text().notNull().default('client'),
    notes: text(),
    isPrimary: boolean().notNull().default(false),
    /** The firm marks the party to be served whatever its role (migration 0023). */
    toBeServed: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('document_parties_unique').on(t.documentId, t.partyId),
    index('document_parties_party_idx').on(t.partyId),
  ],
);

export const documentEvents = pgTable(
  'document_events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    documentId: integer()
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    firmId: integer()
      .notNull()
      .references(() => firms.id),
    eventType: text().notNull(),
    isSystemEvent: boolean().notNull().default(false),
    eventDescription: text(),
    performedById: integer().references(() => users.id),
    /** The API key the change was made with (migration 0015); performedById is then the key's creator. */
    apiKeyId: integer(),
    eventMetadata: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** The tamper-evident trail (migration 0012, docs/evidence.md); NULL only on events written before it, until backfilled. */
    contentHash: text(),
    prevHash: text(),
    chainHash: text(),
    ...timestamps,
  },
  (t) => [
    index('document_events_document_idx').on(
      t.documentId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    uniqueIndex('document_events_chain_link').on(t.documentId, t.prevHash),
    index('document_events_chain_order').on(t.documentId, t.id),
  ],
);

/** RFC 3161 time-stamps over trail heads, one row per attempt (a failed one has `error` and no token). Append-only. */
export const trailAnchors = pgTable(
  'trail_anchors',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    documentId: integer().notNull(),
    headEventId: bigint({ mode: 'number' }).notNull(),
    headHash: text().notNull(),
    /** The DER TimeStampToken, base64. */
    token: text(),
    genTime: at(),
    authority: text(),
    error: text(),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [index('trail_anchors_document_idx').on(t.documentId, t.id.desc().nullsFirst())],
);

export const proofsOfService = pgTable('proofs_of_service', {
  id: serial().primaryKey(),
  documentId: integer()
    .notNull()
    .references(() => documents.id, { onDelete: 'cascade' })
    .unique(),
  firmId: integer()
    .notNull()
    .references(() => firms.id),
  securityId: text().notNull().unique(),
  currentVersion: integer().notNull().default(1),
  verificationCount: integer().notNull().default(0),
  lastVerifiedAt: at(),
  ...timestamps,
});

export const proofOfServiceFiles = pgTable(
  'proof_of_service_files',
  {
    id: serial().primaryKey(),
    proofId: integer()
      .notNull()
      .references(() => proofsOfService.id, { onDelete: 'cascade' }),
    version: integer().notNull(),
    storageKey: text().notNull().unique(),
    sha256: text().notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    generatedById: integer().references(() => users.id),
    /** Why this version was drawn (PROOF_VERSION_REASONS). */
    reason: text()
      .$type<'issued' | 'regenerated' | 'delivery_updated' | 'return_issued'>()
      .notNull()
      .default('regenerated'),
    /** The newest delivery event this version shows (null: none). */
    deliveryEventId: integer(),
    /** When the scrub job last re-hashed the stored PDF, and when it last found it altered or missing (null: intact). */
    integrityCheckedAt: at(),
    integrityFailedAt: at(),
    ...timestamps,
  },
  (t) => [
    index('proof_of_service_files_sha256_idx').on(t.sha256),
    index('proof_of_service_files_scrub_idx').on(t.integrityCheckedAt.nullsFirst(), t.id),
  ],
);

export const serviceDeliveries = pgTable(
  'service_deliveries',
  {
    id: serial().primaryKey(),
    documentId: integer()
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    firmId: integer()
      .notNull()
      .references(() => firms.id),
    toAddress: text().notNull(),
    tokenHash: text().notNull().unique(),
    expiresAt: at().notNull(),
    /** The first opening (the link opens as many times as needed until it expires). */
    usedAt: at(),
    sentAt: at(),
    mailId: integer(),
    supersededAt: at(),
    createdById: integer().references(() => users.id),
    ...timestamps,
  },
  (t) => [index('service_deliveries_document_idx').on(t.documentId, t.id)],
);

export const serviceDeliveryEvents = pgTable(
  'service_delivery_events',
  {
    id: serial().primaryKey(),
    deliveryId: integer()
      .notNull()
      .references(() => serviceDeliveries.id, { onDelete: 'cascade' }),
    kind: text().$type<'sent' | 'opened' | 'downloaded' | 'fresh_link_requested'>().notNull(),
    caseFileId: integer().references(() => caseFiles.id, { onDelete: 'set null' }),
    filename: text(),
    ip: text(),
    userAgent: text(),
    /** An opening's session (SHA-256 of it): the downloads that follow the opening carry it. */
    sessionHash: text(),
    ...timestamps,
  },
  (t) => [
    index('service_delivery_events_delivery_idx').on(t.deliveryId, t.id),
    uniqueIndex('service_delivery_events_session_idx')
      .on(t.sessionHash)
      .where(sql`session_hash IS NOT NULL`),
  ],
);
