import * as pkijs from 'pkijs';
import { DIGESTS, OID, digest, parseDer } from './der';
import { checkCms } from './cms';

/** What an RFC 3161 time-stamp token says, once its signature is checked. */
export type TimestampTokenCheck = {
  valid: boolean;
  problem: string | null;
  /** genTime: when the authority saw the imprint. */
  time: Date | null;
  /** The subject of the authority's certificate. */
  authority: string | null;
  serialNumber: string | null;
  nonce: bigint | null;
};

const bigintOf = (bytes: Uint8Array) =>
  bytes.length ? BigInt(`0x${Buffer.from(bytes).toString('hex')}`) : 0n;

/**
 * Checks a TimeStampToken (RFC 3161 2.4.2): a CMS SignedData (cms.ts) over a TSTInfo (pkijs) whose signature
 * verifies, signed by a certificate for time-stamping, and whose message imprint is the digest of `imprinted` (for
 * a signature time-stamp: the signature value it covers).
 */
export function checkTimestampToken(token: Uint8Array, imprinted: Uint8Array): TimestampTokenCheck {
  const result: TimestampTokenCheck = {
    valid: false,
    problem: null,
    time: null,
    authority: null,
    serialNumber: null,
    nonce: null,
  };
  const cms = checkCms(token, null);
  try {
    if (!cms.content || cms.contentType !== OID.tstInfo)
      throw new Error(cms.problem ?? 'the token holds no TSTInfo');
    let tstInfo: pkijs.TSTInfo;
    try {
      tstInfo = new pkijs.TSTInfo({ schema: parseDer(cms.content, 'TSTInfo') });
    } catch {
      throw new Error('TSTInfo: not DER (fields)');
    }
    result.time = tstInfo.genTime;
    result.serialNumber = Buffer.from(tstInfo.serialNumber.valueBlock.valueHexView).toString('hex');
    result.nonce = tstInfo.nonce ? bigintOf(tstInfo.nonce.valueBlock.valueHexView) : null;
    if (cms.signer) {
      result.authority = cms.signer.subject;
      const eku = cms.signer.extKeyUsage;
      if (eku && !eku.includes(OID.ekuTimeStamping))
        throw new Error('the token is not signed by a time-stamping certificate');
    }
    if (!cms.valid) throw new Error(`the token's signature: ${cms.problem}`);
    const { hashAlgorithm, hashedMessage } = tstInfo.messageImprint;
    const algorithm = DIGESTS[hashAlgorithm.algorithmId];
    if (!algorithm) throw new Error(`unsupported imprint algorithm ${hashAlgorithm.algorithmId}`);
    if (!Buffer.from(hashedMessage.getValue()).equals(digest(algorithm.node, imprinted)))
      throw new Error('the token time-stamps other data (message imprint mismatch)');
    result.valid = true;
  } catch (err) {
    result.problem = err instanceof Error ? err.message : String(err);
  }
  return result;
}
