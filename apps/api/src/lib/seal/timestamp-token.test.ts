import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { beforeAll, describe, expect, it } from 'vitest';
import { SHA256, derOf, digest, parseDer } from './der';
import { LOCAL_NAMES, openLocalAuthority } from './local-authority';
import { requestTimestamp, type Timestamp } from './timestamp-client';
import { checkTimestampToken } from './timestamp-token';
import { timestampResponder, type TimestampResponder } from './timestamp-responder';

const imprinted = Buffer.from('the signature value a seal time-stamps');
let tsa: TimestampResponder;
let stamp: Timestamp;

beforeAll(async () => {
  const authority = await openLocalAuthority(mkdtempSync(join(tmpdir(), 'lexserve-tst-')));
  tsa = timestampResponder(await authority.key('tsa'));
  stamp = await requestTimestamp((q) => tsa.respond(q), imprinted);
  // The seal's key answering as an authority: a certificate made for sealing, not for time-stamping.
  sealAsAuthority = timestampResponder(await authority.key('seal'));
}, 60_000);
let sealAsAuthority: TimestampResponder;

/** A copy of `bytes` with the byte at `at` changed. */
const flipped = (bytes: Buffer, at: number) => {
  const copy = Buffer.from(bytes);
  copy[at] = copy[at]! ^ 0x01;
  return copy;
};

const imprintOf = (data: Buffer, hashed = digest('sha256', data)) =>
  new pkijs.MessageImprint({
    hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: SHA256 }),
    hashedMessage: new asn1js.OctetString({ valueHex: new Uint8Array(hashed).buffer }),
  });

/** A TimeStampReq over `imprinted` (version 1 unless told). */
const request = (opts: Partial<pkijs.TimeStampReqParameters> = {}) =>
  derOf(new pkijs.TimeStampReq({ version: 1, messageImprint: imprintOf(imprinted), ...opts }));

/** TimeStampReq { version, MessageImprint, nonce?, certReq? } over `imprinted`. */
const query = (opts: { nonce?: number; certReq?: boolean }) =>
  request({
    ...(opts.nonce ? { nonce: new asn1js.Integer({ value: opts.nonce }) } : {}),
    ...(opts.certReq ? { certReq: true } : {}),
  });
/** The reply's token, as written. */
const tokenOf = (reply: Buffer) =>
  Buffer.from((parseDer(reply, 'reply') as asn1js.Sequence).valueBlock.value[1]!.valueBeforeDecodeView);

