import { z } from 'zod';
import { defineErrors } from './errors';
import { EMAIL_PATTERN, IdSchema, QueryBooleanSchema } from './common';

// ---------------------------------------------------------------------------------------------------------
// Option lists (spec 2 §9)
// ---------------------------------------------------------------------------------------------------------

export const PARTY_TYPES = ['individual', 'entity'] as const;
export type PartyType = (typeof PARTY_TYPES)[number];

/**
 * The spec's roles (section 9), then the procedural roles a South African citation also uses. New values are
 * appended so that stored roles keep their meaning.
 */
export const PARTY_ROLES = [
  'plaintiff',
  'defendant',
  'applicant',
  'respondent',
  'claimant',
  'debtor',
  'creditor',
  'witness',
  'client',
  'opposing_party',
  'third_party',
  'interested_party',
  'other',
  'appellant',
  'excipient',
  'intervening_party',
  'garnishee',
] as const;
export type PartyRole = (typeof PARTY_ROLES)[number];
export const PARTY_TITLES = ['Mr', 'Mrs', 'Miss', 'Dr', 'Prof', 'Adv', 'Hon', 'Rev', 'Fr', 'Chief', 'King', 'Queen', 'Pr', 'Sc', 'Mx', 'N/A'] as const;
/** 'N/A' is shown as "Prefer not to say". */
export const GENDERS = ['Male', 'Female', 'Other', 'N/A'] as const;
export const MARITAL_STATUSES = [
  'Single',
  'Married (ANC)',
  'Married (COP)',
  'Married (OCOP)',
  'Married (Other)',
  'Divorced',
  'Widow/Widower',
  'N/A',
] as const;
export const LANGUAGES = ['English', 'Afrikaans', 'Zulu', 'Xhosa', 'Sotho', 'Tswana', 'Pedi', 'Venda', 'Tsonga', 'Swati', 'Ndebele'] as const;
export const NATIONALITIES = ['South African', 'Other'] as const;
export const RACES = ['African', 'Coloured', 'Asian', 'White', 'Other', 'N/A'] as const;
export const BUSINESS_TYPES = ['Company', 'Government', 'NGO', 'N/A'] as const;

export const PARTY_ROLE_LABELS: Record<PartyRole, string> = {
  plaintiff: 'Plaintiff',
  defendant: 'Defendant',
  applicant: 'Applicant',
  respondent: 'Respondent',
  claimant: 'Claimant',
  debtor: 'Debtor',
  creditor: 'Creditor',
  witness: 'Witness',
  client: 'Client',
  opposing_party: 'Opposing Party',
  third_party: 'Third Party',
  interested_party: 'Interested Party',
  other: 'Other',
  appellant: 'Appellant',
  excipient: 'Excipient',
  intervening_party: 'Intervening Party',
  garnishee: 'Garnishee',
};

// ---------------------------------------------------------------------------------------------------------
// The citation: "A (plaintiff) v B (defendant)". A served document needs one party on each side.
// ---------------------------------------------------------------------------------------------------------

/** The two sides of a citation: the party bringing the matter, and the party it is brought against. */
export const CITATION_SIDES = ['initiating', 'responding'] as const;
export type CitationSide = (typeof CITATION_SIDES)[number];

export const CITATION_SIDE_LABELS: Record<CitationSide, string> = {
  initiating: 'Plaintiff / applicant side',
  responding: 'Defendant / respondent side',
};

/**
 * The side of the citation each role stands on; null for roles that are not a side of the citation (a witness,
 * the firm's client as such, an excipient — who is the plaintiff or defendant taking an exception — and others).
 */
export const PARTY_ROLE_SIDES: Record<PartyRole, CitationSide | null> = {
  plaintiff: 'initiating',
  applicant: 'initiating',
  appellant: 'initiating',
  claimant: 'initiating',
  creditor: 'initiating',
  defendant: 'responding',
  respondent: 'responding',
  debtor: 'responding',
  opposing_party: 'responding',
  garnishee: 'responding',
  witness: null,
  client: null,
  third_party: null,
  interested_party: null,
  intervening_party: null,
  excipient: null,
  other: null,
};

/** The side of a stored role (unknown roles: none). */
export const citationSideOf = (role: string | null | undefined): CitationSide | null =>
  role && role in PARTY_ROLE_SIDES ? PARTY_ROLE_SIDES[role as PartyRole] : null;

/** What the wizard's step 3 and the submit check say when a side of the citation is empty. */
export const CITATION_SIDE_MISSING: Record<CitationSide, string> = {
  initiating: 'Add a plaintiff or applicant: the party bringing the matter (one party on each side of the citation is required)',
  responding: 'Add a defendant or respondent: the party the matter is brought against (one party on each side of the citation is required)',
};

/** The citation sides that have no party among the given roles, in citation order. */
export const missingCitationSides = (roles: readonly (string | null | undefined)[]): CitationSide[] => {
  const present = new Set(roles.map(citationSideOf));
  return CITATION_SIDES.filter((side) => !present.has(side));
};

export const PARTY_MAX_LENGTHS = {
  first_name: 500,
  middle_name: 500,
  last_name: 500,
  physical_address: 1000,
  trading_name: 500,
  registration_number: 250,
} as const;

