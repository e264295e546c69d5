import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-app';
import { registerFirm } from '../../../test/factories';
import { webhookEndpoints } from '../../db/schema/index';

// The default configuration: WEBHOOK_ALLOW_PRIVATE_TARGETS unset, so only public https targets.
const t = useTestApp();
const API = '/api/v1/webhooks';

let server: Server;
let port = 0;
let hits = 0;
beforeAll(async () => {
  server = createServer((_req, res) => {
    hits++;
    res.writeHead(200).end('internal service answered');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('webhook targets (server-side request forgery)', { timeout: 120_000 }, () => {
  it('refuses private, loopback, link-local, unique-local and metadata targets at registration', async () => {
    const firm = await registerFirm(t());
    for (const url of [
      `https://127.0.0.1:${port}/hook`,
      'https://[::1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://[::ffff:a9fe:a9fe]/hook',
      'https://169.254.169.254/latest/meta-data/',
      'https://10.0.0.5/hook',
      'https://192.168.1.20/hook',
      'https://172.20.0.2/hook',
      'https://[fd00:ec2::254]/hook',
      'https://[fe80::1]/hook',
      'https://localhost/hook',
      'https://metadata.google.internal/computeMetadata/v1/',
    ]) {
      const res = await t()
        .as(firm.token)
        .post(API, { url, events: ['document.served'] });
      expect(res.statusCode, url).toBe(422);
      expect(res.json(), url).toMatchObject({
        code: 'WEBHOOK_URL_NOT_PUBLIC',
        detail: expect.stringContaining('public internet address'),
      });
    }
    const http = await t()
      .as(firm.token)
      .post(API, { url: 'http://196.25.1.1/hook', events: ['document.served'] });
    expect(http.statusCode).toBe(422);
    expect(http.json().code).toBe('WEBHOOK_URL_INVALID');
    expect((await t().as(firm.token).get(API)).json().webhooks).toEqual([]);
  });

  it('refuses an internal target again at delivery time, without connecting to it', async () => {
    const firm = await registerFirm(t());
    // As if the endpoint's name had resolved to a public address at registration and to loopback now.
    const [endpoint] = await t()
      .database.db.insert(webhookEndpoints)
      .values({
        firmId: firm.firmId,
        url: `http://localhost:${port}/hook`,
        events: ['document.served'],
        secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      })
      .returning();
    const res = await t().as(firm.token).post(`${API}/${endpoint!.id}/test`);
    expect(res.statusCode).toBe(200);
    expect(res.json().delivery).toMatchObject({
      status: 'pending',
      attempts: [
        expect.objectContaining({
          status_code: null,
          error: expect.stringContaining('public internet address'),
        }),
      ],
    });
    expect(hits).toBe(0);
  });
});
