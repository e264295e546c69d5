import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { SHA256, arrayBufferOf, derOf, digest, parseDer, randomPositiveInteger } from './der';
import { checkTimestampToken } from './timestamp-token';

/**
 * The RFC 3161 client (pkijs's TimeStampReq and TimeStampResp): builds a TimeStampReq (SHA-256 imprint, a random nonce, the authority's certificate asked
 * for), sends it through a transport (HTTP to TSA_URL, or the built-in responder in-process), and accepts the
 * reply only if it is granted, its token's signature verifies, and the token carries our imprint and our nonce.
 */

/** Sends a DER TimeStampReq, answers the DER TimeStampResp. */
export type TimestampTransport = (query: Buffer) => Promise<Buffer>;

/** No usable time-stamp: the authority is unreachable, refused, or answered something that does not check out. */
class TimestampUnavailableError extends Error {
  override name = 'TimestampUnavailableError';
}

const MAX_REPLY_BYTES = 256 * 1024;

/** POST application/timestamp-query to `url` (RFC 3161 3.4), with a time limit. */
export function httpTimestampTransport(url: string, timeoutMs = 5_000): TimestampTransport {
  return async (query) => {
    let res: Response;
    try {
      res = await globalThis.fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/timestamp-query', accept: 'application/timestamp-reply' },
        body: new Uint8Array(query),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw new TimestampUnavailableError(
        `The time-stamping authority at ${url} cannot be reached (${err instanceof Error ? err.message : String(err)})`,
        { cause: err },
      );
    }
    const type = res.headers.get('content-type') ?? '';
    if (!res.ok)
      throw new TimestampUnavailableError(`The time-stamping authority answered HTTP ${res.status}`);
    // application/timestamp-response is the name some older authorities still send.
    if (!/^application\/timestamp-(reply|response)\b/i.test(type))
      throw new TimestampUnavailableError(
        `The time-stamping authority answered ${type || 'no content type'}, not a time-stamp reply`,
      );
    const body = Buffer.from(await res.arrayBuffer());
    if (body.length > MAX_REPLY_BYTES)
      throw new TimestampUnavailableError('The time-stamp reply is too large');
    return body;
  };
}

export type Timestamp = { token: Buffer; time: Date; authority: string | null };

const STATUS = [
  'granted',
  'grantedWithMods',
  'rejection',
  'waiting',
  'revocationWarning',
  'revocationNotification',
];

/** A signature time-stamp for `imprinted` (the bytes time-stamped; their SHA-256 is sent). */
export async function requestTimestamp(
  transport: TimestampTransport,
  imprinted: Uint8Array,
): Promise<Timestamp> {
  // TimeStampReq { version 1, MessageImprint { sha256, hash }, nonce, certReq TRUE }
  const nonce = randomPositiveInteger(8);
  const request = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: SHA256 }),
      hashedMessage: new asn1js.OctetString({ valueHex: arrayBufferOf(digest('sha256', imprinted)) }),
    }),
    nonce,
    certReq: true,
  });
  const reply = await transport(derOf(request));
  let status: number;
  let statusText = '';
  let token: Buffer | undefined;
  try {
    // TimeStampResp { PKIStatusInfo { status, statusString?, failInfo? }, timeStampToken? }
    const schema = parseDer(reply, 'TimeStampResp');
    const response = new pkijs.TimeStampResp({ schema });
    status = response.status.status;
    statusText = (response.status.statusStrings ?? []).map((s) => s.valueBlock.value).join('; ');
    // The token as the authority wrote it (not re-encoded).
    const tokenSchema = (schema as asn1js.Sequence).valueBlock.value[1];
    token =
      response.timeStampToken && tokenSchema ? Buffer.from(tokenSchema.valueBeforeDecodeView) : undefined;
  } catch (err) {
    throw new TimestampUnavailableError('The time-stamp reply cannot be read', { cause: err });
  }
  if (status !== 0 && status !== 1)
    throw new TimestampUnavailableError(
      `The time-stamping authority refused the request (${STATUS[status] ?? status}${statusText ? `: ${statusText}` : ''})`,
    );
  if (!token) throw new TimestampUnavailableError('The time-stamp reply holds no token');
  const check = checkTimestampToken(token, imprinted);
  if (!check.valid || !check.time)
    throw new TimestampUnavailableError(`The time-stamp token does not check out: ${check.problem}`);
  if (check.nonce !== BigInt(`0x${Buffer.from(nonce.valueBlock.valueHexView).toString('hex')}`))
    throw new TimestampUnavailableError('The time-stamp token does not carry our nonce');
  return { token, time: check.time, authority: check.authority };
}
