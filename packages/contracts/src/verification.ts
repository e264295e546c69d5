import { z } from 'zod';
import {
  VERIFICATION_MESSAGES,
  VERIFICATION_STATUSES,
  sealChangeText,
  type VerificationStatus,
} from './constants';
import { defineErrors } from './errors';

/**
 * Security IDs: 80 random bits in Crockford base32 (16 symbols, no I, L, O, U), grouped in fours behind "LS":
 * LS-7K3M-9QXD-2HJP-RT4W. Printed at the bottom of every page of a proof of service.
 */
export const CROCKFORD_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const SECURITY_ID_PATTERN =
  /^LS-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

/**
 * Reads what a person typed: trimmed, upper-cased, with Crockford's look-alikes mapped (I, L → 1; O → 0) and
 * with or without the hyphens. Answers the canonical form, or null when it cannot be a security ID.
 */
export function normalizeSecurityId(input: string): string | null {
  let s = input.trim().toUpperCase().replace(/[\s-]/g, '');
  if (!s.startsWith('LS')) return null;
  s = s.slice(2).replace(/[IL]/g, '1').replace(/O/g, '0');
  if (!/^[0-9A-HJKMNP-TV-Z]{16}$/.test(s)) return null;
  return `LS-${s.slice(0, 4)}-${s.slice(4, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}`;
}

export { VERIFICATION_MESSAGES, VERIFICATION_STATUSES, sealChangeText, type VerificationStatus };

/**
 * The PDF signature (seal) read from the file itself: anyone can check it with a PDF reader or pdfsig, without
 * trusting LexServe's database. Reported for the stored proof version checked, and for an uploaded PDF.
 */
export const SealSchema = z.object({
  /** The file carries a PDF signature. */
  present: z.boolean(),
  /** The signature verifies over the bytes it covers: nothing inside the signed range changed. */
  intact: z.boolean(),
  /** The signed range runs to the end of the file: nothing (such as an incremental update) was added after sealing. */
  covers_whole_file: z.boolean(),
  /** The signer is this LexServe installation's document seal (its certificate's SHA-256 fingerprint matches). */
  by_lexserve: z.boolean(),
  signer: z.object({ subject: z.string(), issuer: z.string(), fingerprint_sha256: z.string() }).nullable(),
  /** The signing time the signature claims (ISO 8601). */
  signed_at: z.string().nullable(),
  /** The RFC 3161 signature time-stamp, when present and valid. */
  timestamp: z.object({ time: z.string(), authority: z.string().nullable() }).nullable(),
  /** What is wrong with the seal, in words, or null. */
  problem: z.string().nullable(),
});
export type Seal = z.infer<typeof SealSchema>;

/** The file check's message when the uploaded bytes are not a stored file but the PDF carries a seal. */
export const SEAL_FILE_MESSAGES = {
  modified: (change: string) =>
    `This PDF was sealed by LexServe, but it was changed after sealing: ${change}. Do not rely on it; ask the issuing firm for the original.`,
  unrecorded:
    'This PDF carries an unchanged LexServe seal, but LexServe has no record of this exact file. Check it by the security ID printed on it.',
  foreign: (signer: string) =>
    `This file does not match any document served through LexServe, and its seal is not LexServe's: it was signed by ${signer}.`,
} as const;

/**
 * Which version of a proof was checked, and whether a later one replaced it: proofs are living records (a new version
 * when the delivery record changes or a return is issued); every version verifies, an older one says it was superseded.
 */
const VersionFieldsSchema = z.object({
  /** The version checked (null when the match is not a proof of service). */
  version: z.number().int().nullable(),
  /** The proof's current version. */
  current_version: z.number().int().nullable(),
  /** When the current version was issued. */
  current_version_generated_at: z.string().nullable(),
  /** For an older version: a newer one exists. */
  superseded: z.boolean(),
  /** The version that replaced the one checked (the next one), and when. */
  superseded_by_version: z.number().int().nullable(),
  superseded_at: z.string().nullable(),
});

