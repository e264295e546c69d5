import { appendPlaceholder } from './incremental-placeholder';

/**
 * The PDF side of a seal: an incremental update with the signature field, the `/Sig` dictionary (Reason, Location,
 * ContactInfo and M, the ByteRange, a reserved `/Contents`). A plain PDF such as LexServe draws (proofs, returns,
 * certificates: notice-pdf.ts) gets it appended by hand (incremental-placeholder.ts: no parse of the whole file, some 0.15 ms). Anything
 * else goes to @libpdf/core, signed by a stand-in (the real certificate, a dummy signature) whose container
 * seal-pdf.ts replaces with ours. That is the part of sealing that parses the PDF (its cross-reference data and
 * catalog), so for large files it runs in the PDF worker (pdf-merge.worker.ts); it needs no key.
 */

export type PlaceholderOptions = {
  certificate: Uint8Array;
  keyType: 'RSA' | 'EC';
  reason?: string;
  location?: string;
  contactInfo?: string;
  signingTime: Date;
  /** Bytes to reserve for the CMS container. */
  estimatedSize: number;
};

/** Writes the placeholder; answers the PDF with it. */
export type Placeholder = (pdf: Uint8Array, opts: PlaceholderOptions) => Promise<Uint8Array>;

let libpdf: Promise<typeof import('@libpdf/core')> | undefined;

export const writePlaceholder: Placeholder = async (pdf, opts) => {
  const appended = appendPlaceholder(pdf, opts);
  if (appended) return appended;
  const { PDF } = await (libpdf ??= import('@libpdf/core'));
  const doc = await PDF.load(pdf);
  const { bytes } = await doc.sign({
    signer: {
      certificate: new Uint8Array(opts.certificate),
      certificateChain: [],
      keyType: opts.keyType,
      signatureAlgorithm: opts.keyType === 'EC' ? 'ECDSA' : 'RSASSA-PKCS1-v1_5',
      sign: async () => new Uint8Array(opts.keyType === 'EC' ? 72 : 512),
    },
    subFilter: 'ETSI.CAdES.detached',
    reason: opts.reason,
    location: opts.location,
    contactInfo: opts.contactInfo,
    signingTime: opts.signingTime,
    estimatedSize: opts.estimatedSize,
  });
  return bytes;
};
