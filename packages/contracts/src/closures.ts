import { z } from 'zod';
import { IdSchema } from './common';
import { defineErrors } from './errors';

// ---------------------------------------------------------------------------------------------------------
// Case closure (spec 2 §2.10–2.14, §3 "Case closure", §4 "Case closure", §7 "Case closure", §8, §9)
// ---------------------------------------------------------------------------------------------------------

export const CLOSURE_STATUSES = ['pending', 'approved', 'rejected', 'completed'] as const;
export const ClosureStatusSchema = z.enum(CLOSURE_STATUSES, {
  error: `Status must be one of ${CLOSURE_STATUSES.join(', ')}`,
});
export type ClosureStatus = z.infer<typeof ClosureStatusSchema>;

/** A closure still under way: a document holds at most one (with its completed one, if any). */
export const OPEN_CLOSURE_STATUSES = ['pending', 'approved'] as const satisfies readonly ClosureStatus[];

export const CLOSURE_STATUS_LABELS: Record<ClosureStatus, string> = {
  pending: 'Pending Approval',
  approved: 'Approved',
  rejected: 'Rejected',
  completed: 'Completed',
};

/** A closure is either requested (and approved before completion) or a firm administrator's direct close. */
export const CLOSURE_TYPES = ['request', 'direct'] as const;
export type ClosureType = (typeof CLOSURE_TYPES)[number];

/**
 * The state machine of spec 2 §4: request → pending; pending → approved | rejected; approved → completed.
 * A direct close is born completed. A rejected closure stays rejected (a new request is a new closure).
 */
export const CLOSURE_TRANSITIONS: Record<ClosureStatus, readonly ClosureStatus[]> = {
  pending: ['approved', 'rejected'],
  approved: ['completed'],
  rejected: [],
  completed: [],
};
export const canClosureTransition = (from: ClosureStatus, to: ClosureStatus): boolean =>
  CLOSURE_TRANSITIONS[from].includes(to);

/** Closure request reasons (spec 2 §9). */
export const CLOSURE_REQUEST_REASONS = [
  'Service completed successfully',
  'Document served and acknowledged',
  'Case resolved',
  'Settlement reached',
  'Other',
] as const;
/** Direct close reasons (spec 2 §9). */
export const DIRECT_CLOSE_REASONS = [
  'Administrative closure',
  'Service completed - no approval needed',
  'Emergency closure',
  'System error correction',
  'Other',
] as const;

// ----- checklist

export const CHECKLIST_ITEMS = [
  'all_documents_attached',
  'proof_of_service_uploaded',
  'case_summary_completed',
] as const;
export type ChecklistItemKey = (typeof CHECKLIST_ITEMS)[number];
export const CHECKLIST_LABELS: Record<ChecklistItemKey, string> = {
  all_documents_attached: 'All required documents attached',
  proof_of_service_uploaded: 'Proof of service uploaded',
  case_summary_completed: 'Case summary completed',
};
/** Set by the server from the real proof of service; the client shows it completed and locked. */
export const LOCKED_CHECKLIST_ITEMS: readonly ChecklistItemKey[] = ['proof_of_service_uploaded'];
export const PROOF_VERIFIED_NOTE = 'Proof of service automatically verified';

const NotesSchema = z.string().max(2000, 'Notes are too long (at most 2000 characters)');

export const ChecklistItemSchema = z.object({
  completed: z.boolean().default(false),
  notes: NotesSchema.nullish().transform((v) => v ?? ''),
  required: z.boolean().default(true),
});
export type ChecklistItem = z.infer<typeof ChecklistItemSchema>;

/** Checklist as sent by a client: any of the three items; unknown items are dropped. */
export const ChecklistInputSchema = z.object({
  all_documents_attached: ChecklistItemSchema.optional(),
  proof_of_service_uploaded: ChecklistItemSchema.optional(),
  case_summary_completed: ChecklistItemSchema.optional(),
});
export type ChecklistInput = z.infer<typeof ChecklistInputSchema>;

/** A checklist item as answered (response schemas carry no transforms: the serializer encodes through them). */
export const ChecklistItemOutSchema = z.object({
  completed: z.boolean(),
  notes: z.string(),
  required: z.boolean(),
});

