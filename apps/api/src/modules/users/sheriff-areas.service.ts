import { parse } from 'csv-parse/sync';
import {
  SHERIFF_AREA_CSV_COLUMNS,
  SheriffAreaErrors,
  SheriffAreaInputSchema,
  type SheriffArea,
  type SheriffAreaImportResult,
  type SheriffAreaInput,
  type SheriffAreaLookup,
} from '@lexserve/contracts/sheriff-areas';
import { CommonErrors } from '@lexserve/contracts/errors';
import type { DbOrTx } from '../../db/client';
import { assertCan } from '../../lib/access';
import { AppError, FieldError } from '../../lib/app-error';
import { inTransaction, type Ctx } from '../../lib/context';
import * as areas from './sheriff-areas.repository';
import { matchArea } from './sheriff-areas.match';
import * as sheriffs from './sheriffs.repository';
import { toSheriffDto } from './sheriffs.service';

/**
 * Sheriffs' areas (issue 31): the system administrator keeps the index of areas (districts, suburbs, postal codes);
 * firms and sheriffs look up the area and its sheriff for an address. Sheriffs Act 90 of 1986, s 3 (as quoted by the
 * SA Board for Sheriffs): a sheriff acts within the area for which appointed.
 */

const assertManager = (ctx: Ctx) => assertCan(ctx.actor, 'sheriffs:manage', CommonErrors.ADMIN_REQUIRED);

const valuesOf = (input: SheriffAreaInput) => ({
  name: input.name,
  magisterialDistricts: input.magisterial_districts,
  suburbs: input.suburbs,
  postalCodes: input.postal_codes,
});

const areaFields = (a: areas.SheriffAreaRow) => ({
  id: a.id,
  name: a.name,
  magisterial_districts: a.magisterialDistricts,
  suburbs: a.suburbs,
  postal_codes: a.postalCodes,
  created_at: a.createdAt.toISOString(),
  updated_at: a.updatedAt.toISOString(),
});

/** Areas with the sheriffs (not deputies) appointed for them, by name; `activeOnly` for a firm's lookup. */
async function withSheriffs(
  db: DbOrTx,
  rows: areas.SheriffAreaRow[],
  activeOnly = false,
): Promise<SheriffArea[]> {
  const { rows: appointed } = await sheriffs.listSheriffs(db, {
    areaIds: rows.map((a) => a.id),
    kind: 'sheriff',
    ...(activeOnly ? { isActive: true } : {}),
  });
  return rows.map((a) => ({
    ...areaFields(a),
    sheriffs: appointed
      .filter((r) => r.profile?.areaId === a.id)
      .map((r) => toSheriffDto(r.user, r.profile, r.area)),
  }));
}

async function areaOr404(db: DbOrTx, id: number) {
  const area = await areas.findArea(db, id);
  if (!area) throw new AppError(SheriffAreaErrors.AREA_NOT_FOUND);
  return area;
}

/** POST /admin/sheriff-areas: a new area (its name unique whatever the case: 409). */
export async function createArea(ctx: Ctx, input: SheriffAreaInput): Promise<SheriffArea> {
  assertManager(ctx);
  if (await areas.findAreaByName(ctx.db, input.name)) throw new AppError(SheriffAreaErrors.AREA_NAME_TAKEN);
  const row = await inTransaction(ctx, (tx) => areas.insertArea(tx, valuesOf(input)));
  return (await withSheriffs(ctx.db, [row]))[0]!;
}

/** PUT /admin/sheriff-areas/{id}: the whole area replaced. */
export async function updateArea(ctx: Ctx, id: number, input: SheriffAreaInput): Promise<SheriffArea> {
  assertManager(ctx);
  await areaOr404(ctx.db, id);
  if (await areas.findAreaByName(ctx.db, input.name, id))
    throw new AppError(SheriffAreaErrors.AREA_NAME_TAKEN);
  const row = (await inTransaction(ctx, (tx) => areas.updateArea(tx, id, valuesOf(input))))!;
  return (await withSheriffs(ctx.db, [row]))[0]!;
}

export async function getArea(ctx: Ctx, id: number): Promise<SheriffArea> {
  assertManager(ctx);
  return (await withSheriffs(ctx.db, [await areaOr404(ctx.db, id)]))[0]!;
}

export async function listAreas(ctx: Ctx): Promise<{ areas: SheriffArea[] }> {
  assertManager(ctx);
  return { areas: await withSheriffs(ctx.db, await areas.listAreas(ctx.db)) };
}

/** Values of one CSV cell: `;` between them, blanks dropped. */
const cellValues = (cell: string | undefined) =>
  (cell ?? '')
    .split(';')
    .map((v) => v.trim())
    .filter(Boolean);

/** The first problem of a row as one sentence ("postal_codes: Postal codes have 4 digits (e.g. 0002)"). */
function rowProblem(issues: { path: PropertyKey[]; message: string }[]): string {
  const first = issues[0]!;
  const field = first.path.find((p) => typeof p === 'string');
  return field ? `${field}: ${first.message}` : first.message;
}

/**
 * POST /admin/sheriff-areas/import: a CSV with the header `name,magisterial_districts,suburbs,postal_codes` (`;`
 * between values in a cell). Each valid line creates the area of that name or replaces the one of that name (case
 * ignored); each invalid line is reported with its line number and applied nowhere; the valid lines are applied
 * together in one transaction. A file that cannot be read as CSV, or whose header is not the one above, is 422 and
 * changes nothing.
 */
