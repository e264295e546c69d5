import { z } from 'zod';
import { defineErrors } from './errors';
import { isMagistratesCourt } from './courts';

// ---------------------------------------------------------------------------------------------------------
// The sheriff's side of service: attempts (with GPS and photos) and the return of service or non-service.
// The rules behind each manner of service, with what was read and what is unclear: docs/service-rules.md,
// section "Returns of service".
// ---------------------------------------------------------------------------------------------------------

/** South Africa keeps one offset all year (SAST, no daylight saving). */
export const SAST_OFFSET = '+02:00';
const SAST_OFFSET_MS = 2 * 60 * 60 * 1000;

/** An instant as the date and time on a South African clock: { date: 'YYYY-MM-DD', time: 'HH:MM' }. */
export function sastDateTime(iso: string | Date): { date: string; time: string } {
  const t = (typeof iso === 'string' ? new Date(iso) : iso).getTime() + SAST_OFFSET_MS;
  const s = new Date(t).toISOString();
  return { date: s.slice(0, 10), time: s.slice(11, 16) };
}

/** A date and a time read on a South African clock, as an ISO date-time with its offset. */
export const sastIso = (date: string, time: string) => `${date}T${time}:00${SAST_OFFSET}`;

/** Rand with a space between thousands: 123450 → "R 1 234.50". */
export function formatRand(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  const rand = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${sign}R ${rand}.${String(abs % 100).padStart(2, '0')}`;
}

// ---------------------------------------------------------------------------------------------------------
// Attempt outcomes (what happened at one visit)
// ---------------------------------------------------------------------------------------------------------

export const SERVICE_OUTCOMES = [
  'served_personally',
  'served_at_residence',
  'served_at_business',
  'affixed_to_door',
  'not_found',
  'refused',
  'wrong_address',
  'other',
] as const;
export type ServiceOutcome = (typeof SERVICE_OUTCOMES)[number];
export const SERVICE_OUTCOME_LABELS: Record<ServiceOutcome, string> = {
  served_personally: 'Served personally',
  served_at_residence: 'Served at residence (on a person over 16)',
  served_at_business: 'Served at place of business',
  affixed_to_door: 'Affixed to the principal door',
  not_found: 'Not found (non est)',
  refused: 'Service refused',
  wrong_address: 'Wrong address',
  other: 'Other',
};
export const ServiceOutcomeSchema = z.enum(SERVICE_OUTCOMES, {
  error: `Outcome must be one of ${SERVICE_OUTCOMES.join(', ')}`,
});

// ---------------------------------------------------------------------------------------------------------
// Manners of service and the rule each rests on
// ---------------------------------------------------------------------------------------------------------

export const SERVICE_MANNERS = [
  'personal',
  'residence',
  'place_of_business',
  'place_of_employment',
  'domicilium',
  'registered_office',
  'affixed_to_principal_door',
  'attorney_of_record',
  'authorised_agent',
] as const;
export type ServiceManner = (typeof SERVICE_MANNERS)[number];
export const ServiceMannerSchema = z.enum(SERVICE_MANNERS, {
  error: `Manner of service must be one of ${SERVICE_MANNERS.join(', ')}`,
});

export type ServiceMannerDetail = {
  /** What the sheriff picks on the phone. */
  label: string;
  /** The High Court rule (Uniform Rules of Court, GN R48 of 1965). */
  uniform_rule: string;
  /** The magistrates' court rule (Magistrates' Courts Rules, GN R740 of 2010). */
  magistrates_rule: string;
  /** How the copy was served, as the return states it: "…served the process by {statement}." */
  statement: string;
};

/**
 * Each manner with its rule. A sub-paragraph is cited only where its text (or a court's quotation of it) was read;
 * otherwise the return cites the paragraph that was read (Uniform Rule 4(1)(a), Magistrates' Courts Rule 9(3)) and
 * docs/service-rules.md lists the sub-paragraph under "Unclear".
 */
export const SERVICE_MANNER_DETAILS: Record<ServiceManner, ServiceMannerDetail> = {
  personal: {
    label: 'Personally, on the person to be served',
    uniform_rule: 'Uniform Rule 4(1)(a)',
    magistrates_rule: "Magistrates' Courts Rule 9(3)",
    statement: 'delivering a copy to the person to be served personally',
  },
  residence: {
    label: 'At the residence, on a person apparently not under 16 who resides there or is in charge',
    uniform_rule: 'Uniform Rule 4(1)(a)',
    magistrates_rule: "Magistrates' Courts Rule 9(3)",
    statement:
      'delivering a copy at the residence of the person to be served to a person apparently not less than 16 years of age and apparently residing there or in charge of the premises',
  },
  place_of_business: {
    label: 'At the place of business, on a person apparently not under 16 who is in charge or employed there',
    uniform_rule: 'Uniform Rule 4(1)(a)',
    magistrates_rule: "Magistrates' Courts Rule 9(3)",
    statement:
      'delivering a copy at the place of business of the person to be served to a person apparently not less than 16 years of age and apparently in charge of the premises or employed there',
  },
  place_of_employment: {
    label: 'At the place of employment, on a person apparently not under 16 and in authority',
    uniform_rule: 'Uniform Rule 4(1)(a)',
    magistrates_rule: "Magistrates' Courts Rule 9(3)",
    statement:
      'delivering a copy at the place of employment of the person to be served to a person apparently not less than 16 years of age and apparently in authority over that person or in charge there',
  },
  domicilium: {
    label: 'At the chosen domicilium citandi et executandi',
    uniform_rule: 'Uniform Rule 4(1)(a)(iv)',
    magistrates_rule: "Magistrates' Courts Rule 9(3)(d)",
    statement:
      'delivering or leaving a copy at the domicilium citandi et executandi chosen by the person to be served',
  },
  registered_office: {
    label: 'At the registered office or principal place of business of a company or corporation',
    uniform_rule: 'Uniform Rule 4(1)(a)(v)',
    magistrates_rule: "Magistrates' Courts Rule 9(3)",
    statement:
      'delivering a copy to a responsible employee of the company or corporation at its registered office or principal place of business',
  },
  affixed_to_principal_door: {
    label: 'Affixed to the principal door (no one found to receive it)',
    uniform_rule: 'Uniform Rule 4(1)(a)',
    magistrates_rule: "Magistrates' Courts Rule 9",
    statement:
      'affixing a copy to the principal door of the premises, no person being found there to whom a copy could be delivered',
  },
  attorney_of_record: {
    label: 'On the attorney of record',
    uniform_rule: 'Uniform Rule 4(1)(aA)',
    magistrates_rule: "Magistrates' Courts Rule 9",
    statement: 'delivering a copy to the attorney of record of the person to be served',
  },
  authorised_agent: {
    label: 'On an agent authorised in writing to accept service',
    uniform_rule: 'Uniform Rule 4(1)(a)',
    magistrates_rule: "Magistrates' Courts Rule 9(3)",
    statement:
      'delivering a copy to an agent duly authorised in writing to accept service on behalf of the person to be served',
  },
};

/** The rule a return cites for a manner: Magistrates' Courts Rules in a magistrate's court, otherwise the Uniform Rules. */
export const mannerRule = (manner: ServiceManner, courtName: string | null | undefined): string =>
  isMagistratesCourt(courtName)
    ? SERVICE_MANNER_DETAILS[manner].magistrates_rule
    : SERVICE_MANNER_DETAILS[manner].uniform_rule;

/** Manners where no person receives the copy, so nothing could be explained to anyone. */
export const MANNERS_WITHOUT_RECIPIENT: readonly ServiceManner[] = ['affixed_to_principal_door'];

// ---------------------------------------------------------------------------------------------------------
// Attempts
// ---------------------------------------------------------------------------------------------------------

const PersonSchema = z.object({ id: z.number().int(), full_name: z.string(), email: z.string() });

const absent = (v: unknown) => v === undefined || v === null;

/** GPS fields: a number in range, or null when the phone gave no position (GPS refused). */
const gps = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .min(min, `${label} must be between ${min} and ${max}`)
    .max(max, `${label} must be between ${min} and ${max}`)
    .nullish();

/**
 * POST /documents/{id}/service-attempts. The new shape: `device_time` (the phone's clock, ISO with offset),
 * `address`, the GPS position (`latitude`, `longitude`, `accuracy_m`: all three or none), `outcome`, `notes`.
 * The legacy shape (`attempt_date` + `attempt_time` on a South African clock, and `place`) is still accepted and
 * mapped. The parsed value is always the new shape.
 */
export const ServiceAttemptInputSchema = z
  .object({
    device_time: z.iso
      .datetime({ offset: true, error: 'Device time must be an ISO date-time with its offset' })
      .optional(),
    address: z
      .string({ error: 'Address must be text' })
      .trim()
      .max(1000, 'Address is too long (at most 1000 characters)')
      .optional(),
    latitude: gps('Latitude', -90, 90),
    longitude: gps('Longitude', -180, 180),
    accuracy_m: gps('GPS accuracy', 0, 100_000),
    outcome: ServiceOutcomeSchema,
    notes: z.string({ error: 'Notes must be text' }).trim().max(5000, 'Notes are too long').nullish(),
    /** Legacy: the date on a South African clock. */
    attempt_date: z.iso.date({ error: 'Attempt date is required (YYYY-MM-DD)' }).optional(),
    /** Legacy: the time on a South African clock. */
    attempt_time: z
      .string({ error: 'Attempt time is required (HH:MM)' })
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Attempt time is required (HH:MM)')
      .optional(),
    /** The person the attempt or return is for (service targets); optional while the document has one. */
    target_id: z.coerce.number({ error: 'Target must be a number' }).int().positive().nullish(),
    /** Legacy: the address. */
    place: z
      .string({ error: 'Place of service is required' })
      .trim()
      .max(1000, 'Place of service is too long')
      .optional(),
  })
  .superRefine(
    (v, ctx) => {
      if (typeof v !== 'object' || v === null) return;
      const hasDevice = !absent(v.device_time);
      const hasLegacyTime = !absent(v.attempt_date) || !absent(v.attempt_time);
      if (!hasDevice && !hasLegacyTime)
        ctx.addIssue({ code: 'custom', path: ['device_time'], message: 'Device time is required' });
      if (!hasDevice && hasLegacyTime) {
        if (absent(v.attempt_date))
          ctx.addIssue({
            code: 'custom',
            path: ['attempt_date'],
            message: 'Attempt date is required (YYYY-MM-DD)',
          });
        if (absent(v.attempt_time))
          ctx.addIssue({
            code: 'custom',
            path: ['attempt_time'],
            message: 'Attempt time is required (HH:MM)',
          });
      }
      if (!v.address && !v.place) {
        const legacy = 'place' in v || hasLegacyTime;
        ctx.addIssue({
          code: 'custom',
          path: [legacy ? 'place' : 'address'],
          message: legacy ? 'Place of service is required' : 'Address is required',
        });
      }
      const given = (['latitude', 'longitude', 'accuracy_m'] as const).filter((k) => !absent(v[k]));
      if (given.length > 0 && given.length < 3) {
        for (const k of ['latitude', 'longitude', 'accuracy_m'] as const)
          if (absent(v[k]))
            ctx.addIssue({
              code: 'custom',
              path: [k],
              message:
                'Latitude, longitude and GPS accuracy go together: send all three, or none when the position is not available',
            });
      }
    },
    { when: () => true },
  )
  .transform((v) => ({
    device_time: v.device_time ?? sastIso(v.attempt_date!, v.attempt_time!),
    address: (v.address || v.place)!,
    latitude: v.latitude ?? null,
    longitude: v.longitude ?? null,
    accuracy_m: v.accuracy_m ?? null,
    outcome: v.outcome,
    notes: v.notes || null,
    target_id: v.target_id ?? null,
  }));
/** The parsed attempt (always the new shape; it is also a valid request body). */
export type ServiceAttemptInput = z.output<typeof ServiceAttemptInputSchema>;

/** Photos of an attempt: typed by their content, at most 10 per attempt, 15 MB each. */
export const ATTEMPT_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic'] as const;
export type AttemptPhotoType = (typeof ATTEMPT_PHOTO_TYPES)[number];
export const MAX_ATTEMPT_PHOTOS = 10;
export const MAX_ATTEMPT_PHOTO_BYTES = 15 * 1024 * 1024;
/** The multipart field the photos are sent in (repeated). */
export const ATTEMPT_PHOTO_FIELD = 'photos';

export const attemptPhotoUrl = (documentId: number, attemptId: number, photoId: number) =>
  `/api/v1/documents/${documentId}/service-attempts/${attemptId}/photos/${photoId}`;

export const AttemptPhotoSchema = z.object({
  id: z.number().int(),
  attempt_id: z.number().int(),
  content_type: z.enum(ATTEMPT_PHOTO_TYPES),
  size: z.number().int(),
  /** SHA-256 of the bytes as they arrived (hex). */
  sha256: z.string(),
  uploaded_at: z.string(),
  /** GET it (with the bearer token) to see the image; anyone who may read the document may. */
  url: z.string(),
});
export type AttemptPhoto = z.infer<typeof AttemptPhotoSchema>;

export const AttemptPhotoUploadResultSchema = z.object({
  status: z.literal('success'),
  data: z.object({ photos: z.array(AttemptPhotoSchema) }),
  message: z.string(),
});

export const ServiceAttemptSchema = z.object({
  id: z.number().int(),
  document_id: z.number().int(),
  /** The phone's clock when the attempt was made. */
  device_time: z.string(),
  /** The server's clock when the attempt arrived. */
  server_time: z.string(),
  address: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  accuracy_m: z.number().nullable(),
  outcome: ServiceOutcomeSchema,
  outcome_label: z.string(),
  notes: z.string().nullable(),
  photos: z.array(AttemptPhotoSchema),
  recorded_by: PersonSchema.nullable(),
  /** The person the attempt was made to serve. */
  target_id: z.number().int().nullable(),
  /** Kept for older screens: device_time on a South African clock, the address, and server_time. */
  attempt_date: z.string(),
  attempt_time: z.string(),
  place: z.string(),
  recorded_at: z.string(),
});
export type ServiceAttempt = z.infer<typeof ServiceAttemptSchema>;
export const ServiceAttemptListSchema = z.object({ attempts: z.array(ServiceAttemptSchema) });

// ---------------------------------------------------------------------------------------------------------
// Returns
// ---------------------------------------------------------------------------------------------------------

export const RETURN_OUTCOMES = ['served', 'not_served'] as const;
export type ReturnOutcome = (typeof RETURN_OUTCOMES)[number];
export const RETURN_KINDS = ['return_of_service', 'return_of_non_service'] as const;
export type ReturnKind = (typeof RETURN_KINDS)[number];
export const RETURN_KIND_TITLES: Record<ReturnKind, string> = {
  return_of_service: 'Return of Service',
  return_of_non_service: 'Return of Non-Service',
};
export const returnKindOf = (outcome: ReturnOutcome): ReturnKind =>
  outcome === 'served' ? 'return_of_service' : 'return_of_non_service';

/** VAT on the sheriff's fees when the sheriff is VAT registered. */
export const VAT_RATE_PERCENT = 15;
export const MAX_RETURN_FEES = 20;
/** R 1 000 000.00: no single fee is larger. */
export const MAX_FEE_CENTS = 100_000_000;

export const ReturnFeeSchema = z.object({
  description: z
    .string({ error: 'Each fee needs a description' })
    .trim()
    .min(1, 'Each fee needs a description')
    .max(200, 'A fee description is too long (at most 200 characters)'),
  amount_cents: z
    .number({ error: 'Each fee needs an amount in cents' })
    .int('Fee amounts are whole cents')
    .min(0, 'A fee cannot be negative')
    .max(MAX_FEE_CENTS, 'A fee is too large'),
});
export type ReturnFee = z.infer<typeof ReturnFeeSchema>;

/** Subtotal, VAT (15 %, rounded to the cent, when VAT registered) and total. */
export function returnTotals(fees: readonly ReturnFee[], vatRegistered: boolean) {
  const subtotal_cents = fees.reduce((s, f) => s + f.amount_cents, 0);
  const vat_cents = vatRegistered ? Math.round((subtotal_cents * VAT_RATE_PERCENT) / 100) : 0;
  return { subtotal_cents, vat_cents, total_cents: subtotal_cents + vat_cents };
}

/** The facts a return must state, by field, in the words the 422 uses. */
export const RETURN_FACT_LABELS = {
  manner: 'manner of service',
  served_at: 'date and time of service',
  address: 'address where served',
  person_served_name: 'name of the person served',
  person_served_capacity: 'capacity of the person served',
  nature_explained: 'confirmation that the nature and exigency of the process were explained',
  non_service_reason: 'reason for non-service',
  diligent_search: 'diligent search made',
  fees: 'fees (at least one)',
} as const;
export type ReturnFact = keyof typeof RETURN_FACT_LABELS;

const SERVED_FACTS: readonly ReturnFact[] = [
  'manner',
  'served_at',
  'address',
  'person_served_name',
  'person_served_capacity',
  'nature_explained',
];
const NOT_SERVED_FACTS: readonly ReturnFact[] = ['non_service_reason', 'diligent_search'];
/** A moment of clock difference allowed between the phone and the server. */
const FUTURE_SKEW_MS = 10 * 60 * 1000;

const returnText = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} is too long (at most ${max} characters)`)
    .nullish();

