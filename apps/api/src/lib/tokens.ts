import { createHash, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { LRUCache } from 'lru-cache';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The HMAC key of a secret, made once. Given a string, jsonwebtoken first tries it as a PEM public (or private) key
 * and only then as a secret — a thrown and caught error on every call, which was about a sixth of an authenticated
 * request's time (docs/performance.md, section 3). A handful of secrets at most (one per app; tests make several).
 */
const keys = new LRUCache<string, KeyObject>({ max: 16 });
function hmacKey(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, key);
  }
  return key;
}

type AccessClaims = { sub?: unknown; role?: unknown; typ?: unknown; sid?: unknown; exp?: unknown };

/** What an access token names: its user, the user's role when signed, and the session (login) it belongs to. */
export type AccessTokenSubject = { userId: number; role: string; sessionId: string };

export const signAccessToken = (
  { userId, role, sessionId }: AccessTokenSubject,
  secret: string,
  ttlSeconds: number,
) =>
  jwt.sign({ role, typ: 'access', sid: sessionId }, hmacKey(secret), {
    algorithm: 'HS256',
    subject: String(userId),
    expiresIn: ttlSeconds,
  });

export type VerifiedToken = { ok: true; userId: number; sessionId: string } | { ok: false; expired: boolean };

/**
 * Checks an access token: HS256 with our secret, `typ` 'access', an expiry (a token without `exp` never
 * expires, so it is refused), a numeric subject and a session id. `allowExpired` is for logout only: a
 * signed token that expired still names the session to end.
 */
export function verifyAccessToken(
  token: string,
  secret: string,
  opts: { allowExpired?: boolean } = {},
): VerifiedToken {
  try {
    const claims = jwt.verify(token, hmacKey(secret), {
      algorithms: ['HS256'],
      ignoreExpiration: opts.allowExpired === true,
    }) as AccessClaims;
    const userId = Number(claims.sub);
    if (
      claims.typ !== 'access' ||
      typeof claims.exp !== 'number' ||
      typeof claims.sid !== 'string' ||
      !UUID.test(claims.sid)
    )
      return { ok: false, expired: false };
    if (typeof claims.sub !== 'string' || !Number.isInteger(userId)) return { ok: false, expired: false };
    return { ok: true, userId, sessionId: claims.sid };
  } catch (err) {
    return { ok: false, expired: err instanceof jwt.TokenExpiredError };
  }
}

/** Opaque random token (refresh, password reset); only its SHA-256 is stored. */
export const newOpaqueToken = () => randomBytes(32).toString('base64url');
export const sha256 = (value: string | Buffer) => createHash('sha256').update(value).digest('hex');

/** What a file-view ticket names: one file of one document, for one user's login session. */
export type FileViewSubject = { userId: number; sessionId: string; documentId: number; fileId: number };

/**
 * A short-lived ticket for showing one stored file inline (an iframe or a tab cannot send the bearer header). Its own
 * `typ`, so it never passes as an access token, and it names the session, so logging out ends it too. `expiresAt`
 * comes from the app's clock, and `verifyFileViewTicket` checks it against the same clock.
 */
export const signFileViewTicket = (
  { userId, sessionId, documentId, fileId }: FileViewSubject,
  secret: string,
  expiresAt: Date,
) =>
  jwt.sign(
    {
      typ: 'file_view',
      sid: sessionId,
      doc: documentId,
      file: fileId,
      exp: Math.floor(expiresAt.getTime() / 1000),
    },
    hmacKey(secret),
    {
      algorithm: 'HS256',
      subject: String(userId),
    },
  );

/** Checks a file-view ticket (HS256 with our secret, `typ` file_view, unexpired at `now`); null when it is not one. */
export function verifyFileViewTicket(ticket: string, secret: string, now: Date): FileViewSubject | null {
  try {
    const claims = jwt.verify(ticket, hmacKey(secret), {
      algorithms: ['HS256'],
      clockTimestamp: Math.floor(now.getTime() / 1000),
    }) as AccessClaims & {
      doc?: unknown;
      file?: unknown;
    };
    const userId = Number(claims.sub);
    if (
      claims.typ !== 'file_view' ||
      typeof claims.exp !== 'number' ||
      typeof claims.sid !== 'string' ||
      !UUID.test(claims.sid)
    )
      return null;
    if (typeof claims.sub !== 'string' || !Number.isInteger(userId)) return null;
    if (typeof claims.doc !== 'number' || typeof claims.file !== 'number') return null;
    return { userId, sessionId: claims.sid, documentId: claims.doc, fileId: claims.file };
  } catch {
    return null;
  }
}