/** The verification result of spec 1 §3, plus the issuing firm's name (so a reader knows whom to contact). */
export const VerificationResultSchema = z
  .object({
    valid: z.boolean(),
    status: z.enum(VERIFICATION_STATUSES),
    security_id: z.string(),
    message: z.string(),
    document_type: z.string().nullable(),
    pdf_type: z.string().nullable(),
    generation_date: z.string().nullable(),
    verification_count: z.number().int(),
    hash_verified: z.boolean().nullable(),
    firm_verified: z.boolean(),
    verification_url: z.string(),
    firm_name: z.string().nullable(),
    service_date: z.string().nullable(),
    revoked_at: z.string().nullable(),
    /** The seal read from the stored PDF of the version checked (null when that file could not be read). */
    seal: SealSchema.nullable(),
    /**
     * The files served, each with its SHA-256 as uploaded and that of its stamped served copy (the copy with this
     * security ID on every page; null until it is made, or for a file that cannot be stamped). Either file verifies.
     */
    served_files: z.array(
      z.object({
        filename: z.string(),
        sha256: z.string(),
        size: z.number().int(),
        served_copy_sha256: z.string().nullable(),
      }),
    ),
  })
  .extend(VersionFieldsSchema.shape);
export type VerificationResult = z.infer<typeof VerificationResultSchema>;

export const VerifyParamsSchema = z.object({ securityId: z.string() });
/** ?version=N: check that version of the proof (the QR code of each version carries its number). */
export const VerifyQuerySchema = z.object({
  version: z.coerce
    .number({ error: 'Version must be a whole number from 1.' })
    .int('Version must be a whole number from 1.')
    .positive('Version must be a whole number from 1.')
    .max(1_000_000, 'Version must be a whole number from 1.')
    .optional(),
});

/** POST /verify/document (alias /verify/file): which stored PDF the uploaded file is, if any. */
export const FileVerificationResultSchema = z
  .object({
    valid: z.boolean(),
    status: z.enum(VERIFICATION_STATUSES),
    message: z.string(),
    sha256: z.string(),
    size: z.number().int(),
    /**
     * served_document: one of the files served, as uploaded or its stamped served copy (pdf_type 'served_copy');
     * proof_of_service: a generated proof (any version).
     */
    match: z.enum(['served_document', 'proof_of_service']).nullable(),
    filename: z.string().nullable(),
    security_id: z.string().nullable(),
    document_type: z.string().nullable(),
    pdf_type: z.string().nullable(),
    generation_date: z.string().nullable(),
    verification_count: z.number().int().nullable(),
    hash_verified: z.boolean().nullable(),
    firm_verified: z.boolean().nullable(),
    verification_url: z.string().nullable(),
    firm_name: z.string().nullable(),
    service_date: z.string().nullable(),
    revoked_at: z.string().nullable(),
    /** The seal read from the uploaded bytes (null when the file is not a PDF, or too large to read). */
    seal: SealSchema.nullable(),
  })
  .extend(VersionFieldsSchema.shape);
export type FileVerificationResult = z.infer<typeof FileVerificationResultSchema>;

export const FILE_NO_MATCH_MESSAGE =
  'This file does not match any document served through LexServe. It may have been altered, or it was not served through the platform.';

export const VerificationErrors = defineErrors({
  /** Blank security ID. */
  SECURITY_ID_EMPTY: {
    status: 400,
    message: 'Invalid security ID provided. Security ID must be a non-empty string.',
  },
  /** Not of the LS-XXXX-XXXX-XXXX-XXXX shape. */
  SECURITY_ID_MALFORMED: {
    status: 400,
    message: 'Invalid security ID format. Please check the security ID and try again.',
  },
  /** Well-formed but unknown. */
  SECURITY_ID_NOT_FOUND: { status: 404, message: 'Security ID not found in verification database' },
  /** A known security ID with ?version= beyond its versions. `{version}`, `{current}` are replaced. */
  PROOF_VERSION_NOT_FOUND: {
    status: 404,
    message: 'This security ID has no version {version}; its current version is {current}.',
  },
  /** Too many checks from one address. */
  VERIFY_RATE_LIMITED: {
    status: 429,
    message: 'Too many verification requests. Please wait a moment and try again.',
  },
  /** POST /verify/document without a file. */
  VERIFY_FILE_REQUIRED: { status: 422, message: 'Please choose a PDF file to verify.' },
  /** The uploaded file is not a PDF (or a served Word document). */
  VERIFY_FILE_NOT_PDF: { status: 422, message: 'Only PDF files (or served Word documents) can be verified.' },
  /** Over 100 MB. */
  VERIFY_FILE_TOO_LARGE: { status: 413, message: 'File too large (max 100MB)' },
});
