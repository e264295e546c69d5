import { z } from 'zod';
import { defineErrors } from './errors';
import { EMAIL_PATTERN, IdSchema, QueryBooleanSchema, RoleSchema } from './common';
import { CourtNameSchema } from './courts';
import { ServiceSummarySchema } from './service-targets';
// The file names the public delivery page gives its downloads live in constants.ts (no zod).
export { proofFileName, servedCopyFileName } from './constants';

// The plain values (enumerations, labels, limits, the catalogue, DocumentErrors) live in document-constants.ts (no zod).
export * from './document-constants';
import {
  ADDRESS_SOURCE_VALUES,
  CASE_CATEGORIES,
  CASE_PRIORITIES,
  DOCUMENT_STATUSES,
  FILE_TYPES,
  MY_CASES_SUBTAB_VALUES,
  SERVICE_CHANNELS,
  SERVICE_METHODS,
  TIMELINE_DEFAULT_LIMIT,
  isKnownDocumentType,
  toDocumentTypeValue,
  type CaseCategory,
  type DocumentStatus,
} from './document-constants';

export const DocumentStatusSchema = z.enum(DOCUMENT_STATUSES, {
  error: `Status must be one of ${DOCUMENT_STATUSES.join(', ')}`,
});
export const CasePrioritySchema = z.enum(CASE_PRIORITIES, {
  error: `Case priority must be one of ${CASE_PRIORITIES.join(', ')}`,
});

/** Timeline event types: the spec's (section 4) and the ones LexServe adds; other types get a default icon. */
export const TIMELINE_EVENT_TYPES = [
  'created',
  'updated',
  'assigned',
  'status_changed',
  'file_uploaded',
  'file_deleted',
  'party_added',
  'party_removed',
  'party_corrected',
  'comment_added',
  'system_event',
  'bundle_created',
  'service_attempt',
  'service_attempt_photos',
  'return_issued',
  'proof_generated',
  'delivery_sent',
  'delivery_opened',
  'delivery_downloaded',
  'delivery_fresh_link_requested',
  'served_copy_made',
  'seal_timestamped',
  'revoked',
  // the firm's own deadlines (deadlines module)
  'deadline_added',
  'deadline_removed',
  // case closure (closures module)
  'closure_requested',
  'closure_checklist_updated',
  'closure_approved',
  'closure_rejected',
  'closure_completed',
  'closure_direct_closed',
] as const;
export type TimelineEventType = (typeof TIMELINE_EVENT_TYPES)[number];

/** Domain events this module records (the outbox); payload: DocumentEventPayload. */
export const DOCUMENT_DOMAIN_EVENTS = [
  'document.created',
  'document.updated',
  'document.status_changed',
  'document.deleted',
  'document.files_uploaded',
  'document.bundle_created',
  'document.served',
  'document.assigned',
  'document.service_attempt',
  'document.return_issued',
  'document.proof_generated',
  'document.revoked',
  'document.delivery_opened',
  'document.delivery_downloaded',
] as const;
export type DocumentDomainEvent = (typeof DOCUMENT_DOMAIN_EVENTS)[number];
export type DocumentEventPayload = {
  documentId: number;
  firmId: number;
  branchId: number | null;
  actorId: number;
  createdById: number;
  assignedSheriffId: number | null;
  title: string;
  case_number: string | null;
  status: DocumentStatus;
  [extra: string]: unknown;
};

// ---------------------------------------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------------------------------------

/** Null, empty and blank strings are dropped (treated as not sent), as the spec's client does before sending. */
const dropped = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    schema.optional(),
  );

