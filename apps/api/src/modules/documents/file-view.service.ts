import { DocumentErrors, type FileViewLink } from '@lexserve/contracts/documents';
import { AuthErrors, CommonErrors } from '@lexserve/contracts/errors';
import { AppError } from '../../lib/app-error';
import type { Ctx, PublicCtx } from '../../lib/context';
import { signFileViewTicket, verifyFileViewTicket } from '../../lib/tokens';
import { actorOfSession } from '../../plugins/auth';
import { getReadableDocument } from './documents.service';
import { downloadFile, type Download } from './files.service';
import * as repo from './files.repository';

/** How long a view link opens its file: long enough to load it and use the viewer's own download, not to share it. */
const VIEW_LINK_TTL_SECONDS = 10 * 60;

/**
 * POST /documents/{id}/files/{fileId}/view-link: for someone who may download the file, an address on this server that
 * shows it inline. The path ends with the file's name (the browser's PDF viewer titles itself from it, where a blob
 * address showed a random id); the ticket rides in `token=`, which the request log hides.
 */
export async function createFileViewLink(
  ctx: Ctx,
  documentId: number,
  fileId: number,
): Promise<FileViewLink> {
  await getReadableDocument(ctx, documentId);
  const file = await repo.findCaseFile(ctx.db, documentId, fileId);
  if (!file) throw new AppError(DocumentErrors.FILE_NOT_FOUND);
  const { sessionId } = ctx.actor;
  if (!sessionId) throw new AppError(CommonErrors.AUTH_REQUIRED);
  const expiresAt = new Date(ctx.deps.clock.now().getTime() + VIEW_LINK_TTL_SECONDS * 1000);
  const ticket = signFileViewTicket(
    { userId: ctx.actor.id, sessionId, documentId, fileId },
    ctx.deps.env.JWT_SECRET,
    expiresAt,
  );
  return {
    url: `/api/v1/documents/${documentId}/files/${fileId}/view/${encodeURIComponent(file.filename)}?token=${encodeURIComponent(ticket)}`,
    expires_at: expiresAt.toISOString(),
  };
}

/**
 * GET /documents/{id}/files/{fileId}/view/{name}?token=…: the file inline, for the ticket's user while their login
 * session lives and they may still read the document (every check of a download runs again). A ticket opens only the
 * file it names; the name in the path is for the browser and is not trusted.
 */
export async function openFileView(
  ctx: PublicCtx,
  target: { documentId: number; fileId: number },
  ticket: string,
): Promise<Download> {
  const subject = verifyFileViewTicket(ticket, ctx.deps.env.JWT_SECRET, ctx.deps.clock.now());
  if (!subject || subject.documentId !== target.documentId || subject.fileId !== target.fileId)
    throw new AppError(CommonErrors.AUTH_REQUIRED);
  const actor = await actorOfSession(ctx.deps, subject);
  if (actor.mustChangePassword) throw new AppError(AuthErrors.PASSWORD_CHANGE_REQUIRED);
  return downloadFile({ ...ctx, actor }, target.documentId, { file_id: target.fileId });
}
