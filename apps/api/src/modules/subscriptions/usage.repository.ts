import { and, count, eq, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client';
import { branches, users } from '../../db/schema/index';

/** Rows of a raw `execute`, whichever driver answered (node-postgres and PGlite differ in shape). */
export const countActiveUsers = async (db: DbOrTx, firmId: number) =>
  (
    await db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.firmId, firmId), eq(users.isActive, true), eq(users.isSystem, false)))
  )[0]?.n ?? 0;

export const countActiveBranches = async (db: DbOrTx, firmId: number) =>
  (
    await db
      .select({ n: count() })
      .from(branches)
      .where(and(eq(branches.firmId, firmId), eq(branches.isActive, true)))
  )[0]?.n ?? 0;

/**
 * The case-documents tables (`documents`, `case_files`, migration 0003) belong to another module; metering reads
 * them with plain SQL and answers 0 while they do not exist, so plan limits work in either order of delivery.
 */
async function tableExists(db: DbOrTx, table: 'documents' | 'case_files'): Promise<boolean> {
  const [row] = rowsOf<{ ok: boolean }>(
    await db.execute(sql`SELECT to_regclass(${`public.${table}`}) IS NOT NULL AS ok`),
  );
  return row?.ok === true;
}

/** Digital services used: documents of the firm served (served_at) within [from, to). */
export async function countServedDocuments(
  db: DbOrTx,
  firmId: number,
  from: Date,
  to: Date,
): Promise<number> {
  if (!(await tableExists(db, 'documents'))) return 0;
  const [row] = rowsOf<{ n: string | number }>(
    await db.execute(
      sql`SELECT count(*) AS n FROM documents WHERE firm_id = ${firmId} AND served_at >= ${from} AND served_at < ${to}`,
    ),
  );
  return Number(row?.n ?? 0);
}

/** Storage used: bytes of the firm's case files. */
export async function sumStorageBytes(db: DbOrTx, firmId: number): Promise<number> {
  if (!(await tableExists(db, 'case_files'))) return 0;
  const [row] = rowsOf<{ n: string | number | null }>(
    await db.execute(sql`SELECT coalesce(sum(size), 0) AS n FROM case_files WHERE firm_id = ${firmId}`),
  );
  return Number(row?.n ?? 0);
}
