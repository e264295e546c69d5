import type { z } from 'zod';
import { isFirmRole, type Role } from '@lexserve/contracts/common';
import { CommonErrors, FirmErrors, UserErrors, AuthErrors } from '@lexserve/contracts/errors';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type ActivateDeactivateInputSchema,
  type ChangeRoleInputSchema,
  type CreateFirmUserInput,
  type CreateUserInput,
  type NotificationPreferences,
  type UpdateProfileInput,
  type UpdateUserInput,
} from '@lexserve/contracts/users';
import type { ChangePasswordInput } from '@lexserve/contracts/auth';
import { abilitiesOf, assertCan } from '../../lib/access';
import { AppError, isForeignKeyViolation } from '../../lib/app-error';
import { inTransaction, type Ctx } from '../../lib/context';
import { recordEvent } from '../../lib/events';
import { generatePassword, hashPassword, verifyPassword } from '../../lib/passwords';
import type { DbOrTx } from '../../db/client';
import {
  branchById as findBranchById,
  branchesOfFirm,
  firmById as findFirmById,
  toFirmDto,
} from '../firms/firms.service';
import { revokeAllSessions } from '../../lib/sessions';
import { toUserDto, type UserRow } from './users.mapper';
import { canViewUser, changeRefusal, roleChangeRefusal, type UserChangeKind } from './users.policy';
import * as repo from './users.repository';

async function getOwnRow(ctx: Ctx): Promise<UserRow> {
  const user = await repo.findUserById(ctx.db, ctx.actor.id);
  if (!user) throw new AppError(UserErrors.USER_NOT_FOUND);
  return user;
}

export const getMe = async (ctx: Ctx) => toUserDto(await getOwnRow(ctx));

export const getMyPermissions = (ctx: Ctx) => ({
  role: ctx.actor.role,
  permissions: abilitiesOf(ctx.actor.role),
});

/**
 * PUT /users/me/profile (and PUT /users/{own id}): only the fields sent change. The e-mail is the login, so
 * changing it needs the current password (422 without it, 400 when wrong); the old address is told.
 */
export async function updateMyProfile(ctx: Ctx, input: UpdateProfileInput & { current_password?: string }) {
  const changes = {
    fullName: input.full_name,
    email: input.email,
    phoneNumber: input.phone_number,
    address: input.address,
  };
  if (Object.values(changes).every((v) => v === undefined)) return getMe(ctx);
  const user = await getOwnRow(ctx);
  const emailChanges = input.email !== undefined && input.email !== user.email;
  if (emailChanges) {
    if (!input.current_password) throw new AppError(AuthErrors.EMAIL_CHANGE_PASSWORD_REQUIRED);
    if (!(await verifyPassword(input.current_password, user.passwordHash)))
      throw new AppError(AuthErrors.EMAIL_CHANGE_WRONG_PASSWORD);
    if (await repo.emailInUse(ctx.db, input.email!, ctx.actor.id))
      throw new AppError(UserErrors.PROFILE_EMAIL_TAKEN);
  }
  const row = await inTransaction(ctx, async (tx) => {
    const updated = (await repo.updateUser(tx, ctx.actor.id, changes, UserErrors.PROFILE_EMAIL_TAKEN))!;
    const diff = changedFields(user, updated);
    if (Object.keys(diff).length)
      await audit(tx, ctx, user.id, 'profile_updated', { details: { changes: diff } });
    if (emailChanges) {
      await ctx.deps.mailer.send(tx, {
        to: user.email,
        subject: 'Your LexServe e-mail address was changed',
        text:
          `Hello ${user.fullName},\n\nThe e-mail address you log in to LexServe with was changed to ${updated.email}. ` +
          `If you did not do this, contact your firm administrator or LexServe support at once.\n\nLexServe`,
      });
    }
    return updated;
  });
  return toUserDto(row);
}