export async function importAreas(ctx: Ctx, csv: string): Promise<SheriffAreaImportResult> {
  assertManager(ctx);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(csv, {
      bom: true,
      info: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
    }) as unknown as typeof records;
  } catch (err) {
    const line = (err as { lines?: number }).lines;
    throw new FieldError(
      ['body'],
      `The file could not be read as CSV${line ? ` (line ${line})` : ''}: ${(err as Error).message}`,
    );
  }
  const [header, ...lines] = records;
  const expected = SHERIFF_AREA_CSV_COLUMNS.join(',');
  if (!header || header.record.map((h) => h.toLowerCase()).join(',') !== expected)
    throw new FieldError(['body'], `The first line must be the header: ${expected}`);

  const errors: SheriffAreaImportResult['errors'] = [];
  const valid: { line: number; input: SheriffAreaInput }[] = [];
  const seen = new Map<string, number>();
  for (const { record, info } of lines) {
    const line = info.lines;
    if (record.length > SHERIFF_AREA_CSV_COLUMNS.length) {
      errors.push({
        line,
        detail: `Too many columns (${record.length}); expected ${SHERIFF_AREA_CSV_COLUMNS.length}`,
      });
      continue;
    }
    const parsed = SheriffAreaInputSchema.safeParse({
      name: record[0] ?? '',
      magisterial_districts: cellValues(record[1]),
      suburbs: cellValues(record[2]),
      postal_codes: cellValues(record[3]),
    });
    if (!parsed.success) {
      errors.push({ line, detail: rowProblem(parsed.error.issues) });
      continue;
    }
    const key = parsed.data.name.toLowerCase();
    const earlier = seen.get(key);
    if (earlier) {
      errors.push({ line, detail: `name: "${parsed.data.name}" is already on line ${earlier}` });
      continue;
    }
    seen.set(key, line);
    valid.push({ line, input: parsed.data });
  }
  let created = 0;
  let updated = 0;
  await inTransaction(ctx, async (tx) => {
    for (const { input } of valid) {
      const existing = await areas.findAreaByName(tx, input.name);
      if (existing) {
        await areas.updateArea(tx, existing.id, valuesOf(input));
        updated++;
      } else {
        await areas.insertArea(tx, valuesOf(input));
        created++;
      }
    }
  });
  return { created, updated, errors };
}

/**
 * GET /sheriff-areas?address=: the area an address lies in (by its postal code, a suburb or a magisterial district
 * named in it) and the area's active sheriffs, the first by name as `sheriff`. Nothing matched: all null, and the
 * firm chooses (the area is then "not confirmed").
 */
export async function lookupArea(ctx: Ctx, address: string): Promise<SheriffAreaLookup> {
  const match = matchArea(address, await areas.listAreas(ctx.db));
  if (!match) return { area: null, sheriff: null, sheriffs: [], matched_by: null };
  const [area] = await withSheriffs(ctx.db, [match.area], true);
  const { sheriffs: appointed, ...fields } = area!;
  return {
    area: fields,
    sheriff: appointed[0] ?? null,
    sheriffs: appointed,
    matched_by: { kind: match.kind, value: match.value },
  };
}

/** Whether an address lies in the area of a sheriff's office (service per person; docs/service-rules.md). */
export type SheriffAreaCheck = {
  /** False only when the address lies in another known area than the office's. */
  covered: boolean;
  /** True when the address lies in the office's own area; false when no area is known for it (or the office has none). */
  confirmed: boolean;
  /** The area the address lies in, and its first active sheriff by name, when not covered. */
  areaName: string | null;
  areaSheriffName: string | null;
};

/**
 * The area rule of the Sheriffs Act s 3 (a sheriff serves within the area for which appointed): the sheriff's office
 * (a deputy acts in their sheriff's area, s 6) against the area the address names.
 */
export async function checkSheriffArea(
  db: DbOrTx,
  sheriffId: number,
  address: string | null,
): Promise<SheriffAreaCheck> {
  const unknown = { covered: true, confirmed: false, areaName: null, areaSheriffName: null };
  const profile = await sheriffs.findProfile(db, sheriffId);
  const office =
    profile?.officeSheriffId && profile.officeSheriffId !== sheriffId
      ? await sheriffs.findProfile(db, profile.officeSheriffId)
      : profile;
  const match = address ? matchArea(address, await areas.listAreas(db)) : null;
  if (!match || !office?.areaId) return unknown;
  if (match.area.id === office.areaId)
    return { covered: true, confirmed: true, areaName: match.area.name, areaSheriffName: null };
  const [area] = await withSheriffs(db, [match.area], true);
  return {
    covered: false,
    confirmed: false,
    areaName: match.area.name,
    areaSheriffName: area?.sheriffs[0]?.full_name ?? null,
  };
}

/** "9 Church Street, Pretoria, 0002 lies in the area of the Sheriff Pretoria Central (Jane Sheriff)". */
export const outOfAreaMessage = (address: string, check: SheriffAreaCheck) =>
  `${address} lies in the area of the Sheriff ${check.areaName}${check.areaSheriffName ? ` (${check.areaSheriffName})` : ''}, not of this sheriff: a sheriff serves only within the area of appointment (Sheriffs Act 90 of 1986, s 3).`;
