import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SHA256, der, digest } from './der';
import { childrenOf, readElement } from './der-reader';
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

/** TimeStampReq { version, MessageImprint, nonce?, certReq? } over `imprinted`. */
const query = (opts: { nonce?: number; certReq?: boolean }) =>
  der.sequence(
    der.integer(1),
    der.sequence(der.algorithm(SHA256), der.octetString(digest('sha256', imprinted))),
    ...(opts.nonce ? [der.integer(opts.nonce)] : []),
    ...(opts.certReq ? [Buffer.from([0x01, 0x01, 0xff])] : []),
  );
const tokenOf = (reply: Buffer) => childrenOf(readElement(reply))[1]!.raw;

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
      const [version, imprint] = childrenOf(readElement(q));
      return tsa.respond(
        der.sequence(version!.raw, imprint!.raw, der.integer(12345), Buffer.from([0x01, 0x01, 0xff])),
      );
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
      tsa.respond(
        der.sequence(
          der.integer(1),
          der.sequence(der.algorithm(SHA256), der.octetString(digest('sha256', Buffer.from('x')))),
        ),
      );
    await expect(requestTimestamp(otherData, imprinted)).rejects.toThrow(/does not check out/);
  });

  it('the built-in authority refuses, with a reason, a request of another version, imprint length, policy, or with extensions', async () => {
    const imprint = der.sequence(der.algorithm(SHA256), der.octetString(digest('sha256', imprinted)));
    const refusal = async (request: Buffer) => {
      const [status, text] = childrenOf(childrenOf(readElement(await tsa.respond(request)))[0]!);
      return [status!.content[0], childrenOf(text!)[0]!.content.toString('utf8')];
    };
    expect(await refusal(der.sequence(der.integer(2), imprint))).toEqual([
      2,
      'Only version 1 requests are answered',
    ]);
    expect(
      await refusal(
        der.sequence(der.integer(1), der.sequence(der.algorithm(SHA256), der.octetString(Buffer.alloc(20)))),
      ),
    ).toEqual([2, 'The imprint has the wrong length for its algorithm']);
    expect((await refusal(der.sequence(der.integer(1), imprint, der.oid('1.2.3.4'))))[1]).toMatch(
      /^Only policy 2\.25\./,
    );
    expect(
      await refusal(
        der.sequence(
          der.integer(1),
          imprint,
          der.context(0, der.sequence(der.oid('1.2.3'), der.octetString(Buffer.alloc(1)))),
        ),
      ),
    ).toEqual([2, 'No extension is supported']);
    expect(await refusal(der.sequence(der.integer(1)))).toEqual([2, 'The request is not a DER TimeStampReq']);
  });
});
