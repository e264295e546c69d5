import { DIGESTS, OID, der, digest } from './der';
import {
  childrenOf,
  isOctetString,
  octetsOf,
  oidOf,
  readElement,
  smallIntegerOf,
  type Element,
} from './der-reader';
import { signCms } from './cms';
import { certificateParts } from './certificates';
import { randomBytes } from 'node:crypto';
import type { SigningKey } from './pkcs12';

/**
 * The built-in RFC 3161 time-stamping authority, used when TSA_URL is not set: the sealer calls it in-process, and
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

/** TimeStampResp { PKIStatusInfo { rejection, PKIFreeText, PKIFailureInfo } }. */
const refusal = (failure: keyof typeof FAILURE, text: string) =>
  der.sequence(der.sequence(der.integer(2), der.sequence(der.utf8(text)), der.namedBits(FAILURE[failure])));

export function timestampResponder(key: SigningKey, now: () => Date = () => new Date()): TimestampResponder {
  const name = certificateParts(key.certificate).subject;
  return {
    async respond(query) {
      // TimeStampReq { version, messageImprint { hashAlgorithm, hashedMessage }, reqPolicy?, nonce?, certReq?, [0] extensions? }
      let request: {
        version: number;
        algorithmId: string;
        params: Element | undefined;
        hashed: Buffer;
        policy: string | null;
        nonce: Element | undefined;
        certReq: boolean;
        extensions: number;
      };
      try {
        const [version, messageImprint, ...fields] = childrenOf(readElement(query));
        const [algorithm, hashed] = messageImprint?.tag === 0x30 ? childrenOf(messageImprint) : [];
        if (version?.tag !== 0x02 || algorithm?.tag !== 0x30 || !isOctetString(hashed))
          throw new Error('not a TimeStampReq');
        const [algorithmOid, params] = childrenOf(algorithm);
        const policy = fields.find((e) => e.tag === 0x06);
        const extensions = fields.find((e) => e.tag === 0xa0);
        let versionNumber = -1;
        try {
          versionNumber = smallIntegerOf(version);
        } catch {
          // Not a small non-negative INTEGER: not version 1.
        }
        request = {
          version: versionNumber,
          algorithmId: oidOf(algorithmOid),
          params,
          hashed: octetsOf(hashed),
          policy: policy ? oidOf(policy) : null,
          nonce: fields.find((e) => e.tag === 0x02),
          certReq: Boolean(fields.find((e) => e.tag === 0x01)?.content[0]),
          extensions: extensions ? childrenOf(extensions).length : 0,
        };
      } catch {
        return refusal('badDataFormat', 'The request is not a DER TimeStampReq');
      }
      if (request.version !== 1) return refusal('badRequest', 'Only version 1 requests are answered');
      const expected = DIGESTS[request.algorithmId];
      if (!expected || expected.node === 'sha1')
        return refusal('badAlg', 'The imprint must be SHA-256, SHA-384 or SHA-512');
      if (request.hashed.length !== expected.length)
        return refusal('badDataFormat', 'The imprint has the wrong length for its algorithm');
      if (request.policy && request.policy !== TSA_POLICY)
        return refusal('unacceptedPolicy', `Only policy ${TSA_POLICY} is offered`);
      if (request.extensions) return refusal('unacceptedExtension', 'No extension is supported');

      try {
        const serial = randomBytes(16);
        serial[0] = serial[0]! & 0x7f || 0x01;
        const tstInfo = der.sequence(
          der.integer(1),
          der.oid(TSA_POLICY),
          der.sequence(
            der.sequence(der.oid(request.algorithmId), ...(request.params ? [request.params.raw] : [])),
            der.octetString(request.hashed),
          ),
          der.integer(serial),
          // Whole seconds: plain DER (no fraction to trim); the accuracy says one second.
          der.generalizedTime(now()),
          der.sequence(der.integer(1)),
          ...(request.nonce ? [der.tlv(0x02, request.nonce.content)] : []),
          der.context(0, der.context(4, name)),
        );
        const token = await signCms({
          key,
          contentType: OID.tstInfo,
          contentDigest: digest('sha256', tstInfo),
          encapsulated: tstInfo,
          certificates: request.certReq ? [key.certificate, ...key.chain] : [],
        });
        return der.sequence(der.sequence(der.integer(0)), token.toDer());
      } catch {
        return refusal('systemFailure', 'The time-stamp could not be made');
      }
    },
  };
}
