import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { describe, expect, it } from 'vitest';
import { signAccessToken, signFileViewTicket, verifyAccessToken, verifyFileViewTicket } from './tokens';

const secret = 'a-test-secret-of-at-least-thirty-two-characters';
const sessionId = randomUUID();

describe('access tokens with a key made once per secret', () => {
  it('are the HS256 tokens of the secret string, both ways', () => {
    const ours = signAccessToken({ userId: 7, role: 'legal_practitioner', sessionId }, secret, 60);
    expect(jwt.verify(ours, secret, { algorithms: ['HS256'] })).toMatchObject({
      sub: '7',
      sid: sessionId,
      typ: 'access',
    });
    const theirs = jwt.sign({ role: 'legal_practitioner', typ: 'access', sid: sessionId }, secret, {
      algorithm: 'HS256',
      subject: '7',
      expiresIn: 60,
    });
    expect(verifyAccessToken(theirs, secret)).toEqual({ ok: true, userId: 7, sessionId });
  });

  it('refuses another secret, an expired token (unless asked) and a token of another kind', () => {
    const token = signAccessToken({ userId: 7, role: 'sheriff', sessionId }, secret, 60);
    expect(verifyAccessToken(token, `${secret}-other`)).toEqual({ ok: false, expired: false });
    const expired = signAccessToken({ userId: 7, role: 'sheriff', sessionId }, secret, -60);
    expect(verifyAccessToken(expired, secret)).toEqual({ ok: false, expired: true });
    expect(verifyAccessToken(expired, secret, { allowExpired: true })).toEqual({
      ok: true,
      userId: 7,
      sessionId,
    });
    const ticket = signFileViewTicket(
      { userId: 7, sessionId, documentId: 3, fileId: 4 },
      secret,
      new Date(Date.now() + 60_000),
    );
    expect(verifyAccessToken(ticket, secret)).toEqual({ ok: false, expired: false });
    expect(verifyFileViewTicket(ticket, secret, new Date())).toEqual({
      userId: 7,
      sessionId,
      documentId: 3,
      fileId: 4,
    });
    expect(verifyFileViewTicket(ticket, `${secret}-other`, new Date())).toBeNull();
  });

  it('keeps working with many secrets in turn (the key cache is bounded, not wrong)', () => {
    const secrets = Array.from({ length: 40 }, (_, i) => `${secret}-${i}`);
    const tokens = secrets.map((s, i) =>
      signAccessToken({ userId: i + 1, role: 'firm_admin', sessionId }, s, 60),
    );
    for (let round = 0; round < 2; round++)
      secrets.forEach((s, i) =>
        expect(verifyAccessToken(tokens[i]!, s)).toEqual({ ok: true, userId: i + 1, sessionId }),
      );
  });
});
