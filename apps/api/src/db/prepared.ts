import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

type Preparable<P, R> = { prepare(name: string): { execute(params: P): Promise<R> } };

/**
 * A statement run on every request of a hot path (a list's batch lookups), prepared once per database: its SQL is
 * built once instead of by Drizzle on every call, and PostgreSQL parses it once per connection and may keep a
 * generic plan. Values go in as placeholders (`sql.placeholder('ids')`, arrays as `= ANY(...)`). Within a
 * transaction it is prepared on the transaction, so it sees the transaction's own writes.
 */
export function prepared<P extends Record<string, unknown>, R>(name: string, build: (db: DbOrTx) => Preparable<P, R>) {
  const byDatabase = new WeakMap<DbOrTx, ReturnType<Preparable<P, R>['prepare']>>();
  return (db: DbOrTx, params: P): Promise<R> => {
    if (db instanceof PgTransaction) return build(db).prepare(name).execute(params);
    let statement = byDatabase.get(db);
    if (!statement) byDatabase.set(db, (statement = build(db).prepare(name)));
    return statement.execute(params);
  };
}
