import { getTableColumns, sql, type Column, type SQL, type Table } from 'drizzle-orm';

type Columns = Record<string, Column>;

/**
 * Columns as one JSON object keyed by their property names (`jsonb_build_object('firmId', "firm_id", …)`), for
 * statements that bring rows of several tables back at once; `fromJsonObject` turns it back into the row a `select()`
 * of those columns would have given (timestamps as dates, through each column's own mapping).
 */
export function jsonObject(columns: Columns): SQL {
  const pairs = Object.entries(columns).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`);
  return sql`jsonb_build_object(${sql.join(pairs, sql`, `)})`;
}

export function fromJsonObject<R>(columns: Columns, json: Record<string, unknown>): R {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(columns)) {
    const value = json[key];
    row[key] = value == null ? null : column.mapFromDriverValue(value);
  }
  return row as R;
}

/** A table's whole row as a JSON object, and back. */
export const jsonRow = (table: Table): SQL => jsonObject(getTableColumns(table));
export const fromJsonRow = <T extends Table>(table: T, json: Record<string, unknown>): T['$inferSelect'] =>
  fromJsonObject<T['$inferSelect']>(getTableColumns(table), json);

/** A JSON array ('[]' for none) of `object` over the rows of `from`. */
export const jsonArray = (object: SQL, from: SQL): SQL =>
  sql`(SELECT coalesce(jsonb_agg(${object}), '[]'::jsonb) FROM ${from})`;
