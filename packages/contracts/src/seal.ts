import { z } from 'zod';
import { defineErrors } from './errors';

/** The seal's public endpoints: the built-in time-stamping authority and the local CA certificate. */
export const SealErrors = defineErrors({
  /** POST /tsa with a body that is not an RFC 3161 query. */
  TSA_QUERY_REQUIRED: {
    status: 415,
    message: 'Send a DER TimeStampReq with the content type application/timestamp-query.',
  },
  /** TSA_URL is set: the built-in time-stamping authority is off. */
  TSA_NOT_IN_USE: { status: 404, message: 'This installation uses an external time-stamping authority.' },
  /** The seal's key comes from configuration and time-stamps from an external authority: there is no local CA. */
  LOCAL_CA_NOT_IN_USE: { status: 404, message: 'This installation has no local certificate authority.' },
  /** GET /seal/certificate?fingerprint= naming no certificate LexServe has sealed with. */
  SEAL_CERTIFICATE_NOT_FOUND: {
    status: 404,
    message: 'LexServe has not sealed any document with a certificate of this fingerprint.',
  },
});

/** ?fingerprint=: one of the certificates LexServe has sealed with (SHA-256 of its DER, hex); none: the current one. */
export const SealCertificateQuerySchema = z.object({
  fingerprint: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[0-9a-f]{64}$/, "The fingerprint is the certificate's SHA-256: 64 hexadecimal characters.")
    .optional(),
});

/** A certificate LexServe has sealed with: the current one, and those it replaced (their seals still verify). */
const SealCertificateInfoSchema = z.object({
  fingerprint_sha256: z.string(),
  subject: z.string(),
  issuer: z.string(),
  not_before: z.string().nullable(),
  not_after: z.string().nullable(),
  /** First and last time LexServe sealed with it. */
  first_used_at: z.string(),
  last_used_at: z.string(),
  /** The certificate new seals are made with. */
  current: z.boolean(),
  /** GET this to download it (PEM). */
  download_url: z.string(),
});
export const SealCertificateListSchema = z.object({ certificates: z.array(SealCertificateInfoSchema) });
export type SealCertificateInfo = z.infer<typeof SealCertificateInfoSchema>;
