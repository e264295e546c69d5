import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { caseFiles, servedCopies } from '../../db/schema/index';

export type ServedCopyRow = typeof servedCopies.$inferSelect;

export const findServedCopy = async (db: DbOrTx, caseFileId: number) =>
  (await db.select().from(servedCopies).where(eq(servedCopies.caseFileId, caseFileId)))[0];

/** The served copies of a document's files, by file id. */
export const servedCopiesOf = async (db: DbOrTx, documentId: number) =>
  new Map(
    (await db.select().from(servedCopies).where(eq(servedCopies.documentId, documentId))).map((r) => [
      r.caseFileId,
      r,
    ]),
  );

/** Records a copy unless one exists for the file (another request or instance made it first): answers the one kept. */
export async function insertServedCopy(
  db: DbOrTx,
  values: typeof servedCopies.$inferInsert,
): Promise<{ row: ServedCopyRow; inserted: boolean }> {
  const [row] = await db
    .insert(servedCopies)
    .values(values)
    .onConflictDoNothing({ target: servedCopies.caseFileId })
    .returning();
  if (row) return { row, inserted: true };
  return { row: (await findServedCopy(db, values.caseFileId))!, inserted: false };
}

/** Which of these storage keys a served copy uses (the orphan sweep keeps those). */
export const servedCopyKeysAmong = async (db: DbOrTx, keys: string[]): Promise<string[]> =>
  keys.length
    ? (
        await db
          .select({ key: servedCopies.storageKey })
          .from(servedCopies)
          .where(inArray(servedCopies.storageKey, keys))
      ).map((r) => r.key!)
    : [];

/** Served PDFs of served documents without a copy yet (the job makes them). */
export const servedPdfsWithoutCopy = async (db: DbOrTx, documentId: number) =>
  db
    .select()
    .from(caseFiles)
    .where(
      and(
        eq(caseFiles.documentId, documentId),
        eq(caseFiles.isServed, true),
        eq(caseFiles.mimeType, 'application/pdf'),
        sql`NOT EXISTS (SELECT 1 FROM served_copies c WHERE c.case_file_id = ${caseFiles.id})`,
      ),
    );
