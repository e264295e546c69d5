import {
  CITATION_SIDE_LABELS,
  CITATION_SIDE_MISSING,
  CITATION_SIDES,
  PARTY_ROLE_LABELS,
  citationSideOf,
  missingCitationSides,
  type CitationSide,
  type PartyRole,
  type PartyType,
} from '@lexserve/contracts/party-constants';
import type { PartyLink } from '@lexserve/contracts/parties';
import { isPartyEmpty, partyLabel, type PartyData } from './party-rules';

/**
 * The matter's citation in the wizard: every party with its procedural role. Parties already linked to the draft
 * carry their `partyId`; parties added here carry their form `data` until the next save links them.
 */
export type CitationParty = {
  key: string;
  role: string;
  name: string;
  partyType: PartyType;
  partyId: number | null;
  data: PartyData | null;
  /** 'id:<ID number>' or 'reg:<registration number>': the same party is cited once. */
  identity: string | null;
};

/** What step 3 says about itself (replaces the spec's "All fields are required."). */
export const STEP3_NOTE =
  'Add every party to the citation. At least one party on each side is required: a plaintiff or applicant (the party bringing the matter) and a defendant or respondent (the party it is brought against). Every field of a party is required except the middle name.';

export const PARTY_ALREADY_CITED = 'This party is already in the citation.';

const identityOf = (
  type: PartyType,
  idNumber: string | null | undefined,
  registration: string | null | undefined,
): string | null => {
  const value = (type === 'entity' ? registration : idNumber)?.trim().toLowerCase();
  return value ? `${type === 'entity' ? 'reg' : 'id'}:${value}` : null;
};

let counter = 0;
const nextKey = () => `c${++counter}`;

export const citationFromLinks = (links: PartyLink[]): CitationParty[] =>
  links.map((link) => ({
    key: `p${link.party_id}`,
    role: link.role,
    name: link.party.display_name,
    partyType: link.party.party_type,
    partyId: link.party_id,
    data: null,
    identity: identityOf(link.party.party_type, link.party.id_number, link.party.registration_number),
  }));

export const citationFromForm = (party: PartyData): CitationParty => ({
  key: nextKey(),
  role: party.role || 'client',
  name: partyLabel(party) || 'Unnamed party',
  partyType: party.type,
  partyId: null,
  data: party,
  identity: identityOf(party.type, party.id_number, party.registration_number),
});

export const isCited = (citation: CitationParty[], party: PartyData): boolean => {
  const identity = identityOf(party.type, party.id_number, party.registration_number);
  return identity !== null && citation.some((c) => c.identity === identity);
};

/** The roles of the citation, with the party in the form when one is being entered. */
export const citationRoles = (citation: CitationParty[], form?: PartyData): string[] => [
  ...citation.map((c) => c.role),
  ...(form && !isPartyEmpty(form) && form.role ? [form.role] : []),
];

/** Step 3's side rule in words: one message per empty side. */
export const citationProblems = (roles: string[]): string[] =>
  missingCitationSides(roles).map((side) => CITATION_SIDE_MISSING[side]);

/** The role offered for the next party: the side still missing, in the vocabulary already used (action or application). */
export const suggestedRole = (citation: CitationParty[]): PartyRole => {
  const roles = citation.map((c) => c.role);
  const missing = missingCitationSides(roles);
  const application = roles.some((r) => r === 'applicant' || r === 'respondent');
  if (missing.includes('initiating')) return application ? 'applicant' : 'plaintiff';
  if (missing.includes('responding')) return application ? 'respondent' : 'defendant';
  return 'client';
};

export const roleLabel = (role: string): string => PARTY_ROLE_LABELS[role as PartyRole] ?? role;

/** The citation grouped by side, then the parties that are on neither side. */
export const groupCitation = (
  citation: CitationParty[],
): { side: CitationSide | null; label: string; parties: CitationParty[] }[] => [
  ...CITATION_SIDES.map((side) => ({
    side,
    label: CITATION_SIDE_LABELS[side],
    parties: citation.filter((c) => citationSideOf(c.role) === side),
  })),
  { side: null, label: 'Other parties', parties: citation.filter((c) => citationSideOf(c.role) === null) },
];
