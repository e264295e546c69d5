import {
  ACCEPTED_EXTENSIONS,
  CHUNKED_UPLOAD_THRESHOLD_BYTES,
  MAX_FILE_SIZE_BYTES,
  MAX_FILES_PER_UPLOAD,
} from '@lexserve/contracts/document-constants';

const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot).toLowerCase();
};

type StagedStatus = 'staged' | 'uploading' | 'uploaded' | 'error';

/** A staged upload file (spec 2 §3): file, id, selected, status, progress, error. */
export type StagedFile = {
  id: string;
  file: File;
  selected: boolean;
  status: StagedStatus;
  progress: number;
  error: string | null;
};

type Rejection = { name: string; reason: string };

const REJECTION = {
  tooLarge: 'File too large (max 100MB)',
  invalidType: 'Invalid file type',
  duplicate: 'Duplicate file already staged',
  duplicateUploaded: 'Duplicate file already uploaded',
  empty: 'File is empty',
} as const;

type IncomingRules = {
  accept?: readonly string[];
  maxSize?: number;
  /** Files already staged (name and size decide a duplicate). */
  staged: readonly { name: string; size: number }[];
  /** Files already on the document. */
  uploaded?: readonly { name: string; size: number }[];
};

/** Checks dropped or browsed files (spec 2 §5, "Wizard upload"); answers the accepted ones and why others were not. */
export const checkIncomingFiles = (
  files: readonly File[],
  rules: IncomingRules,
): { accepted: File[]; rejected: Rejection[] } => {
  const accept = rules.accept ?? ACCEPTED_EXTENSIONS;
  const maxSize = rules.maxSize ?? MAX_FILE_SIZE_BYTES;
  const seen = new Set(rules.staged.map((f) => `${f.name}\u0000${f.size}`));
  const uploaded = new Set((rules.uploaded ?? []).map((f) => `${f.name}\u0000${f.size}`));
  const accepted: File[] = [];
  const rejected: Rejection[] = [];
  for (const file of files) {
    const key = `${file.name}\u0000${file.size}`;
    let reason: string | null = null;
    if (!accept.includes(extensionOf(file.name))) reason = REJECTION.invalidType;
    else if (file.size > maxSize) reason = REJECTION.tooLarge;
    else if (file.size === 0) reason = REJECTION.empty;
    else if (seen.has(key)) reason = REJECTION.duplicate;
    else if (uploaded.has(key)) reason = REJECTION.duplicateUploaded;
    if (reason) rejected.push({ name: file.name, reason });
    else {
      seen.add(key);
      accepted.push(file);
    }
  }
  return { accepted, rejected };
};

/** "Some files were rejected: name: reason, ..." */
export const rejectionMessage = (rejected: readonly Rejection[]): string | null =>
  rejected.length
    ? `Some files were rejected: ${rejected.map((r) => `${r.name}: ${r.reason}`).join(', ')}`
    : null;

const NOTHING_SELECTED = 'Please select at least one file to upload';
const tooManySelected = (max = MAX_FILES_PER_UPLOAD) =>
  `You can only upload ${max} files at once. Please deselect some files.`;

/** Checks the selection before "Upload Selected" (spec 2 §5). */
export const checkSelection = (count: number, max = MAX_FILES_PER_UPLOAD): string | null => {
  if (count === 0) return NOTHING_SELECTED;
  if (count > max) return tooManySelected(max);
  return null;
};

/**
 * Spec 2 §7: chunked is on when there are more than 10 files or any file is over 50 MB, parallel when there
 * are more than 5 files; on a draft save, chunked when any file is over 50 MB and parallel with more than one.
 */
export const uploadFlags = (files: readonly { size: number }[], draftSave = false) => {
  const large = files.some((f) => f.size > CHUNKED_UPLOAD_THRESHOLD_BYTES);
  return draftSave
    ? { chunked: large, parallel: files.length > 1 }
    : { chunked: large || files.length > 10, parallel: files.length > 5 };
};

// ---- the Uploaded Files list ------------------------------------------------------------------

export const SORT_OPTIONS = [
  { value: 'name-asc', label: 'Name A-Z' },
  { value: 'name-desc', label: 'Name Z-A' },
  { value: 'size-asc', label: 'Size ascending' },
  { value: 'size-desc', label: 'Size descending' },
  { value: 'date-asc', label: 'Date ascending' },
  { value: 'date-desc', label: 'Date descending' },
] as const;
export type SortOption = (typeof SORT_OPTIONS)[number]['value'];

export type ListedFile = { id: number; filename: string; size: number; uploaded_at: string };

export const filterAndSort = <T extends ListedFile>(
  files: readonly T[],
  search: string,
  sort: SortOption,
): T[] => {
  const needle = search.trim().toLowerCase();
  const matched = needle ? files.filter((f) => f.filename.toLowerCase().includes(needle)) : [...files];
  const [key, direction] = sort.split('-') as ['name' | 'size' | 'date', 'asc' | 'desc'];
  const sign = direction === 'asc' ? 1 : -1;
  return matched.sort((a, b) => {
    if (key === 'name')
      return sign * a.filename.localeCompare(b.filename, 'en', { sensitivity: 'base', numeric: true });
    if (key === 'size') return sign * (a.size - b.size);
    return sign * (new Date(a.uploaded_at).getTime() - new Date(b.uploaded_at).getTime());
  });
};

const PAGE_SIZE = 10;

/** One page of a list, with the "Showing a-b of n" numbers (1-based page). */
export const paginate = <T>(items: readonly T[], page: number, pageSize = PAGE_SIZE) => {
  const pageCount = Math.max(1, Math.ceil(items.length / pageSize));
  const current = Math.min(Math.max(1, page), pageCount);
  const start = (current - 1) * pageSize;
  const slice = items.slice(start, start + pageSize);
  return {
    items: slice,
    page: current,
    pageCount,
    from: items.length ? start + 1 : 0,
    to: start + slice.length,
    total: items.length,
  };
};
