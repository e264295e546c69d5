import { VERIFICATION_MESSAGES, type VerificationStatus } from '@lexserve/contracts/constants';
import type { FileVerificationResult, VerificationResult } from '@lexserve/contracts/verification';
import { api, isApiRequestError, uploadWithProgress, type UploadProgress } from '../../../lib/api-client';
import { getAccessToken } from '../../../lib/session-store';
import { formatLongDateTime } from '../../../lib/format';

/** Spec 1 §8, "Verification". */
export const VERIFY_MESSAGES = {
  empty: 'Invalid security ID provided. Security ID must be a non-empty string.',
  badFormat: 'Invalid security ID format. Please check the security ID and try again.',
  network: 'Unable to connect to verification service. Please check your internet connection and try again.',
  failed: 'Failed to verify document',
  notFound: 'Security ID not found in verification database',
} as const;

export class VerificationError extends Error {}

/** A 404 becomes the not-found result (spec 1 §7). */
const notFoundResult = (securityId: string): VerificationResult => ({
  valid: false,
  status: 'not_found',
  security_id: securityId,
  message: VERIFY_MESSAGES.notFound,
  document_type: null,
  pdf_type: null,
  generation_date: null,
  verification_count: 0,
  hash_verified: null,
  firm_verified: false,
  verification_url: '',
  firm_name: null,
  service_date: null,
  revoked_at: null,
  served_files: [],
  version: null,
  current_version: null,
  current_version_generated_at: null,
  superseded: false,
  superseded_by_version: null,
  superseded_at: null,
  seal: null,
});

const messageOf = (error: unknown): string => {
  if (!isApiRequestError(error)) return VERIFY_MESSAGES.failed;
  if (error.isNetworkError) return VERIFY_MESSAGES.network;
  if (error.status === 400)
    return error.serverMessage === VERIFY_MESSAGES.empty ? VERIFY_MESSAGES.empty : VERIFY_MESSAGES.badFormat;
  if ((error.status === 429 || error.code === 'PROOF_VERSION_NOT_FOUND') && error.serverMessage)
    return error.serverMessage;
  return VERIFY_MESSAGES.failed;
};

/**
 * This visit's id (one per browser tab session), sent with each check so that the server counts a visit's checks of
 * one ID once, however often the page re-renders or is reloaded.
 */
const verificationVisit = (): string => {
  const KEY = 'verification_visit';
  let visit = sessionStorage.getItem(KEY);
  if (!visit) {
    visit = crypto.randomUUID();
    sessionStorage.setItem(KEY, visit);
  }
  return visit;
};

/**
 * What each check sends: the visit's id, and the bearer token when someone is signed in, so that the issuing firm's
 * own checks are not counted (the call stays public: without a session it goes without one).
 */
const checkOptions = () => ({
  auth: Boolean(getAccessToken()),
  headers: { 'X-Verification-Visit': verificationVisit() },
});

/**
 * GET /verify/{securityId}[?version=N]: public, the ID URL-encoded (with the visit id, and the token of a signed-in
 * user). The QR code of each version of a proof carries its version number.
 */
export const verifySecurityId = async (raw: string, version?: number): Promise<VerificationResult> => {
  const securityId = raw.trim();
  if (!securityId) throw new VerificationError(VERIFY_MESSAGES.empty);
  try {
    return await api.get<VerificationResult>(`/verify/${encodeURIComponent(securityId)}`, {
      ...checkOptions(),
      query: { version },
    });
  } catch (error) {
    if (isApiRequestError(error) && error.status === 404 && error.code !== 'PROOF_VERSION_NOT_FOUND')
      return notFoundResult(securityId);
    throw new VerificationError(messageOf(error));
  }
};

/** POST /verify/document: is this file one of the served originals or a proof of service? */
export const verifyFile = async (
  file: File,
  onProgress?: (p: UploadProgress) => void,
): Promise<FileVerificationResult> => {
  const form = new FormData();
  form.append('file', file, file.name);
  try {
    return await uploadWithProgress<FileVerificationResult>('/verify/document', form, {
      ...checkOptions(),
      onProgress,
    });
  } catch (error) {
    if (isApiRequestError(error)) {
      if (error.isNetworkError) throw new VerificationError(VERIFY_MESSAGES.network);
      if (error.serverMessage && error.status < 500) throw new VerificationError(error.serverMessage);
    }
    throw new VerificationError(VERIFY_MESSAGES.failed);
  }
};

/** Spec 1 §4.6: verified success; not_found warning; invalid and revoked error; anything else info. */
export const statusColor = (
  status: VerificationStatus | string,
): 'success' | 'warning' | 'error' | 'info' => {
  if (status === 'verified') return 'success';
  if (status === 'not_found') return 'warning';
  if (status === 'invalid' || status === 'revoked' || status === 'modified_after_sealing') return 'error';
  return 'info';
};

export const REVOKED_NOTICE = VERIFICATION_MESSAGES.revoked;

type Versioned = Pick<
  VerificationResult,
  'version' | 'current_version' | 'current_version_generated_at' | 'superseded_by_version' | 'superseded_at'
>;

/**
 * The words for an older version of a proof: "Superseded: this is version 1; version 3 was issued on 2 May 2025 at
 * 10:00." and, when another version came between, when the next one replaced it.
 */
export const supersededText = (r: Versioned): string => {
  const current = `Superseded: this is version ${r.version}; version ${r.current_version} was issued on ${formatLongDateTime(r.current_version_generated_at)}.`;
  const between =
    r.superseded_by_version && r.superseded_by_version !== r.current_version && r.superseded_at
      ? ` Version ${r.superseded_by_version} replaced it on ${formatLongDateTime(r.superseded_at)}.`
      : '';
  return current + between;
};
