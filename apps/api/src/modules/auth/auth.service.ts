import { randomUUID } from 'node:crypto';
import { AuthErrors } from '@lexserve/contracts/errors';
import type { RegisterInput, TokenPair } from '@lexserve/contracts/auth';
import type { DbOrTx } from '../../db/client';
import type { PublicCtx } from '../../lib/context';
import { AppError } from '../../lib/app-error';
import { recordEvent } from '../../lib/events';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { issuePasswordLink } from '../../lib/password-links';
import { newOpaqueToken, sha256, signAccessToken } from '../../lib/tokens';
import { createFirmWithMainBranch, toBranchDto, toFirmDto } from '../firms/firms.service';
import { createAccount, isEmailInUse, recordLogin, setPasswordHash, toUserDto, userByEmail, userById } from '../users/users.service';
import * as sessions from '../../lib/sessions';

let dummyHash: Promise<string> | undefined;
/** Compared against when the e-mail is unknown, so timing does not tell which e-mails exist. */
const dummy = (cost: number) => (dummyHash ??= hashPassword('not-a-real-password', cost));

async function issueTokens(ctx: PublicCtx, db: DbOrTx, user: { id: number; role: string }, familyId: string = randomUUID()): Promise<TokenPair> {
  const { JWT_SECRET, ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_DAYS } = ctx.deps.env;
  const refresh = newOpaqueToken();
  await sessions.insertRefreshToken(db, {
    userId: user.id,
    familyId,
    tokenHash: sha256(refresh),
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_DAYS * 86_400_000),
  });
  return {
    access_token: signAccessToken(user.id, user.role, JWT_SECRET, ACCESS_TOKEN_TTL_SECONDS),
    refresh_token: refresh,
    token_type: 'bearer',
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
  };
}

export async function login(ctx: PublicCtx, email: string, password: string): Promise<TokenPair> {
  const user = await userByEmail(ctx.db, email);
  if (!user || user.isSystem) {
    await verifyPassword(password, await dummy(ctx.deps.env.BCRYPT_COST));
    throw new AppError(AuthErrors.INVALID_CREDENTIALS);
  }
  if (!(await verifyPassword(password, user.passwordHash))) throw new AppError(AuthErrors.INVALID_CREDENTIALS);
  if (!user.isActive) throw new AppError(AuthErrors.ACCOUNT_INACTIVE);
  return ctx.db.transaction(async (tx) => {
    await recordLogin(tx, user.id, ctx.deps.clock.now());
    return issueTokens(ctx, tx, user);
  });
}

/**
 * Rotates a refresh token. A token that was already rotated or revoked is a reuse: the whole family
 * (every token descended from that login) is revoked, so a stolen token dies with the legitimate one.
 */
export async function refresh(ctx: PublicCtx, token: string): Promise<TokenPair> {
  const row = await sessions.findRefreshToken(ctx.db, sha256(token));
  if (!row) throw new AppError(AuthErrors.INVALID_REFRESH_TOKEN);
  if (row.revokedAt || row.rotatedAt || !(await sessions.claimRefreshToken(ctx.db, row.id))) {
    await sessions.revokeFamily(ctx.db, row.familyId);
    ctx.log.warn({ userId: row.userId, familyId: row.familyId }, 'refresh token reuse: session family revoked');
    throw new AppError(AuthErrors.INVALID_REFRESH_TOKEN);
  }
  if (row.expiresAt.getTime() <= Date.now()) throw new AppError(AuthErrors.INVALID_REFRESH_TOKEN);
  const user = await userById(ctx.db, row.userId);
  if (!user) throw new AppError(AuthErrors.INVALID_REFRESH_TOKEN);
  if (!user.isActive) {
    await sessions.revokeFamily(ctx.db, row.familyId);
    throw new AppError(AuthErrors.ACCOUNT_INACTIVE);
  }
  return issueTokens(ctx, ctx.db, user, row.familyId);
}

/** Logout revokes the given session, or every session of the user when only the bearer token is sent. */
export async function logout(ctx: PublicCtx, opts: { userId?: number; refreshToken?: string }): Promise<void> {
  if (opts.refreshToken) {
    const row = await sessions.findRefreshToken(ctx.db, sha256(opts.refreshToken));
    if (row && (opts.userId === undefined || row.userId === opts.userId)) await sessions.revokeFamily(ctx.db, row.familyId);
    return;
  }
  if (opts.userId !== undefined) await sessions.revokeAllSessions(ctx.db, opts.userId);
}

/** Registers a firm, its main branch and its firm administrator in one transaction. */
export async function register(ctx: PublicCtx, input: RegisterInput) {
  if (await isEmailInUse(ctx.db, input.email)) throw new AppError(AuthErrors.EMAIL_TAKEN);
  const passwordHash = await hashPassword(input.password, ctx.deps.env.BCRYPT_COST);
  const result = await ctx.db.transaction(async (tx) => {
    const { firm, branch } = await createFirmWithMainBranch(tx, {
      name: input.firm_name,
      email: input.firm_email,
      phone: input.firm_phone,
      address: input.firm_address,
      branchName: input.branch_name,
      practiceNumber: input.practice_number,
    });
    const user = await createAccount(tx, {
      email: input.email,
      fullName: input.full_name,
      role: 'firm_admin',
      phoneNumber: input.phone_number,
      firmId: firm.id,
      branchId: branch.id,
      passwordHash,
    });
    await recordEvent(tx, 'firm.registered', { firmId: firm.id, userId: user.id });
    return { user: toUserDto(user), firm: toFirmDto(firm), branch: toBranchDto(branch) };
  });
  ctx.deps.events.kick();
  return result;
}

const RESET_TTL_MS = 60 * 60 * 1000;

/** Sends a single-use reset link valid for 1 hour; answers the same whether or not the e-mail exists. */
export async function forgotPassword(ctx: PublicCtx, email: string): Promise<void> {
  const user = await userByEmail(ctx.db, email);
  if (!user || user.isSystem || !user.isActive) return;
  await ctx.db.transaction(async (tx) => {
    const { link } = await issuePasswordLink(tx, ctx.deps, user.id, { ttlMs: RESET_TTL_MS });
    await ctx.deps.mailer.send(tx, {
      to: user.email,
      subject: 'Reset your LexServe password',
      text:
        `Hello ${user.fullName},\n\nSomeone asked to reset the password of your LexServe account. ` +
        `Open this link within 1 hour to choose a new password:\n\n${link}\n\n` +
        `If you did not ask for this, ignore this e-mail: your password stays as it is.\n\nLexServe`,
    });
  });
}

export async function resetPassword(ctx: PublicCtx, token: string, newPassword: string): Promise<void> {
  const passwordHash = await hashPassword(newPassword, ctx.deps.env.BCRYPT_COST);
  await ctx.db.transaction(async (tx) => {
    const userId = await sessions.consumeResetToken(tx, sha256(token));
    if (!userId) throw new AppError(AuthErrors.RESET_LINK_INVALID);
    await setPasswordHash(tx, userId, passwordHash);
    await sessions.revokeAllSessions(tx, userId);
  });
}
