/**
 * The PDF side of a seal, written by @libpdf/core: an incremental update (signatures already in the file stay valid)
 * with the signature field, the `/Sig` dictionary (Reason, Location, ContactInfo and M, the ByteRange, a reserved
 * `/Contents`), signed by a stand-in (the real certificate, a dummy signature) whose container seal-pdf.ts replaces
 * with ours. That is the part of sealing that parses the PDF (its cross-reference data and catalog, some 2-4 ms for a
 * proof), so for large files it runs in the PDF worker (pdf-merge.worker.ts); it needs no key. @libpdf/core is
 * imported once per process (a dynamic import on every seal was the first cost measured in issue 19).
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
