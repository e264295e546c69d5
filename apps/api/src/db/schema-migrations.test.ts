import { is, SQL } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import { getTableConfig, PgDialect, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from './client';
import { migrate } from './migrate';
import * as schema from './schema';

/**
 * The tables the migrations make (apps/api/drizzle/*.sql, written by hand) against what db/schema tells Drizzle: each
 * column's type, nullability, default and whether it is generated, each table's primary key and unique columns. A
 * migration and the schema that disagree fail here rather than in a query.
 */
const dialect = new PgDialect({ casing: 'snake_case' });
const nameOf = (column: PgColumn) => (column.keyAsName ? toSnakeCase(column.name) : column.name);

/** A default or type as text without casts, spaces, quotes' case or redundant parentheses, for comparing. */
const normalized = (expr: string) =>
  expr
    .replace(/::[a-z ]+(\(\d+(,\d+)?\))?(\[\])?/gi, '')
    .replace(/[\s()]/g, '')
    .toLowerCase();

const SERIAL_TYPES: Record<string, string> = {
  serial: 'integer',
  bigserial: 'bigint',
  smallserial: 'smallint',
};
const typeOf = (sqlType: string) =>
  SERIAL_TYPES[sqlType] ?? sqlType.replace(/^timestamp(\(\d\))?$/, 'timestamp$1 without time zone');

function expectedDefault(table: string, column: PgColumn): string | null {
  if (column.getSQLType() in SERIAL_TYPES) return normalized(`nextval('${table}_${nameOf(column)}_seq')`);
  const value: unknown = column.default;
  if (value === undefined) return null;
  if (is(value, SQL)) return normalized(dialect.sqlToQuery(value).sql);
  if (typeof value === 'string') return normalized(`'${value.replace(/'/g, "''")}'`);
  // An array column's PostgreSQL literal: '{a,b}' (a jsonb array is JSON, below).
  if (Array.isArray(value) && column.getSQLType().endsWith('[]')) return normalized(`'{${value.join(',')}}'`);
  if (typeof value === 'object') return normalized(`'${JSON.stringify(value)}'`);
  return normalized(String(value));
}

type Shape = Record<
  string,
  {
    columns: Record<string, { type: string; notNull: boolean; default: string | null; generated: boolean }>;
    primaryKey: string[];
    uniqueColumns: string[];
  }
>;

function schemaShape(): Shape {
  const shape: Shape = {};
  for (const table of Object.values(schema)) {
    if (!is(table, PgTable)) continue;
    const config = getTableConfig(table);
    const composite = config.primaryKeys.flatMap((pk) => pk.columns.map(nameOf));
    const columns: Shape[string]['columns'] = {};
    for (const column of config.columns) {
      const name = nameOf(column);
      columns[name] = {
        type: typeOf(column.getSQLType()),
        notNull: column.notNull || column.primary || composite.includes(name),
        default: column.generated ? null : expectedDefault(config.name, column),
        generated: Boolean(column.generated),
      };
    }
    shape[config.name] = {
      columns,
      primaryKey: [...config.columns.filter((c) => c.primary).map(nameOf), ...composite].sort(),
      uniqueColumns: [
        ...config.columns.filter((c) => c.isUnique).map(nameOf),
        ...config.uniqueConstraints.filter((u) => u.columns.length === 1).map((u) => nameOf(u.columns[0]!)),
      ].sort(),
    };
  }
  return shape;
}

async function databaseShape(database: Database): Promise<Shape> {
  const columns = await database.raw.query<{
    table_name: string;
    column_name: string;
    type: string;
    is_nullable: 'YES' | 'NO';
    column_default: string | null;
    is_generated: 'ALWAYS' | 'NEVER';
  }>(
    `SELECT c.table_name, c.column_name, c.is_nullable, c.column_default, c.is_generated,
            format_type(a.atttypid, a.atttypmod) AS type
       FROM information_schema.columns c
       JOIN pg_attribute a ON a.attrelid = format('public.%I', c.table_name)::regclass AND a.attname = c.column_name
      WHERE c.table_schema = 'public' AND c.table_name <> '_migrations'
      ORDER BY c.table_name, c.ordinal_position`,
  );
  // Every index of a plain column list (no expression, no predicate): primary keys and unique ones.
  const indexes = await database.raw.query<{ table_name: string; primary: boolean; columns: string[] }>(
    `SELECT t.relname AS table_name, i.indisprimary AS primary,
            array_agg(a.attname ORDER BY a.attname) AS columns
       FROM pg_index i
       JOIN pg_class t ON t.oid = i.indrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
       JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = ANY (i.indkey)
      WHERE n.nspname = 'public' AND t.relname <> '_migrations' AND i.indisunique
        AND i.indpred IS NULL AND i.indexprs IS NULL
      GROUP BY i.indexrelid, t.relname, i.indisprimary`,
  );
  const shape: Shape = {};
  for (const c of columns) {
    const table = (shape[c.table_name] ??= { columns: {}, primaryKey: [], uniqueColumns: [] });
    table.columns[c.column_name] = {
      type: c.type,
      notNull: c.is_nullable === 'NO',
      default: c.column_default === null ? null : normalized(c.column_default),
      generated: c.is_generated === 'ALWAYS',
    };
  }
  for (const index of indexes) {
    const table = shape[index.table_name]!;
    if (index.primary) table.primaryKey = [...index.columns].sort();
    else if (index.columns.length === 1) table.uniqueColumns.push(index.columns[0]!);
  }
  for (const table of Object.values(shape)) table.uniqueColumns.sort();
  return shape;
}

/** Each disagreement as one line: `table.column: what the schema says ≠ what the migrated database has`. */
function differences(inSchema: Shape, inDatabase: Shape): string[] {
  const found: string[] = [];
  const show = (v: unknown) => JSON.stringify(v);
  for (const table of new Set([...Object.keys(inSchema), ...Object.keys(inDatabase)])) {
    const s = inSchema[table];
    const d = inDatabase[table];
    if (!s || !d) {
      found.push(`${table}: ${s ? 'in the schema only' : 'in the database only'}`);
      continue;
    }
    for (const column of new Set([...Object.keys(s.columns), ...Object.keys(d.columns)])) {
      const sc = s.columns[column];
      const dc = d.columns[column];
      if (!sc || !dc) {
        found.push(`${table}.${column}: ${sc ? 'in the schema only' : 'in the database only'}`);
        continue;
      }
      for (const key of ['type', 'notNull', 'default', 'generated'] as const) {
        if (sc[key] !== dc[key])
          found.push(`${table}.${column} ${key}: schema ${show(sc[key])} ≠ database ${show(dc[key])}`);
      }
    }
    if (show(s.primaryKey) !== show(d.primaryKey))
      found.push(`${table} primary key: schema ${show(s.primaryKey)} ≠ database ${show(d.primaryKey)}`);
    if (show(s.uniqueColumns) !== show(d.uniqueColumns))
      found.push(
        `${table} unique columns: schema ${show(s.uniqueColumns)} ≠ database ${show(d.uniqueColumns)}`,
      );
  }
  return found;
}

let database: Database;
beforeAll(async () => {
  database = await createDatabase({ memory: true });
  await migrate(database.raw);
});
afterAll(async () => {
  await database?.raw.close();
});

describe('db/schema and the migrated database', () => {
  it('have the same tables, columns, types, nullability, defaults, primary keys and unique columns', async () => {
    expect(differences(schemaShape(), await databaseShape(database))).toEqual([]);
  });
});
