import type { AttemptPhoto } from '@lexserve/contracts/returns';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { describeError } from '../../../lib/api-client';
import { uploadAttemptPhotos } from '../api/service-attempts';
import { documentKeys } from '../../../lib/documents-api/keys';

/** One photo the sheriff took: kept (with its preview) until it is stored, so a failed upload loses nothing. */
export type QueuedPhoto = {
  key: string;
  file: File;
  /** An object URL of the file on the phone, for the thumbnail before (and after) upload. */
  preview: string;
  status: 'waiting' | 'uploading' | 'uploaded' | 'failed';
  percent: number;
  error: string | null;
  /** The stored photo, with the SHA-256 the server computed on arrival. */
  stored: AttemptPhoto | null;
  /** The SHA-256 computed on the phone before sending (null where the browser cannot). */
  localSha256: string | null;
};

let counter = 0;
const nextKey = () => `photo-${Date.now().toString(36)}-${(counter++).toString(36)}`;

const hex = (buffer: ArrayBuffer) =>
  Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');

/** SHA-256 of the file on the phone (crypto.subtle exists on https and localhost only). */
const sha256Of = async (file: File): Promise<string | null> => {
  try {
    if (!globalThis.crypto?.subtle) return null;
    return hex(await globalThis.crypto.subtle.digest('SHA-256', await file.arrayBuffer()));
  } catch {
    return null;
  }
};

/** The server's own words for a refused photo (too large, not an image, too many, not your attempt), else a fallback. */
const photoError = (error: unknown) => describeError(error, { fallback: 'The photo could not be uploaded.' });

/**
 * The photos of one attempt, uploaded one at a time (a phone's upload is the narrow part), each in its own request so
 * its progress bar follows its bytes and a failure stays with that photo, ready for Retry.
 */
export function usePhotoQueue(documentId: number, attemptId: number | null) {
  const queryClient = useQueryClient();
  // The list lives in a ref (the upload loop reads it between awaits) and is mirrored to state for rendering.
  const [photos, setPhotos] = useState<QueuedPhoto[]>([]);
  const list = useRef<QueuedPhoto[]>([]);
  const running = useRef(false);

  const commit = useCallback((next: QueuedPhoto[]) => {
    list.current = next;
    setPhotos(next);
  }, []);
  const patch = useCallback(
    (key: string, change: Partial<QueuedPhoto>) =>
      commit(list.current.map((p) => (p.key === key ? { ...p, ...change } : p))),
    [commit],
  );

  const pump = useCallback(async () => {
    if (running.current || attemptId === null) return;
    running.current = true;
    try {
      for (
        let next = list.current.find((p) => p.status === 'waiting');
        next;
        next = list.current.find((p) => p.status === 'waiting')
      ) {
        const { key, file } = next;
        patch(key, { status: 'uploading', percent: 0, error: null });
        try {
          const [stored] = await uploadAttemptPhotos({
            documentId,
            attemptId,
            files: [file],
            onProgress: ({ percent }) => patch(key, { percent }),
          });
          patch(key, { status: 'uploaded', percent: 100, stored: stored ?? null });
          await queryClient.invalidateQueries({ queryKey: documentKeys.attempts(documentId) });
        } catch (error) {
          patch(key, { status: 'failed', error: photoError(error) });
        }
      }
    } finally {
      running.current = false;
    }
  }, [attemptId, documentId, patch, queryClient]);

  /** Photos from the camera input: queued and sent in turn. */
  const add = useCallback(
    (files: readonly File[]) => {
      const added: QueuedPhoto[] = files.map((file) => ({
        key: nextKey(),
        file,
        preview: URL.createObjectURL(file),
        status: 'waiting',
        percent: 0,
        error: null,
        stored: null,
        localSha256: null,
      }));
      commit([...list.current, ...added]);
      for (const photo of added)
        void sha256Of(photo.file).then((sha) => patch(photo.key, { localSha256: sha }));
      void pump();
    },
    [commit, patch, pump],
  );

  const retry = useCallback(
    (key: string) => {
      if (list.current.find((p) => p.key === key)?.status !== 'failed') return;
      patch(key, { status: 'waiting', error: null, percent: 0 });
      void pump();
    },
    [patch, pump],
  );

  /** Only a photo that failed can be dropped (a stored one is evidence; one on its way finishes first). */
  const remove = useCallback(
    (key: string) => {
      const photo = list.current.find((p) => p.key === key);
      if (!photo || photo.status !== 'failed') return;
      URL.revokeObjectURL(photo.preview);
      commit(list.current.filter((p) => p.key !== key));
    },
    [commit],
  );

  useEffect(
    () => () => {
      for (const photo of list.current) URL.revokeObjectURL(photo.preview);
    },
    [],
  );

  const busy = photos.some((p) => p.status === 'waiting' || p.status === 'uploading');
  const failed = photos.filter((p) => p.status === 'failed').length;
  return { photos, add, retry, remove, busy, failed };
}
