import type { CaseFile } from '@lexserve/contracts/documents';
import { MAX_FILES_PER_UPLOAD } from '@lexserve/contracts/document-constants';
import { useCallback, useRef, useState } from 'react';
import { fileErrorOf, uploadErrorMessage, uploadFiles } from '../api/case-files';
import {
  checkIncomingFiles,
  checkSelection,
  rejectionMessage,
  uploadFlags,
  type StagedFile,
} from '../utils/upload-rules';

type UploadOutcome = { uploaded: CaseFile[]; failed: number; message: string | null };

type FileStagingOptions = {
  accept?: readonly string[];
  /** Most files in one upload (50 in the wizard, 10 on the case page). */
  maxPerUpload?: number;
  /** Most files the area holds at once (the wizard: 50). */
  maxStaged?: number;
  /** How many files go up at the same time. */
  concurrency?: number;
};

let nextId = 0;
const newId = () => `staged-${Date.now().toString(36)}-${(nextId++).toString(36)}`;

/**
 * The staged list of the upload area (spec 2.3 and 2 §4): staged → uploading → uploaded or error. Each file
 * is sent in its own request so that its progress bar follows the real bytes sent.
 */
export function useFileStaging({
  accept,
  maxPerUpload = MAX_FILES_PER_UPLOAD,
  maxStaged,
  concurrency = 3,
}: FileStagingOptions = {}) {
  const [staged, setStaged] = useState<StagedFile[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const stagedRef = useRef<StagedFile[]>(staged);
  stagedRef.current = staged;

  const update = useCallback((id: string, patch: Partial<StagedFile>) => {
    setStaged((items) => items.map((item) => (item.id === id ? { ...item, ...patch } : item)));
  }, []);

  /** Adds dropped or browsed files; rejections are combined in one message. */
  const addFiles = useCallback(
    (files: readonly File[], uploaded: readonly { filename: string; size: number }[] = []) => {
      const current = stagedRef.current;
      const { accepted, rejected } = checkIncomingFiles(files, {
        accept,
        staged: current.map((s) => ({ name: s.file.name, size: s.file.size })),
        uploaded: uploaded.map((f) => ({ name: f.filename, size: f.size })),
      });
      let room = accepted;
      if (maxStaged !== undefined && current.length + accepted.length > maxStaged) {
        room = accepted.slice(0, Math.max(0, maxStaged - current.length));
        for (const file of accepted.slice(room.length))
          rejected.push({ name: file.name, reason: `At most ${maxStaged} files` });
      }
      setMessage(rejectionMessage(rejected));
      if (room.length) {
        setStaged((items) => [
          ...items,
          ...room.map((file) => ({
            id: newId(),
            file,
            selected: true,
            status: 'staged' as const,
            progress: 0,
            error: null,
          })),
        ]);
      }
      return { added: room.length, rejected };
    },
    [accept, maxStaged],
  );

  /** Only staged (and failed, to retry) files can be selected. */
  const toggle = useCallback((id: string) => {
    setStaged((items) =>
      items.map((item) => (item.id === id && canSelect(item) ? { ...item, selected: !item.selected } : item)),
    );
  }, []);
  const selectAll = useCallback(
    () => setStaged((items) => items.map((item) => (canSelect(item) ? { ...item, selected: true } : item))),
    [],
  );
  const deselectAll = useCallback(
    () => setStaged((items) => items.map((item) => ({ ...item, selected: false }))),
    [],
  );
  /** Uploading files cannot be removed. */
  const remove = useCallback(
    (id: string) =>
      setStaged((items) => items.filter((item) => item.id !== id || item.status === 'uploading')),
    [],
  );
  const clearAll = useCallback(() => {
    setStaged((items) => items.filter((item) => item.status === 'uploading'));
    setMessage(null);
  }, []);
  const reset = useCallback(() => {
    setStaged([]);
    setMessage(null);
  }, []);

  /**
   * Uploads the chosen files to a document, a few at a time. `which` = 'selected' (the "Upload Selected"
   * button) or 'pending' (a draft save: every file not yet uploaded).
   */
  const upload = useCallback(
    async (
      documentId: number,
      which: 'selected' | 'pending' = 'selected',
      draftSave = false,
    ): Promise<UploadOutcome> => {
      const candidates = stagedRef.current.filter((item) =>
        which === 'selected'
          ? item.selected && canSelect(item)
          : item.status === 'staged' || item.status === 'error',
      );
      if (which === 'selected') {
        const problem = checkSelection(candidates.length, maxPerUpload);
        if (problem) {
          setMessage(problem);
          return { uploaded: [], failed: 0, message: problem };
        }
      }
      if (!candidates.length) return { uploaded: [], failed: 0, message: null };
      setMessage(null);
      const flags = uploadFlags(
        candidates.map((c) => c.file),
        draftSave,
      );
      for (const item of candidates) update(item.id, { status: 'uploading', progress: 0, error: null });

      const uploaded: CaseFile[] = [];
      let failed = 0;
      let firstError: string | null = null;
      const queue = [...candidates];
      const worker = async () => {
        for (let item = queue.shift(); item; item = queue.shift()) {
          const id = item.id;
          try {
            const result = await uploadFiles({
              documentId,
              files: [item.file],
              chunked: flags.chunked,
              parallel: flags.parallel,
              // Bytes on the wire include the multipart envelope: hold at 99% until the server has answered.
              onProgress: ({ percent }) => update(id, { progress: Math.min(99, percent) }),
            });
            const rejected = result.data?.failed?.[0];
            if (rejected) {
              failed++;
              update(id, { status: 'error', progress: 0, error: rejected.error, selected: false });
            } else {
              uploaded.push(...(result.data?.files ?? []));
              update(id, { status: 'uploaded', progress: 100, error: null, selected: false });
            }
          } catch (error) {
            failed++;
            firstError ??= uploadErrorMessage(error, documentId);
            update(id, {
              status: 'error',
              progress: 0,
              error: fileErrorOf(error, documentId),
              selected: false,
            });
          }
        }
      };
      const workers = flags.parallel || candidates.length > 1 ? Math.min(concurrency, candidates.length) : 1;
      await Promise.all(Array.from({ length: workers }, worker));
      if (firstError) setMessage(firstError);
      return { uploaded, failed, message: firstError };
    },
    [concurrency, maxPerUpload, update],
  );

  const counts = {
    total: staged.length,
    selected: staged.filter((s) => s.selected && canSelect(s)).length,
    uploaded: staged.filter((s) => s.status === 'uploaded').length,
    failed: staged.filter((s) => s.status === 'error').length,
    pending: staged.filter((s) => s.status === 'staged' || s.status === 'error').length,
    uploading: staged.filter((s) => s.status === 'uploading').length,
  };

  return {
    staged,
    message,
    setMessage,
    addFiles,
    toggle,
    selectAll,
    deselectAll,
    remove,
    clearAll,
    reset,
    upload,
    counts,
  };
}

export type FileStaging = ReturnType<typeof useFileStaging>;

const canSelect = (item: StagedFile) => item.status === 'staged' || item.status === 'error';
