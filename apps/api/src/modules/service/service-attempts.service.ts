import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { DocumentErrors } from '@lexserve/contracts/documents';
import type { ErrorDef } from '@lexserve/contracts/errors';
import {
  MAX_ATTEMPT_PHOTOS,
  ReturnErrors,
  SERVICE_OUTCOME_LABELS,
  attemptPhotoUrl,
  sastDateTime,
  type AttemptPhoto,
  type ServiceAttempt,
  type ServiceAttemptInput,
} from '@lexserve/contracts/returns';
import { can } from '../../lib/access';
import { AppError, appError } from '../../lib/app-error';
import { inTransaction, type Ctx } from '../../lib/context';
import { recordEvent } from '../../lib/events';
import { cleanFilename, ImageInspector, type ImageInspection } from '../../lib/file-inspector';
import { FileMissingError, type FileStore } from '../../lib/storage';
import type { DbOrTx } from '../../db/client';
import { bodyErrorOf, UploadBodyError, type IncomingFile, type UploadPart } from '../../plugins/uploads';
import { eventPayload } from '../documents/document-records.service';
import { assertOpen, getReadableDocument } from '../documents/documents.service';
import * as repo from './returns.repository';
import * as evidence from '../evidence/evidence-records.service';
import { addTimelineEvent } from '../trail/trail.service';
import { isTargetSheriff, resolveTarget } from './targets.service';

// ---------------------------------------------------------------------------------------------------------
// Service attempts: recorded by the assigned sheriff with the phone's and the server's clocks, the address and
// the GPS position, and the photos taken there (typed by content, SHA-256 on arrival). Everyone who may read the
// document reads them.
// ---------------------------------------------------------------------------------------------------------

const photoDto = (p: evidence.PhotoRow): AttemptPhoto => ({
  id: p.id,
  attempt_id: p.attemptId,
  content_type: p.contentType as AttemptPhoto['content_type'],
  size: Number(p.size),
  sha256: p.sha256,
  uploaded_at: p.createdAt.toISOString(),
  url: attemptPhotoUrl(p.documentId, p.attemptId, p.id),
});

const attemptDto = (
  { attempt: a, fullName, email }: evidence.AttemptWithSheriff,
  photos: evidence.PhotoRow[],
): ServiceAttempt => {
  const { date, time } = sastDateTime(a.deviceTime);
  return {
    id: a.id,
    document_id: a.documentId,
    device_time: a.deviceTime.toISOString(),
    server_time: a.serverTime.toISOString(),
    address: a.address,
    latitude: a.latitude,
    longitude: a.longitude,
    accuracy_m: a.accuracyM,
    outcome: a.outcome,
    outcome_label: SERVICE_OUTCOME_LABELS[a.outcome] ?? a.outcome,
    notes: a.notes,
    photos: photos.filter((p) => p.attemptId === a.id).map(photoDto),
    recorded_by: a.sheriffId ? { id: a.sheriffId, full_name: fullName ?? '', email: email ?? '' } : null,
    target_id: a.targetId,
    attempt_date: date,
    attempt_time: time,
    place: a.address,
    recorded_at: a.serverTime.toISOString(),
  };
};

/** A document's attempts with their photos, oldest first; `until`: those that had arrived by then (a return's). */
export async function attemptsOf(db: DbOrTx, documentId: number, until?: Date): Promise<ServiceAttempt[]> {
  const rows = await evidence.listAttempts(db, documentId, until);
  const photos = await evidence.photosOfAttempts(
    db,
    rows.map((r) => r.attempt.id),
  );
  return rows.map((r) => attemptDto(r, photos));
}

