import * as asn1js from 'asn1js';
import { contentsOf, signatureSpans } from './byte-range';
import { OID, der, parseDer } from './der';
import { requestTimestamp, type TimestampTransport } from './timestamp-client';

/**
 * Adds the signature time-stamp to a seal made without one (PAdES B-B, the authority was unreachable): the RFC 3161
 * token over the signature value becomes the SignerInfo's unsigned attribute id-aa-signatureTimeStampToken, and the
 * CMS is written back into the space reserved for it in /Contents. /Contents is outside the ByteRange, so no signed
 * byte changes, the file keeps its length and the signature stays valid; the seal becomes B-T, its time-stamp later
 * than the signing time. (A document time-stamp, an incremental update, was the other way: it would leave the seal
 * no longer covering the whole file, which verification reports as a change.)
 */

const raw = (e: asn1js.AsnType) => Buffer.from((e as asn1js.BaseBlock).valueBeforeDecodeView);
const children = (e: asn1js.AsnType) => ((e as asn1js.Sequence).valueBlock.value ?? []) as asn1js.AsnType[];
const isContext = (e: asn1js.AsnType, n: number) => e.idBlock.tagClass === 3 && e.idBlock.tagNumber === n;

export type LateTimestamp = { pdf: Buffer; time: Date; authority: string | null };

export async function addSignatureTimestamp(
  pdf: Buffer,
  transport: TimestampTransport,
): Promise<LateTimestamp> {
  const span = signatureSpans(pdf).at(-1);
  if (!span || span.ranges[1]![0] + span.ranges[1]![1] !== pdf.length)
    throw new Error('the file carries no seal that covers it whole');
  // ContentInfo { contentType, [0] SignedData { version, digestAlgorithms, encapContentInfo, [0] certificates?, [1] crls?, signerInfos } }
  const info = parseDer(contentsOf(pdf, span), 'the seal');
  const [type, wrapped] = children(info);
  const signedData = wrapped && children(wrapped)[0];
  if (
    !type ||
    !(type instanceof asn1js.ObjectIdentifier) ||
    type.valueBlock.toString() !== OID.signedData ||
    !signedData
  )
    throw new Error('the seal is not a CMS SignedData');
  const fields = children(signedData);
  const signerInfos = fields.at(-1);
  const signerInfo = signerInfos && children(signerInfos)[0];
  if (!signerInfo || children(signerInfos).length !== 1) throw new Error('the seal has no single signer');
  const parts = children(signerInfo);
  if (parts.some((p) => isContext(p, 1))) throw new Error('the seal already has unsigned attributes');
  const signature = parts.find((p) => p instanceof asn1js.OctetString) as asn1js.OctetString | undefined;
  if (!signature) throw new Error('the seal has no signature value');

  const stamp = await requestTimestamp(transport, Buffer.from(signature.valueBlock.valueHexView));
  const unsigned = der.context(1, der.sequence(der.oid(OID.signatureTimeStampToken), der.setOf(stamp.token)));
  const newSignerInfo = der.sequence(...parts.map(raw), unsigned);
  const newSignedData = der.sequence(...fields.slice(0, -1).map(raw), der.setOf(newSignerInfo));
  const cms = der.sequence(raw(type), der.context(0, newSignedData));

  const capacity = (span.contentsEnd - span.contentsStart - 1) >> 1;
  if (cms.length > capacity)
    throw new Error(
      `the seal has no room for the time-stamp (${cms.length} bytes needed, ${capacity} reserved)`,
    );
  const out = Buffer.from(pdf);
  out.write(cms.toString('hex').padEnd(capacity * 2, '0'), span.contentsStart + 1, 'latin1');
  return { pdf: out, time: stamp.time, authority: stamp.authority };
}
