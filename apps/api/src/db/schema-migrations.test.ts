import { is, SQL } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import {
  getTableConfig,
  IndexedColumn,
  PgDialect,
  PgTable,
  type Index,
  type PgColumn,
} from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from './client';
import { migrate } from './migrate';
import * as schema from './schema';

/**
 * The tables the migrations make (apps/api/drizzle/*.sql, written by hand) against what db/schema tells Drizzle: each
 * column's type, nullability, default and whether it is generated, each table's primary key and unique columns, and
 * every other index (its name, uniqueness, method, keys in order, predicate). A migration and the schema that disagree
 * fail here rather than in a query or a plan.
 */
const dialect = new PgDialect({ casing: 'snake_case' });
/** A column's name in the database (an index's key column has one too; it is undefined only for an unnamed column). */
const nameOf = (column: { name?: string; keyAsName: boolean }) =>
  column.keyAsName ? toSnakeCase(column.name!) : column.name!;

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
        // A unique index of one plain column and no predicate, as the database side counts them.
        ...config.indexes
          .map((i) => i.config)
          .filter((i) => i.unique && !i.where && i.columns.length === 1 && is(i.columns[0], IndexedColumn))
          .map((i) => nameOf(i.columns[0] as IndexedColumn)),
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
  // Every index of a plain column list (no expression, no predicate): primary keys and unique ones. (`text[]`, which
  // node-postgres parses into an array; it leaves a `name[]` as its text.)
  const indexes = await database.raw.query<{ table_name: string; primary: boolean; columns: string[] }>(
    `SELECT t.relname AS table_name, i.indisprimary AS primary,
            array_agg(a.attname::text ORDER BY a.attname) AS columns
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

/**
 * What Drizzle 0.45's index builder cannot declare, written here instead: the INCLUDE columns of My Cases' covering
 * indexes (0021), which let a list be read from the index alone.
 */
const INCLUDED: Record<string, string[]> = {
  documents_firm_list_idx: ['branch_id', 'created_by_id', 'status', 'search_text'],
  documents_branch_list_idx: ['firm_id', 'created_by_id', 'status', 'search_text'],
  documents_sheriff_list_idx: ['status', 'search_text'],
  documents_list_idx: ['status', 'search_text'],
  documents_firm_urgent_idx: ['branch_id', 'created_by_id', 'status', 'search_text'],
  documents_branch_urgent_idx: ['firm_id', 'created_by_id', 'status', 'search_text'],
  documents_sheriff_urgent_idx: ['status', 'search_text'],
  documents_urgent_idx: ['status', 'search_text'],
};

/** A trigram index (gin_trgm_ops) is made only where the server has pg_trgm (0017, 0019, 0020); PGlite has none. */
const needsTrigrams = (index: Index) =>
  index.config.columns.some((c) => is(c, IndexedColumn) && c.indexConfig.opClass === 'gin_trgm_ops');

const q = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;
const sqlText = (expr: SQL) => {
  const { sql, params } = dialect.sqlToQuery(expr);
  if (params.length) throw new Error(`an index expression with parameters: ${sql}`);
  return sql;
};

/**
 * The `CREATE INDEX` of a Drizzle index, written as drizzle-kit writes it (a key's NULLS as Drizzle holds it, whose
 * default is LAST whatever the order, so a DESC key of the migrations' default order is declared `.desc().nullsFirst()`;
 * none with an operator class) plus the INCLUDE above, on the same table in `schemaName`.
 */
function createIndexSql(schemaName: string, table: string, index: Index): string {
  const { name, unique, method, columns, where } = index.config;
  const keys = columns.map((c) => {
    if (is(c, SQL)) return `(${sqlText(c)})`;
    const column = c as IndexedColumn;
    const { opClass, order, nulls } = column.indexConfig;
    const showNulls = !opClass && !(order !== 'desc' && nulls === 'last');
    return [
      q(nameOf(column)),
      opClass,
      order === 'desc' && 'DESC',
      showNulls && `NULLS ${nulls!.toUpperCase()}`,
    ]
      .filter(Boolean)
      .join(' ');
  });
  const include = INCLUDED[name!];
  return (
    `CREATE ${unique ? 'UNIQUE ' : ''}INDEX ${q(name!)} ON ${q(schemaName)}.${q(table)} USING ${method ?? 'btree'} ` +
    `(${keys.join(', ')})${include ? ` INCLUDE (${include.map(q).join(', ')})` : ''}` +
    (where ? ` WHERE ${sqlText(where)}` : '')
  );
}

/** Table → index name → definition as PostgreSQL prints it (pg_get_indexdef), without the table's schema. */
type Indexes = Record<string, Record<string, string>>;

async function indexesIn(database: Database, schemaName: string): Promise<Indexes> {
  // Not the indexes of constraints (primary keys, UNIQUE): the test above compares those.
  const rows = await database.raw.query<{ table_name: string; name: string; definition: string }>(
    `SELECT t.relname AS table_name, c.relname AS name, pg_get_indexdef(i.indexrelid) AS definition
       FROM pg_index i
       JOIN pg_class c ON c.oid = i.indexrelid
       JOIN pg_class t ON t.oid = i.indrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = $1 AND t.relname <> '_migrations'
        AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)`,
    [schemaName],
  );
  const found: Indexes = {};
  for (const row of rows)
    (found[row.table_name] ??= {})[row.name] = row.definition.replace(` ON ${schemaName}.`, ' ON ');
  return found;
}

/**
 * db/schema's indexes as PostgreSQL prints them: each made from its Drizzle declaration on an empty copy of its table
 * in a scratch schema (dropped after), so PostgreSQL writes both sides in one form (IN as = ANY, casts, parentheses).
 */
async function schemaIndexes(database: Database): Promise<Indexes> {
  const [trigrams] = await database.raw.query<{ installed: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') AS installed`,
  );
  const scratch = 'schema_index_check';
  const statements = [`DROP SCHEMA IF EXISTS ${scratch} CASCADE`, `CREATE SCHEMA ${scratch}`];
  for (const table of Object.values(schema)) {
    if (!is(table, PgTable)) continue;
    const config = getTableConfig(table);
    const indexes = config.indexes.filter((i) => trigrams!.installed || !needsTrigrams(i));
    if (!indexes.length) continue;
    statements.push(`CREATE TABLE ${scratch}.${q(config.name)} (LIKE public.${q(config.name)})`);
    for (const index of indexes) statements.push(createIndexSql(scratch, config.name, index));
  }
  await database.raw.exec(statements.join(';\n'));
  try {
    return await indexesIn(database, scratch);
  } finally {
    await database.raw.exec(`DROP SCHEMA ${scratch} CASCADE`);
  }
}

