import { z } from 'zod';
import { DeadlineSchema } from './deadlines';
import { IdSchema } from './common';
import { defineErrors } from './errors';
import { PARTY_ROLE_SIDES, type PartyRole } from './party-constants';

// ---------------------------------------------------------------------------------------------------------
// Service targets: each person a document is served on (docs/service-rules.md, "Service per person").
// ---------------------------------------------------------------------------------------------------------

export const SERVICE_TARGET_CHANNELS = ['sheriff', 'electronic'] as const;
export type ServiceTargetChannel = (typeof SERVICE_TARGET_CHANNELS)[number];

export const SERVICE_TARGET_STATUSES = [
  'pending',
  'with_sheriff',
  'served',
  'not_served',
  'served_electronically',
] as const;
export type ServiceTargetStatus = (typeof SERVICE_TARGET_STATUSES)[number];

export const SERVICE_TARGET_STATUS_LABELS: Record<ServiceTargetStatus, string> = {
  pending: 'Pending',
  with_sheriff: 'With the sheriff',
  served: 'Served',
  not_served: 'Not served (with the sheriff)',
  served_electronically: 'Served electronically',
};

/** A target counts as served once served by the sheriff or electronically. */
export const isTargetServed = (status: ServiceTargetStatus) =>
  status === 'served' || status === 'served_electronically';

/**
 * Who is served: a party on the receiving side of the citation (defendant, respondent, debtor, opposing party,
 * garnishee), or any party the firm marked `to_be_served`.
 */
export const isServedParty = (role: string, toBeServed: boolean) =>
  toBeServed || PARTY_ROLE_SIDES[role as PartyRole] === 'responding';

export const ServiceSummarySchema = z.object({
  targets: z.number().int(),
  served: z.number().int(),
  not_served: z.number().int(),
  pending: z.number().int(),
});
export type ServiceSummary = z.infer<typeof ServiceSummarySchema>;

/** "Served on 1 of 2" while some but not all of several targets are served; null otherwise. */
export const partialServiceLabel = (s: ServiceSummary): string | null =>
  s.targets > 1 && s.served < s.targets ? `Served on ${s.served} of ${s.targets}` : null;

export const TargetReturnSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['return_of_service', 'return_of_non_service']),
  outcome: z.enum(['served', 'not_served']),
  served_at: z.string().nullable(),
  issued_at: z.string(),
  sheriff_name: z.string(),
  security_id: z.string().nullable(),
});

export const ServiceTargetSchema = z.object({
  id: z.number().int(),
  document_id: z.number().int(),
  party_id: z.number().int(),
  party_name: z.string(),
  channel: z.enum(SERVICE_TARGET_CHANNELS),
  address: z.string().nullable(),
  sheriff: z
    .object({ id: z.number().int(), full_name: z.string(), office_name: z.string().nullable() })
    .nullable(),
  area_confirmed: z.boolean(),
  status: z.enum(SERVICE_TARGET_STATUSES),
  status_label: z.string(),
  served_at: z.string().nullable(),
  /** YYYY-MM-DD (South African day) of service; the target's rule deadlines run from it. */
  service_date: z.string().nullable(),
  returns: z.array(TargetReturnSchema),
  deadlines: z.array(DeadlineSchema),
});
export type ServiceTarget = z.infer<typeof ServiceTargetSchema>;
export const ServiceTargetListSchema = z.object({ targets: z.array(ServiceTargetSchema) });

export const TargetParamsSchema = z.object({ id: IdSchema, targetId: IdSchema });

export const AssignTargetInputSchema = z.object({
  sheriff_id: IdSchema,
});
export type AssignTargetInput = z.infer<typeof AssignTargetInputSchema>;

export const ReinstructTargetInputSchema = z.object({
  sheriff_id: IdSchema,
  address: z
    .string({ error: 'Address must be text' })
    .trim()
    .min(1, 'Address must not be empty')
    .max(1000, 'Address is too long (at most 1000 characters)')
    .optional(),
  reason: z
    .string({ error: 'Reason is required' })
    .trim()
    .min(1, 'Reason is required')
    .max(2000, 'Reason is too long (at most 2000 characters)'),
});
export type ReinstructTargetInput = z.infer<typeof ReinstructTargetInputSchema>;

export const TargetErrors = defineErrors({
  /** A target id that is not one of this document's targets. */
  TARGET_NOT_FOUND: { status: 404, message: 'This person is not one to be served on this document.' },
  /** Reassigning or re-instructing a person already served. */
  TARGET_ALREADY_SERVED: {
    status: 409,
    message: 'This person has already been served: their sheriff cannot be changed.',
  },
  /** A target of a document served electronically has no sheriff. */
  TARGET_NOT_BY_SHERIFF: { status: 409, message: 'This person is not served by the sheriff.' },
});
