import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

/** A DNS of our own: names the tests resolve, without the network (and a name that "rebinds" to loopback). */
const FAKE_DNS: Record<string, { address: string; family: number }[]> = {
  'hooks.example.co.za': [{ address: '196.25.1.1', family: 4 }],
  'v6.example.co.za': [{ address: '2c0f:fb50:4003::1', family: 6 }],
  'rebind.example.co.za': [{ address: '127.0.0.1', family: 4 }],
  'mixed.example.co.za': [
    { address: '196.25.1.1', family: 4 },
    { address: '10.1.2.3', family: 4 },
  ],
  'metadata-v6.example.co.za': [{ address: 'fd00:ec2::254', family: 6 }],
};

vi.mock('node:dns', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:dns')>();
  const lookup = (
    hostname: string,
    _opts: unknown,
    cb: (err: NodeJS.ErrnoException | null, addresses?: unknown) => void,
  ) => {
    const found = FAKE_DNS[hostname];
    if (!found)
      return cb(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }));
    cb(null, found);
  };
  return { ...real, default: { ...real, lookup }, lookup };
});

const { assertPublicTarget, isPublicAddress, TargetRefused } = await import('./webhook-targets');
const { sendWebhook } = await import('./webhook-sender');

const refusalOf = async (url: string, allowPrivate = false) => {
  try {
    await assertPublicTarget(new URL(url), { allowPrivate });
    return undefined;
  } catch (err) {
    if (err instanceof TargetRefused) return err.error.code;
    throw err;
  }
};

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.0.0.1',
    '172.16.5.4',
    '172.31.255.255',
    '192.168.1.10',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fe80::1%eth0',
    'fc00::1',
    'fd00:ec2::254',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:169.254.169.254',
    '::ffff:10.0.0.1',
    '64:ff9b::7f00:1',
    '2002:7f00:1::1',
    '2001:db8::1',
    'not-an-address',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '196.25.1.1',
    '8.8.8.8',
    '41.0.0.1',
    '172.32.0.1',
    '2c0f:fb50:4003::1',
    '2001:4860:4860::8888',
    '::ffff:196.25.1.1',
  ])('accepts the public address %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('assertPublicTarget (registration)', () => {
  it('accepts a public https URL, by address or by a name that resolves to public addresses only', async () => {
    expect(await refusalOf('https://hooks.example.co.za/lexserve')).toBeUndefined();
    expect(await refusalOf('https://v6.example.co.za:8443/x')).toBeUndefined();
    expect(await refusalOf('https://196.25.1.1/x')).toBeUndefined();
  });

  it.each([
    'https://127.0.0.1/hook',
    'https://[::1]/hook',
    'https://[::ffff:127.0.0.1]/hook',
    'https://[::ffff:a9fe:a9fe]/latest/meta-data',
    'https://169.254.169.254/latest/meta-data',
    'https://10.0.0.8:8080/',
    'https://[fd00:ec2::254]/',
    'https://[fe80::1]/',
    'https://localhost/hook',
    'https://localhost./hook',
    'https://api.localhost/hook',
    'https://metadata.google.internal/computeMetadata/v1/',
    'https://rebind.example.co.za/hook',
    // Other spellings of loopback, as the URL parser normalises them.
    'https://2130706433/hook',
    'https://0x7f.1/hook',
    'https://127.1/hook',
    'https://mixed.example.co.za/hook',
    'https://metadata-v6.example.co.za/hook',
  ])('refuses the internal target %s', async (url) => {
    expect(await refusalOf(url)).toBe('WEBHOOK_URL_NOT_PUBLIC');
  });

  it('refuses plain http, and credentials in the URL', async () => {
    expect(await refusalOf('http://hooks.example.co.za/x')).toBe('WEBHOOK_URL_INVALID');
    expect(await refusalOf('https://user:pw@hooks.example.co.za/x')).toBe('WEBHOOK_URL_INVALID');
    expect(await refusalOf('ftp://hooks.example.co.za/x')).toBe('WEBHOOK_URL_INVALID');
  });

  it('refuses a name that does not resolve', async () => {
    expect(await refusalOf('https://nowhere.example.co.za/x')).toBe('WEBHOOK_URL_UNRESOLVABLE');
  });

  it('allows private targets and http only when WEBHOOK_ALLOW_PRIVATE_TARGETS is set', async () => {
    expect(await refusalOf('http://127.0.0.1:9999/hook', true)).toBeUndefined();
    expect(await refusalOf('http://localhost:9999/hook', true)).toBeUndefined();
    expect(await refusalOf('ftp://127.0.0.1/hook', true)).toBe('WEBHOOK_URL_INVALID');
  });
});

describe('sendWebhook (delivery time)', () => {
  let server: Server;
  let port = 0;
  const received: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      received.push(req.url ?? '');
      if (req.url === '/redirect') {
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end();
        return;
      }
      if (req.url === '/slow') return; // never answers
      if (req.url === '/big') {
        res.writeHead(200);
        res.end('x'.repeat(500_000));
        return;
      }
      res.writeHead(204).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('refuses, after DNS resolution, a name that now resolves to loopback, and connects nowhere', async () => {
    received.length = 0;
    const outcome = await sendWebhook(
      `http://rebind.example.co.za:${port}/rebind`,
      '{}',
      {},
      { allowPrivate: false },
    );
    expect(outcome.statusCode).toBeNull();
    expect(outcome.error).toMatch(/public internet address/);
    expect(received).toEqual([]);
  });

  it('refuses a literal internal address (IPv4 and IPv4-mapped IPv6) without connecting', async () => {
    received.length = 0;
    for (const url of [`http://127.0.0.1:${port}/lit`, `http://[::ffff:127.0.0.1]:${port}/lit`]) {
      const outcome = await sendWebhook(url, '{}', {}, { allowPrivate: false });
      expect(outcome).toMatchObject({
        statusCode: null,
        error: expect.stringMatching(/public internet address/),
      });
    }
    expect(received).toEqual([]);
  });

  it('connects to the very address it checked (the pinned lookup) when private targets are allowed', async () => {
    received.length = 0;
    const outcome = await sendWebhook(
      `http://rebind.example.co.za:${port}/ok`,
      '{}',
      {},
      { allowPrivate: true },
    );
    expect(outcome.statusCode).toBe(204);
    expect(received).toEqual(['/ok']);
  });

  it('does not follow a redirect (it is a failed attempt), cuts off a slow endpoint and caps what it reads', async () => {
    const redirected = await sendWebhook(
      `http://127.0.0.1:${port}/redirect`,
      '{}',
      {},
      { allowPrivate: true },
    );
    expect(redirected.statusCode).toBe(302);
    expect(received.filter((u) => u.includes('meta-data'))).toEqual([]);

    const slow = await sendWebhook(`http://127.0.0.1:${port}/slow`, '{}', {}, { allowPrivate: true }, 300);
    expect(slow).toMatchObject({ statusCode: null, error: 'No answer within 0 seconds' });
    expect(slow.durationMs).toBeGreaterThanOrEqual(280);

    const big = await sendWebhook(`http://127.0.0.1:${port}/big`, '{}', {}, { allowPrivate: true });
    expect(big.statusCode).toBe(200);
    expect(big.responseExcerpt).toHaveLength(1000);
  });
});