/** Changing the password ends every other session of the user (other devices); the calling one stays signed in. */
export async function changePassword(ctx: Ctx, input: ChangePasswordInput) {
  const user = await getOwnRow(ctx);
  if (!(await verifyPassword(input.current_password, user.passwordHash)))
    throw new AppError(AuthErrors.WRONG_CURRENT_PASSWORD);
  const passwordHash = await hashPassword(input.new_password, ctx.deps.env.BCRYPT_COST);
  await inTransaction(ctx, async (tx) => {
    await repo.updateUser(tx, user.id, { passwordHash, mustChangePassword: false });
    await revokeAllSessions(tx, user.id, { except: ctx.actor.sessionId });
    await audit(tx, ctx, user.id, 'password_changed');
  });
}

export async function getNotificationPreferences(
  ctx: Ctx,
): Promise<{ preferences: NotificationPreferences }> {
  const user = await getOwnRow(ctx);
  return { preferences: { ...DEFAULT_NOTIFICATION_PREFERENCES, ...(user.notificationPreferences ?? {}) } };
}

export async function updateNotificationPreferences(ctx: Ctx, preferences: Partial<NotificationPreferences>) {
  const current = await getNotificationPreferences(ctx);
  const merged = { ...current.preferences, ...preferences };
  await repo.updateUser(ctx.db, ctx.actor.id, { notificationPreferences: merged });
  return { preferences: merged };
}

/** GET /users: the system administrator sees everyone; a firm admin their firm; a branch admin their branch. */
export async function listUsers(ctx: Ctx) {
  assertCan(ctx.actor, 'users:list', UserErrors.USERS_LIST_FORBIDDEN);
  const { role, firmId, branchId } = ctx.actor;
  const scope =
    role === 'system_admin'
      ? {}
      : role === 'branch_admin' && branchId
        ? { firmId: firmId ?? -1, branchId }
        : { firmId: firmId ?? -1 };
  return { users: (await repo.listUsers(ctx.db, scope)).map(toUserDto) };
}

/**
 * Whether the actor may read the user: the policy's rule, and for a sheriff (or deputy) the people of the documents
 * assigned to their office (one indexed lookup).
 */
async function mayView(ctx: Ctx, user: UserRow): Promise<boolean> {
  if (canViewUser(ctx.actor, user)) return true;
  return (
    ctx.actor.role === 'sheriff' &&
    repo.isSeenBySheriff(ctx.db, ctx.actor.id, user.id, ctx.actor.sheriffOfficeId)
  );
}

export async function getUser(ctx: Ctx, id: number) {
  const user = await repo.findUserById(ctx.db, id);
  if (!user || !(await mayView(ctx, user))) throw new AppError(UserErrors.USER_NOT_FOUND);
  return toUserDto(user);
}

/** A user the actor may change this way, or 404 (another firm's users are never revealed) or the rule's refusal. */
async function getManagedUser(ctx: Ctx, id: number, kind: UserChangeKind): Promise<UserRow> {
  const user = await repo.findUserById(ctx.db, id);
  if (!user || !(await mayView(ctx, user))) throw new AppError(UserErrors.USER_NOT_FOUND);
  const refusal = changeRefusal(ctx.actor, user, kind);
  if (refusal) throw new AppError(refusal);
  return user;
}

/**
 * Where a user of a role may sit: a firm role needs a firm (and its branch, when given, in that firm); a
 * legal practitioner needs a branch. Sheriffs and system administrators belong to no firm (the caller clears them).
 */
async function assertPlacement(
  db: DbOrTx,
  p: { role: Role; firmId: number | null; branchId: number | null },
) {
  if (!isFirmRole(p.role)) return;
  if (!p.firmId || !(await findFirmById(db, p.firmId))) throw new AppError(UserErrors.FIRM_REQUIRED);
  if (p.role === 'legal_practitioner' && !p.branchId)
    throw new AppError(UserErrors.PRACTITIONER_NEEDS_BRANCH);
  if (p.branchId == null) return;
  const branch = await findBranchById(db, p.branchId);
  if (!branch || branch.firmId !== p.firmId) throw new AppError(UserErrors.BRANCH_NOT_IN_FIRM);
}

