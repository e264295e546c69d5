import type { CaseFile, FileViewLink, UploadResult } from '@lexserve/contracts/documents';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  api,
  describeError,
  isApiRequestError,
  uploadWithProgress,
  type UploadProgress,
} from '../../../lib/api-client';
import { API_ORIGIN } from '../../../config/env';
import { STALE_TIMES } from '../../../lib/query-client';
import { documentKeys } from '../../../lib/documents-api/keys';
import { invalidateDocuments } from '../../../lib/documents-api/documents';

type CaseFileList = { files: CaseFile[]; total: number; total_size: number };

const listCaseFiles = async (documentId: number): Promise<CaseFileList> => {
  const answer = await api.get<Partial<CaseFileList>>(`/documents/${documentId}/files`);
  const files = answer.files ?? [];
  return {
    files,
    total: answer.total ?? files.length,
    total_size: answer.total_size ?? files.reduce((sum, f) => sum + f.size, 0),
  };
};

export const caseFilesQueryOptions = (documentId: number) =>
  queryOptions({
    queryKey: documentKeys.files(documentId),
    queryFn: () => listCaseFiles(documentId),
    staleTime: STALE_TIMES.documents,
  });

export const useCaseFiles = (documentId: number | null) =>
  useQuery({ ...caseFilesQueryOptions(documentId ?? 0), enabled: documentId !== null && documentId > 0 });

// ---- upload -----------------------------------------------------------------------------------

type UploadFilesOptions = {
  documentId: number;
  files: File[];
  chunked?: boolean;
  parallel?: boolean;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
};

/**
 * POST /documents/upload: multipart with files (repeated), document_id, use_chunked_upload and
 * use_parallel_upload. document_id goes first (and in the query) so the server checks access before the bytes.
 */
export const uploadFiles = ({
  documentId,
  files,
  chunked = false,
  parallel = false,
  onProgress,
  signal,
}: UploadFilesOptions) => {
  const form = new FormData();
  form.append('document_id', String(documentId));
  form.append('use_chunked_upload', String(chunked));
  form.append('use_parallel_upload', String(parallel));
  for (const file of files) form.append('files', file, file.name);
  return uploadWithProgress<UploadResult>('/documents/upload', form, {
    query: { document_id: documentId },
    onProgress,
    signal,
  });
};

/** Upload failures by status (spec 2 §8, "Upload"). */
export const uploadErrorMessage = (error: unknown, documentId: number): string => {
  if (!isApiRequestError(error))
    return error instanceof Error && error.message
      ? `Failed to upload files: ${error.message}`
      : 'Upload failed';
  const reason = error.serverMessage ?? error.message;
  switch (error.status) {
    case 422:
      return `Upload validation failed: ${reason}. Please check that you've provided a valid document ID and selected files.`;
    case 403:
      return "Access denied: You don't have permission to upload files to this document.";
    case 404:
      return `Document not found: The document ID ${documentId} doesn't exist or you don't have access to it.`;
    default:
      return reason ? `Failed to upload files: ${reason}` : 'Upload failed';
  }
};

/** The per-file reason the server gave (a rejected file), else the upload message. */
export const fileErrorOf = (error: unknown, documentId: number): string => {
  if (isApiRequestError(error) && error.status === 422 && error.serverMessage) {
    const match = /:\s*([^:]+)$/.exec(error.serverMessage);
    if (match?.[1] && /rejected/i.test(error.serverMessage)) return match[1].trim();
  }
  if (isApiRequestError(error) && error.status === 413 && error.serverMessage) return error.serverMessage;
  return uploadErrorMessage(error, documentId);
};

// ---- bundles ----------------------------------------------------------------------------------

type CreateBundleArgs = { documentId: number; fileIds: number[]; bundleName: string };

/** POST /documents/{id}/bundle: multipart file_ids (comma-joined, in bundle order) and bundle_name. */
const createBundle = ({ documentId, fileIds, bundleName }: CreateBundleArgs) => {
  const form = new FormData();
  form.append('file_ids', fileIds.join(','));
  form.append('bundle_name', bundleName);
  return api.post<unknown>(`/documents/${documentId}/bundle`, form);
};

export const useCreateBundle = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createBundle, onSuccess: () => invalidateDocuments(queryClient) });
};

export const bundleErrorMessage = (error: unknown) =>
  describeError(error, {
    byStatus: {
      403: 'You do not have permission to create bundles for this document. Please check your access rights.',
    },
    fallback: 'Failed to create bundle',
  });

// ---- downloads --------------------------------------------------------------------------------

/** GET /documents/{id}/download with file_id and primary_only false: the file's bytes. */
export const downloadCaseFile = (documentId: number, fileId: number): Promise<Blob> =>
  api.get<Blob>(`/documents/${documentId}/download`, {
    query: { file_id: fileId, primary_only: false },
    responseType: 'blob',
  });

/**
 * POST /documents/{id}/files/{fileId}/view-link: the address that shows the file inline for a few minutes, on the API's
 * origin. It ends with the file's name, so the browser's PDF viewer is titled with it (a blob address showed a random id).
 */
export const fileViewUrl = async (documentId: number, fileId: number): Promise<string> => {
  const link = await api.post<FileViewLink>(`/documents/${documentId}/files/${fileId}/view-link`);
  return `${API_ORIGIN}${link.url}`;
};

export const downloadErrorMessage = (
  error: unknown,
  fallback = 'Failed to download document. Please try again.',
) =>
  describeError(error, {
    byStatus: {
      403: 'You do not have permission to download this file. Please check your access rights.',
      404: 'File not found. It may have been deleted or moved.',
      500: 'Server error occurred while downloading the file. Please try again later.',
    },
    fallback,
  });
