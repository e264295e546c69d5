import { and, asc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { documents, proofOfServiceFiles, proofsOfService } from '../../db/schema/index';
import { isUniqueViolation } from '../../lib/app-error';

export type ProofRow = typeof proofsOfService.$inferSelect;
export type ProofFileRow = typeof proofOfServiceFiles.$inferSelect;

export const findProofByDocument = async (
  db: DbOrTx,
  documentId: number,
  opts: { forUpdate?: boolean } = {},
) => {
  const q = db.select().from(proofsOfService).where(eq(proofsOfService.documentId, documentId));
  return (await (opts.forUpdate ? q.for('update') : q))[0];
};

/**
 * The document's proof identity (its security ID), created once: concurrent generations agree on the same ID,
 * so the ID printed on every PDF is the stored one. `newId` is called again on the (2^-80) chance of a clash.
 */
export async function ensureProof(
  db: DbOrTx,
  documentId: number,
  firmId: number,
  newId: () => string,
): Promise<ProofRow> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const existing = await findProofByDocument(db, documentId);
    if (existing) return existing;
    try {
      const [row] = await db
        .insert(proofsOfService)
        .values({ documentId, firmId, securityId: newId(), currentVersion: 0 })
        .onConflictDoNothing({ target: proofsOfService.documentId })
        .returning();
      if (row) return row;
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
  }
  throw new Error('could not allocate a security ID');
}

export const insertProofFile = async (db: DbOrTx, values: typeof proofOfServiceFiles.$inferInsert) =>
  (await db.insert(proofOfServiceFiles).values(values).returning())[0]!;

export const setCurrentVersion = (db: DbOrTx, proofId: number, version: number) =>
  db.update(proofsOfService).set({ currentVersion: version }).where(eq(proofsOfService.id, proofId));

/** Every version's file of a proof, oldest first. */
export const listProofFiles = (db: DbOrTx, proofId: number) =>
  db
    .select()
    .from(proofOfServiceFiles)
    .where(eq(proofOfServiceFiles.proofId, proofId))
    .orderBy(asc(proofOfServiceFiles.version));

export const findProofFile = async (db: DbOrTx, proofId: number, version: number) =>
  (
    await db
      .select()
      .from(proofOfServiceFiles)
      .where(and(eq(proofOfServiceFiles.proofId, proofId), eq(proofOfServiceFiles.version, version)))
  )[0];

/** Which of these storage keys a proof file uses (the orphan sweep keeps those). */
export const proofFileKeysAmong = async (db: DbOrTx, keys: string[]): Promise<string[]> =>
  keys.length
    ? (
        await db
          .select({ key: proofOfServiceFiles.storageKey })
          .from(proofOfServiceFiles)
          .where(inArray(proofOfServiceFiles.storageKey, keys))
      ).map((r) => r.key)
    : [];

/**
 * Served, not revoked documents served before `servedBefore` whose proof of service has no file for its current
 * version (none was ever stored): what the recovery sweep finishes. Oldest first, at most `limit`.
 */
export const servedWithoutProof = async (db: DbOrTx, servedBefore: Date, limit: number): Promise<number[]> =>
  (
    await db
      .select({ id: documents.id })
      .from(documents)
      .where(
        and(
          isNotNull(documents.servedAt),
          isNull(documents.revokedAt),
          lt(documents.servedAt, servedBefore),
          sql`NOT EXISTS (SELECT 1 FROM ${proofsOfService} p JOIN ${proofOfServiceFiles} f ON f.proof_id = p.id AND f.version = p.current_version WHERE p.document_id = ${documents.id})`,
        ),
      )
      .orderBy(asc(documents.servedAt))
      .limit(limit)
  ).map((r) => r.id);
