import * as pkijs from 'pkijs';
import { DIGESTS, OID, digest, parseDer } from './der';
import { checkCms } from './cms';
import { nameText } from './certificates';

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

const bigintOf = (hex: Uint8Array) => (hex.length ? BigInt(`0x${Buffer.from(hex).toString('hex')}`) : 0n);

/**
 * Checks a TimeStampToken (RFC 3161 2.4.2): a CMS SignedData over a TSTInfo whose signature verifies, signed by a
 * certificate for time-stamping, and whose message imprint is the digest of `imprinted` (for a signature
 * time-stamp: the signature value it covers).
 */
export function checkTimestampToken(token: Uint8Array, imprinted: Uint8Array): TimestampTokenCheck {
  const result: TimestampTokenCheck = { valid: false, problem: null, time: null, authority: null, serialNumber: null, nonce: null };
  const cms = checkCms(token, null);
  try {
    if (!cms.content || cms.contentType !== OID.tstInfo) throw new Error(cms.problem ?? 'the token holds no TSTInfo');
    const tstInfo = new pkijs.TSTInfo({ schema: parseDer(cms.content, 'TSTInfo') });
    result.time = tstInfo.genTime;
    result.serialNumber = Buffer.from(tstInfo.serialNumber.valueBlock.valueHexView).toString('hex');
    result.nonce = tstInfo.nonce ? bigintOf(tstInfo.nonce.valueBlock.valueHexView) : null;
    if (cms.signer) {
      result.authority = nameText(cms.signer.subject);
      const eku = cms.signer.extensions?.find((e) => e.extnID === OID.extKeyUsage)?.parsedValue as pkijs.ExtKeyUsage | undefined;
      if (eku && !eku.keyPurposes.includes(OID.ekuTimeStamping)) throw new Error('the token is not signed by a time-stamping certificate');
    }
    if (!cms.valid) throw new Error(`the token's signature: ${cms.problem}`);
    const algorithm = DIGESTS[tstInfo.messageImprint.hashAlgorithm.algorithmId];
    if (!algorithm) throw new Error(`unsupported imprint algorithm ${tstInfo.messageImprint.hashAlgorithm.algorithmId}`);
    const imprint = Buffer.from(tstInfo.messageImprint.hashedMessage.valueBlock.valueHexView);
    if (!imprint.equals(digest(algorithm.node, imprinted))) throw new Error('the token time-stamps other data (message imprint mismatch)');
    result.valid = true;
  } catch (err) {
    result.problem = err instanceof Error ? err.message : String(err);
  }
  return result;
}