/** Each disagreement as one line: `table index: what the schema says ≠ what the migrated database has`. */
function indexDifferences(inSchema: Indexes, inDatabase: Indexes): string[] {
  const found: string[] = [];
  for (const table of new Set([...Object.keys(inSchema), ...Object.keys(inDatabase)])) {
    const s = inSchema[table] ?? {};
    const d = inDatabase[table] ?? {};
    for (const name of new Set([...Object.keys(s), ...Object.keys(d)])) {
      if (!s[name] || !d[name])
        found.push(`${table} ${name}: ${s[name] ? 'in the schema only' : 'in the database only'}`);
      else if (s[name] !== d[name]) found.push(`${table} ${name}: schema ${s[name]} ≠ database ${d[name]}`);
    }
  }
  const declared = new Set(
    Object.values(schema).flatMap((t) =>
      is(t, PgTable) ? getTableConfig(t).indexes.map((i) => i.config.name) : [],
    ),
  );
  for (const name of Object.keys(INCLUDED))
    if (!declared.has(name)) found.push(`${name}: has INCLUDE columns here but no index in the schema`);
  return found;
}

let database: Database;
beforeAll(async () => {
  // PostgreSQL when DATABASE_URL is set (a database of its own: the test makes and drops a schema in it), else PGlite.
  database = await createDatabase(
    process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : { memory: true },
  );
  await migrate(database.raw);
});
afterAll(async () => {
  await database?.raw.close();
});

describe('db/schema and the migrated database', () => {
  it('have the same tables, columns, types, nullability, defaults, primary keys and unique columns', async () => {
    expect(differences(schemaShape(), await databaseShape(database))).toEqual([]);
  });

  it('have the same indexes: names, uniqueness, method, keys and their order, INCLUDE and predicates', async () => {
    const inDatabase = await indexesIn(database, 'public');
    expect(Object.values(inDatabase).flatMap(Object.keys).length).toBeGreaterThan(80);
    expect(indexDifferences(await schemaIndexes(database), inDatabase)).toEqual([]);
  });
});
