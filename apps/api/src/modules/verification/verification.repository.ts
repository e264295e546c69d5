import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { caseFiles, documents, firms, proofOfServiceFiles, proofsOfService } from '../../db/schema/index';

/**
 * Counts one check and answers the proof, atomically (UPDATE … RETURNING): concurrent checks never lose a count.
 * Only proofs with a generated PDF can be verified. Checks of one ID queue on its row lock until commit, so the
 * commit does not wait for the WAL flush (synchronous_commit off): a crash may forget the last few counts, never
 * a document, and popular IDs are not held to one check per disk flush.
 */
const counted = (db: Db, where: SQL) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL synchronous_commit TO OFF`);
    return (
      await tx
        .update(proofsOfService)
        .set({ verificationCount: sql`${proofsOfService.verificationCount} + 1`, lastVerifiedAt: new Date() })
        .where(where)
        .returning()
    )[0];
  });

export const countCheck = (db: Db, securityId: string) =>
  counted(db, and(eq(proofsOfService.securityId, securityId), sql`${proofsOfService.currentVersion} > 0`)!);

export const countCheckById = (db: Db, proofId: number) => counted(db, eq(proofsOfService.id, proofId));

export const proofFileOf = async (db: DbOrTx, proofId: number, version: number) =>
  (await db.select().from(proofOfServiceFiles).where(and(eq(proofOfServiceFiles.proofId, proofId), eq(proofOfServiceFiles.version, version))))[0];

/** The document and its firm behind a proof. */
export const documentWithFirm = async (db: DbOrTx, documentId: number) =>
  (
    await db
      .select({ doc: documents, firm: firms })
      .from(documents)
      .innerJoin(firms, eq(firms.id, documents.firmId))
      .where(eq(documents.id, documentId))
  )[0];

/** Proof PDFs (any version) with this content hash, newest first. */
export const proofFilesBySha = (db: DbOrTx, sha: string) =>
  db
    .select({ file: proofOfServiceFiles, proof: proofsOfService })
    .from(proofOfServiceFiles)
    .innerJoin(proofsOfService, eq(proofsOfService.id, proofOfServiceFiles.proofId))
    .where(eq(proofOfServiceFiles.sha256, sha))
    .orderBy(desc(proofOfServiceFiles.id));

/** Served files with this content hash, the most recently served document first. */
export const servedFilesBySha = (db: DbOrTx, sha: string) =>
  db
    .select({ file: caseFiles, doc: documents })
    .from(caseFiles)
    .innerJoin(documents, eq(documents.id, caseFiles.documentId))
    .where(and(eq(caseFiles.sha256, sha), eq(caseFiles.isServed, true)))
    .orderBy(sql`${documents.revokedAt} IS NOT NULL`, desc(documents.servedAt));

export const proofOfDocument = async (db: DbOrTx, documentId: number) =>
  (await db.select().from(proofsOfService).where(eq(proofsOfService.documentId, documentId)))[0];