type RawReturn = Record<string, unknown>;

/** The facts missing from a return (empty when complete); the order is the order of the form. */
export function missingReturnFacts(v: RawReturn): ReturnFact[] {
  const outcome = v.outcome;
  const missing: ReturnFact[] = [];
  const blank = (k: string) => absent(v[k]) || (typeof v[k] === 'string' && (v[k] as string).trim() === '');
  const facts = outcome === 'served' ? SERVED_FACTS : outcome === 'not_served' ? NOT_SERVED_FACTS : [];
  for (const f of facts) {
    if (f === 'nature_explained') {
      const noRecipient = MANNERS_WITHOUT_RECIPIENT.includes(v.manner as ServiceManner);
      if (v.nature_explained !== true && !noRecipient) missing.push(f);
    } else if (blank(f)) missing.push(f);
  }
  if (outcome === 'served' || outcome === 'not_served')
    if (!Array.isArray(v.fees) || v.fees.length === 0) missing.push('fees');
  return missing;
}

/** The message of a 422 for missing facts: "The return is missing: manner of service, fees (at least one)." */
export const missingFactsMessage = (facts: readonly ReturnFact[]) =>
  `The return is missing: ${facts.map((f) => RETURN_FACT_LABELS[f]).join(', ')}.`;

/**
 * POST /documents/{id}/returns. `served`: manner, served_at, address, person_served_name, person_served_capacity,
 * nature_explained (true; a copy affixed to the door was explained to no one, so it may be false there).
 * `not_served`: non_service_reason, diligent_search (what was done to find the person). Both: fees (≥ 1) and
 * vat_registered (default true). Each missing fact is a 422 issue on its field, after one issue on the whole body
 * that lists them all.
 */