/** POST /documents/{id}/service-attempts: the assigned sheriff records an attempt; its timeline entry is written with it. */
export async function recordServiceAttempt(
  ctx: Ctx,
  id: number,
  input: ServiceAttemptInput,
): Promise<ServiceAttempt> {
  const doc = await getReadableDocument(ctx, id);
  if (!can(ctx.actor, 'documents:record-service')) throw new AppError(DocumentErrors.NOT_ASSIGNED_SHERIFF);
  // The person the attempt is for (service per person): only their sheriff records on them.
  const target = await resolveTarget(ctx.db, doc.id, input.target_id);
  // A person served electronically (or a document without people to serve) keeps the document's assigned sheriff,
  // who may still record attempts on it, as before service per person.
  const documentSheriff =
    doc.assignedSheriffId !== null &&
    (doc.assignedSheriffId === ctx.actor.id || doc.assignedSheriffId === ctx.actor.sheriffOfficeId);
  if (target?.channel === 'sheriff' ? !isTargetSheriff(ctx.actor, target) : !documentSheriff)
    throw new AppError(DocumentErrors.NOT_ASSIGNED_SHERIFF);
  assertOpen(doc);
  const label = SERVICE_OUTCOME_LABELS[input.outcome];
  const { date, time } = sastDateTime(input.device_time);
  const gps =
    input.latitude === null
      ? 'no GPS position'
      : `GPS ${input.latitude}, ${input.longitude} (±${input.accuracy_m} m)`;
  const attempt = await inTransaction(ctx, async (tx) => {
    const row = await repo.insertAttempt(tx, {
      documentId: doc.id,
      firmId: doc.firmId,
      targetId: target?.id ?? null,
      sheriffId: ctx.actor.id,
      deviceTime: new Date(input.device_time),
      serverTime: ctx.deps.clock.now(),
      address: input.address,
      latitude: input.latitude,
      longitude: input.longitude,
      accuracyM: input.accuracy_m,
      outcome: input.outcome,
      notes: input.notes,
    });
    const event = await addTimelineEvent(tx, {
      documentId: doc.id,
      firmId: doc.firmId,
      type: 'service_attempt',
      description: `Service attempt on ${date} at ${time}, ${input.address}: ${label} (${gps})`,
      performedById: ctx.actor.id,
      metadata: {
        attempt_id: row.id,
        ...input,
        target_id: target?.id ?? null,
        server_time: row.serverTime.toISOString(),
        // The fields older readers of the timeline know.
        attempt_date: date,
        attempt_time: time,
        place: input.address,
        outcome_label: label,
      },
    });
    await repo.setAttemptTimelineEvent(tx, row.id, event.id);
    await recordEvent(
      tx,
      'document.service_attempt',
      eventPayload(doc, ctx.actor.id, { outcome: input.outcome, attemptId: row.id }),
    );
    return row;
  });
  return attemptDto({ attempt, fullName: ctx.actor.fullName, email: ctx.actor.email }, []);
}

/** GET /documents/{id}/service-attempts: everyone who may read the document. */
export async function listServiceAttempts(ctx: Ctx, id: number) {
  await getReadableDocument(ctx, id);
  return { attempts: await attemptsOf(ctx.db, id) };
}

// ----- photos

type StoredPhoto = {
  key: string;
  inspection: ImageInspection & { type: NonNullable<ImageInspection['type']> };
};

const photoKey = (firmId: number) => `photos/${firmId}/${randomUUID()}`;

/** Streams one photo to the store while hashing and typing it; a refused photo is removed and its error thrown. */
async function storePhoto(store: FileStore, firmId: number, part: IncomingFile): Promise<StoredPhoto> {
  const name = cleanFilename(part.filename, 'photo');
  const key = photoKey(firmId);
  const inspector = new ImageInspector();
  part.stream.on('error', (err) => inspector.destroy(err));
  try {
    await store.put(key, part.stream.pipe(inspector), { contentType: 'application/octet-stream' });
  } catch (err) {
    await store.delete(key).catch(() => undefined);
    throw err;
  }
  const refuse = async (def: ErrorDef) => {
    await store.delete(key).catch(() => undefined);
    return appError(def, { name });
  };
  if (part.truncated()) throw await refuse(ReturnErrors.PHOTO_TOO_LARGE);
  const inspection = inspector.inspection;
  if (inspection.size === 0) throw await refuse(ReturnErrors.PHOTO_EMPTY);
  if (!inspection.type) throw await refuse(ReturnErrors.PHOTO_INVALID_TYPE);
  return { key, inspection: { ...inspection, type: inspection.type } };
}

function photoUploadError(err: unknown): unknown {
  const body = err instanceof AppError ? err : bodyErrorOf(err);
  if (!(body instanceof UploadBodyError)) return body;
  return new AppError(
    body.reason === 'too_many' ? ReturnErrors.PHOTO_TOO_MANY : DocumentErrors.UPLOAD_MALFORMED,
    { cause: err },
  );
}

/**
 * POST /documents/{id}/service-attempts/{attemptId}/photos (multipart, field `photos`, 1 to 10): the assigned sheriff
 * adds photos to an attempt they recorded. Each is streamed to the store, typed by its first bytes and hashed on
 * the way; one refused photo refuses the request (nothing is kept). An attempt holds at most 10 photos in all.
 */