const text = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} is too long (at most ${max} characters)`);

/** Line breaks, control characters and Unicode line/paragraph separators. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/**
 * One line of text: a line break or control character is refused (422), not silently changed, because these values
 * are written into e-mails (the formal service notice), their subjects and the proof of service.
 */
const line = (max: number, label: string) =>
  text(max, label).refine(
    (v) => !CONTROL_CHARACTERS.test(v),
    `${label} must be one line (no line breaks or control characters)`,
  );

/** A document type: a converted catalogue value, or a catalogue label (converted here). */
export const DocumentTypeInputSchema = z
  .string({ error: 'Document type must be text' })
  .trim()
  .transform((v) => (isKnownDocumentType(v) ? v : toDocumentTypeValue(v)))
  .refine(isKnownDocumentType, 'Document type is not in the document catalogue');

export const CaseCategorySchema = z.enum(CASE_CATEGORIES as [CaseCategory, ...CaseCategory[]], {
  error: 'Case category is not in the document catalogue',
});

/** DraftMetadata (spec 2 §3); kept loose: the wizard owns its shape, the server only stores and parses it. */
export const DraftMetadataSchema = z
  .object({
    step_status: z.record(z.string(), z.unknown()).optional(),
    wizard_data: z.record(z.string(), z.unknown()).optional(),
    last_saved_at: z.string().optional(),
    version: z.number().optional(),
  })
  .catchall(z.unknown());
export type DraftMetadata = z.infer<typeof DraftMetadataSchema>;

const MAX_DRAFT_METADATA = 256 * 1024;
/** An object or a JSON string; stored as text exactly as received (an object as its JSON). */
export const DraftMetadataInputSchema = z
  .union([z.string(), z.record(z.string(), z.unknown())], {
    error: 'Draft metadata must be an object or a JSON string',
  })
  .transform((v) => (typeof v === 'string' ? v : JSON.stringify(v)))
  .refine((v) => v.length <= MAX_DRAFT_METADATA, 'Draft metadata is too large (at most 256 KB)');

const documentFields = {
  title: dropped(line(500, 'Document title')),
  document_type: dropped(DocumentTypeInputSchema),
  case_category: dropped(CaseCategorySchema),
  case_number: dropped(line(100, 'Case number')),
  case_priority: dropped(CasePrioritySchema),
  client_name: dropped(line(500, 'Attorney name')),
  recipient_name: dropped(line(500, 'Recipient name')),
  recipient_address: dropped(text(1000, 'Recipient address')),
  special_instructions: dropped(text(5000, 'Special instructions')),
  service_notes: dropped(text(5000, 'Service notes')),
  /** The legal representative's firm (wizard step 4). */
  firm_id: dropped(IdSchema),
  /** The legal representative's branch (wizard step 4); its DSA is where the document is served. */
  branch_id: dropped(IdSchema),
  assigned_sheriff_id: dropped(IdSchema),
  digital_service_address: dropped(
    z.string().trim().regex(EMAIL_PATTERN, 'Digital service address must be an e-mail address').max(320),
  ),
  draft_metadata: dropped(DraftMetadataInputSchema),
  /** The court the matter is in: a High Court seat or "Magistrate's Court, <district>" (courts.ts). */
  court_name: dropped(CourtNameSchema),
  /** The matter runs on Court Online: later documents are served there, not by LexServe e-mail. */
  on_court_online: dropped(z.boolean({ error: 'On Court Online must be true or false' })),
  /** For a document after initiating process: electronic (Rule 4A, the default) or by the sheriff. */
  service_method: dropped(
    z.enum(SERVICE_METHODS, { error: `Service method must be one of ${SERVICE_METHODS.join(', ')}` }),
  ),
  /** Where the other party nominated the address for electronic service (service-channels.ts). */
  service_address_source: dropped(
    z.enum(ADDRESS_SOURCE_VALUES, {
      error: `Address source must be one of ${ADDRESS_SOURCE_VALUES.join(', ')}`,
    }),
  ),
};

/** POST /documents: every field optional; title defaults to "Draft Document". A new document is a draft. */
export const CreateDocumentInputSchema = z.object(documentFields);
export type CreateDocumentInput = z.infer<typeof CreateDocumentInputSchema>;

/** PUT /documents/{id}: only the fields sent (not null, not empty) are changed. status "served" submits. */
export const UpdateDocumentInputSchema = z.object({
  ...documentFields,
  signature_name: dropped(line(200, 'Signature')),
  status: dropped(DocumentStatusSchema),
  service_date: dropped(
    z.iso.datetime({ offset: true, error: 'Service date must be an ISO date-time' }).or(z.iso.date()),
  ),
});
export type UpdateDocumentInput = z.infer<typeof UpdateDocumentInputSchema>;

export const DocumentListQuerySchema = z.object({
  assigned_to_me: QueryBooleanSchema.optional(),
  my_branch_only: QueryBooleanSchema.optional(),
  /** Comma list of statuses. */
  status: z
    .string()
    .optional()
    .transform((v) =>
      v
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : undefined,
    )
    .pipe(z.array(DocumentStatusSchema).optional()),
  /**
   * One My Cases sub-tab (MY_CASES_SUBTABS, urgent by case priority): newest change first, with the count of every
   * sub-tab in `counts`. Without it, the documents in scope, newest first (the list of before sub-tabs).
   */
  subtab: z
    .enum(MY_CASES_SUBTAB_VALUES, { error: `Sub-tab must be one of ${MY_CASES_SUBTAB_VALUES.join(', ')}` })
    .optional(),
  /** Words in the title, case number or client name (each a part of one of them, any case). */
  search: z
    .string()
    .trim()
    .max(200, 'Search must be at most 200 characters')
    .optional()
    .transform((v) => v || undefined),
  skip: z.coerce.number({ error: 'Skip must be a whole number' }).int().min(0).max(100_000).default(0),
  limit: z.coerce.number({ error: 'Limit must be a whole number' }).int().min(1).max(1000).default(500),
});
export type DocumentListQuery = z.infer<typeof DocumentListQuerySchema>;

// ---------------------------------------------------------------------------------------------------------
// Outputs
// ---------------------------------------------------------------------------------------------------------

const PersonSchema = z.object({ id: z.number().int(), full_name: z.string(), email: z.string() });
const NamedSchema = z.object({ id: z.number().int(), name: z.string() });

/** What happened to a delivery link: e-mailed, opened (each recorded opening), a file downloaded, a fresh link asked for. */
export const DELIVERY_EVENT_KINDS = ['sent', 'opened', 'downloaded', 'fresh_link_requested'] as const;
export const DeliveryEventSchema = z.object({
  kind: z.enum(DELIVERY_EVENT_KINDS),
  at: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  file_id: z.number().int().nullable(),
  filename: z.string().nullable(),
});
export const DELIVERY_STATUSES = [
  'pending',
  'sent',
  'opened',
  'downloaded',
  'expired',
  'superseded',
  'revoked',
] as const;
export const DeliveryRecordSchema = z.object({
  id: z.number().int(),
  to_address: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  expires_at: z.string(),
  /** The first opening. */
  opened_at: z.string().nullable(),
  /** Opened at least once (the link opens as many times as needed until it expires). */
  link_used: z.boolean(),
  /** Recorded openings (a reload in the same browser within minutes is not recorded again). */
  open_count: z.number().int(),
  download_count: z.number().int(),
  last_downloaded_at: z.string().nullable(),
  events: z.array(DeliveryEventSchema),
});
export type DeliveryRecord = z.infer<typeof DeliveryRecordSchema>;
export const DeliveryListSchema = z.object({ deliveries: z.array(DeliveryRecordSchema) });

export const DocumentSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  document_type: z.string().nullable(),
  document_type_label: z.string().nullable(),
  case_category: z.string().nullable(),
  case_number: z.string().nullable(),
  court_name: z.string().nullable(),
  on_court_online: z.boolean(),
  /** How the document type is served (service-channels.ts); null without a known type. */
  service_channel: z.enum(SERVICE_CHANNELS).nullable(),
  /** How this document is (to be) served: sheriff or electronic; null when its type is not served. */
  service_method: z.enum(SERVICE_METHODS).nullable(),
  /** Where the address for electronic service was nominated; null when not recorded. */
  service_address_source: z.enum(ADDRESS_SOURCE_VALUES).nullable(),
  /** When the document was submitted for service (handed to the sheriff, or served electronically). */
  submitted_at: z.string().nullable(),
  case_priority: CasePrioritySchema.nullable(),
  client_name: z.string().nullable(),
  recipient_name: z.string().nullable(),
  recipient_address: z.string().nullable(),
  special_instructions: z.string().nullable(),
  service_notes: z.string().nullable(),
  /** Legal representative firm and branch (step 4), with the DSA the document is served on. */
  firm_id: z.number().int().nullable(),
  branch_id: z.number().int().nullable(),
  digital_service_address: z.string().nullable(),
  firm: z
    .object({
      id: z.number().int(),
      name: z.string(),
      contact_email: z.string(),
      address: z.string().nullable(),
    })
    .nullable(),
  assigned_branch: z
    .object({
      id: z.number().int(),
      name: z.string(),
      address: z.string().nullable(),
      digital_service_address: z.string().nullable(),
    })
    .nullable(),
  /** The firm and branch that own the case (the creator's). */
  owner_firm_id: z.number().int(),
  owner_branch_id: z.number().int().nullable(),
  owner_firm: NamedSchema.nullable(),
  owner_branch: NamedSchema.nullable(),
  assigned_sheriff_id: z.number().int().nullable(),
  assigned_sheriff: PersonSchema.nullable(),
  signature_name: z.string().nullable(),
  status: DocumentStatusSchema,
  status_enum: DocumentStatusSchema,
  /**
   * The status in users' words (DOCUMENT_STATUS_LABELS); "Served on 1 of 2" while with the sheriff and served on
   * some but not all of its people.
   */
  status_label: z.string(),
  /** The people to be served (service per person): how many, served, not served, still pending; null without any. */
  service_summary: ServiceSummarySchema.nullable(),
  service_date: z.string().nullable(),
  served_at: z.string().nullable(),
  draft_metadata: z.string().nullable(),
  parsed_draft_metadata: z.record(z.string(), z.unknown()).nullable(),
  file_name: z.string().nullable(),
  file_size: z.number().int().nullable(),
  file_count: z.number().int(),
  total_file_size: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  created_by_id: z.number().int(),
  created_by: PersonSchema.nullable(),
  is_revoked: z.boolean(),
  revoked_at: z.string().nullable(),
  revoke_reason: z.string().nullable(),
  has_proof_of_service: z.boolean(),
  security_id: z.string().nullable(),
  /** The latest electronic service record on the DSA (null before service). */
  delivery: DeliveryRecordSchema.nullable(),
});
export type Document = z.infer<typeof DocumentSchema>;
export const DocumentListSchema = z.object({
  documents: z.array(DocumentSchema),
  /** The documents matching, all pages (with a sub-tab: up to MY_CASES_COUNT_LIMIT). */
  total: z.number().int(),
  /** With a sub-tab: the documents of each sub-tab matching the search, up to MY_CASES_COUNT_LIMIT for the sub-tab asked for, MY_CASES_BADGE_LIMIT for the others. */
  counts: z
    .object({
      urgent: z.number().int(),
      active: z.number().int(),
      closed: z.number().int(),
      drafts: z.number().int(),
    })
    .optional(),
  /** With a sub-tab: the limit `total` stops at (a value equal to it means at least that many). */
  count_limit: z.number().int().optional(),
  /** With a sub-tab: the limit the other sub-tabs' counts stop at (their badges show 99+). */
  badge_limit: z.number().int().optional(),
});
export type DocumentList = z.infer<typeof DocumentListSchema>;

// ----- case files, uploads, bundles

export const CaseFileSchema = z.object({
  id: z.number().int(),
  document_id: z.number().int(),
  filename: z.string(),
  size: z.number().int(),
  mime_type: z.string(),
  file_type: z.enum(FILE_TYPES),
  sha256: z.string(),
  uploaded_at: z.string(),
  uploaded_by_id: z.number().int().nullable(),
  uploaded_by: z
    .object({
      id: z.number().int(),
      full_name: z.string(),
      email: z.string(),
      firm_name: z.string().nullable(),
    })
    .nullable(),
  is_bundle: z.boolean(),
  is_primary: z.boolean(),
  is_served: z.boolean(),
  page_count: z.number().int().nullable(),
  bundle_source_ids: z.array(z.number().int()).nullable(),
});
export type CaseFile = z.infer<typeof CaseFileSchema>;
export const CaseFileListSchema = z.object({
  files: z.array(CaseFileSchema),
  total: z.number().int(),
  total_size: z.number().int(),
});

/**
 * POST /documents/{id}/files/{fileId}/view-link: a same-origin address that shows the file inline for a few minutes
 * (an iframe cannot send the bearer header). It ends with the file's name, so the browser's PDF viewer shows that name.
 */
export const FileViewLinkSchema = z.object({ url: z.string(), expires_at: z.string() });
export type FileViewLink = z.infer<typeof FileViewLinkSchema>;

export const UploadFailureSchema = z.object({ filename: z.string(), error: z.string(), code: z.string() });
export const UploadResultSchema = z.object({
  status: z.literal('success'),
  data: z.object({
    document_id: z.number().int(),
    files: z.array(CaseFileSchema),
    failed: z.array(UploadFailureSchema),
    uploaded_count: z.number().int(),
    failed_count: z.number().int(),
    total_size: z.number().int(),
  }),
  message: z.string(),
});
export type UploadResult = z.infer<typeof UploadResultSchema>;

export const DownloadQuerySchema = z.object({
  file_id: IdSchema.optional(),
  primary_only: QueryBooleanSchema.optional(),
});

/** Today as YYYY-MM-DD, for default names. */
const today = () => new Date().toISOString().slice(0, 10);
export const defaultBundleName = (date = today()) => `Bundle_${date}`;

/** POST /documents/{id}/bundle: multipart or JSON; file_ids comma-joined (or an array), in bundle order. */
export const CreateBundleInputSchema = z.object({
  file_ids: z
    .union([z.string(), z.array(z.coerce.number()), z.number()], {
      error: 'Please select at least one file to bundle',
    })
    .transform((v) =>
      Array.isArray(v)
        ? v
        : typeof v === 'number'
          ? [v]
          : v
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean)
              .map(Number),
    )
    .pipe(
      z
        .array(z.number().int('File ids must be whole numbers').positive('File ids must be positive'))
        .min(1, 'Please select at least one file to bundle')
        .max(200, 'A bundle can hold at most 200 files')
        .refine((ids) => new Set(ids).size === ids.length, 'A file can appear only once in a bundle'),
    ),
  bundle_name: z
    .string()
    .optional()
    .transform((v) => (v === undefined ? undefined : v.trim()))
    .refine((v) => v === undefined || v.length > 0, 'Please provide a bundle name')
    .refine((v) => v === undefined || v.length <= 200, 'Bundle name is too long (at most 200 characters)'),
});
export type CreateBundleInput = z.infer<typeof CreateBundleInputSchema>;

// ----- timeline

export const TimelineQuerySchema = z.object({
  skip: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(TIMELINE_DEFAULT_LIMIT),
  /** Comma list of event types. */
  event_types: z
    .string()
    .optional()
    .transform((v) =>
      v
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : undefined,
    ),
  include_system_events: QueryBooleanSchema.default(true),
  performed_by_id: IdSchema.optional(),
  /** desc (newest first, the default) or asc. */
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type TimelineQuery = z.infer<typeof TimelineQuerySchema>;

export const TimelineEventSchema = z.object({
  id: z.number().int(),
  document_id: z.number().int(),
  event_type: z.string(),
  is_system_event: z.boolean(),
  created_at: z.string(),
  event_description: z.string().nullable(),
  /** Who did it; `role` says what a person without a firm is (a sheriff, the administrator). */
  performed_by: z
    .object({
      id: z.number().int(),
      full_name: z.string(),
      email: z.string(),
      firm_name: z.string().nullable(),
      role: RoleSchema.optional(),
    })
    .nullable(),
  /** The firm's API key the change was made with (then `performed_by.full_name` is "API key '<name>'"). */
  api_key: z.object({ id: z.number().int(), name: z.string() }).nullable().optional(),
  event_metadata: z.record(z.string(), z.unknown()),
});
export type TimelineEvent = z.infer<typeof TimelineEventSchema>;
export const TimelineSchema = z.object({ events: z.array(TimelineEventSchema), total: z.number().int() });

/**
 * GET /documents/{id}/timeline/verify: the tamper-evident trail recomputed from the stored events (docs/evidence.md).
 * `first_broken_event_id` is the first event (in the order they were recorded) that does not check out: changed
 * after it was recorded, or following a removed one; `anchored` is the latest RFC 3161 time-stamp of the trail's head.
 */
export const TrailVerificationSchema = z.object({
  intact: z.boolean(),
  events: z.number().int(),
  head_hash: z.string().nullable(),
  first_broken_event_id: z.number().int().nullable(),
  /** What is wrong at the first break, in words (null when intact). */
  problem: z.string().nullable(),
  anchored: z.object({ head_hash: z.string(), at: z.string(), authority: z.string().nullable() }).nullable(),
});
export type TrailVerification = z.infer<typeof TrailVerificationSchema>;

/** The file name of a document's audit certificate. */
export const auditCertificateFileName = (doc: { id: number; case_number?: string | null }) =>
  `audit_certificate_${doc.case_number || doc.id}.pdf`;

// ----- sheriffs

export const AssignSheriffInputSchema = z.object({
  /** A user from GET /users/sheriffs; null removes the assignment. */
  assigned_sheriff_id: IdSchema.nullable(),
});

// Service attempts, their photos and the sheriff's returns: returns.ts.

// ----- revocation

export const RevokeDocumentInputSchema = z.object({
  reason: z
    .string({ error: 'A reason is required to revoke a document' })
    .trim()
    .min(1, 'A reason is required to revoke a document')
    .max(2000),
});

// ----- proof of service

/** Document ids in proof-of-service paths: above 0 (spec 2 §5). */
export const ProofDocumentParamsSchema = z.object({
  documentId: z.coerce
    .number({ error: 'Valid document ID is required.' })
    .int('Valid document ID is required.')
    .positive('Valid document ID is required.'),
});
export const GenerateProofInputSchema = z
  .object({ regenerate: z.boolean().optional() })
  .nullish()
  .transform((v) => ({ regenerate: v?.regenerate ?? false }));
export const ProofOfServiceStatusSchema = z.object({
  exists: z.boolean(),
  document_id: z.number().int(),
  security_id: z.string().nullable(),
  version: z.number().int().nullable(),
  generated_at: z.string().nullable(),
  sha256: z.string().nullable(),
  size: z.number().int().nullable(),
  verification_count: z.number().int().nullable(),
  verification_url: z.string().nullable(),
  /** No proof yet because the document is with the sheriff: the return of service will be its proof. */
  awaiting_sheriff_return: z.boolean(),
});
export type ProofOfServiceStatus = z.infer<typeof ProofOfServiceStatusSchema>;

// ----- public delivery page

export const DeliveryPageSchema = z.object({
  document: z.object({
    title: z.string(),
    case_number: z.string().nullable(),
    document_type: z.string().nullable(),
    document_type_label: z.string().nullable(),
    served_at: z.string().nullable(),
    firm_name: z.string(),
    branch_name: z.string().nullable(),
    firm_email: z.string().nullable(),
    served_on: z.string(),
  }),
  files: z.array(
    z.object({
      id: z.number().int(),
      filename: z.string(),
      size: z.number().int(),
      mime_type: z.string(),
      sha256: z.string(),
      /** The stamped served copy (security ID, QR code and date of service on every page); the original when it cannot be stamped. */
      download_url: z.string(),
      /** The file exactly as uploaded and served. */
      original_download_url: z.string(),
      /** Whether download_url gives a stamped copy: false for Word files and PDFs that could not be stamped. */
      stamped: z.boolean(),
      /** The stamped copy's SHA-256 once it is made (null until then, and when there is none). */
      served_copy_sha256: z.string().nullable(),
    }),
  ),
  proof_of_service: z.object({ security_id: z.string(), verification_url: z.string() }).nullable(),
  expires_at: z.string(),
  /**
   * Present when this opening was recorded: keep it (browser storage) and send it as x-delivery-session (or ?session=)
   * with downloads and later openings. Null when the session sent was still fresh (the opening was not recorded twice).
   */
  session: z.string().nullable(),
  /** Sessions last as long as the link. */
  session_expires_at: z.string(),
});
export type DeliveryPage = z.infer<typeof DeliveryPageSchema>;

/** POST /delivery/{token}/fresh-link: where the fresh link went (masked, e.g. r***@example.co.za) and until when it works. */
export const FreshLinkResultSchema = z.object({ sent_to: z.string(), expires_at: z.string() });
export type FreshLinkResult = z.infer<typeof FreshLinkResultSchema>;

// ----- proof versions

/** Why a version of a proof of service was drawn. */
export const PROOF_VERSION_REASONS = ['issued', 'regenerated', 'delivery_updated', 'return_issued'] as const;
export type ProofVersionReason = (typeof PROOF_VERSION_REASONS)[number];
export const PROOF_VERSION_REASON_LABELS: Record<ProofVersionReason, string> = {
  issued: 'Issued at service',
  regenerated: 'Regenerated by the firm',
  delivery_updated: 'Delivery record updated',
  return_issued: "Sheriff's return issued",
};
export const ProofVersionSchema = z.object({
  version: z.number().int(),
  generated_at: z.string(),
  sha256: z.string(),
  size: z.number().int(),
  reason: z.enum(PROOF_VERSION_REASONS),
  reason_label: z.string(),
  /** When the next version replaced this one (null for the current version). */
  superseded_at: z.string().nullable(),
  is_current: z.boolean(),
});
export type ProofVersion = z.infer<typeof ProofVersionSchema>;
/** GET /proof-of-service/document/{id}/versions: newest first. */
export const ProofVersionListSchema = z.object({
  security_id: z.string().nullable(),
  versions: z.array(ProofVersionSchema),
});
export type ProofVersionList = z.infer<typeof ProofVersionListSchema>;
/** ?version=N on the proof download: that version's PDF (the current one without it). */
export const ProofDownloadQuerySchema = z.object({
  version: z.coerce
    .number({ error: 'Version must be a whole number from 1.' })
    .int('Version must be a whole number from 1.')
    .positive('Version must be a whole number from 1.')
    .max(1_000_000, 'Version must be a whole number from 1.')
    .optional(),
});

// ---------------------------------------------------------------------------------------------------------
// Error catalogue (spec 2 §8; LexServe's own words where the spec has none)
// ---------------------------------------------------------------------------------------------------------

export const ProofErrors = defineErrors({
  /** Generate: unknown document, or outside the actor's scope. */
  PROOF_DOCUMENT_NOT_FOUND: { status: 404, message: 'Document not found. Please verify the document ID.' },
  /** Generate on a revoked or closed-without-service document. */
  PROOF_NOT_READY: {
    status: 409,
    message:
      'Proof of service already exists for this document or document is not ready for proof generation.',
  },
  /** Generate on a document that was not served. */
  PROOF_DOCUMENT_INVALID: {
    status: 422,
    message: 'Document validation failed. The document may not be in a valid state for proof generation.',
  },
  /** Download before generation. */
  PROOF_NOT_FOUND: {
    status: 404,
    message: 'Proof of service not found for this document. You may need to generate it first.',
  },
  /** Download while the stored PDF is missing. */
  PROOF_FILE_NOT_READY: {
    status: 409,
    message: 'Proof of service PDF is not ready for download. Please try again later.',
  },
  /** Download failed while reading the stored PDF. */
  PROOF_DOWNLOAD_FAILED: {
    status: 500,
    message: 'Server error occurred while preparing the PDF. Please try again later.',
  },
  /** Download of a version the proof does not have. `{version}` is replaced. */
  PROOF_VERSION_NOT_FOUND: { status: 404, message: 'This proof of service has no version {version}.' },
});

export const DeliveryErrors = defineErrors({
  /** Unknown token. */
  DELIVERY_LINK_NOT_FOUND: {
    status: 404,
    message: 'This delivery link is not valid. Please check the link in your e-mail.',
  },
  /** The link has expired (its sessions with it); the page offers a fresh link to the same address. */
  DELIVERY_LINK_EXPIRED: {
    status: 410,
    message: 'This delivery link has expired. You can ask for a fresh link to be sent to the same address.',
  },
  /** A download without the session of an opening of this link (the page was not opened from it, or storage was cleared). */
  DELIVERY_SESSION_REQUIRED: {
    status: 403,
    message: 'Open the link in your e-mail again to download these documents.',
  },
  /** Too many fresh links asked for one document within the hour. `{wait}` is replaced (e.g. "12 minutes"). */
  DELIVERY_FRESH_LINK_LIMIT: {
    status: 429,
    message:
      'A fresh link was sent to this address several times in the last hour. Please check that mailbox (and its spam folder) for the latest link, or try again in {wait}.',
  },
  /** A newer link was sent for the same document. */
  DELIVERY_LINK_SUPERSEDED: {
    status: 410,
    message: 'A newer delivery link has been sent for these documents. Please use the latest e-mail.',
  },
  /** The document was revoked by its firm. */
  DELIVERY_REVOKED: {
    status: 410,
    message: 'These documents have been revoked by the sending firm and are no longer available.',
  },
  /** A file id that is not one of the served files. */
  DELIVERY_FILE_NOT_FOUND: { status: 404, message: 'File not found. It may have been deleted or moved.' },
});