const AUDITED_FIELDS = {
  email: 'email',
  fullName: 'full_name',
  phoneNumber: 'phone_number',
  address: 'address',
  firmId: 'firm_id',
  branchId: 'branch_id',
} as const satisfies Partial<Record<keyof UserRow, string>>;
type Change = { from: unknown; to: unknown };

/** The audited fields that differ between two versions of a user row, by their API names. */
function changedFields(
  before: UserRow,
  after: UserRow,
  only: (keyof typeof AUDITED_FIELDS)[] = Object.keys(AUDITED_FIELDS) as never,
) {
  const diff: Record<string, Change> = {};
  for (const key of only)
    if (before[key] !== after[key]) diff[AUDITED_FIELDS[key]] = { from: before[key], to: after[key] };
  return diff;
}

const audit = (
  tx: DbOrTx,
  ctx: Pick<Ctx, 'actor'>,
  userId: number,
  action: string,
  extra: { reason?: string | null; details?: Record<string, unknown> } = {},
) =>
  repo.insertAuditEntry(tx, {
    userId,
    performedById: ctx.actor.id,
    action,
    reason: extra.reason ?? null,
    details: extra.details ?? null,
  });

/** What a call asks to change in another user's account (undefined: unchanged). */
type UserChange = {
  kind: UserChangeKind;
  fields?: { email?: string; fullName?: string; phoneNumber?: string | null; address?: string | null };
  role?: Role;
  /** The system administrator's only. */
  firmId?: number | null;
  branchId?: number | null;
  isActive?: boolean;
  reason?: string | null;
};

/**
 * The one way another user's account changes (PUT /users/{id}, change-role, activate-deactivate): the change
 * rule of users.policy, the role rule, the placement rule on the result, the plan's user limit when the user
 * joins a firm's active users, and an audit entry per aspect changed (role, fields, activation) with the
 * domain events and, on deactivation, the end of every session.
 */
async function changeUser(ctx: Ctx, id: number, change: UserChange): Promise<UserRow> {
  const user = await getManagedUser(ctx, id, change.kind);
  const isAdmin = ctx.actor.role === 'system_admin';
  const role = change.role ?? user.role;
  const roleRefusal = roleChangeRefusal(ctx.actor, user.role, role);
  if (roleRefusal) throw new AppError(roleRefusal);
  const firmRole = isFirmRole(role);
  const firmId = !firmRole ? null : isAdmin && change.firmId !== undefined ? change.firmId : user.firmId;
  const branchId = !firmRole
    ? null
    : change.branchId !== undefined
      ? change.branchId
      : firmId === user.firmId
        ? user.branchId
        : null;
  await assertPlacement(ctx.db, { role, firmId, branchId });
  const email = change.fields?.email;
  if (email && (await repo.emailInUse(ctx.db, email, id)))
    throw new AppError(UserErrors.USER_UPDATE_EMAIL_TAKEN);
  const isActive = change.isActive ?? user.isActive;
  return inTransaction(ctx, async (tx) => {
    const joinsActiveUsers = isActive && firmId !== null && (!user.isActive || firmId !== user.firmId);
    if (joinsActiveUsers) await ctx.deps.limits.assertCanAddUser(tx, firmId);
    const updated = (await repo.updateUser(
      tx,
      id,
      { ...change.fields, role, firmId, branchId, isActive: change.isActive },
      UserErrors.USER_UPDATE_EMAIL_TAKEN,
    ))!;
    const reason = change.reason ?? null;
    if (updated.role !== user.role) {
      const placement = changedFields(user, updated, ['firmId', 'branchId']);
      await audit(tx, ctx, id, 'role_changed', {
        reason,
        details: { from: user.role, to: updated.role, branch_id: updated.branchId, changes: placement },
      });
      await recordEvent(tx, 'user.role_changed', {
        userId: id,
        from: user.role,
        to: updated.role,
        byUserId: ctx.actor.id,
      });
    }
    const fields = changedFields(
      user,
      updated,
      updated.role !== user.role ? ['email', 'fullName', 'phoneNumber', 'address'] : undefined,
    );
    if (Object.keys(fields).length)
      await audit(tx, ctx, id, 'updated', { reason, details: { changes: fields } });
    if (
      change.isActive !== undefined &&
      (change.kind === 'activation' || change.isActive !== user.isActive)
    ) {
      await audit(tx, ctx, id, change.isActive ? 'activated' : 'deactivated', { reason });
      if (!change.isActive) await deactivated(tx, id, ctx.actor.id);
    }
    return updated;
  });
}

