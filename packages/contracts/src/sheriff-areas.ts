import { z } from 'zod';
import { defineErrors } from './errors';
import { SheriffSchema } from './users';

/**
 * Sheriffs' areas (issue 31): an area of appointment as LexServe indexes it — magisterial districts, suburbs and
 * postal codes. The Gazette describes areas by roads; this index is LexServe's approximation of it, kept by the
 * system administrator (docs/service-rules.md, "Sheriffs by area").
 */

const squash = (v: string) => v.normalize('NFC').replace(/\s+/g, ' ').trim();

/** The same value (case ignored) once, in the first spelling given. */
const unique = (values: string[]) => {
  const first = new Map<string, string>();
  for (const v of values) if (!first.has(v.toLowerCase())) first.set(v.toLowerCase(), v);
  return [...first.values()];
};

const names = (label: string) =>
  z
    .array(
      z
        .string({ error: `Each ${label} must be text` })
        .transform(squash)
        .pipe(
          z
            .string()
            .min(1, `Each ${label} must be non-empty`)
            .max(100, `Each ${label} is at most 100 characters`),
        ),
      { error: `${label[0]!.toUpperCase()}${label.slice(1)}s must be a list` },
    )
    .max(2000, `At most 2000 ${label}s`)
    .default([])
    .transform(unique);

const POSTAL_CODE_MESSAGE = 'Postal codes have 4 digits (e.g. 0002)';
const AREA_EMPTY_MESSAGE = 'An area needs at least one magisterial district, suburb or postal code';

const AreaFields = z.object({
  name: z
    .string({ error: 'Area name is required' })
    .transform(squash)
    .pipe(
      z.string().min(1, 'Area name is required').max(120, 'Area name is too long (at most 120 characters)'),
    ),
  magisterial_districts: names('magisterial district'),
  suburbs: names('suburb'),
  postal_codes: z
    .array(
      z
        .string({ error: POSTAL_CODE_MESSAGE })
        .trim()
        .regex(/^\d{4}$/, POSTAL_CODE_MESSAGE),
      { error: 'Postal codes must be a list' },
    )
    .max(5000, 'At most 5000 postal codes')
    .default([])
    .transform(unique),
});

/** POST /admin/sheriff-areas and PUT /admin/sheriff-areas/{id} (the whole area each time). */
export const SheriffAreaInputSchema = AreaFields.superRefine((v, ctx) => {
  if (!v.magisterial_districts?.length && !v.suburbs?.length && !v.postal_codes?.length)
    ctx.addIssue({ code: 'custom', path: ['magisterial_districts'], message: AREA_EMPTY_MESSAGE });
});
export type SheriffAreaInput = z.infer<typeof SheriffAreaInputSchema>;

/** An area with the sheriffs appointed for it (deputies are listed under their sheriff, not here). */
export const SheriffAreaSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  magisterial_districts: z.array(z.string()),
  suburbs: z.array(z.string()),
  postal_codes: z.array(z.string()),
  sheriffs: z.array(SheriffSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SheriffArea = z.infer<typeof SheriffAreaSchema>;
export const SheriffAreaListSchema = z.object({ areas: z.array(SheriffAreaSchema) });

/** POST /admin/sheriff-areas/import: rows created and updated (by name), and each refused line with why. */
export const SheriffAreaImportResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  errors: z.array(z.object({ line: z.number().int(), detail: z.string() })),
});
export type SheriffAreaImportResult = z.infer<typeof SheriffAreaImportResultSchema>;

/** The CSV's header, in this order (values inside a column separated by `;`). */
export const SHERIFF_AREA_CSV_COLUMNS = ['name', 'magisterial_districts', 'suburbs', 'postal_codes'] as const;

/** GET /sheriff-areas?address=… */
export const SheriffAreaLookupQuerySchema = z.object({
  address: z
    .string({ error: 'address is required' })
    .trim()
    .min(1, 'address is required')
    .max(1000, 'address is too long'),
});

/** What matched the address: its postal code, a suburb or a magisterial district named in it. */
export const AREA_MATCH_KINDS = ['postal_code', 'suburb', 'magisterial_district'] as const;

export const SheriffAreaLookupSchema = z.object({
  area: SheriffAreaSchema.omit({ sheriffs: true }).nullable(),
  /** The area's active sheriff (the first by name when there are several). */
  sheriff: SheriffSchema.nullable(),
  /** Every active sheriff of the area (an area may have more than one: Sheriffs Amendment Act 74 of 1998). */
  sheriffs: z.array(SheriffSchema),
  matched_by: z.object({ kind: z.enum(AREA_MATCH_KINDS), value: z.string() }).nullable(),
});
export type SheriffAreaLookup = z.infer<typeof SheriffAreaLookupSchema>;

export const SheriffAreaErrors = defineErrors({
  AREA_NOT_FOUND: { status: 404, message: 'Sheriff area not found.' },
  AREA_NAME_TAKEN: { status: 409, message: 'A sheriff area with this name already exists.' },
});
