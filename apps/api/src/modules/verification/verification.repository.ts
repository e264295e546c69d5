import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  caseFiles,
  documents,
  firms,
  lateTimestamps,
  proofOfServiceFiles,
  proofsOfService,
  servedCopies,
} from '../../db/schema/index';

/** A check: the proof with the PDF of the version checked (the current one by default), its document and the issuing firm. */
export type Checked = {
  proofId: number;
  securityId: string;
  documentId: number;
  /** The issuing firm (its own checks are not counted). */
  firmId: number;
  /** The version checked. */
  version: number;
  currentVersion: number;
  currentGeneratedAt: Date;
  /** When the next version (version + 1) was recorded: null for the current version. */
  nextGeneratedAt: Date | null;
  verificationCount: number;
  storageKey: string;
  sha256: string;
  /** When the scrub job last found this version's stored PDF altered (null: intact when last checked). */
  integrityFailedAt: Date | null;
  generatedAt: Date;
  documentType: string | null;
  serviceDate: Date | null;
  servedAt: Date | null;
  revokedAt: Date | null;
  firmName: string;
  firmActive: boolean;
};

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => ((result as { rows?: Row[] }).rows ?? (result as Row[])) as Row[];
const date = (v: unknown) => (v == null ? null : v instanceof Date ? v : new Date(String(v)));

/**
 * Reads what the answer to a check needs, in one statement: the proof joined to the PDF of the version checked (the
 * current one by default), the current and next versions, the document and the issuing firm. Only proofs with a
 * generated PDF can be verified; a `version` beyond the current one finds nothing. Checks are counted in memory
 * (verification.cache.ts), not here.
 */
async function readCheck(db: DbOrTx, where: SQL, version: number | null): Promise<Checked | undefined> {
  const result = await db.execute(sql`
    WITH p AS (SELECT id, security_id, document_id, current_version, verification_count
      FROM proofs_of_service WHERE ${where} AND current_version > 0 AND current_version >= coalesce(${version}::int, 0))
    SELECT p.id, p.security_id, p.document_id, p.current_version, p.verification_count,
           f.version, f.storage_key, f.sha256, f.created_at AS generated_at, f.integrity_failed_at,
           cur.created_at AS current_generated_at, nx.created_at AS next_generated_at,
           d.document_type, d.service_date, d.served_at, d.revoked_at, d.firm_id,
           fi.name AS firm_name, fi.is_active AS firm_active
    FROM p
    JOIN proof_of_service_files f ON f.proof_id = p.id AND f.version = coalesce(${version}::int, p.current_version)
    JOIN proof_of_service_files cur ON cur.proof_id = p.id AND cur.version = p.current_version
    LEFT JOIN proof_of_service_files nx ON nx.proof_id = p.id AND nx.version = f.version + 1
    JOIN documents d ON d.id = p.document_id
    JOIN firms fi ON fi.id = d.firm_id`);
  const r = rowsOf(result)[0];
  if (!r) return undefined;
  return {
    proofId: Number(r.id),
    securityId: String(r.security_id),
    documentId: Number(r.document_id),
    firmId: Number(r.firm_id),
    version: Number(r.version),
    currentVersion: Number(r.current_version),
    currentGeneratedAt: date(r.current_generated_at)!,
    nextGeneratedAt: date(r.next_generated_at),
    verificationCount: Number(r.verification_count),
    storageKey: String(r.storage_key),
    sha256: String(r.sha256),
    integrityFailedAt: date(r.integrity_failed_at),
    generatedAt: date(r.generated_at)!,
    documentType: (r.document_type as string | null) ?? null,
    serviceDate: date(r.service_date),
    servedAt: date(r.served_at),
    revokedAt: date(r.revoked_at),
    firmName: String(r.firm_name),
    firmActive: r.firm_active === true || r.firm_active === 't',
  };
}

export const readCheckBySecurityId = (db: DbOrTx, securityId: string, version?: number) =>
  readCheck(db, sql`security_id = ${securityId}`, version ?? null);
export const readCheckById = (db: DbOrTx, proofId: number, version: number) =>
  readCheck(db, sql`id = ${proofId}`, version);

/** The proof behind a security ID (uncounted): to say which versions it has. */
export const proofBySecurityId = async (db: DbOrTx, securityId: string) =>
  (await db.select().from(proofsOfService).where(eq(proofsOfService.securityId, securityId)))[0];

/** The document and its firm behind a served file. */
export const documentWithFirm = async (db: DbOrTx, documentId: number) =>
  (
    await db
      .select({ doc: documents, firm: firms })
      .from(documents)
      .innerJoin(firms, eq(firms.id, documents.firmId))
      .where(eq(documents.id, documentId))
  )[0];

/**
 * Proof PDFs (any version) with this content hash, newest first: as stored now, or as first sealed before the
 * time-stamp its seal lacked was added (late_timestamps).
 */
export const proofFilesBySha = (db: DbOrTx, sha: string) =>
  db
    .select({ file: proofOfServiceFiles, proof: proofsOfService })
    .from(proofOfServiceFiles)
    .innerJoin(proofsOfService, eq(proofsOfService.id, proofOfServiceFiles.proofId))
    .where(
      or(
        eq(proofOfServiceFiles.sha256, sha),
        inArray(
          proofOfServiceFiles.id,
          db
            .select({ id: lateTimestamps.rowId })
            .from(lateTimestamps)
            .where(and(eq(lateTimestamps.kind, 'proof'), eq(lateTimestamps.sealedSha256, sha))),
        ),
      ),
    )
    .orderBy(desc(proofOfServiceFiles.id));

/**
 * Stamped served copies with this content hash (as stored now, or as first sealed before the time-stamp its seal
 * lacked was added), with their served file and document.
 */
export const servedCopiesBySha = (db: DbOrTx, sha: string) =>
  db
    .select({ copy: servedCopies, file: caseFiles, doc: documents })
    .from(servedCopies)
    .innerJoin(caseFiles, eq(caseFiles.id, servedCopies.caseFileId))
    .innerJoin(documents, eq(documents.id, servedCopies.documentId))
    .where(
      or(
        eq(servedCopies.sha256, sha),
        inArray(
          servedCopies.id,
          db
            .select({ id: lateTimestamps.rowId })
            .from(lateTimestamps)
            .where(and(eq(lateTimestamps.kind, 'served_copy'), eq(lateTimestamps.sealedSha256, sha))),
        ),
      ),
    )
    .orderBy(sql`${documents.revokedAt} IS NOT NULL`, desc(servedCopies.id));

/** A document's served files in upload order, each with its stamped served copy's SHA-256 (null until made, or none). */
export const servedFilesOfDocument = (db: DbOrTx, documentId: number) =>
  db
    .select({
      filename: caseFiles.filename,
      sha256: caseFiles.sha256,
      size: caseFiles.size,
      copySha256: servedCopies.sha256,
    })
    .from(caseFiles)
    .leftJoin(servedCopies, and(eq(servedCopies.caseFileId, caseFiles.id), eq(servedCopies.status, 'ready')))
    .where(and(eq(caseFiles.documentId, documentId), eq(caseFiles.isServed, true)))
    .orderBy(asc(caseFiles.id));

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
