import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { DIGESTS, OID, derOf, digest, parseDer, randomPositiveInteger, usePkijs } from './der';
import { signCms } from './cms';
import { parseCertificate } from './certificates';
import type { SigningKey } from './pkcs12';

/**
 * The built-in RFC 3161 time-stamping authority, used when TSA_URL is not set: the sealer calls it in-process, and
 * the app also serves it over HTTP (POST /api/v1/tsa) so others can check how it answers. Its key and certificate
 * ("LexServe Local Time-Stamping Authority (not publicly trusted)", timeStamping critical) come from the local CA.
 * Requests with an unknown digest, a policy other than ours or any extension are refused with a PKIFailureInfo.
 */

/** LexServe's time-stamp policy: an OID from the UUID arc (ITU-T X.667), which needs no registration. */
export const TSA_POLICY = '2.25.57922941618581259407419559105720380896';

/** PKIFailureInfo bits (RFC 3161 2.4.2). */
const FAILURE = { badAlg: 0, badRequest: 2, badDataFormat: 5, unacceptedPolicy: 15, unacceptedExtension: 16, systemFailure: 25 } as const;

export type TimestampResponder = {
  /** Answers a DER TimeStampReq with a DER TimeStampResp (refusals too, as RFC 3161 wants). */
  respond(query: Uint8Array): Promise<Buffer>;
};

/** A BIT STRING with one named bit set, in DER form (trailing zero bits dropped). */
function failInfo(bit: number): asn1js.BitString {
  const bytes = new Uint8Array((bit >> 3) + 1);
  bytes[bit >> 3] = 0x80 >> (bit & 7);
  return new asn1js.BitString({ valueHex: bytes.buffer, unusedBits: 7 - (bit & 7) });
}

const refusal = (failure: keyof typeof FAILURE, text: string) =>
  derOf(
    new pkijs.TimeStampResp({
      status: new pkijs.PKIStatusInfo({ status: 2, statusStrings: [new asn1js.Utf8String({ value: text })], failInfo: failInfo(FAILURE[failure]) }),
    }),
  );

export function timestampResponder(key: SigningKey, now: () => Date = () => new Date()): TimestampResponder {
  const certificate = parseCertificate(key.certificate);
  return {
    async respond(query) {
      usePkijs();
      let request: pkijs.TimeStampReq;
      try {
        request = new pkijs.TimeStampReq({ schema: parseDer(query, 'TimeStampReq') });
      } catch {
        return refusal('badDataFormat', 'The request is not a DER TimeStampReq');
      }
      if (request.version !== 1) return refusal('badRequest', 'Only version 1 requests are answered');
      const algorithm = request.messageImprint.hashAlgorithm.algorithmId;
      const expected = DIGESTS[algorithm];
      if (!expected || expected.node === 'sha1') return refusal('badAlg', 'The imprint must be SHA-256, SHA-384 or SHA-512');
      if (request.messageImprint.hashedMessage.valueBlock.valueHexView.byteLength !== expected.length)
        return refusal('badDataFormat', 'The imprint has the wrong length for its algorithm');
      if (request.reqPolicy && request.reqPolicy !== TSA_POLICY) return refusal('unacceptedPolicy', `Only policy ${TSA_POLICY} is offered`);
      if (request.extensions?.length) return refusal('unacceptedExtension', 'No extension is supported');

      try {
        // Whole seconds: genTime is then plain DER (no fraction to trim), and the accuracy says one second.
        const genTime = new Date(Math.floor(now().getTime() / 1000) * 1000);
        const tstInfo = new pkijs.TSTInfo({
          version: 1,
          policy: TSA_POLICY,
          messageImprint: request.messageImprint,
          serialNumber: randomPositiveInteger(16),
          genTime,
          accuracy: new pkijs.Accuracy({ seconds: 1 }),
          ...(request.nonce ? { nonce: request.nonce } : {}),
          tsa: new pkijs.GeneralName({ type: 4, value: certificate.subject }),
        });
        const content = derOf(tstInfo);
        const signed = await signCms({
          key,
          contentType: OID.tstInfo,
          contentDigest: digest('sha256', content),
          encapsulated: content,
          certificates: request.certReq ? [key.certificate, ...key.chain] : [],
        });
        const token = new pkijs.ContentInfo({ schema: parseDer(signed.toDer(), 'token') });
        return derOf(new pkijs.TimeStampResp({ status: new pkijs.PKIStatusInfo({ status: 0 }), timeStampToken: token }));
      } catch {
        return refusal('systemFailure', 'The time-stamp could not be made');
      }
    },
  };
}
