import type { FastifyRequest } from 'fastify';

/** What replaces the secret part of a live link wherever it is shown or logged. */
const LINK_HIDDEN = '[link hidden]';

/**
 * Hides the secret part of the links the server sends: a delivery link's token (`/delivery/<token>`, 16 characters or
 * more, so `/documents/1/delivery/resend` stays), a calendar feed's secret (`/calendar/<secret>.ics`; `/calendar/feed`
 * stays) and any `token=`, `session=` or `code=` parameter (a password-reset link, a delivery session). The rest of the
 * text and of the URL stays: a reader still sees that a link was sent.
 */
export function redactLinks(text: string): string {
  return text
    .replace(/(\/delivery\/)[^/?#\s"'<>[\]]{16,}/g, `$1${LINK_HIDDEN}`)
    .replace(/(\/calendar\/)[^/?#\s"'<>[\]]{16,}/g, `$1${LINK_HIDDEN}`)
    .replace(/([?&](?:token|session|code)=)(?!\[link hidden\])[^&#\s"'<>]+/gi, `$1${LINK_HIDDEN}`);
}

/** Route parameters for a log line: a `token` (a delivery link's) and a `feed` (a calendar secret) are hidden. */
export const redactParams = (params: unknown): unknown => {
  if (!params || typeof params !== 'object') return params;
  const out: Record<string, unknown> = { ...params };
  for (const key of ['token', 'feed']) if (key in out) out[key] = LINK_HIDDEN;
  return out;
};

/** The request as a log line shows it (Fastify's fields), its URL's live links hidden. */
export const requestLogSerializer = (request: FastifyRequest) => ({
  method: request.method,
  url: redactLinks(request.url),
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});
