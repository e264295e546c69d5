import type { AttemptPhoto, ServiceAttempt, ServiceAttemptInput } from '@lexserve/contracts/returns';
import { useQuery } from '@tanstack/react-query';
import { api, uploadWithProgress, type UploadProgress } from '../../../lib/api-client';
import { STALE_TIMES } from '../../../lib/query-client';
import { documentKeys } from '../../../lib/documents-api/keys';

type Envelope<T> = { status?: string; data?: T; message?: string };

const listServiceAttempts = async (documentId: number): Promise<ServiceAttempt[]> => {
  const answer = await api.get<{ attempts: ServiceAttempt[] }>(`/documents/${documentId}/service-attempts`);
  return answer.attempts ?? [];
};

/** GET /documents/{id}/service-attempts: every attempt with its photos (whoever may read the document). */
export const useServiceAttempts = (documentId: number) =>
  useQuery({
    queryKey: documentKeys.attempts(documentId),
    queryFn: () => listServiceAttempts(documentId),
    staleTime: STALE_TIMES.documents,
  });

/** POST /documents/{id}/service-attempts (the assigned sheriff): answers the attempt, bare or in an envelope. */
export const recordServiceAttempt = async ({
  documentId,
  input,
}: {
  documentId: number;
  input: ServiceAttemptInput;
}): Promise<ServiceAttempt> => {
  const answer = await api.post<Envelope<ServiceAttempt> | ServiceAttempt>(
    `/documents/${documentId}/service-attempts`,
    input,
  );
  return 'id' in answer ? answer : (answer.data as ServiceAttempt);
};

type UploadPhotosOptions = {
  documentId: number;
  attemptId: number;
  files: readonly File[];
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
};

/**
 * POST /documents/{id}/service-attempts/{attemptId}/photos: multipart, the repeated field `photos`. The server types
 * each image by its content and fingerprints it (SHA-256) on arrival.
 */
export const uploadAttemptPhotos = async ({
  documentId,
  attemptId,
  files,
  onProgress,
  signal,
}: UploadPhotosOptions): Promise<AttemptPhoto[]> => {
  const form = new FormData();
  for (const file of files) form.append('photos', file, file.name);
  const answer = await uploadWithProgress<Envelope<{ photos: AttemptPhoto[] }>>(
    `/documents/${documentId}/service-attempts/${attemptId}/photos`,
    form,
    { onProgress, signal },
  );
  return answer.data?.photos ?? [];
};

/** A photo's `url` is the full API path (/api/v1/documents/…); the client adds the prefix itself. */
const apiPath = (url: string) => url.replace(/^(?:https?:\/\/[^/]+)?\/api\/v1/, '');

/** The image of a photo, fetched with the session (an <img src> could not send the bearer token). */
export const usePhotoImage = (documentId: number, photo: Pick<AttemptPhoto, 'id' | 'url'>) =>
  useQuery({
    queryKey: documentKeys.attemptPhoto(documentId, photo.id),
    queryFn: () => api.get<Blob>(apiPath(photo.url), { responseType: 'blob' }),
    staleTime: Infinity,
  });
