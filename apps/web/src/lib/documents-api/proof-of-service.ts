import type { ProofOfServiceStatus, ProofVersionList } from '@lexserve/contracts/documents';
import { useQuery } from '@tanstack/react-query';
import { api, describeError } from '../api-client';
import { documentKeys } from './keys';

/** GET /proof-of-service/document/{id}: existence check (and, from LexServe, the proof's details). */
const getProofStatus = async (documentId: number): Promise<ProofOfServiceStatus> => {
  const answer = await api.get<ProofOfServiceStatus | boolean>(`/proof-of-service/document/${documentId}`);
  if (typeof answer === 'boolean') {
    return {
      exists: answer,
      document_id: documentId,
      security_id: null,
      version: null,
      generated_at: null,
      sha256: null,
      size: null,
      verification_count: null,
      verification_url: null,
      awaiting_sheriff_return: false,
    };
  }
  return answer;
};

export const useProofStatus = (documentId: number, enabled = true) =>
  useQuery({
    queryKey: documentKeys.proof(documentId),
    queryFn: () => getProofStatus(documentId),
    enabled,
    staleTime: 30_000,
  });

export const generateProof = (documentId: number) =>
  api.post<unknown>(`/proof-of-service/generate/${documentId}`, {});

/** GET /proof-of-service/document/{id}/download: the current PDF, or with `version` that version's. */
export const downloadProof = (documentId: number, version?: number): Promise<Blob> =>
  api.get<Blob>(`/proof-of-service/document/${documentId}/download`, {
    responseType: 'blob',
    query: { version },
  });

/** GET /proof-of-service/document/{id}/versions: every version, newest first (proofs are living records). */
export const useProofVersions = (documentId: number, enabled = true) =>
  useQuery({
    queryKey: documentKeys.proofVersions(documentId),
    queryFn: () => api.get<ProofVersionList>(`/proof-of-service/document/${documentId}/versions`),
    enabled,
    staleTime: 30_000,
  });

/**
 * After a submit: the server generates the proof with the service; generate only if it is not there yet.
 * A 409 from generate means it already exists, which is what we want.
 */
export const ensureProof = async (documentId: number): Promise<void> => {
  const status = await getProofStatus(documentId).catch(() => null);
  if (status?.exists) return;
  try {
    await generateProof(documentId);
  } catch (error) {
    const again = await getProofStatus(documentId).catch(() => null);
    if (!again?.exists) throw error;
  }
};

export const proofGenerateError = (error: unknown) =>
  describeError(error, {
    byStatus: {
      404: 'Document not found. Please verify the document ID.',
      409: 'Proof of service already exists for this document or document is not ready for proof generation.',
      422: 'Document validation failed. The document may not be in a valid state for proof generation.',
    },
    fallback: 'Failed to generate proof of service',
  });

export const proofDownloadError = (error: unknown, fallback = 'Failed to download proof of service') =>
  describeError(error, {
    byStatus: {
      404: 'Proof of service not found for this document. You may need to generate it first.',
      409: 'Proof of service PDF is not ready for download. Please try again later.',
      500: 'Server error occurred while preparing the PDF. Please try again later.',
    },
    fallback,
  });
