import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { CaseFile, FileType } from '@lexserve/contracts/documents';
import type { DbOrTx } from '../../db/client';
import { caseFiles, firms, users } from '../../db/schema/index';

export type CaseFileRow = typeof caseFiles.$inferSelect;
export type NewCaseFile = typeof caseFiles.$inferInsert;

/** A document's files in upload order. Callers have already checked the document is in the actor's scope. */
export const listCaseFiles = (db: DbOrTx, documentId: number) =>
  db.select().from(caseFiles).where(eq(caseFiles.documentId, documentId)).orderBy(asc(caseFiles.id));

/** One file of one document (a file id of another document answers nothing). */
export const findCaseFile = async (db: DbOrTx, documentId: number, fileId: number) =>
  (
    await db
      .select()
      .from(caseFiles)
      .where(and(eq(caseFiles.documentId, documentId), eq(caseFiles.id, fileId)))
  )[0];

export const findPrimaryFile = async (db: DbOrTx, documentId: number) =>
  (
    await db
      .select()
      .from(caseFiles)
      .where(and(eq(caseFiles.documentId, documentId), eq(caseFiles.isPrimary, true)))
  )[0];

export const insertCaseFiles = (db: DbOrTx, values: NewCaseFile[]) =>
  values.length ? db.insert(caseFiles).values(values).returning() : Promise.resolve([] as CaseFileRow[]);

export async function setPrimaryFile(db: DbOrTx, documentId: number, fileId: number) {
  await db
    .update(caseFiles)
    .set({ isPrimary: false })
    .where(and(eq(caseFiles.documentId, documentId), eq(caseFiles.isPrimary, true)));
  await db
    .update(caseFiles)
    .set({ isPrimary: true })
    .where(and(eq(caseFiles.documentId, documentId), eq(caseFiles.id, fileId)));
}

export const deleteCaseFileRow = (db: DbOrTx, fileId: number) =>
  db.delete(caseFiles).where(eq(caseFiles.id, fileId));

/** Marks every current file of the document as part of the served set (on submit). */
export const markFilesServed = (db: DbOrTx, documentId: number) =>
  db.update(caseFiles).set({ isServed: true }).where(eq(caseFiles.documentId, documentId));

export const countFiles = async (db: DbOrTx, documentId: number) =>
  Number(
    (
      await db
        .select({ n: sql<number>`count(*)::int` })
        .from(caseFiles)
        .where(eq(caseFiles.documentId, documentId))
    )[0]?.n ?? 0,
  );

export const fileTypeOf = (mime: string, filename: string): FileType =>
  mime === 'application/pdf'
    ? 'pdf'
    : mime === 'application/msword'
      ? 'doc'
      : mime.includes('wordprocessingml')
        ? 'docx'
        : filename.toLowerCase().endsWith('.doc')
          ? 'doc'
          : 'pdf';

/** Rows as the spec's case files, with each uploader and their firm's name ("Filed By"). */
export async function toCaseFileDtos(db: DbOrTx, rows: CaseFileRow[]): Promise<CaseFile[]> {
  const uploaderIds = [...new Set(rows.map((r) => r.uploadedById).filter((id): id is number => id != null))];
  const uploaders = uploaderIds.length
    ? await db
        .select({ id: users.id, fullName: users.fullName, email: users.email, firmName: firms.name })
        .from(users)
        .leftJoin(firms, eq(firms.id, users.firmId))
        .where(inArray(users.id, uploaderIds))
    : [];
  const byId = new Map(uploaders.map((u) => [u.id, u]));
  return rows.map((r) => {
    const u = r.uploadedById ? byId.get(r.uploadedById) : undefined;
    return {
      id: r.id,
      document_id: r.documentId,
      filename: r.filename,
      size: Number(r.size),
      mime_type: r.mimeType,
      file_type: fileTypeOf(r.mimeType, r.filename),
      sha256: r.sha256,
      uploaded_at: r.createdAt.toISOString(),
      uploaded_by_id: r.uploadedById,
      uploaded_by: u
        ? { id: u.id, full_name: u.fullName, email: u.email, firm_name: u.firmName ?? null }
        : null,
      is_bundle: r.isBundle,
      is_primary: r.isPrimary,
      is_served: r.isServed,
      page_count: r.pageCount,
      bundle_source_ids: r.bundleSourceIds ?? null,
    };
  });
}

/** Which of these storage keys a case file uses (the orphan sweep keeps those). */
export const caseFileKeysAmong = async (db: DbOrTx, keys: string[]): Promise<string[]> =>
  keys.length
    ? (
        await db
          .select({ key: caseFiles.storageKey })
          .from(caseFiles)
          .where(inArray(caseFiles.storageKey, keys))
      ).map((r) => r.key)
    : [];

/** Records a file's page count (counted once, when a return first lists it). */
export const setPageCount = (db: DbOrTx, fileId: number, pageCount: number) =>
  db.update(caseFiles).set({ pageCount }).where(eq(caseFiles.id, fileId));