/** PUT /users/{id}: the system administrator edits anyone; a firm admin the users of their firm (not other firm admins). */
export async function updateUser(ctx: Ctx, id: number, input: UpdateUserInput) {
  assertCan(ctx.actor, 'users:update');
  if (id === ctx.actor.id) {
    if (
      input.role !== undefined ||
      input.is_active !== undefined ||
      input.branch_id !== undefined ||
      input.firm_id !== undefined
    )
      throw new AppError(UserErrors.OWN_ACCOUNT);
    return updateMyProfile(ctx, input);
  }
  const row = await changeUser(ctx, id, {
    kind: 'update',
    fields: {
      email: input.email,
      fullName: input.full_name,
      phoneNumber: input.phone_number,
      address: input.address,
    },
    role: input.role,
    firmId: input.firm_id,
    branchId: input.branch_id,
    isActive: input.is_active,
    reason: input.reason,
  });
  return toUserDto(row);
}

/** DELETE /users/{id}: the same rule as every other change; the audit entry outlives the row (it keeps who it was). */
export async function deleteUser(ctx: Ctx, id: number) {
  assertCan(ctx.actor, 'users:delete');
  const user = await getManagedUser(ctx, id, 'delete');
  try {
    await inTransaction(ctx, async (tx) => {
      await audit(tx, ctx, user.id, 'deleted', {
        details: {
          email: user.email,
          full_name: user.fullName,
          role: user.role,
          firm_id: user.firmId,
          branch_id: user.branchId,
        },
      });
      // Open sockets close at once (the sessions go with the row).
      await recordEvent(tx, 'user.deactivated', { userId: user.id, byUserId: ctx.actor.id });
      await repo.deleteUserRow(tx, user.id);
    });
  } catch (err) {
    if (isForeignKeyViolation(err)) throw new AppError(UserErrors.USER_DELETE_CONFLICT, { cause: err });
    throw err;
  }
}

/** POST /users: the system administrator creates an account of any role (the placement rule of every change). */
export async function createUser(ctx: Ctx, input: CreateUserInput) {
  assertCan(ctx.actor, 'users:create', UserErrors.USERS_CREATE_FORBIDDEN);
  const role = input.role;
  const firmRole = isFirmRole(role);
  let firmId = firmRole ? (input.firm_id ?? null) : null;
  if (firmRole && input.branch_id && !firmId)
    firmId = (await findBranchById(ctx.db, input.branch_id))?.firmId ?? null;
  const branchId = firmRole ? (input.branch_id ?? null) : null;
  await assertPlacement(ctx.db, { role, firmId, branchId });
  const password = input.password ?? generatePassword();
  const user = await inTransaction(ctx, async (tx) => {
    if (firmId) await ctx.deps.limits.assertCanAddUser(tx, firmId);
    const row = await repo.insertUser(
      tx,
      {
        email: input.email,
        fullName: input.full_name,
        username: repo.usernameFromEmail(input.email),
        role,
        firmId,
        branchId,
        phoneNumber: input.phone_number ?? null,
        address: input.address ?? null,
        isActive: input.is_active ?? true,
        passwordHash: await hashPassword(password, ctx.deps.env.BCRYPT_COST),
        // A generated password has been seen by the administrator: the user chooses their own at first login.
        mustChangePassword: !input.password,
      },
      UserErrors.USER_EMAIL_TAKEN,
    );
    await audit(tx, ctx, row.id, 'created', { details: { role, firm_id: firmId, branch_id: branchId } });
    await recordEvent(tx, 'user.created', { userId: row.id, byUserId: ctx.actor.id });
    return row;
  });
  return { user: toUserDto(user), generated_password: input.password ? undefined : password };
}

