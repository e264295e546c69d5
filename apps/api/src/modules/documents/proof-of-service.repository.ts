import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { proofOfServiceFiles, proofsOfService } from '../../db/schema/index';
import { isUniqueViolation } from '../../lib/app-error';

export type ProofRow = typeof proofsOfService.$inferSelect;
export type ProofFileRow = typeof proofOfServiceFiles.$inferSelect;

export const findProofByDocument = async (db: DbOrTx, documentId: number, opts: { forUpdate?: boolean } = {}) => {
  const q = db.select().from(proofsOfService).where(eq(proofsOfService.documentId, documentId));
  return (await (opts.forUpdate ? q.for('update') : q))[0];
};

/**
 * The document's proof identity (its security ID), created once: concurrent generations agree on the same ID,
 * so the ID printed on every PDF is the stored one. `newId` is called again on the (2^-80) chance of a clash.
 */
export async function ensureProof(db: DbOrTx, documentId: number, firmId: number, newId: () => string): Promise<ProofRow> {
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

export const findProofFile = async (db: DbOrTx, proofId: number, version: number) =>
  (await db.select().from(proofOfServiceFiles).where(and(eq(proofOfServiceFiles.proofId, proofId), eq(proofOfServiceFiles.version, version))))[0];
