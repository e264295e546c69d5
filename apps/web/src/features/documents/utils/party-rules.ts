import { EMAIL_PATTERN } from '@lexserve/contracts/constants';
import {
  PARTY_MAX_LENGTHS,
  SA_ID_MESSAGES,
  checkSaIdNumber,
  saIdBirthParts,
  type PartyRole,
  type PartyType,
} from '@lexserve/contracts/party-constants';

/** The party form of the wizard (spec 2.4); `type` mirrors `party_type`. Empty strings mean "not chosen". */
export type PartyData = {
  type: PartyType;
  role: PartyRole | '';
  title: string;
  first_name: string;
  middle_name: string;
  last_name: string;
  gender: string;
  marital_status: string;
  nationality: string;
  race: string;
  id_number: string;
  date_of_birth: string;
  email: string;
  physical_address: string;
  language: string;
  trading_name: string;
  registration_number: string;
  business_type: string;
};

export type PartyField = Exclude<keyof PartyData, 'type' | 'role'>;

export const emptyParty = (type: PartyType = 'individual', role: PartyRole | '' = 'client'): PartyData => ({
  type,
  role,
  title: '',
  first_name: '',
  middle_name: '',
  last_name: '',
  gender: '',
  marital_status: '',
  nationality: '',
  race: '',
  id_number: '',
  date_of_birth: '',
  email: '',
  physical_address: '',
  language: '',
  trading_name: '',
  registration_number: '',
  business_type: '',
});

/** Tolerant read of stored party data (draft metadata, resume record). */
export const toPartyData = (raw: unknown): PartyData => {
  const base = emptyParty();
  if (!raw || typeof raw !== 'object') return base;
  const source = raw as Record<string, unknown>;
  const out: Record<string, unknown> = { ...base };
  for (const key of Object.keys(base)) {
    const value = source[key];
    if (typeof value === 'string') out[key] = value;
  }
  const type = source.type ?? source.party_type;
  out.type = type === 'entity' ? 'entity' : 'individual';
  return out as PartyData;
};

const INDIVIDUAL_FIELDS: PartyField[] = [
  'title',
  'first_name',
  'middle_name',
  'last_name',
  'gender',
  'marital_status',
  'nationality',
  'race',
  'id_number',
  'date_of_birth',
  'email',
  'physical_address',
  'language',
];
const ENTITY_FIELDS: PartyField[] = [
  'trading_name',
  'registration_number',
  'business_type',
  'email',
  'physical_address',
];

const partyFieldsOf = (type: PartyType): PartyField[] =>
  type === 'entity' ? ENTITY_FIELDS : INDIVIDUAL_FIELDS;

const filled = (value: string) => value.trim() !== '';

/** True while nothing of the party has been entered: the step may then be skipped while drafting. */
export const isPartyEmpty = (party: PartyData): boolean =>
  partyFieldsOf(party.type).every((field) => !filled(party[field]));

/**
 * Spec 2 §5: a party counts as valid for saving if it is an individual with first name, last name, email,
 * ID number and physical address, or an entity with trading name, registration number, email and physical
 * address; and its inline rules hold (so the server will accept it).
 */
export const isPartyValidForSave = (party: PartyData): boolean => {
  const required: PartyField[] =
    party.type === 'entity'
      ? ['trading_name', 'registration_number', 'email', 'physical_address']
      : ['first_name', 'last_name', 'email', 'id_number', 'physical_address'];
  return (
    required.every((field) => filled(party[field])) && Object.keys(partyInlineErrors(party)).length === 0
  );
};

/** ID number input: non-digits are stripped, at most 13 characters (spec 2 §5). */
export const cleanIdNumber = (value: string): string => value.replace(/\D/g, '').slice(0, 13);

/** The birth date an SA ID number encodes, as YYYY-MM-DD (the century guessed from today's year). */
export const birthDateFromId = (id: string, today = new Date()): string | null => {
  if (checkSaIdNumber(id) !== null) return null;
  const { yy, mm, dd } = saIdBirthParts(id);
  const currentYy = today.getFullYear() % 100;
  const century = Number(yy) > currentYy ? 1900 : 2000;
  return `${century + Number(yy)}-${mm}-${dd}`;
};