/** POST /users/create-firm-user: a firm admin adds a branch admin or legal practitioner with a generated password. */
export async function createFirmUser(ctx: Ctx, input: CreateFirmUserInput) {
  assertCan(ctx.actor, 'firm-users:manage', UserErrors.FIRM_USERS_FORBIDDEN);
  const firmId = ctx.actor.firmId;
  if (!firmId) throw new AppError(UserErrors.FIRM_USERS_FORBIDDEN);
  await assertPlacement(ctx.db, { role: input.role, firmId, branchId: input.branch_id ?? null });
  if (await repo.emailInUse(ctx.db, input.email)) throw new AppError(UserErrors.USER_EMAIL_TAKEN);
  const password = generatePassword();
  const passwordHash = await hashPassword(password, ctx.deps.env.BCRYPT_COST);
  const user = await inTransaction(ctx, async (tx) => {
    await ctx.deps.limits.assertCanAddUser(tx, firmId);
    const row = await repo.insertUser(
      tx,
      {
        email: input.email,
        fullName: input.full_name,
        username: repo.usernameFromEmail(input.email),
        role: input.role,
        firmId,
        branchId: input.branch_id ?? null,
        phoneNumber: input.phone_number ?? null,
        address: input.address ?? null,
        passwordHash,
        mustChangePassword: true,
      },
      UserErrors.USER_EMAIL_TAKEN,
    );
    await audit(tx, ctx, row.id, 'created', {
      details: { role: input.role, firm_id: firmId, branch_id: input.branch_id ?? null },
    });
    await recordEvent(tx, 'user.created', { userId: row.id, byUserId: ctx.actor.id });
    return row;
  });
  return { generated_password: password, user: toUserDto(user) };
}

export async function getFirmBranchesWithUsers(ctx: Ctx) {
  assertCan(ctx.actor, 'firm-users:manage', CommonErrors.FORBIDDEN);
  const firm = ctx.actor.firmId ? await findFirmById(ctx.db, ctx.actor.firmId) : undefined;
  if (!firm) throw new AppError(UserErrors.FIRM_DATA_NOT_FOUND);
  const [{ rows: branches }, people] = await Promise.all([
    branchesOfFirm(ctx.db, firm.id),
    repo.listUsers(ctx.db, { firmId: firm.id }),
  ]);
  const byBranch = new Map<number, UserRow[]>();
  for (const u of people) if (u.branchId) byBranch.set(u.branchId, [...(byBranch.get(u.branchId) ?? []), u]);
  return {
    firm_id: firm.id,
    firm_name: firm.name,
    total_branches: branches.length,
    total_users: people.length,
    active_branches: branches.filter((b) => b.isActive).length,
    active_users: people.filter((u) => u.isActive).length,
    branches: branches.map((b) => {
      const members = byBranch.get(b.id) ?? [];
      return {
        id: b.id,
        name: b.name,
        practice_number: b.practiceNumber,
        total_users: members.length,
        contact_email: b.contactEmail,
        contact_phone: b.contactPhone,
        address: b.address,
        digital_service_address: b.digitalServiceAddress,
        is_active: b.isActive,
        users: members.map(toUserDto),
      };
    }),
    unassigned_users: people.filter((u) => !u.branchId || !byBranch.has(u.branchId)).map(toUserDto),
  };
}

