import { createHash } from 'node:crypto';
import { OID } from './der';
import { contentsOf, signatureSpans, signedParts } from './byte-range';
import { signCms } from './cms';
import { summaryOf, type CertificateSummary } from './certificates';
import type { SigningKey } from './pkcs12';
import { writePlaceholder, type Placeholder } from './placeholder';
import { requestTimestamp, type TimestampTransport } from './timestamp-client';

/**
 * Seals a PDF: a PAdES baseline signature (ETSI.CAdES.detached) over the whole file, B-T when a time-stamping
 * authority answers (an RFC 3161 token on the signature value, as the unsigned attribute
 * id-aa-signatureTimeStampToken), B-B when none does.
 *
 * @libpdf/core writes the PDF side as an incremental update (placeholder.ts: signature field and dictionary with
 * Reason, Location and M, the ByteRange, a reserved /Contents), so signatures already in the file stay valid. The CMS container is
 * ours (cms.ts): @libpdf/core 0.4 always adds the signing-time attribute, which PAdES baseline forbids; so it is
 * given a stand-in signer, and its container is replaced in the reserved space by ours. The ByteRange does not
 * cover /Contents, so the replacement changes nothing that is signed.
 */

export type SealPdfOptions = {
  key: SigningKey;
  /** Where to ask for the signature time-stamp; null: seal without one (B-B). */
  timestamps: TimestampTransport | null;
  reason?: string;
  location?: string;
  contactInfo?: string;
  /** The claimed signing time (the signature dictionary's M entry). */
  signingTime?: Date;
  /** Bytes to reserve for the time-stamp token (default 12 KB; the sealer passes what its authority's tokens take). */
  tokenAllowance?: number;
  /** Where the placeholder is written (placeholder.ts): here by default, in the PDF worker for large files. */
  placeholder?: Placeholder;
};

export type SealedPdf = {
  pdf: Buffer;
  /** Whether an RFC 3161 signature time-stamp is in the seal (PAdES B-T). */
  timestamped: boolean;
  /** When the time-stamp could not be had: why (the seal is B-B then). */
  timestampProblem: string | null;
  /** The time-stamp's time, when there is one. */
  timestampTime: Date | null;
  /** The time-stamp token's size (0 without one). */
  tokenBytes: number;
  signer: CertificateSummary;
  signedAt: Date;
};

/** Room for the CMS container besides the certificates: signed attributes, signature, structure. */
const CMS_OVERHEAD = 2048;
/** Room for a time-stamp token from an unknown authority: a public authority's chain can take several kilobytes. */
const TOKEN_ALLOWANCE = 12_288;

export async function sealPdf(pdf: Buffer, opts: SealPdfOptions): Promise<SealedPdf> {
  const signedAt = opts.signingTime ?? new Date();
  const certificates = [opts.key.certificate, ...opts.key.chain];
  const certificateBytes = certificates.reduce((n, c) => n + c.length, 0);
  let reserve =
    certificateBytes + CMS_OVERHEAD + (opts.timestamps ? (opts.tokenAllowance ?? TOKEN_ALLOWANCE) : 0);

  for (let attempt = 0; ; attempt++) {
    const bytes = await (opts.placeholder ?? writePlaceholder)(new Uint8Array(pdf), {
      certificate: opts.key.certificate,
      keyType: opts.key.keyType,
      reason: opts.reason,
      location: opts.location,
      contactInfo: opts.contactInfo,
      signingTime: signedAt,
      estimatedSize: reserve,
    });
    const out = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const span = signatureSpans(out).at(-1);
    if (!span || span.ranges[1]![0] + span.ranges[1]![1] !== out.length)
      throw new Error('sealPdf: the signature placeholder was not found');

    const hash = createHash('sha256');
    for (const part of signedParts(out, span)) hash.update(part);
    const cms = await signCms({
      key: opts.key,
      contentType: OID.data,
      contentDigest: hash.digest(),
      certificates,
    });

    let timestampProblem: string | null = null;
    let timestampTime: Date | null = null;
    let tokenBytes = 0;
    const unsigned: { type: string; value: Uint8Array }[] = [];
    if (opts.timestamps) {
      try {
        const stamp = await requestTimestamp(opts.timestamps, cms.signatureValue);
        unsigned.push({ type: OID.signatureTimeStampToken, value: stamp.token });
        timestampTime = stamp.time;
        tokenBytes = stamp.token.length;
      } catch (err) {
        timestampProblem = err instanceof Error ? err.message : String(err);
      }
    }
    const der = cms.toDer(unsigned);
    const capacity = (span.contentsEnd - span.contentsStart - 1) >> 1;
    if (der.length > capacity) {
      // A longer chain or token than reserved for: once more, with room for what it took.
      if (attempt > 0)
        throw new Error(
          `sealPdf: the signature (${der.length} bytes) does not fit its placeholder (${capacity})`,
        );
      reserve = der.length + CMS_OVERHEAD;
      continue;
    }
    out.write(der.toString('hex').padEnd(capacity * 2, '0'), span.contentsStart + 1, 'latin1');
    if (contentsOf(out, span).subarray(0, der.length).compare(der) !== 0)
      throw new Error('sealPdf: the signature was not written');
    return {
      pdf: out,
      timestamped: unsigned.length > 0,
      timestampProblem,
      timestampTime,
      tokenBytes,
      signer: summaryOf(opts.key.certificate),
      signedAt,
    };
  }
}
