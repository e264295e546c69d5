import { readdirSync, statSync } from 'node:fs';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createDatabase } from '../src/db/client';
import { DEMO, useTestApp } from './build-app';
import { CASE_INFO, makePdf } from './document-factories';
import { TestSocket } from './ws-client';

// Short timeouts for the test: a connection silent for 1 s is closed; a request has 3 s to arrive whole.
const t = useTestApp({ HTTP_IDLE_TIMEOUT_SECONDS: '1', HTTP_REQUEST_TIMEOUT_SECONDS: '3' });
let port: number;
beforeAll(async () => {
  await t().app.listen({ port: 0, host: '127.0.0.1' });
  port = (t().app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t().app.close();
});

/** Every file under the store's folder (stored files and temporary .part files). */
const storedFiles = (): string[] => {
  const root = join(t().env.DATA_DIR, 'files');
  const out: string[] = [];
  const walk = (dir: string) => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else out.push(path);
    }
  };
  walk(root);
  return out;
};

const waitFor = async (check: () => boolean, ms: number) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
};

/** Opens a raw connection and sends the head of a multipart upload of `declared` bytes, then `send` (more bytes may follow). */
async function startUpload(token: string, documentId: number, declared: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  let closed = false;
  let answer = '';
  socket.on('data', (c: Buffer) => (answer += c.toString()));
  socket.on('error', () => undefined);
  socket.on('close', () => (closed = true));
  const boundary = '----lexservestall';
  socket.write(
    `POST /api/v1/documents/upload?document_id=${documentId} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
      `Authorization: Bearer ${token}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${declared}\r\n\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  return { socket, isClosed: () => closed, answer: () => answer };
}

describe('request timeouts', () => {
  it('a stalled upload is cut off and its partly stored file removed', async () => {
    const token = await t().login(DEMO.attorney);
    const created = await t().as(token).post('/api/v1/documents/', CASE_INFO);
    const id = created.json().data.id as number;
    const before = storedFiles().length;
    const upload = await startUpload(token, id, 10 * 1024 * 1024);
    // Half of a body: a real PDF's beginning and 256 KB more, then nothing.
    upload.socket.write(await makePdf(1));
    upload.socket.write(Buffer.alloc(256 * 1024, 0x20));
    expect(await waitFor(() => storedFiles().length > before, 5_000)).toBe(true);
    const started = Date.now();
    expect(await waitFor(upload.isClosed, 10_000)).toBe(true);
    expect(Date.now() - started).toBeLessThan(5_000);
    // The partial file (its .part) is gone, and no case file was recorded.
    expect(await waitFor(() => storedFiles().length === before, 5_000)).toBe(true);
    const doc = await t().as(token).get(`/api/v1/documents/${id}/files`);
    expect(doc.json().files ?? doc.json().data?.files ?? []).toHaveLength(0);
  });

  it('a body that keeps dripping is cut off when the request timeout passes', async () => {
    const token = await t().login(DEMO.attorney);
    const created = await t().as(token).post('/api/v1/documents/', CASE_INFO);
    const id = created.json().data.id as number;
    const before = storedFiles().length;
    const upload = await startUpload(token, id, 10 * 1024 * 1024);
    upload.socket.write(await makePdf(1));
    // One small piece every 300 ms: never silent for the idle timeout, never finished.
    const drip = setInterval(
      () => upload.socket.writable && upload.socket.write(Buffer.alloc(512, 0x20)),
      300,
    );
    const started = Date.now();
    try {
      expect(await waitFor(upload.isClosed, 15_000)).toBe(true);
    } finally {
      clearInterval(drip);
    }
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThan(2_000);
    expect(elapsed).toBeLessThan(9_000);
    expect(await waitFor(() => storedFiles().length === before, 5_000)).toBe(true);
  });

  it('a quiet websocket is not closed by the HTTP idle timeout', async () => {
    const token = await t().login(DEMO.attorney);
    const socket = await TestSocket.authenticated(`ws://127.0.0.1:${port}/api/v1/ws/notifications`, token);
    const outcome = await Promise.race([
      socket.closed.then(() => 'closed'),
      new Promise((r) => setTimeout(() => r('open'), 2_500)),
    ]);
    expect(outcome).toBe('open');
    socket.ws.close();
  });

  it('a request that is in and being worked on keeps its connection past the idle timeout', async () => {
    const database = await createDatabase({ memory: true });
    const app = await buildApp({ env: t().env, database, logger: false });
    app.get('/slow', async () => {
      await new Promise((r) => setTimeout(r, 2_500));
      return { done: true };
    });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const res = await fetch(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}/slow`);
      expect(await res.json()).toEqual({ done: true });
    } finally {
      await app.close();
      await database.raw.close();
    }
  });
});
