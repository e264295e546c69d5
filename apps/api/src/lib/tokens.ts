import { createHash, randomBytes } from 'node:crypto';
import jwt from 'jsonwebtoken';

type AccessClaims = { sub: string; role: string; typ: 'access' };

export const signAccessToken = (userId: number, role: string, secret: string, ttlSeconds: number) =>
  jwt.sign({ role, typ: 'access' }, secret, { algorithm: 'HS256', subject: String(userId), expiresIn: ttlSeconds });

export type VerifiedToken = { ok: true; userId: number } | { ok: false; expired: boolean };

export function verifyAccessToken(token: string, secret: string): VerifiedToken {
  try {
    const claims = jwt.verify(token, secret, { algorithms: ['HS256'] }) as AccessClaims;
    const userId = Number(claims.sub);
    if (claims.typ !== 'access' || !Number.isInteger(userId)) return { ok: false, expired: false };
    return { ok: true, userId };
  } catch (err) {
    return { ok: false, expired: err instanceof jwt.TokenExpiredError };
  }
}

/** Opaque random token (refresh, password reset); only its SHA-256 is stored. */
export const newOpaqueToken = () => randomBytes(32).toString('base64url');
export const sha256 = (value: string | Buffer) => createHash('sha256').update(value).digest('hex');