export const ReturnInputSchema = z
  .object({
    outcome: z.enum(RETURN_OUTCOMES, { error: 'Outcome must be served or not_served' }),
    manner: ServiceMannerSchema.nullish(),
    served_at: z.iso
      .datetime({ offset: true, error: 'Date and time of service must be an ISO date-time with its offset' })
      .nullish(),
    address: returnText(1000, 'Address'),
    person_served_name: returnText(200, 'Name of the person served'),
    person_served_capacity: returnText(200, 'Capacity of the person served'),
    nature_explained: z.boolean({ error: 'Nature explained must be true or false' }).nullish(),
    non_service_reason: returnText(2000, 'Reason for non-service'),
    diligent_search: returnText(5000, 'Diligent search'),
    fees: z
      .array(ReturnFeeSchema, { error: 'Fees must be a list' })
      .max(MAX_RETURN_FEES, `At most ${MAX_RETURN_FEES} fees`)
      .optional(),
    vat_registered: z.boolean({ error: 'VAT registered must be true or false' }).default(true),
    /** The attorney's written instruction to serve at an address other than the one on the process. */
    other_address_instruction: returnText(2000, 'Instruction to serve at another address'),
    /** The person the attempt or return is for (service targets); optional while the document has one. */
    target_id: z.coerce.number({ error: 'Target must be a number' }).int().positive().nullish(),
  })
  .superRefine(
    (v, ctx) => {
      if (typeof v !== 'object' || v === null) return;
      const raw = v as unknown as RawReturn;
      const missing = missingReturnFacts(raw);
      if (missing.length > 0) {
        ctx.addIssue({ code: 'custom', path: [], message: missingFactsMessage(missing) });
        for (const f of missing) {
          const label = RETURN_FACT_LABELS[f];
          ctx.addIssue({
            code: 'custom',
            path: [f],
            message:
              f === 'nature_explained'
                ? 'Confirm that the nature and exigency of the process were explained to the person served'
                : f === 'fees'
                  ? 'At least one fee is required'
                  : `The ${label} is required`,
          });
        }
      }
      if (raw.outcome === 'served' && typeof raw.served_at === 'string') {
        const at = Date.parse(raw.served_at);
        if (Number.isFinite(at) && at > Date.now() + FUTURE_SKEW_MS)
          ctx.addIssue({
            code: 'custom',
            path: ['served_at'],
            message: 'The date and time of service cannot be in the future',
          });
      }
    },
    { when: () => true },
  );