/** The stored checklist: every item present. */
export const ChecklistSchema = z.object({
  all_documents_attached: ChecklistItemOutSchema,
  proof_of_service_uploaded: ChecklistItemOutSchema,
  case_summary_completed: ChecklistItemOutSchema,
});
export type Checklist = z.infer<typeof ChecklistSchema>;

/** The starting checklist of spec 2 §3; `hasProof` decides the locked proof item. */
export const initialChecklist = (opts: { hasProof: boolean; summary?: string }): Checklist => ({
  all_documents_attached: { completed: false, notes: '', required: true },
  proof_of_service_uploaded: {
    completed: opts.hasProof,
    notes: opts.hasProof ? PROOF_VERIFIED_NOTE : '',
    required: true,
  },
  case_summary_completed: {
    completed: Boolean(opts.summary?.trim()),
    notes: opts.summary?.trim() ?? '',
    required: true,
  },
});

/**
 * Merges a client's checklist into a base one, applying the server's rules: the proof item follows the real
 * proof of service (locked), the case summary counts as completed exactly when its notes are non-empty,
 * and every item stays required.
 */
export function normaliseChecklist(
  base: Checklist,
  input: ChecklistInput | undefined,
  opts: { hasProof: boolean },
): Checklist {
  const merged: Checklist = { ...base };
  for (const key of CHECKLIST_ITEMS) {
    const item = input?.[key];
    if (item) merged[key] = { completed: item.completed, notes: item.notes.trim(), required: true };
  }
  merged.proof_of_service_uploaded = {
    completed: opts.hasProof,
    notes: opts.hasProof ? PROOF_VERIFIED_NOTE : '',
    required: true,
  };
  const summary = merged.case_summary_completed.notes.trim();
  merged.case_summary_completed = { completed: summary.length > 0, notes: summary, required: true };
  return merged;
}

export const checklistProgress = (c: Partial<Record<ChecklistItemKey, { completed: boolean }>>) => {
  const done = CHECKLIST_ITEMS.filter((k) => c[k]?.completed).length;
  return { done, total: CHECKLIST_ITEMS.length, percent: Math.round((done / CHECKLIST_ITEMS.length) * 100) };
};
export const isChecklistComplete = (
  c: Partial<Record<ChecklistItemKey, { completed: boolean; required?: boolean }>>,
) => CHECKLIST_ITEMS.every((k) => c[k]?.completed || c[k]?.required === false);

// ----- inputs

const ReasonSchema = <T extends readonly [string, ...string[]]>(reasons: T) =>
  z.enum(reasons, { error: 'Please select a closure reason' });

const OptionalNotesSchema = NotesSchema.nullish().transform((v) => {
  const t = v?.trim();
  return t ? t : null;
});

/** POST /case-closure/ */
export const CreateClosureInputSchema = z.object({
  document_id: IdSchema,
  closure_reason: ReasonSchema(CLOSURE_REQUEST_REASONS),
  closure_notes: OptionalNotesSchema,
  initial_checklist: ChecklistInputSchema.optional(),
});
export type CreateClosureInput = z.infer<typeof CreateClosureInputSchema>;

/** PUT /case-closure/{id}/checklist: the items to change (the spec does not show the body). */
export const UpdateChecklistInputSchema = z.object({ checklist: ChecklistInputSchema });
export type UpdateChecklistInput = z.infer<typeof UpdateChecklistInputSchema>;

/** PUT /case-closure/{id}/approve: approve (true) or reject (false). */
export const ApproveClosureInputSchema = z.object({
  approved: z.boolean({ error: 'approved must be true or false' }),
  approval_notes: OptionalNotesSchema,
});
export type ApproveClosureInput = z.infer<typeof ApproveClosureInputSchema>;

/** PUT /case-closure/{id}/complete: no body is needed; optional notes are kept. */
export const CompleteClosureInputSchema = z
  .object({ completion_notes: OptionalNotesSchema })
  .nullish()
  .transform((v) => ({ completion_notes: v?.completion_notes ?? null }));
export type CompleteClosureInput = z.infer<typeof CompleteClosureInputSchema>;

/** POST /case-closure/direct-close */
export const DirectCloseInputSchema = z.object({
  document_id: IdSchema,
  closure_reason: ReasonSchema(DIRECT_CLOSE_REASONS),
  closure_notes: OptionalNotesSchema,
});
export type DirectCloseInput = z.infer<typeof DirectCloseInputSchema>;