describe('checking a time-stamp token', () => {
  it('accepts the authority’s token over our data: its time, authority, serial and nonce', () => {
    const check = checkTimestampToken(stamp.token, imprinted);
    expect(check).toMatchObject({
      valid: true,
      problem: null,
      authority: `CN=${LOCAL_NAMES.tsa}, O=LexServe, C=ZA`,
    });
    expect(Math.abs(check.time!.getTime() - Date.now())).toBeLessThan(60_000);
    expect(check.time!.getTime() % 1000).toBe(0);
    expect(check.serialNumber).toMatch(/^[0-9a-f]{32}$/);
    expect(check.nonce).not.toBeNull();
    expect(stamp).toMatchObject({ time: check.time, authority: check.authority });
  });

  it('refuses a token over other data (message imprint)', () => {
    expect(checkTimestampToken(stamp.token, Buffer.from('other data'))).toMatchObject({
      valid: false,
      problem: 'the token time-stamps other data (message imprint mismatch)',
    });
  });

  it('refuses a token whose TSTInfo was changed (the genTime), or whose signature was', () => {
    const genTime = stamp.token.indexOf(Buffer.from(stamp.time.toISOString().slice(0, 4), 'latin1'));
    expect(genTime).toBeGreaterThan(0);
    expect(checkTimestampToken(flipped(stamp.token, genTime + 3), imprinted).problem).toBe(
      "the token's signature: the signed content was changed (message digest mismatch)",
    );
    // The signature value is the SignerInfo's OCTET STRING, the token's last element (no unsigned attributes).
    expect(checkTimestampToken(flipped(stamp.token, stamp.token.length - 10), imprinted).problem).toBe(
      "the token's signature: the signature does not verify",
    );
  });

  it('refuses a token whose signed attributes were changed (the ESS signing-certificate hash)', () => {
    const essHash = stamp.token.indexOf(
      Buffer.from('0420', 'hex'),
      stamp.token.indexOf(Buffer.from('2a864886f70d010910022f', 'hex')),
    );
    expect(essHash).toBeGreaterThan(0);
    const check = checkTimestampToken(flipped(stamp.token, essHash + 5), imprinted);
    expect(check.valid).toBe(false);
    expect(check.problem).toMatch(
      /signing-certificate attribute names another certificate|the signature does not verify/,
    );
  });

  it('refuses a token signed by a certificate that is not for time-stamping', async () => {
    const token = tokenOf(await sealAsAuthority.respond(query({ nonce: 7, certReq: true })));
    expect(checkTimestampToken(token, imprinted)).toMatchObject({
      valid: false,
      problem: 'the token is not signed by a time-stamping certificate',
      authority: `CN=${LOCAL_NAMES.seal}, O=LexServe, C=ZA`,
    });
  });

  it("refuses a token without its signer's certificate, and what is not a token", async () => {
    const token = tokenOf(await tsa.respond(query({ nonce: 7 })));
    expect(checkTimestampToken(token, imprinted)).toMatchObject({
      valid: false,
      problem: "the signer's certificate is not embedded",
    });
    expect(checkTimestampToken(Buffer.from('not DER'), imprinted).valid).toBe(false);
    expect(checkTimestampToken(stamp.token.subarray(0, 200), imprinted).valid).toBe(false);
  });

  it('the client refuses a token for another nonce, a refusal and a reply it cannot read', async () => {
    const otherNonce = async (q: Buffer) => {
      const asked = new pkijs.TimeStampReq({ schema: parseDer(q, 'query') });
      asked.nonce = new asn1js.Integer({ value: 12345 });
      return tsa.respond(derOf(asked));
    };
    await expect(requestTimestamp(otherNonce, imprinted)).rejects.toThrow(
      'The time-stamp token does not carry our nonce',
    );
    await expect(requestTimestamp(() => tsa.respond(Buffer.from('garbage')), imprinted)).rejects.toThrow(
      'The time-stamping authority refused the request (rejection: The request is not a DER TimeStampReq)',
    );
    await expect(requestTimestamp(async () => Buffer.from([0x30, 0x05, 0x30]), imprinted)).rejects.toThrow(
      'The time-stamp reply cannot be read',
    );
    // A token over other data than asked for.
    const otherData = () =>
      tsa.respond(derOf(new pkijs.TimeStampReq({ version: 1, messageImprint: imprintOf(Buffer.from('x')) })));
    await expect(requestTimestamp(otherData, imprinted)).rejects.toThrow(/does not check out/);
  });

  it('the built-in authority refuses, with a reason, a request of another version, imprint length, policy, or with extensions', async () => {
    const refusal = async (query: Buffer) => {
      const { status } = new pkijs.TimeStampResp({ schema: parseDer(await tsa.respond(query), 'reply') });
      return [status.status, status.statusStrings?.[0]?.valueBlock.value];
    };
    expect(await refusal(request({ version: 2 }))).toEqual([2, 'Only version 1 requests are answered']);
    expect(await refusal(request({ messageImprint: imprintOf(imprinted, Buffer.alloc(20)) }))).toEqual([
      2,
      'The imprint has the wrong length for its algorithm',
    ]);
    expect((await refusal(request({ reqPolicy: '1.2.3.4' })))[1]).toMatch(/^Only policy 2\.25\./);
    expect(
      await refusal(
        request({
          extensions: [new pkijs.Extension({ extnID: '1.2.3', extnValue: new Uint8Array(1).buffer })],
        }),
      ),
    ).toEqual([2, 'No extension is supported']);
    const versionOnly = Buffer.from(
      new asn1js.Sequence({ value: [new asn1js.Integer({ value: 1 })] }).toBER(),
    );
    expect(await refusal(versionOnly)).toEqual([2, 'The request is not a DER TimeStampReq']);
  });
});
