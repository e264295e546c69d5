import { z } from 'zod';
import {
  COURT_NAME_INVALID,
  DISTRICT_PATTERN,
  districtSpelling,
  normalizeCourtName,
  squash,
} from './court-names';

// The courts, their names and rules in words live in court-names.ts (no zod); the schemas that check them are here.
export {
  COURT_NAME_INVALID,
  COURT_NAME_REQUIRED,
  COURT_ONLINE_HIGH_COURT_ONLY,
  COURT_OPTIONS,
  HIGH_COURTS,
  MAGISTERIAL_DISTRICTS,
  MAGISTERIAL_DISTRICTS_BY_PROVINCE,
  MAGISTRATES_COURT_PREFIX,
  isHighCourt,
  isMagistratesCourt,
  magistratesCourtName,
  normalizeCourtName,
  type HighCourt,
} from './court-names';

/** A court name in a request: trimmed and made canonical; anything else is refused with the rule in words. */
export const CourtNameSchema = z
  .string({ error: COURT_NAME_INVALID })
  .max(200, COURT_NAME_INVALID)
  .transform((v, ctx) => {
    const name = normalizeCourtName(v);
    if (!name) {
      ctx.addIssue({ code: 'custom', message: COURT_NAME_INVALID });
      return z.NEVER;
    }
    return name;
  });

// ---------------------------------------------------------------------------------------------------------
// Sheriffs' service areas
// ---------------------------------------------------------------------------------------------------------

export const SERVICE_AREA_MAX = 80;

/** One service area: a magisterial district, trimmed, in the listed spelling when it is a listed district. */
export const ServiceAreaSchema = z
  .string({ error: 'Each service area must be the name of a magisterial district' })
  .transform(squash)
  .refine(
    (v) => DISTRICT_PATTERN.test(v),
    'Each service area must be the name of a magisterial district (letters, spaces and hyphens)',
  )
  .transform(districtSpelling);

/** At least one area; the same area (ignoring case) once; at most 100. */
export const ServiceAreasSchema = z
  .array(ServiceAreaSchema, { error: 'Service areas are required: at least one magisterial district' })
  .min(1, 'Service areas are required: at least one magisterial district')
  .max(100, 'At most 100 service areas')
  .transform((areas) => [...new Map(areas.map((a) => [a.toLowerCase(), a])).values()]);