export const ClosureListQuerySchema = z.object({
  /** One status, or none for all. */
  status: ClosureStatusSchema.optional().or(z.literal('').transform(() => undefined)),
  skip: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  /** Matches title, case number or closure reason, ignoring case. */
  search: z.string().trim().max(200).optional(),
  document_id: IdSchema.optional(),
});
export type ClosureListQuery = z.infer<typeof ClosureListQuerySchema>;

export const ClosureIdParamsSchema = z.object({ id: IdSchema });
export const DocumentIdParamsSchema = z.object({ documentId: IdSchema });

// ----- answers

export const ClosureUserSchema = z.object({
  id: z.number().int(),
  full_name: z.string(),
  /** Same as full_name (the spec reads name, full_name or username). */
  name: z.string(),
  username: z.string().nullable(),
  email: z.string(),
});
export type ClosureUser = z.infer<typeof ClosureUserSchema>;

export const ClosureSchema = z.object({
  id: z.number().int(),
  document_id: z.number().int(),
  document: z.object({
    id: z.number().int(),
    title: z.string().nullable(),
    case_number: z.string().nullable(),
    status: z.string(),
  }),
  firm_id: z.number().int(),
  firm_name: z.string().nullable(),
  branch_id: z.number().int().nullable(),
  closure_type: z.enum(CLOSURE_TYPES),
  closure_status: ClosureStatusSchema,
  closure_reason: z.string(),
  closure_notes: z.string().nullable(),
  /** Who asked for the closure (or closed the case directly). */
  closed_by_user_id: z.number().int().nullable(),
  closed_by_user: ClosureUserSchema.nullable(),
  /** Who approved or rejected it. */
  approved_by_user_id: z.number().int().nullable(),
  approved_by_user: ClosureUserSchema.nullable(),
  approval_notes: z.string().nullable(),
  completed_by_user_id: z.number().int().nullable(),
  completed_by_user: ClosureUserSchema.nullable(),
  completion_notes: z.string().nullable(),
  requested_at: z.string(),
  /** When it was approved or rejected. */
  approved_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  checklist_completed: ChecklistSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type Closure = z.infer<typeof ClosureSchema>;

export const ClosureCountsSchema = z.object({
  all: z.number().int(),
  pending: z.number().int(),
  approved: z.number().int(),
  rejected: z.number().int(),
  completed: z.number().int(),
});
export type ClosureCounts = z.infer<typeof ClosureCountsSchema>;

export const ClosureListSchema = z.object({
  closures: z.array(ClosureSchema),
  /** How many match the filters (all pages). */
  total: z.number().int(),
  skip: z.number().int(),
  limit: z.number().int(),
  /** Per status within the caller's scope (the search applies, the status filter does not): the stat cards. */
  counts: ClosureCountsSchema,
});
export type ClosureList = z.infer<typeof ClosureListSchema>;

export const PendingCountSchema = z.object({ count: z.number().int() });
export type PendingCount = z.infer<typeof PendingCountSchema>;

export const ClosurePrecheckSchema = z.object({
  document_id: z.number().int(),
  eligible_for_closure: z.boolean(),
  warnings: z.array(z.string()),
  blocking_issues: z.array(z.string()),
  document_status: z.string(),
  has_proof_of_service: z.boolean(),
  active_closure_id: z.number().int().nullable(),
});
export type ClosurePrecheck = z.infer<typeof ClosurePrecheckSchema>;

export const CLOSURE_HISTORY_EVENT_TYPES = [
  'requested',
  'approved',
  'rejected',
  'completed',
  'direct_closed',
] as const;
export type ClosureHistoryEventType = (typeof CLOSURE_HISTORY_EVENT_TYPES)[number];
export const CLOSURE_HISTORY_LABELS: Record<ClosureHistoryEventType, string> = {
  requested: 'Closure Requested',
  approved: 'Closure Approved',
  rejected: 'Closure Rejected',
  completed: 'Closure Completed',
  direct_closed: 'Case Closed Directly',
};

export const ClosureHistoryEventSchema = z.object({
  /** `{closure id}-{type}`: stable across calls. */
  id: z.string(),
  closure_id: z.number().int(),
  event_type: z.enum(CLOSURE_HISTORY_EVENT_TYPES),
  occurred_at: z.string(),
  performed_by: ClosureUserSchema.nullable(),
  closure_reason: z.string(),
  notes: z.string().nullable(),
  checklist: ChecklistSchema,
  closure_status: ClosureStatusSchema,
});
export type ClosureHistoryEvent = z.infer<typeof ClosureHistoryEventSchema>;
export const ClosureHistorySchema = z.object({
  document_id: z.number().int(),
  events: z.array(ClosureHistoryEventSchema),
  total: z.number().int(),
});
export type ClosureHistory = z.infer<typeof ClosureHistorySchema>;

// ----- domain events and notifications

export { CLOSURE_DOMAIN_EVENTS, type ClosureDomainEvent } from './constants';
export type ClosureEventPayload = {
  documentId: number;
  firmId: number;
  branchId: number | null;
  closureId: number;
  actorId: number;
  requesterId: number | null;
  approverId: number | null;
  title: string | null;
  case_number: string | null;
  reason: string;
  notes: string | null;
};

export { CLOSURE_NOTIFICATION_TITLES, isClosureNotificationTitle } from './constants';

// ----- messages (spec 2 §8) and the error catalogue

export { CLOSURE_MESSAGES } from './constants';

export const ClosureErrors = defineErrors({
  /** The closure does not exist or its document is outside the actor's scope (the two are not told apart). */
  CLOSURE_NOT_FOUND: { status: 404, message: 'Case closure not found.' },
  /** The document does not exist or is outside the actor's scope. */
  CLOSURE_DOCUMENT_NOT_FOUND: { status: 404, message: 'The requested case could not be found.' },
  /** GET …/active on a document that has never had a closure. */
  NO_ACTIVE_CLOSURE: { status: 404, message: 'No case closure found for this case.' },
  /** Listing or reading closures by a role without closures:read (sheriff). */
  CLOSURE_READ_FORBIDDEN: { status: 403, message: "You don't have permission to view case closures." },
  /** Requesting or editing a checklist by a role without closures:request. */
  CLOSURE_REQUEST_FORBIDDEN: { status: 403, message: "You don't have permission to request case closure." },
  /** Approving or rejecting by a role without closures:approve, or the requester approving their own request. */
  CLOSURE_APPROVE_FORBIDDEN: { status: 403, message: "You don't have permission to approve case closures." },
  /** Completing by a role without closures:complete. */
  CLOSURE_COMPLETE_FORBIDDEN: {
    status: 403,
    message: "You don't have permission to complete case closures.",
  },
  /** Direct close by anyone but a firm administrator. */
  CLOSURE_DIRECT_FORBIDDEN: { status: 403, message: 'Only firm administrators can close a case directly.' },
  /** Request or direct close on a case that fails the precheck; `{issues}` lists the blocking issues. */
  CLOSURE_NOT_ELIGIBLE: {
    status: 409,
    message:
      'The case must meet all eligibility requirements before a closure request can be submitted: {issues}',
  },
  /** A second open closure for one document. */
  CLOSURE_ALREADY_ACTIVE: { status: 409, message: 'This case already has an active closure request.' },
  /** Any closure step on a case that is already closed. */
  CLOSURE_CASE_CLOSED: { status: 409, message: 'This case is already closed.' },
  /** A transition the state machine does not allow (or lost to a concurrent one). `{from}`/`{to}` are replaced. */
  CLOSURE_INVALID_TRANSITION: { status: 409, message: 'This case closure is {from} and cannot be {to}.' },
  /** Approve or complete while a required checklist item is not completed. */
  CLOSURE_CHECKLIST_INCOMPLETE: {
    status: 409,
    message: 'Every item of the closure checklist must be completed first.',
  },
  /** A request whose checklist is not completed (the dialog's submit rule). */
  CLOSURE_CHECKLIST_REQUIRED: {
    status: 422,
    message: 'Complete every checklist item before requesting closure.',
  },
  /** Completion while the document left the served status (e.g. revoked) after approval. */
  CLOSURE_DOCUMENT_CHANGED: { status: 409, message: 'The case is no longer served and cannot be closed.' },
});

/** Verb of each target state, for CLOSURE_INVALID_TRANSITION. */
export const CLOSURE_TRANSITION_VERBS: Record<ClosureStatus, string> = {
  pending: 'requested',
  approved: 'approved',
  rejected: 'rejected',
  completed: 'completed',
};
