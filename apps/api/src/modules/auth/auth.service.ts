import { randomUUID } from 'node:crypto';
import { AuthErrors } from '@lexserve/contracts/errors';
import type { RegisterInput, TokenPair } from '@lexserve/contracts/auth';
import type { DbOrTx } from '../../db/client';
import type { PublicCtx } from '../../lib/context';
import { AppError } from '../../lib/app-error';
import { recordEvent } from '../../lib/events';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { accountRefusal } from '../../lib/account-standing';
import { newOpaqueToken, sha256, signAccessToken, verifyAccessToken } from '../../lib/tokens';
import { createFirmWithMainBranch, toBranchDto, toFirmDto } from '../firms/firms.service';
import {
  accountStanding,
  createAccount,
  isEmailInUse,
  issuePasswordLink,
  recordLogin,
  recordPasswordAudit,
  setPasswordHash,
  toUserDto,
  userByEmail,
  userById,
} from '../users/users.service';
import * as sessions from '../../lib/sessions';

let dummyHash: Promise<string> | undefined;
/** Compared against when the e-mail is unknown, so timing does not tell which e-mails exist. */
const dummy = (cost: number) => (dummyHash ??= hashPassword('not-a-real-password', cost));

const DAY_MS = 86_400_000;

/** A new access token and refresh token of a session; the refresh token never outlives the session. */
async function issueTokens(
  ctx: PublicCtx,
  db: DbOrTx,
  user: { id: number; role: string },
  session: { id: string; expiresAt: Date },
): Promise<TokenPair> {
  const { JWT_SECRET, ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_DAYS } = ctx.deps.env;
  const refresh = newOpaqueToken();
  const refreshEnd = ctx.deps.clock.now().getTime() + REFRESH_TOKEN_TTL_DAYS * DAY_MS;
  await sessions.insertRefreshToken(db, {
    userId: user.id,
    familyId: session.id,
    tokenHash: sha256(refresh),
    expiresAt: new Date(Math.min(refreshEnd, session.expiresAt.getTime())),
  });
  return {
    access_token: signAccessToken(
      { userId: user.id, role: user.role, sessionId: session.id },
      JWT_SECRET,
      ACCESS_TOKEN_TTL_SECONDS,
    ),
    refresh_token: refresh,
    token_type: 'bearer',
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
  };
}

/** The 403 of an account that may not act now (itself, its firm or its branch deactivated), if any. */
async function refusalOf(db: DbOrTx, userId: number) {
  const standing = await accountStanding(db, userId);
  return standing ? accountRefusal(standing) : AuthErrors.INVALID_CREDENTIALS;
}

/**
 * A wrong password answers 401 whatever the account's state, so the answer never tells a guesser more than
 * "wrong". Only the right password learns that the account, its firm or its branch is deactivated (403).
 */
export async function login(ctx: PublicCtx, email: string, password: string): Promise<TokenPair> {
  const user = await userByEmail(ctx.db, email);
  if (!user || user.isSystem) {
    await verifyPassword(password, await dummy(ctx.deps.env.BCRYPT_COST));
    throw new AppError(AuthErrors.INVALID_CREDENTIALS);
  }
  if (!(await verifyPassword(password, user.passwordHash)))
    throw new AppError(AuthErrors.INVALID_CREDENTIALS);
  const refusal = await refusalOf(ctx.db, user.id);
  if (refusal) throw new AppError(refusal);
  const now = ctx.deps.clock.now();
  return ctx.db.transaction(async (tx) => {
    await recordLogin(tx, user.id, now);
    const session = await sessions.openSession(tx, {
      id: randomUUID(),
      userId: user.id,
      expiresAt: new Date(now.getTime() + ctx.deps.env.SESSION_MAX_AGE_DAYS * DAY_MS),
    });
    return issueTokens(ctx, tx, user, session);
  });
}

/**
 * Rotates a refresh token within its session. A token that was already rotated or revoked is a reuse: the
 * session (every token descended from that login) is ended, so a stolen token dies with the legitimate one.
 * A session past its absolute end, or of an account that may no longer act, is refused.
 */
export async function refresh(ctx: PublicCtx, token: string): Promise<TokenPair> {
  const row = await sessions.findRefreshToken(ctx.db, sha256(token));
  if (!row) throw new AppError(AuthErrors.INVALID_REFRESH_TOKEN);
  if (row.revokedAt || row.rotatedAt || !(await sessions.claimRefreshToken(ctx.db, row.id))) {
    await endSession(ctx, row.userId, row.familyId);
    ctx.log.warn({ userId: row.userId, sessionId: row.familyId }, 'refresh token reuse: session ended');
    throw new AppError(AuthErrors.INVALID_REFRESH_TOKEN);
  }
  const now = ctx.deps.clock.now();
  const session = await sessions.findSession(ctx.db, row.familyId);
  if (row.expiresAt.getTime() <= now.getTime() || !sessions.isSessionLive(session, now))
    throw new AppError(AuthErrors.INVALID_REFRESH_TOKEN);
  const user = await userById(ctx.db, row.userId);
  if (!user) throw new AppError(AuthErrors.INVALID_REFRESH_TOKEN);
  const refusal = await refusalOf(ctx.db, user.id);
  if (refusal) {
    await endSession(ctx, user.id, session.id);
    throw new AppError(refusal);
  }
  return issueTokens(ctx, ctx.db, user, session);
}

async function endSession(ctx: PublicCtx, userId: number, sessionId: string) {
  await ctx.db.transaction((tx) => sessions.revokeSession(tx, userId, sessionId));
  ctx.deps.events.kick();
}

/**
 * Logout ends the session of the bearer token (even an expired one: its signature still names the session)
 * and the session of the refresh token sent in the body (when it belongs to the same user). Its open sockets close.
 */
export async function logout(
  ctx: PublicCtx,
  opts: { accessToken?: string; refreshToken?: string },
): Promise<void> {
  const access = opts.accessToken
    ? verifyAccessToken(opts.accessToken, ctx.deps.env.JWT_SECRET, { allowExpired: true })
    : undefined;
  const verified = access?.ok ? access : undefined;
  if (verified) await endSession(ctx, verified.userId, verified.sessionId);
  if (opts.refreshToken) {
    const row = await sessions.findRefreshToken(ctx.db, sha256(opts.refreshToken));
    if (row && (!verified || row.userId === verified.userId)) await endSession(ctx, row.userId, row.familyId);
  }
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
    await recordPasswordAudit(tx, userId, 'password_reset');
  });
  ctx.deps.events.kick();
}
