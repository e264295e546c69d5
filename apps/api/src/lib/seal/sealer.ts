import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Env } from '../../config/env';
import { toPem } from './certificates';
import { openLocalAuthority } from './local-authority';
import { openPkcs12, type SigningKey } from './pkcs12';
import type { Placeholder } from './placeholder';
import { addSignatureTimestamp, type LateTimestamp } from './late-timestamp';
import { readSeal, type SealReport } from './read-seal';
import { sealPdf, type SealedPdf } from './seal-pdf';
import {
  httpTimestampTransport,
  requestTimestamp,
  type Timestamp,
  type TimestampTransport,
} from './timestamp-client';
import { checkTimestampToken, type TimestampTokenCheck } from './timestamp-token';
import { timestampResponder, type TimestampResponder } from './timestamp-responder';

/**
 * The app's sealer (`Deps.seal`, one per app): the key material is resolved once and kept in memory.
 * - The seal key: the PKCS #12 at SEAL_P12_PATH (SEAL_P12_PASSPHRASE), else the local one in DATA_DIR/seal.
 * - Time-stamps: the authority at TSA_URL, else the built-in responder, called in-process (no network), whose key
 *   comes from the local CA like the local seal's.
 */

type SealOptions = {
  /** A PKCS #12 and passphrase supplied at signing time: opened in memory for this seal only, never stored. */
  pkcs12?: { bytes: Buffer; passphrase: string };
  reason?: string;
  location?: string;
  /** Where the PDF is parsed to write the signature's placeholder (default: here; the PDF worker for large files). */
  placeholder?: Placeholder;
};

export type Sealer = {
  /** Resolves (the first time: creates) the key material now; otherwise that happens on first use. */
  prepare(): Promise<void>;
  seal(pdf: Buffer, opts?: SealOptions): Promise<SealedPdf>;
  read(pdf: Buffer): SealReport;
  /** Adds the signature time-stamp to a PDF this sealer sealed without one (late-timestamp.ts); throws when the authority gives none. */
  addTimestamp(pdf: Buffer): Promise<LateTimestamp>;
  /** An RFC 3161 time-stamp over `imprinted` (its SHA-256 is sent) from the configured authority; throws when there is none to be had. */
  timestamp(imprinted: Uint8Array): Promise<Timestamp>;
  /** Checks a time-stamp token: its signature, and that it time-stamps `imprinted`. */
  checkTimestamp(token: Uint8Array, imprinted: Uint8Array): TimestampTokenCheck;
  /** Whether the built-in time-stamping authority is in use (TSA_URL not set). */
  builtInTsa: boolean;
  /** The built-in authority's answer to a DER TimeStampReq (only when `builtInTsa`). */
  respondToTimestampQuery(query: Buffer): Promise<Buffer>;
  /** The local CA's certificate (PEM) when there is a local CA (the seal's or the built-in TSA's issuer), else null. */
  localCaCertificate(): Promise<string | null>;
  /** The document seal's own certificate: PEM, and the SHA-256 fingerprint of its DER (to tell LexServe's seals from others). */
  sealCertificate(): Promise<{ pem: string; fingerprint_sha256: string }>;
};

const SEAL_REASON = 'Sealed by LexServe';
const SEAL_LOCATION = 'South Africa';

type KeyMaterial = { seal: SigningKey; responder: TimestampResponder | null; caPem: string | null };

type SealEnv = Pick<Env, 'DATA_DIR' | 'PUBLIC_URL' | 'SEAL_P12_PATH' | 'SEAL_P12_PASSPHRASE' | 'TSA_URL'>;

async function loadKeyMaterial(env: SealEnv): Promise<KeyMaterial> {
  const local = !env.SEAL_P12_PATH || !env.TSA_URL ? await openLocalAuthority(env.DATA_DIR) : null;
  const seal = env.SEAL_P12_PATH
    ? await openPkcs12(readFileSync(env.SEAL_P12_PATH), env.SEAL_P12_PASSPHRASE ?? '').catch(
        (err: unknown) => {
          throw new Error(
            `SEAL_P12_PATH (${env.SEAL_P12_PATH}): ${err instanceof Error ? err.message : String(err)}`,
            { cause: err },
          );
        },
      )
    : await local!.key('seal');
  const responder = env.TSA_URL ? null : timestampResponder(await local!.key('tsa'));
  return { seal, responder, caPem: local ? toPem(local.caCertificate) : null };
}

export function createSealer(env: SealEnv): Sealer {
  let material: Promise<KeyMaterial> | undefined;
  const keys = () => {
    material ??= loadKeyMaterial(env).catch((err: unknown) => {
      material = undefined;
      throw err;
    });
    return material;
  };
  // The largest token the authority has sent so far, plus room to spare, is what the next seal reserves for one.
  let tokenBytes = 0;
  const transport: TimestampTransport = env.TSA_URL
    ? httpTimestampTransport(env.TSA_URL)
    : async (query) => (await keys()).responder!.respond(query);

  return {
    prepare: async () => {
      await keys();
    },
    seal: async (pdf, opts = {}) => {
      const key = opts.pkcs12
        ? await openPkcs12(opts.pkcs12.bytes, opts.pkcs12.passphrase)
        : (await keys()).seal;
      const sealed = await sealPdf(pdf, {
        key,
        timestamps: transport,
        reason: opts.reason ?? SEAL_REASON,
        location: opts.location ?? SEAL_LOCATION,
        contactInfo: env.PUBLIC_URL,
        ...(opts.placeholder ? { placeholder: opts.placeholder } : {}),
        ...(tokenBytes ? { tokenAllowance: tokenBytes + 1024 } : {}),
      });
      tokenBytes = Math.max(tokenBytes, sealed.tokenBytes);
      return sealed;
    },
    read: readSeal,
    addTimestamp: (pdf) => addSignatureTimestamp(pdf, transport),
    timestamp: (imprinted) => requestTimestamp(transport, imprinted),
    checkTimestamp: checkTimestampToken,
    builtInTsa: !env.TSA_URL,
    respondToTimestampQuery: async (query) => {
      const { responder } = await keys();
      if (!responder) throw new Error('the built-in time-stamping authority is not in use (TSA_URL is set)');
      return responder.respond(query);
    },
    localCaCertificate: async () => (await keys()).caPem,
    sealCertificate: async () => {
      const { seal } = await keys();
      return {
        pem: toPem(seal.certificate),
        fingerprint_sha256: createHash('sha256').update(seal.certificate).digest('hex'),
      };
    },
  };
}