/** Inline field rules (spec 2 §5, "Party form inline rules"), shown under the fields as the user types. */
export const partyInlineErrors = (party: PartyData): Partial<Record<PartyField, string>> => {
  const errors: Partial<Record<PartyField, string>> = {};
  if (filled(party.email) && !EMAIL_PATTERN.test(party.email.trim()))
    errors.email = 'Please enter a valid email address';
  for (const [field, max] of Object.entries(PARTY_MAX_LENGTHS) as [PartyField, number][]) {
    if (party[field].length > max) errors[field] = `At most ${max} characters`;
  }
  if (party.type === 'individual' && filled(party.id_number)) {
    const problem = checkSaIdNumber(party.id_number);
    if (problem) errors.id_number = SA_ID_MESSAGES[problem];
    else if (
      filled(party.date_of_birth) &&
      party.date_of_birth.slice(2).replace(/-/g, '') !== party.id_number.slice(0, 6)
    )
      errors.date_of_birth = 'Date of birth does not match the ID number';
  }
  return errors;
};

/** Step 3 messages, in the spec's order (spec 2 §5, "Step 3"), followed by the inline rules. */
export const validatePartyStep = (party: PartyData): string[] => {
  const messages: string[] = [];
  if (!party.type) messages.push('Party type is required');
  if (!party.role) messages.push('Party role is required');
  if (party.type === 'entity') {
    if (!filled(party.trading_name)) messages.push('Trading name is required');
    if (!filled(party.registration_number)) messages.push('Registration number is required');
    if (!filled(party.business_type)) messages.push('Business type is required');
    if (!filled(party.email)) messages.push('Entity email is required');
    if (!filled(party.physical_address)) messages.push('Entity physical address is required');
  } else {
    const order: [PartyField, string][] = [
      ['title', 'title'],
      ['first_name', 'first name'],
      ['last_name', 'last name'],
      ['email', 'email'],
      ['physical_address', 'physical address'],
      ['gender', 'gender'],
      ['marital_status', 'marital status'],
      ['nationality', 'nationality'],
      ['race', 'race'],
      ['id_number', 'ID number'],
      ['date_of_birth', 'date of birth'],
      ['language', 'language'],
    ];
    for (const [field, label] of order)
      if (!filled(party[field])) messages.push(`Party ${label} is required`);
  }
  for (const message of Object.values(partyInlineErrors(party)))
    if (!messages.includes(message)) messages.push(message);
  return messages;
};

export const PARTY_FIELD_LABELS: Record<PartyField | 'role', string> = {
  role: 'Role',
  title: 'Title',
  first_name: 'First name',
  middle_name: 'Middle name',
  last_name: 'Last name',
  gender: 'Gender',
  marital_status: 'Marital status',
  nationality: 'Nationality',
  race: 'Race',
  id_number: 'ID number',
  date_of_birth: 'Date of birth',
  email: 'Email',
  physical_address: 'Physical address',
  language: 'Language',
  trading_name: 'Trading name',
  registration_number: 'Registration number',
  business_type: 'Business type',
};

/** "Validate Form" (spec 2 §5): "<Field> is required" for each missing field, in the form's order. */
export const validatePartyForm = (party: PartyData): { field: PartyField | 'role'; message: string }[] => {
  const fields: (PartyField | 'role')[] =
    party.type === 'entity'
      ? ['trading_name', 'registration_number', 'business_type', 'email', 'physical_address']
      : [
          'role',
          'title',
          'first_name',
          'last_name',
          'gender',
          'marital_status',
          'nationality',
          'race',
          'id_number',
          'date_of_birth',
          'email',
          'physical_address',
          'language',
        ];
  return fields
    .filter((field) => (field === 'role' ? !party.role : !filled(party[field])))
    .map((field) => ({ field, message: `${PARTY_FIELD_LABELS[field]} is required` }));
};

/** POST /parties body: every field, null for empty (spec 2 §7). */
export const toCreatePartyBody = (party: PartyData) => {
  const value = (field: PartyField) => (filled(party[field]) ? party[field].trim() : null);
  const individual = party.type === 'individual';
  return {
    party_type: party.type,
    title: individual ? value('title') : null,
    first_name: individual ? value('first_name') : null,
    middle_name: individual ? value('middle_name') : null,
    last_name: individual ? value('last_name') : null,
    gender: individual ? value('gender') : null,
    marital_status: individual ? value('marital_status') : null,
    nationality: individual ? value('nationality') : null,
    race: individual ? value('race') : null,
    id_number: individual ? value('id_number') : null,
    date_of_birth: individual ? value('date_of_birth') : null,
    trading_name: individual ? null : value('trading_name'),
    registration_number: individual ? null : value('registration_number'),
    business_type: individual ? null : value('business_type'),
    email: value('email'),
    physical_address: value('physical_address'),
    language: individual ? value('language') : null,
  };
};

/** A short name for messages: "Mr John Smith" or the trading name. */
export const partyLabel = (party: PartyData): string =>
  party.type === 'entity'
    ? party.trading_name.trim()
    : [party.title && party.title !== 'N/A' ? party.title : '', party.first_name, party.last_name]
        .filter((part) => part.trim())
        .join(' ');
