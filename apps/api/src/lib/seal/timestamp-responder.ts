import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { DIGESTS, OID, derOf, digest, parseDer, randomPositiveInteger } from './der';
import { signCms } from './cms';
import { certificateFacts } from './certificates';
import type { SigningKey } from './pkcs12';

/**
 * The built-in RFC 3161 time-stamping authority (pkijs's TimeStampReq, TSTInfo and TimeStampResp), used when TSA_URL is not set: the sealer calls it in-process, and
 * the app also serves it over HTTP (POST /api/v1/tsa) so others can check how it answers. Its key and certificate
 * ("LexServe Local Time-Stamping Authority (not publicly trusted)", timeStamping critical) come from the local CA.
 * Requests with an unknown or SHA-1 digest, a policy other than ours or any extension are refused with a
 * PKIFailureInfo. Tokens: TSTInfo with our policy, a random serial, genTime in whole seconds (accuracy 1 s), the
 * request's nonce, our name; signed with ESS signing-certificate-v2; our certificate and the CA's when asked for.
 */

/** LexServe's time-stamp policy: an OID from the UUID arc (ITU-T X.667), which needs no registration. */
const TSA_POLICY = '2.25.57922941618581259407419559105720380896';

/** PKIFailureInfo bits (RFC 3161 2.4.2). */
const FAILURE = {
  badAlg: 0,
  badRequest: 2,
  badDataFormat: 5,
  unacceptedPolicy: 15,
  unacceptedExtension: 16,
  systemFailure: 25,
} as const;

export type TimestampResponder = {
  /** Answers a DER TimeStampReq with a DER TimeStampResp (refusals too, as RFC 3161 wants). */
  respond(query: Uint8Array): Promise<Buffer>;
};

/** A PKIFailureInfo BIT STRING with one named bit set (DER: trailing zero bits dropped). */
function failureBits(bit: number): asn1js.BitString {
  const bytes = new Uint8Array((bit >> 3) + 1);
  bytes[bit >> 3] = 0x80 >> (bit & 7);
  return new asn1js.BitString({ valueHex: bytes.buffer, unusedBits: 7 - (bit & 7) });
}

/** TimeStampResp { PKIStatusInfo { rejection, PKIFreeText, PKIFailureInfo } }. */
const refusal = (failure: keyof typeof FAILURE, text: string) =>
  derOf(
    new pkijs.TimeStampResp({
      status: new pkijs.PKIStatusInfo({
        status: pkijs.PKIStatus.rejection,
        statusStrings: [new asn1js.Utf8String({ value: text })],
        failInfo: failureBits(FAILURE[failure]),
      }),
    }),
  );

export function timestampResponder(key: SigningKey, now: () => Date = () => new Date()): TimestampResponder {
  const name = certificateFacts(key.certificate).parsed.subject;
  return {
    async respond(query) {
      let request: pkijs.TimeStampReq;
      try {
        request = new pkijs.TimeStampReq({ schema: parseDer(query, 'TimeStampReq') });
      } catch {
        return refusal('badDataFormat', 'The request is not a DER TimeStampReq');
      }
      if (request.version !== 1) return refusal('badRequest', 'Only version 1 requests are answered');
      const { hashAlgorithm, hashedMessage } = request.messageImprint;
      const expected = DIGESTS[hashAlgorithm.algorithmId];
      if (!expected || expected.node === 'sha1')
        return refusal('badAlg', 'The imprint must be SHA-256, SHA-384 or SHA-512');
      if (hashedMessage.getValue().byteLength !== expected.length)
        return refusal('badDataFormat', 'The imprint has the wrong length for its algorithm');
      if (request.reqPolicy && request.reqPolicy !== TSA_POLICY)
        return refusal('unacceptedPolicy', `Only policy ${TSA_POLICY} is offered`);
      if (request.extensions?.length) return refusal('unacceptedExtension', 'No extension is supported');

      try {
        // Whole seconds: plain DER (no fraction to trim); the accuracy says one second.
        const genTime = new Date(Math.floor(now().getTime() / 1000) * 1000);
        const tstInfo = derOf(
          new pkijs.TSTInfo({
            version: 1,
            policy: TSA_POLICY,
            messageImprint: request.messageImprint,
            serialNumber: randomPositiveInteger(16),
            genTime,
            accuracy: new pkijs.Accuracy({ seconds: 1 }),
            ...(request.nonce ? { nonce: request.nonce } : {}),
            tsa: new pkijs.GeneralName({ type: 4, value: name }),
          }),
        );
        const token = await signCms({
          key,
          contentType: OID.tstInfo,
          contentDigest: digest('sha256', tstInfo),
          encapsulated: tstInfo,
          certificates: request.certReq ? [key.certificate, ...key.chain] : [],
        });
        return derOf(
          new pkijs.TimeStampResp({
            status: new pkijs.PKIStatusInfo({ status: pkijs.PKIStatus.granted }),
            timeStampToken: token.toContentInfo(),
          }),
        );
      } catch {
        return refusal('systemFailure', 'The time-stamp could not be made');
      }
    },
  };
}