// ---------------------------------------------------------------------------------------------------------
// South African ID numbers: YYMMDD SSSS C A Z — 13 digits, a real birth date, Luhn check digit last.
// ---------------------------------------------------------------------------------------------------------

export type SaIdProblem = 'format' | 'date' | 'checksum';

const validDate = (y: number, m: number, d: number) => {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};

/** The birth date an ID number encodes, as YYMMDD parts; the century is not encoded. */
export const saIdBirthParts = (id: string) => ({ yy: id.slice(0, 2), mm: id.slice(2, 4), dd: id.slice(4, 6) });

/** Why an SA ID number is invalid, or null when it is valid. */
export function checkSaIdNumber(id: string): SaIdProblem | null {
  if (!/^\d{13}$/.test(id)) return 'format';
  const yy = Number(id.slice(0, 2));
  const mm = Number(id.slice(2, 4));
  const dd = Number(id.slice(4, 6));
  // The century is not encoded: the date must exist in 19YY or 20YY (29 February of '00 exists in 2000).
  if (!validDate(1900 + yy, mm, dd) && !validDate(2000 + yy, mm, dd)) return 'date';
  let sum = 0;
  for (let i = 0; i < 13; i++) {
    let digit = Number(id[12 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0 ? null : 'checksum';
}
export const isValidSaIdNumber = (id: string) => checkSaIdNumber(id) === null;

export const SA_ID_MESSAGES: Record<SaIdProblem, string> = {
  format: 'ID number must be exactly 13 digits',
  date: 'ID number does not contain a valid date of birth',
  checksum: 'ID number is not valid (check digit does not match)',
};

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
    .refine((v) => v === null || (values as readonly string[]).includes(v), `${label} must be one of: ${values.join(', ')}`)
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
    .refine((v) => v === null || (/^\d{4}-\d{2}-\d{2}$/.test(v) && validDate(+v.slice(0, 4), +v.slice(5, 7), +v.slice(8, 10))), 'Date of birth must be a date (YYYY-MM-DD)'),
  trading_name: optional(PARTY_MAX_LENGTHS.trading_name, 'Trading name'),
  registration_number: optional(PARTY_MAX_LENGTHS.registration_number, 'Registration number'),
  business_type: oneOf(BUSINESS_TYPES, 'Business type'),
  email: optional(320, 'Email').refine((v) => v === null || EMAIL_PATTERN.test(v), 'Please enter a valid email address'),
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
 * The "valid for saving" rule of spec 2 §5: an individual needs first and last name, email, ID number and
 * physical address; an entity trading name, registration number, email and physical address. The ID number
 * must be a valid South African ID number and agree with the date of birth when both are given.
 */
function checkParty(v: PartyFields, ctx: z.RefinementCtx) {
  const need = (field: keyof PartyFields, message: string) => {
    if (!v[field]) ctx.addIssue({ code: 'custom', path: [field], message });
  };
  if (v.party_type === 'individual') {
    need('first_name', 'Party first name is required');
    need('last_name', 'Party last name is required');
    need('email', 'Party email is required');
    need('physical_address', 'Party physical address is required');
    need('id_number', 'Party ID number is required');
  } else {
    need('trading_name', 'Trading name is required');
    need('registration_number', 'Registration number is required');
    need('email', 'Entity email is required');
    need('physical_address', 'Entity physical address is required');
  }
  if (v.id_number) {
    const problem = checkSaIdNumber(v.id_number);
    if (problem) ctx.addIssue({ code: 'custom', path: ['id_number'], message: SA_ID_MESSAGES[problem] });
    else if (v.date_of_birth && v.date_of_birth.slice(2).replace(/-/g, '') !== v.id_number.slice(0, 6))
      ctx.addIssue({ code: 'custom', path: ['date_of_birth'], message: 'Date of birth does not match the ID number' });
  }
}

/** POST /parties: `type` is accepted as an alias of `party_type` (the form mirrors it). */
export const CreatePartyInputSchema = z
  .preprocess(
    (v) => (v && typeof v === 'object' && !('party_type' in v) && 'type' in v ? { ...v, party_type: (v as { type: unknown }).type } : v),
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
  registration_number: z.string().trim().optional().transform((v) => v || undefined),
  skip: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});
export type PartyListQuery = z.infer<typeof PartyListQuerySchema>;

export const PartyRoleSchema = z.enum(PARTY_ROLES, { error: 'Party role is required' });
export const LinkPartyInputSchema = z
  .object({
    party_id: IdSchema.optional(),
    role: PartyRoleSchema.default('client'),
    notes: z.string().trim().max(2000, 'Notes are too long').nullish().transform((v) => v || null),
    is_primary: z.union([z.boolean(), QueryBooleanSchema]).default(false),
  })
  .nullish()
  .transform((v) => v ?? { role: 'client' as const, notes: null, is_primary: false, party_id: undefined });
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
    : [p.title && p.title !== 'N/A' ? p.title : null, p.first_name, p.middle_name, p.last_name].filter(Boolean).join(' ') || 'Unnamed person';

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
  PARTY_ID_MISMATCH: { status: 422, message: 'The party in the request body does not match the party in the address.' },
});
