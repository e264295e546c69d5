/**
 * The parties contract's plain values, with no zod: party types, roles and their labels, the citation's sides, the
 * field limits and the South African ID number check. The web app's New Matter wizard uses these without loading the
 * schema library (docs/performance.md, section 5); parties.ts re-exports them beside the schemas.
 */

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
export const PARTY_TITLES = [
  'Mr',
  'Mrs',
  'Miss',
  'Dr',
  'Prof',
  'Adv',
  'Hon',
  'Rev',
  'Fr',
  'Chief',
  'King',
  'Queen',
  'Pr',
  'Sc',
  'Mx',
  'N/A',
] as const;
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
export const LANGUAGES = [
  'English',
  'Afrikaans',
  'Zulu',
  'Xhosa',
  'Sotho',
  'Tswana',
  'Pedi',
  'Venda',
  'Tsonga',
  'Swati',
  'Ndebele',
] as const;
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
  initiating:
    'Add a plaintiff or applicant: the party bringing the matter (one party on each side of the citation is required)',
  responding:
    'Add a defendant or respondent: the party the matter is brought against (one party on each side of the citation is required)',
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

/** A calendar date (the ID number's birth date, a party's date of birth). */
export const validDate = (y: number, m: number, d: number) => {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};

/** The birth date an ID number encodes, as YYMMDD parts; the century is not encoded. */
export const saIdBirthParts = (id: string) => ({
  yy: id.slice(0, 2),
  mm: id.slice(2, 4),
  dd: id.slice(4, 6),
});

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
