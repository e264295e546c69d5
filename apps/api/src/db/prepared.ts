import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

type Preparable<P, R> = { prepare(name: string): { execute(params: P): Promise<R> } };

/**
 * A statement run on every request of a hot path (a list's batch lookups), prepared once per database: its SQL is
 * built once instead of by Drizzle on every call, and PostgreSQL parses it once per connection and may keep a
 * generic plan. Values go in as placeholders (`sql.placeholder('ids')`, arrays as `= ANY(...)`). Within a
 * transaction it is prepared on the transaction, so it sees the transaction's own writes.
 */
export function prepared<P extends Record<string, unknown>, R>(
  name: string,
  build: (db: DbOrTx) => Preparable<P, R>,
) {
  const byDatabase = new WeakMap<DbOrTx, ReturnType<Preparable<P, R>['prepare']>>();
  return (db: DbOrTx, params: P): Promise<R> => {
    if (db instanceof PgTransaction) return build(db).prepare(name).execute(params);
    let statement = byDatabase.get(db);
    if (!statement) byDatabase.set(db, (statement = build(db).prepare(name)));
    return statement.execute(params);
  };
}

/**
 * Statements of a hot path whose shape varies with the request (a list's filters: role, sub-tab, a search or not),
 * each built once per shape and database, its values as placeholders. They are sent unnamed, so PostgreSQL plans
 * each run for its values as it did before (a search's best plan depends on its pattern): what is saved is Drizzle
 * assembling the same SQL on every call. Shapes must be few (a key per combination of flags, never per value).
 */
export function builtPerShape<S, P extends Record<string, unknown>, R>(
  keyOf: (shape: S) => string,
  build: (db: DbOrTx, shape: S) => Preparable<P, R>,
) {
  const byDatabase = new WeakMap<DbOrTx, Map<string, ReturnType<Preparable<P, R>['prepare']>>>();
  return (db: DbOrTx, shape: S, params: P): Promise<R> => {
    if (db instanceof PgTransaction) return build(db, shape).prepare('').execute(params);
    let statements = byDatabase.get(db);
    if (!statements) byDatabase.set(db, (statements = new Map()));
    const key = keyOf(shape);
    let statement = statements.get(key);
    if (!statement) statements.set(key, (statement = build(db, shape).prepare('')));
    return statement.execute(params);
  };
}
