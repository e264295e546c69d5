import * as pkijs from 'pkijs';
import { contentsOf, signatureSpans } from './byte-range';
import { OID, derOf, parseDer } from './der';
import { requestTimestamp, type TimestampTransport } from './timestamp-client';

/**
 * Adds the signature time-stamp to a seal made without one (PAdES B-B, the authority was unreachable): the RFC 3161
 * token over the signature value becomes the SignerInfo's unsigned attribute id-aa-signatureTimeStampToken, and the
 * CMS is written back into the space reserved for it in /Contents. /Contents is outside the ByteRange, so no signed
 * byte changes, the file keeps its length and the signature stays valid; the seal becomes B-T, its time-stamp later
 * than the signing time. (A document time-stamp, an incremental update, was the other way: it would leave the seal
 * no longer covering the whole file, which verification reports as a change.)
 */

export type LateTimestamp = { pdf: Buffer; time: Date; authority: string | null };

export async function addSignatureTimestamp(
  pdf: Buffer,
  transport: TimestampTransport,
): Promise<LateTimestamp> {
  const span = signatureSpans(pdf).at(-1);
  if (!span || span.ranges[1]![0] + span.ranges[1]![1] !== pdf.length)
    throw new Error('the file carries no seal that covers it whole');
  let signedData: pkijs.SignedData;
  try {
    const info = new pkijs.ContentInfo({ schema: parseDer(contentsOf(pdf, span), 'the seal') });
    if (info.contentType !== OID.signedData) throw new Error('not SignedData');
    signedData = new pkijs.SignedData({ schema: info.content });
  } catch {
    throw new Error('the seal is not a CMS SignedData');
  }
  const [signerInfo, ...others] = signedData.signerInfos;
  if (!signerInfo || others.length) throw new Error('the seal has no single signer');
  if (signerInfo.unsignedAttrs) throw new Error('the seal already has unsigned attributes');

  const stamp = await requestTimestamp(transport, Buffer.from(signerInfo.signature.getValue()));
  signerInfo.unsignedAttrs = new pkijs.SignedAndUnsignedAttributes({
    type: 1,
    attributes: [
      new pkijs.Attribute({
        type: OID.signatureTimeStampToken,
        values: [parseDer(stamp.token, 'the time-stamp token')],
      }),
    ],
  });
  // Written again by pkijs: the certificates and signed attributes come out as they were read (DER in, DER out).
  const cms = derOf(new pkijs.ContentInfo({ contentType: OID.signedData, content: signedData.toSchema() }));

  const capacity = (span.contentsEnd - span.contentsStart - 1) >> 1;
  if (cms.length > capacity)
    throw new Error(
      `the seal has no room for the time-stamp (${cms.length} bytes needed, ${capacity} reserved)`,
    );
  const out = Buffer.from(pdf);
  out.write(cms.toString('hex').padEnd(capacity * 2, '0'), span.contentsStart + 1, 'latin1');
  return { pdf: out, time: stamp.time, authority: stamp.authority };
}