export async function addAttemptPhotos(
  ctx: Ctx,
  id: number,
  attemptId: number,
  openBody: () => AsyncIterable<UploadPart>,
) {
  let body: AsyncIterable<UploadPart>;
  try {
    body = openBody();
  } catch (err) {
    throw photoUploadError(err);
  }
  const doc = await getReadableDocument(ctx, id);
  if (!can(ctx.actor, 'documents:record-service')) throw new AppError(DocumentErrors.NOT_ASSIGNED_SHERIFF);
  const attempt = await repo.findAttempt(ctx.db, doc.id, attemptId);
  // The document's sheriff, or the sheriff of the person the attempt was made on (who made it).
  if (doc.assignedSheriffId !== ctx.actor.id && attempt?.sheriffId !== ctx.actor.id)
    throw new AppError(DocumentErrors.NOT_ASSIGNED_SHERIFF);
  if (!attempt) throw new AppError(ReturnErrors.ATTEMPT_NOT_FOUND);
  if (attempt.sheriffId !== ctx.actor.id) throw new AppError(ReturnErrors.PHOTO_NOT_OWN_ATTEMPT);
  assertOpen(doc);
  const before = await repo.countPhotos(ctx.db, attempt.id);
  if (before >= MAX_ATTEMPT_PHOTOS) throw appError(ReturnErrors.PHOTO_LIMIT_REACHED, { count: before });

  const store = ctx.deps.files;
  const stored: StoredPhoto[] = [];
  const cleanup = () => Promise.all(stored.map((s) => store.delete(s.key).catch(() => undefined)));
  try {
    for await (const part of body) {
      if (part.kind !== 'file') continue;
      stored.push(await storePhoto(store, doc.firmId, part));
    }
    if (!stored.length) throw new AppError(ReturnErrors.PHOTO_NONE);
    const rows = await inTransaction(ctx, async (tx) => {
      const locked = (await repo.findAttempt(tx, doc.id, attempt.id, { forUpdate: true }))!;
      const count = await repo.countPhotos(tx, locked.id);
      if (count + stored.length > MAX_ATTEMPT_PHOTOS)
        throw appError(ReturnErrors.PHOTO_LIMIT_REACHED, { count });
      const inserted = await repo.insertPhotos(
        tx,
        stored.map((s) => ({
          attemptId: locked.id,
          documentId: doc.id,
          firmId: doc.firmId,
          storageKey: s.key,
          contentType: s.inspection.type,
          size: s.inspection.size,
          sha256: s.inspection.sha256,
          uploadedById: ctx.actor.id,
        })),
      );
      await addTimelineEvent(tx, {
        documentId: doc.id,
        firmId: doc.firmId,
        type: 'service_attempt_photos',
        description: `${inserted.length === 1 ? '1 photo' : `${inserted.length} photos`} added to the service attempt at ${locked.address}`,
        performedById: ctx.actor.id,
        metadata: {
          attempt_id: locked.id,
          photos: inserted.map((p) => ({
            id: p.id,
            sha256: p.sha256,
            size: Number(p.size),
            content_type: p.contentType,
          })),
        },
      });
      return inserted;
    });
    const photos = rows.map(photoDto);
    return {
      photos,
      message:
        photos.length === 1 ? '1 photo added to the attempt' : `${photos.length} photos added to the attempt`,
    };
  } catch (err) {
    await cleanup();
    throw photoUploadError(err);
  }
}

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
};

/** GET …/photos/{photoId}: the image, to everyone who may read the document. */
export async function getAttemptPhoto(
  ctx: Ctx,
  id: number,
  attemptId: number,
  photoId: number,
): Promise<{ stream: Readable; filename: string; size: number; mimeType: string }> {
  await getReadableDocument(ctx, id);
  const photo = await repo.findPhoto(ctx.db, id, attemptId, photoId);
  if (!photo) throw new AppError(ReturnErrors.PHOTO_NOT_FOUND);
  try {
    const stream = await ctx.deps.files.get(photo.storageKey);
    return {
      stream,
      filename: `attempt-${attemptId}-photo-${photoId}.${EXTENSIONS[photo.contentType] ?? 'img'}`,
      size: Number(photo.size),
      mimeType: photo.contentType,
    };
  } catch (err) {
    if (err instanceof FileMissingError) throw new AppError(ReturnErrors.PHOTO_NOT_FOUND, { cause: err });
    throw err;
  }
}
