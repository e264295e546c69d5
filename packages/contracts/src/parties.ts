import { z } from 'zod';
import { defineErrors } from './errors';
import { EMAIL_PATTERN, IdSchema, QueryBooleanSchema } from './common';

// The plain values (types, roles, labels, citation sides, limits, the ID number check) live in party-constants.ts (no zod).
export * from './party-constants';
import {
  BUSINESS_TYPES,
  GENDERS,
  LANGUAGES,
  MARITAL_STATUSES,
  NATIONALITIES,
  PARTY_MAX_LENGTHS,
  PARTY_ROLES,
  PARTY_TITLES,
  PARTY_TYPES,
  RACES,
  SA_ID_MESSAGES,
  checkSaIdNumber,
  validDate,
  type PartyType,
} from './party-constants';

// ---------------------------------------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------------------------------------

/** Optional text: trimmed; null, empty and blank become null. */
const optional = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .nullish()
    .transform((v) => v?.trim() || null)
    .refine((v) => v === null || v.length <= max, `${label} is too long (at most ${max} characters)`);

const oneOf = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z
    .string()
    .nullish()
    .transform((v) => v?.trim() || null)
    .refine(
      (v) => v === null || (values as readonly string[]).includes(v),
      `${label} must be one of: ${values.join(', ')}`,
    )
    .transform((v) => v as T[number] | null);

const partyFields = {
  party_type: z.enum(PARTY_TYPES, { error: 'Party type is required' }),
  title: oneOf(PARTY_TITLES, 'Title'),
  first_name: optional(PARTY_MAX_LENGTHS.first_name, 'First name'),
  middle_name: optional(PARTY_MAX_LENGTHS.middle_name, 'Middle name'),
  last_name: optional(PARTY_MAX_LENGTHS.last_name, 'Last name'),
  gender: oneOf(GENDERS, 'Gender'),
  marital_status: oneOf(MARITAL_STATUSES, 'Marital status'),
  nationality: oneOf(NATIONALITIES, 'Nationality'),
  race: oneOf(RACES, 'Race'),
  id_number: z
    .string()
    .nullish()
    .transform((v) => v?.replace(/\s+/g, '') || null),
  date_of_birth: z
    .string()
    .nullish()
    .transform((v) => v?.trim() || null)
    .refine(
      (v) =>
        v === null ||
        (/^\d{4}-\d{2}-\d{2}$/.test(v) && validDate(+v.slice(0, 4), +v.slice(5, 7), +v.slice(8, 10))),
      'Date of birth must be a date (YYYY-MM-DD)',
    ),
  trading_name: optional(PARTY_MAX_LENGTHS.trading_name, 'Trading name'),
  registration_number: optional(PARTY_MAX_LENGTHS.registration_number, 'Registration number'),
  business_type: oneOf(BUSINESS_TYPES, 'Business type'),
  email: optional(320, 'Email').refine(
    (v) => v === null || EMAIL_PATTERN.test(v),
    'Please enter a valid email address',
  ),
  physical_address: optional(PARTY_MAX_LENGTHS.physical_address, 'Physical address'),
  language: oneOf(LANGUAGES, 'Language'),
};

type PartyFields = {
  party_type: PartyType;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  id_number: string | null;
  date_of_birth: string | null;
  physical_address: string | null;
  trading_name: string | null;
  registration_number: string | null;
};

/**
 * The "valid for saving" rule of spec 2 §5: an individual needs first and last name, ID number and physical
 * address; an entity trading name, registration number and physical address. E-mail is optional (issue 31: a party
 * served by the sheriff needs none; electronic service needs the recipient's address, checked at submit). The ID number
 * must be a valid South African ID number and agree with the date of birth when both are given.
 */
function checkParty(v: PartyFields, ctx: z.RefinementCtx) {
  const need = (field: keyof PartyFields, message: string) => {
    if (!v[field]) ctx.addIssue({ code: 'custom', path: [field], message });
  };
  if (v.party_type === 'individual') {
    need('first_name', 'Party first name is required');
    need('last_name', 'Party last name is required');
    need('physical_address', 'Party physical address is required');
    need('id_number', 'Party ID number is required');
  } else {
    need('trading_name', 'Trading name is required');
    need('registration_number', 'Registration number is required');
    need('physical_address', 'Entity physical address is required');
  }
  if (v.id_number) {
    const problem = checkSaIdNumber(v.id_number);
    if (problem) ctx.addIssue({ code: 'custom', path: ['id_number'], message: SA_ID_MESSAGES[problem] });
    else if (v.date_of_birth && v.date_of_birth.slice(2).replace(/-/g, '') !== v.id_number.slice(0, 6))
      ctx.addIssue({
        code: 'custom',
        path: ['date_of_birth'],
        message: 'Date of birth does not match the ID number',
      });
  }
}

/** POST /parties: `type` is accepted as an alias of `party_type` (the form mirrors it). */
export const CreatePartyInputSchema = z
  .preprocess(
    (v) =>
      v && typeof v === 'object' && !('party_type' in v) && 'type' in v
        ? { ...v, party_type: (v as { type: unknown }).type }
        : v,
    z.object(partyFields),
  )
  .superRefine(checkParty);
export type CreatePartyInput = z.infer<typeof CreatePartyInputSchema>;