export type ReturnInput = z.output<typeof ReturnInputSchema>;

export const ReturnSheriffSchema = z.object({
  id: z.number().int(),
  full_name: z.string(),
  office_name: z.string().nullable(),
  appointment_number: z.string().nullable(),
  service_areas: z.array(z.string()),
});

export const ServiceReturnSchema = z.object({
  id: z.number().int(),
  document_id: z.number().int(),
  kind: z.enum(RETURN_KINDS),
  outcome: z.enum(RETURN_OUTCOMES),
  manner: ServiceMannerSchema.nullable(),
  manner_label: z.string().nullable(),
  /** The rule the manner rests on for this document's court (mannerRule). */
  rule: z.string().nullable(),
  served_at: z.string().nullable(),
  address: z.string().nullable(),
  person_served_name: z.string().nullable(),
  person_served_capacity: z.string().nullable(),
  nature_explained: z.boolean().nullable(),
  non_service_reason: z.string().nullable(),
  diligent_search: z.string().nullable(),
  fees: z.array(ReturnFeeSchema),
  vat_registered: z.boolean(),
  subtotal_cents: z.number().int(),
  vat_cents: z.number().int(),
  total_cents: z.number().int(),
  sheriff: ReturnSheriffSchema,
  issued_at: z.string(),
  /** The attempts made up to the return, oldest first. */
  attempts: z.array(ServiceAttemptSchema),
  /** The document's proof-of-service security ID, and the proof version this return was drawn as. */
  security_id: z.string().nullable(),
  proof_version: z.number().int().nullable(),
  /** The person the return is for, and their name. */
  target_id: z.number().int().nullable(),
  party_name: z.string().nullable(),
  /** False: the address matched no known sheriff's area ("area not confirmed"). */
  area_confirmed: z.boolean(),
  other_address_instruction: z.string().nullable(),
});
export type ServiceReturn = z.infer<typeof ServiceReturnSchema>;
/** GET /documents/{id}/returns: newest first. */
export const ServiceReturnListSchema = z.object({ returns: z.array(ServiceReturnSchema) });

