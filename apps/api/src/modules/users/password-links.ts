import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../lib/deps';
import { insertResetToken } from '../../lib/sessions';
import { newOpaqueToken, sha256 } from '../../lib/tokens';

/**
 * A single-use link to choose a password: a password-reset token (only its SHA-256 is stored) and the address
 * of the web app's reset page. Used for "Forgot password?" (1 hour) and for the invitation of a new sheriff
 * (7 days, `invite=1` so the page says "Set your password"). The reset call consumes either kind.
 */
export async function issuePasswordLink(
  db: DbOrTx,
  deps: Pick<Deps, 'env' | 'clock'>,
  userId: number,
  opts: { ttlMs: number; invite?: boolean },
): Promise<{ link: string; expiresAt: Date }> {
  const token = newOpaqueToken();
  const expiresAt = new Date(deps.clock.now().getTime() + opts.ttlMs);
  await insertResetToken(db, { userId, tokenHash: sha256(token), expiresAt });
  const query = new URLSearchParams({ token, ...(opts.invite ? { invite: '1' } : {}) });
  return { link: `${deps.env.PUBLIC_URL}/reset-password?${query.toString()}`, expiresAt };
}
