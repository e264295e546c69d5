import { createHash, webcrypto } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { describe, expect, it } from 'vitest';
import { createTestApp, useTestApp } from '../../../test/build-app';

const t = useTestApp();

/** openssl is used as an independent RFC 3161 client and verifier where it is installed (it is optional). */
const hasOpenssl = spawnSync('sh', ['-c', 'command -v openssl']).status === 0;
const openssl = (args: string[], cwd: string) => {
  const run = spawnSync('openssl', args, { cwd, encoding: 'utf8' });
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
};

const postQuery = (payload: Buffer) =>
  t().inject({
    method: 'POST',
    url: '/api/v1/tsa',
    headers: { 'content-type': 'application/timestamp-query' },
    payload,
  });

const localCa = async () => {
  const res = await t().inject({ method: 'GET', url: '/api/v1/seal/local-ca' });
  expect(res.statusCode).toBe(200);
  return res.body;
};

const der = (pem: string) => Buffer.from(pem.replace(/-----[A-Z ]+-----|\s/g, ''), 'base64');
const toArrayBuffer = (b: Buffer) => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;

const parseReply = (body: Buffer) =>
  new pkijs.TimeStampResp({ schema: asn1js.fromBER(toArrayBuffer(body)).result });

describe('the built-in time-stamping authority', () => {
  it('serves the local CA certificate as a PEM download', async () => {
    const res = await t().inject({ method: 'GET', url: '/api/v1/seal/local-ca' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/x-pem-file');
    expect(res.headers['content-disposition']).toBe('attachment; filename="lexserve-local-ca.pem"');
    expect(res.body).toMatch(/^-----BEGIN CERTIFICATE-----\n/);
  });

  it.skipIf(!hasOpenssl)(
    'answers an `openssl ts -query` with a reply that `openssl ts -verify` accepts against the local CA',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'lexserve-tsa-'));
      try {
        writeFileSync(join(dir, 'data.txt'), 'Return of service LS-7K3M-9QXD-2HJP-RT4W');
        writeFileSync(join(dir, 'ca.pem'), await localCa());
        expect(
          openssl(['ts', '-query', '-data', 'data.txt', '-sha256', '-cert', '-out', 'request.tsq'], dir)
            .status,
        ).toBe(0);
        const res = await postQuery(readFileSync(join(dir, 'request.tsq')));
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('application/timestamp-reply');
        writeFileSync(join(dir, 'reply.tsr'), res.rawPayload);
        const text = openssl(['ts', '-reply', '-in', 'reply.tsr', '-text'], dir);
        expect(text.out).toContain('Status: Granted.');
        expect(text.out).toContain('Policy OID: 2.25.');
        expect(text.out).toContain(
          'TSA: DirName:/C=ZA/O=LexServe/CN=LexServe Local Time-Stamping Authority (not publicly trusted)',
        );
        const verify = openssl(
          ['ts', '-verify', '-in', 'reply.tsr', '-queryfile', 'request.tsq', '-CAfile', 'ca.pem'],
          dir,
        );
        expect(verify.out).toContain('Verification: OK');
        const data = openssl(
          ['ts', '-verify', '-in', 'reply.tsr', '-data', 'data.txt', '-CAfile', 'ca.pem'],
          dir,
        );
        expect(data.out).toContain('Verification: OK');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it('answers a request built with pkijs: granted, our nonce back, and pkijs verifies the token against the local CA', async () => {
    // An engine of our own: @libpdf/core installs pkijs's global one, whose digest() misreads algorithm names.
    const engine = new pkijs.CryptoEngine({ name: 'test', crypto: webcrypto as unknown as Crypto });
    const data = Buffer.from('Notice of electronic service');
    const nonce = new asn1js.Integer({ value: 0x5eed1234 });
    const request = new pkijs.TimeStampReq({
      version: 1,
      messageImprint: new pkijs.MessageImprint({
        hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: '2.16.840.1.101.3.4.2.3' }),
        hashedMessage: new asn1js.OctetString({
          valueHex: toArrayBuffer(createHash('sha512').update(data).digest()),
        }),
      }),
      nonce,
      certReq: true,
    });
    const res = await postQuery(Buffer.from(request.toSchema().toBER(false)));
    expect(res.statusCode).toBe(200);
    const reply = parseReply(res.rawPayload);
    expect(reply.status.status).toBe(0);
    const signed = new pkijs.SignedData({ schema: reply.timeStampToken!.content });
    const tstInfo = new pkijs.TSTInfo({
      schema: asn1js.fromBER(signed.encapContentInfo.eContent!.getValue()).result,
    });
    expect(Buffer.from(tstInfo.nonce!.valueBlock.valueHexView).toString('hex')).toBe('5eed1234');
    expect(Math.abs(tstInfo.genTime.getTime() - Date.now())).toBeLessThan(60_000);
    const ca = new pkijs.Certificate({ schema: asn1js.fromBER(toArrayBuffer(der(await localCa()))).result });
    // pkijs 3.4 turns a primitive eContent (as DER has it) into a constructed one when parsing, then reads the
    // TSTInfo from the primitive form's bytes, now empty: hand it the primitive form back before verifying.
    signed.encapContentInfo.eContent = new asn1js.OctetString({
      valueHex: signed.encapContentInfo.eContent!.getValue(),
    });
    const verified = await signed.verify(
      { signer: 0, trustedCerts: [ca], data: toArrayBuffer(data), checkChain: true },
      engine,
    );
    expect(verified).toBe(true);
  });

  it('refuses what it cannot time-stamp with a TimeStampResp (rejection and the PKIFailureInfo), and non-queries with 415', async () => {
    const garbage = parseReply((await postQuery(Buffer.from('not DER at all'))).rawPayload);
    expect(garbage.status.status).toBe(2);
    expect(Buffer.from(garbage.status.failInfo!.valueBlock.valueHexView)[0]! & 0x04).toBeTruthy(); // bit 5: badDataFormat

    const sha1 = new pkijs.TimeStampReq({
      version: 1,
      messageImprint: new pkijs.MessageImprint({
        hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: '1.3.14.3.2.26' }),
        hashedMessage: new asn1js.OctetString({ valueHex: new ArrayBuffer(20) }),
      }),
    });
    const refused = parseReply((await postQuery(Buffer.from(sha1.toSchema().toBER(false)))).rawPayload);
    expect(refused.status.status).toBe(2);
    expect(Buffer.from(refused.status.failInfo!.valueBlock.valueHexView)[0]! & 0x80).toBeTruthy(); // bit 0: badAlg

    const json = await t().inject({ method: 'POST', url: '/api/v1/tsa', payload: { hello: 'world' } });
    expect(json.statusCode).toBe(415);
    expect(json.json().code).toBe('TSA_QUERY_REQUIRED');
  });

  it('is off when TSA_URL names an external authority (404), while the local CA that certifies the seal is still served', async () => {
    const other = await createTestApp({ TSA_URL: 'http://127.0.0.1:9/tsr' });
    try {
      const res = await other.inject({
        method: 'POST',
        url: '/api/v1/tsa',
        headers: { 'content-type': 'application/timestamp-query' },
        payload: Buffer.from([0x30, 0x00]),
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('TSA_NOT_IN_USE');
      expect((await other.inject({ method: 'GET', url: '/api/v1/seal/local-ca' })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});