export const RETURN_ISSUED_MESSAGES: Record<ReturnOutcome, string> = {
  served: 'Return of service issued',
  not_served: 'Return of non-service issued',
};

// ---------------------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------------------

export const ReturnErrors = defineErrors({
  /** A return by anyone but the document's assigned sheriff. */
  RETURN_NOT_ASSIGNED_SHERIFF: {
    status: 403,
    message: 'Only the sheriff assigned to this document can issue its return.',
  },
  /** A return while the document is not with the sheriff for service (not submitted, or closed). */
  RETURN_NOT_AWAITING_SERVICE: {
    status: 409,
    message:
      'A return can be issued only while the document is with the sheriff for service (submitted and assigned).',
  },
  /** A return after a return of service was issued. */
  RETURN_ALREADY_SERVED: {
    status: 409,
    message: 'This document has already been served: its return of service was issued.',
  },
  /** An attempt id that is not an attempt of this document. */
  ATTEMPT_NOT_FOUND: { status: 404, message: 'Service attempt not found.' },
  /** Photos on an attempt another sheriff recorded. */
  PHOTO_NOT_OWN_ATTEMPT: { status: 403, message: 'Photos can be added only to attempts you recorded.' },
  /** A photo id that is not a photo of this attempt, or its stored bytes are missing. */
  PHOTO_NOT_FOUND: { status: 404, message: 'Photo not found.' },
  /** More than 10 photos in one request. */
  PHOTO_TOO_MANY: { status: 413, message: 'Too many photos: at most 10 can be sent at once.' },
  /** Photos past 10 on one attempt in all. `{count}` (the photos it has) is replaced. */
  PHOTO_LIMIT_REACHED: {
    status: 413,
    message: 'Too many photos: an attempt can have at most 10 photos, and this one has {count} already.',
  },
  /** One photo over 15 MB. `{name}` is replaced. */
  PHOTO_TOO_LARGE: { status: 413, message: '{name} is too large (at most 15 MB per photo).' },
  /** Content that is not a JPEG, PNG, WebP or HEIC image, whatever its name. `{name}` is replaced. */
  PHOTO_INVALID_TYPE: {
    status: 422,
    message: '{name} is not a photo: only JPEG, PNG, WebP and HEIC images are accepted.',
  },
  /** An empty photo. `{name}` is replaced. */
  PHOTO_EMPTY: { status: 422, message: '{name} is empty.' },
  /** A photo upload without a photo. */
  PHOTO_NONE: { status: 422, message: 'Please choose at least one photo to upload.' },
});