export async function setUserActive(
  ctx: Ctx,
  id: number,
  input: z.infer<typeof ActivateDeactivateInputSchema>,
) {
  assertCan(ctx.actor, 'users:activate');
  const row = await changeUser(ctx, id, {
    kind: 'activation',
    isActive: input.is_active,
    reason: input.reason,
  });
  const verb = input.is_active ? 'activated' : 'deactivated';
  return { data: toUserDto(row), message: `User ${row.fullName} ${verb} successfully!` };
}

export async function deactivated(tx: DbOrTx, userId: number, byUserId: number) {
  // user.deactivated closes every socket of the user ('Account deactivated'), so the sessions end quietly.
  await revokeAllSessions(tx, userId, { announce: false });
  await recordEvent(tx, 'user.deactivated', { userId, byUserId });
}

/** PUT /users/change-role/{id}: a firm administrator moves a user between branch administrator and legal practitioner. */
export async function changeRole(ctx: Ctx, id: number, input: z.infer<typeof ChangeRoleInputSchema>) {
  assertCan(ctx.actor, 'firm-users:manage', CommonErrors.FORBIDDEN);
  const user = await getManagedUser(ctx, id, 'role');
  if (user.role === input.new_role) throw new AppError(UserErrors.ROLE_CHANGE_CONFLICT);
  const branchId =
    input.new_role === 'legal_practitioner' ? input.new_branch_id! : (input.new_branch_id ?? null);
  const row = await changeUser(ctx, id, {
    kind: 'role',
    role: input.new_role,
    branchId,
    reason: input.reason,
  });
  return { data: toUserDto(row), message: `User ${row.fullName}'s role changed successfully!` };
}

/** GET /firms/user/{userId}: the firm of a user the actor may read. */
export async function getFirmOfUser(ctx: Ctx, userId: number) {
  const user = await repo.findUserById(ctx.db, userId);
  if (!user || !(await mayView(ctx, user)) || !user.firmId)
    throw new AppError(FirmErrors.FIRM_OF_USER_NOT_FOUND);
  const firm = await findFirmById(ctx.db, user.firmId);
  if (!firm) throw new AppError(FirmErrors.FIRM_OF_USER_NOT_FOUND);
  return toFirmDto(firm);
}

/*
 * For the auth module and the seed: accounts by e-mail or id, without an access check.
 */
export const userByEmail = (db: DbOrTx, email: string) => repo.findUserByEmail(db, email);
export const userById = (db: DbOrTx, id: number) => repo.findUserById(db, id);
export const isEmailInUse = (db: DbOrTx, email: string) => repo.emailInUse(db, email);
export const recordLogin = (db: DbOrTx, id: number, at: Date) => repo.updateUser(db, id, { lastLogin: at });
/** A password the user chose (reset or invitation link): the generated one no longer needs changing. */
export const setPasswordHash = (db: DbOrTx, id: number, passwordHash: string) =>
  repo.updateUser(db, id, { passwordHash, mustChangePassword: false });
/** The audit entry of a password reset by e-mail link (the user acts on their own account). */
export const recordPasswordAudit = (db: DbOrTx, userId: number, action: 'password_reset') =>
  repo.insertAuditEntry(db, { userId, performedById: userId, action });
export { toUserDto } from './users.mapper';
export { issuePasswordLink } from './password-links';
export { accountStanding } from './users.repository';

/** A new account (sign-up, the seed): the username comes from the e-mail; a taken e-mail is USER_EMAIL_TAKEN. */
export const createAccount = (db: DbOrTx, values: Omit<repo.NewUser, 'username'>) =>
  repo.insertUser(
    db,
    { ...values, username: repo.usernameFromEmail(values.email) },
    UserErrors.USER_EMAIL_TAKEN,
  );
