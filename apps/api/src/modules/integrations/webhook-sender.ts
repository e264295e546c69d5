import http from 'node:http';
import https from 'node:https';
import {
  assertLiteralTargetAllowed,
  pinnedLookup,
  TargetRefused,
  type TargetPolicy,
} from './webhook-targets';

/** An endpoint has this long to answer, connection included. */
const WEBHOOK_TIMEOUT_MS = 10_000;
/** At most this much of an answer is read; the rest is dropped with the connection. */
const MAX_RESPONSE_BYTES = 64 * 1024;
/** How much of an answer is kept with the attempt. */
const EXCERPT_CHARS = 1000;

export type SendOutcome = {
  /** null when no HTTP answer came (refused address, connection error, timeout). */
  statusCode: number | null;
  responseExcerpt: string | null;
  error: string | null;
  durationMs: number;
};

/** Whether an outcome counts as delivered: a 2xx answer (a redirect is not followed, and not a delivery). */
export const isDelivered = (o: SendOutcome): boolean =>
  o.statusCode !== null && o.statusCode >= 200 && o.statusCode < 300;

/**
 * POSTs one signed message. The connection goes only to an address checked by the SSRF guard (webhook-targets.ts);
 * redirects are not followed; the whole exchange is cut off after WEBHOOK_TIMEOUT_MS; the answer is read up to 64 KB.
 * Never throws: every failure is an outcome to record.
 */
export async function sendWebhook(
  target: string,
  body: string,
  headers: Record<string, string>,
  policy: TargetPolicy,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
): Promise<SendOutcome> {
  const started = performance.now();
  const done = (o: Omit<SendOutcome, 'durationMs'>): SendOutcome => ({
    ...o,
    durationMs: Math.round(performance.now() - started),
  });
  let url: URL;
  try {
    url = new URL(target);
    assertLiteralTargetAllowed(url, policy);
  } catch (err) {
    return done({
      statusCode: null,
      responseExcerpt: null,
      error: err instanceof TargetRefused ? err.message : 'Invalid endpoint URL',
    });
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<SendOutcome>((resolve) => {
    let settled = false;
    const finish = (o: Omit<SendOutcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(done(o));
    };
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'LexServe-Webhooks/1.0',
        },
        lookup: pinnedLookup(policy) as never,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const answer = () =>
          finish({
            statusCode: res.statusCode ?? null,
            responseExcerpt: Buffer.concat(chunks).toString('utf8').slice(0, EXCERPT_CHARS) || null,
            error: null,
          });
        res.on('data', (chunk: Buffer) => {
          if (size >= MAX_RESPONSE_BYTES) return;
          chunks.push(chunk.subarray(0, MAX_RESPONSE_BYTES - size));
          size += chunk.length;
          if (size >= MAX_RESPONSE_BYTES) {
            answer();
            res.destroy();
          }
        });
        res.on('end', answer);
        res.on('error', answer);
      },
    );
    const timer = setTimeout(() => {
      finish({
        statusCode: null,
        responseExcerpt: null,
        error: `No answer within ${Math.round(timeoutMs / 1000)} seconds`,
      });
      req.destroy();
    }, timeoutMs);
    req.on('error', (err: NodeJS.ErrnoException) =>
      finish({
        statusCode: null,
        responseExcerpt: null,
        error: err.code === 'ETARGETREFUSED' ? err.message : `Connection failed (${err.code ?? err.message})`,
      }),
    );
    req.end(body);
  });
}