export const PartyListQuerySchema = z.object({
  party_type: z.enum(PARTY_TYPES, { error: 'Party type must be individual or entity' }).optional(),
  search: z.string().trim().max(200).optional(),
  id_number: z
    .string()
    .optional()
    .transform((v) => v?.replace(/\s+/g, '') || undefined),
  registration_number: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined),
  skip: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});
export type PartyListQuery = z.infer<typeof PartyListQuerySchema>;

export const PartyRoleSchema = z.enum(PARTY_ROLES, { error: 'Party role is required' });
export const LinkPartyInputSchema = z
  .object({
    party_id: IdSchema.optional(),
    role: PartyRoleSchema.default('client'),
    notes: z
      .string()
      .trim()
      .max(2000, 'Notes are too long')
      .nullish()
      .transform((v) => v || null),
    is_primary: z.union([z.boolean(), QueryBooleanSchema]).default(false),
    /** The firm marks the party to be served whatever its role (e.g. each of joint trustees): a service target. */
    to_be_served: z.union([z.boolean(), QueryBooleanSchema]).default(false),
  })
  .nullish()
  .transform(
    (v) =>
      v ?? {
        role: 'client' as const,
        notes: null,
        is_primary: false,
        to_be_served: false,
        party_id: undefined,
      },
  );
export type LinkPartyInput = z.infer<typeof LinkPartyInputSchema>;

export const PartyLinkParamsSchema = z.object({ party_id: IdSchema, document_id: IdSchema });

// ---------------------------------------------------------------------------------------------------------
// Outputs
// ---------------------------------------------------------------------------------------------------------

export const PartySchema = z.object({
  id: z.number().int(),
  party_type: z.enum(PARTY_TYPES),
  type: z.enum(PARTY_TYPES),
  display_name: z.string(),
  title: z.string().nullable(),
  first_name: z.string().nullable(),
  middle_name: z.string().nullable(),
  last_name: z.string().nullable(),
  gender: z.string().nullable(),
  marital_status: z.string().nullable(),
  nationality: z.string().nullable(),
  race: z.string().nullable(),
  id_number: z.string().nullable(),
  date_of_birth: z.string().nullable(),
  trading_name: z.string().nullable(),
  registration_number: z.string().nullable(),
  business_type: z.string().nullable(),
  email: z.string().nullable(),
  physical_address: z.string().nullable(),
  language: z.string().nullable(),
  /** The branch the party was recorded for: with the firm, who may see it. */
  branch_id: z.number().int().nullable(),
  /** The party this one corrects (POST /parties/{id}/corrections). */
  corrects_party_id: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Party = z.infer<typeof PartySchema>;

/** POST /parties/{id}/corrections: the new party, the one it replaces, and what happened on each of its documents. */
export const PartyCorrectionSchema = z.object({
  party: PartySchema,
  corrects_party_id: z.number().int(),
  documents: z.array(
    z.object({
      document_id: z.number().int(),
      /** True when the document was not yet served and the actor may change it: its link now points at the new party. */
      link_moved: z.boolean(),
    }),
  ),
});
export type PartyCorrection = z.infer<typeof PartyCorrectionSchema>;
export const PartyListSchema = z.object({ parties: z.array(PartySchema), total: z.number().int() });

export const PartyLinkSchema = z.object({
  id: z.number().int(),
  document_id: z.number().int(),
  party_id: z.number().int(),
  role: z.string(),
  notes: z.string().nullable(),
  is_primary: z.boolean(),
  /** Marked by the firm to be served (parties on the defendant / respondent side are served in any case). */
  to_be_served: z.boolean(),
  created_at: z.string(),
  party: PartySchema,
});
export type PartyLink = z.infer<typeof PartyLinkSchema>;
/** GET /documents/{id}/parties: the document's party links, primary first. */
export const PartyLinkListSchema = z.object({ parties: z.array(PartyLinkSchema), total: z.number().int() });

/** "Mr John Smith" for individuals, the trading name for entities. */
export const partyDisplayName = (p: {
  party_type: PartyType;
  title?: string | null;
  first_name?: string | null;
  middle_name?: string | null;
  last_name?: string | null;
  trading_name?: string | null;
}) =>
  p.party_type === 'entity'
    ? (p.trading_name ?? 'Unnamed entity')
    : [p.title && p.title !== 'N/A' ? p.title : null, p.first_name, p.middle_name, p.last_name]
        .filter(Boolean)
        .join(' ') || 'Unnamed person';

// ---------------------------------------------------------------------------------------------------------
// Error catalogue
// ---------------------------------------------------------------------------------------------------------

export const PartyErrors = defineErrors({
  /** Unknown party, or a party of another firm. */
  PARTY_NOT_FOUND: { status: 404, message: 'Party not found.' },
  /** Unlinking a party that is not linked to the document. */
  PARTY_LINK_NOT_FOUND: { status: 404, message: 'This party is not linked to the document.' },
  /** A role that may not manage parties (sheriff, system admin). */
  PARTIES_FORBIDDEN: { status: 403, message: 'You do not have permission to manage parties.' },
  /** PUT on a party linked to a served document: what was served stays as served. */
  PARTY_ON_SERVED_DOCUMENT: {
    status: 409,
    message: 'This party is on a served document and cannot be changed. Record a correction as a new party.',
  },
  /** party_id in the body differs from the one in the path. */
  PARTY_ID_MISMATCH: {
    status: 422,
    message: 'The party in the request body does not match the party in the address.',
  },
});
