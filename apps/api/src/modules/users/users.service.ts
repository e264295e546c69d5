import type { z } from 'zod';
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
import { branchById as findBranchById, branchesOfFirm, firmById as findFirmById, toFirmDto } from '../firms/firms.service';
import { revokeAllSessions } from '../../lib/sessions';
import { toUserDto, type UserRow } from './users.mapper';
import { canViewUser, managesUser } from './users.policy';
import * as repo from './users.repository';

async function getOwnRow(ctx: Ctx): Promise<UserRow> {
  const user = await repo.findUserById(ctx.db, ctx.actor.id);
  if (!user) throw new AppError(UserErrors.USER_NOT_FOUND);
  return user;
}

export const getMe = async (ctx: Ctx) => toUserDto(await getOwnRow(ctx));

export const getMyPermissions = (ctx: Ctx) => ({ role: ctx.actor.role, permissions: abilitiesOf(ctx.actor.role) });

export async function updateMyProfile(ctx: Ctx, input: UpdateProfileInput) {
  const changes = {
    fullName: input.full_name,
    email: input.email,
    phoneNumber: input.phone_number,
    address: input.address,
  };
  if (Object.values(changes).every((v) => v === undefined)) return getMe(ctx);
  if (input.email && (await repo.emailInUse(ctx.db, input.email, ctx.actor.id)))
    throw new AppError(UserErrors.PROFILE_EMAIL_TAKEN);
  const row = await repo.updateUser(ctx.db, ctx.actor.id, changes, UserErrors.PROFILE_EMAIL_TAKEN);
  return toUserDto(row!);
}

export async function changePassword(ctx: Ctx, input: ChangePasswordInput) {
  const user = await getOwnRow(ctx);
  if (!(await verifyPassword(input.current_password, user.passwordHash)))
    throw new AppError(AuthErrors.WRONG_CURRENT_PASSWORD);
  const passwordHash = await hashPassword(input.new_password, ctx.deps.env.BCRYPT_COST);
  await repo.updateUser(ctx.db, user.id, { passwordHash, mustChangePassword: false });
}

export async function getNotificationPreferences(ctx: Ctx): Promise<{ preferences: NotificationPreferences }> {
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

export async function getUser(ctx: Ctx, id: number) {
  const user = await repo.findUserById(ctx.db, id);
  if (!user || !canViewUser(ctx.actor, user)) throw new AppError(UserErrors.USER_NOT_FOUND);
  return toUserDto(user);
}

/** A user the actor administers, or 404 (another firm's users are never revealed). */
async function getManagedUser(ctx: Ctx, id: number): Promise<UserRow> {
  const user = await repo.findUserById(ctx.db, id);
  if (!user || !canViewUser(ctx.actor, user)) throw new AppError(UserErrors.USER_NOT_FOUND);
  if (user.id === ctx.actor.id || !managesUser(ctx.actor, user)) throw new AppError(UserErrors.OWN_ACCOUNT);
  return user;
}

async function assertBranchInFirm(db: DbOrTx, branchId: number | null | undefined, firmId: number | null) {
  if (branchId == null) return;
  const branch = await findBranchById(db, branchId);
  if (!branch || branch.firmId !== firmId) throw new AppError(UserErrors.BRANCH_NOT_IN_FIRM);
}

/** POST /users: the system administrator creates an account of any role. */
export async function createUser(ctx: Ctx, input: CreateUserInput) {
  assertCan(ctx.actor, 'users:create', UserErrors.USERS_CREATE_FORBIDDEN);
  const role = input.role;
  const firmRole = role === 'firm_admin' || role === 'branch_admin' || role === 'legal_practitioner';
  let firmId = firmRole ? (input.firm_id ?? null) : null;
  if (firmRole && input.branch_id && !firmId) firmId = (await findBranchById(ctx.db, input.branch_id))?.firmId ?? null;
  if (firmRole && (!firmId || !(await findFirmById(ctx.db, firmId))))
    throw new AppError(UserErrors.FIRM_DATA_NOT_FOUND, { message: 'A firm is required for firm roles.' });
  if (role === 'legal_practitioner' && !input.branch_id) throw new AppError(UserErrors.PRACTITIONER_NEEDS_BRANCH);
  await assertBranchInFirm(ctx.db, firmRole ? input.branch_id : null, firmId);
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
        branchId: firmRole ? (input.branch_id ?? null) : null,
        phoneNumber: input.phone_number ?? null,
        address: input.address ?? null,
        isActive: input.is_active ?? true,
        passwordHash: await hashPassword(password, ctx.deps.env.BCRYPT_COST),
        // A generated password has been seen by the administrator: the user chooses their own at first login.
        mustChangePassword: !input.password,
      },
      UserErrors.USER_EMAIL_TAKEN,
    );
    await recordEvent(tx, 'user.created', { userId: row.id, byUserId: ctx.actor.id });
    return row;
  });
  return { user: toUserDto(user), generated_password: input.password ? undefined : password };
}

/** PUT /users/{id}: the system administrator edits anyone; a firm admin the users of their firm. */
export async function updateUser(ctx: Ctx, id: number, input: UpdateUserInput) {
  assertCan(ctx.actor, 'users:update');
  const isAdmin = ctx.actor.role === 'system_admin';
  const user = id === ctx.actor.id ? await getOwnRow(ctx) : await getManagedUser(ctx, id);
  const self = user.id === ctx.actor.id;
  if (self && (input.role !== undefined || input.is_active !== undefined || input.branch_id !== undefined))
    throw new AppError(UserErrors.OWN_ACCOUNT);
  if (input.role !== undefined && !isAdmin && !['branch_admin', 'legal_practitioner'].includes(input.role))
    throw new AppError(UserErrors.ROLE_CHANGE_CONFLICT);
  if (input.email && (await repo.emailInUse(ctx.db, input.email, id)))
    throw new AppError(UserErrors.USER_UPDATE_EMAIL_TAKEN);
  const firmId = isAdmin && input.firm_id !== undefined ? input.firm_id : user.firmId;
  await assertBranchInFirm(ctx.db, input.branch_id, firmId);
  const row = await inTransaction(ctx, async (tx) => {
    const updated = await repo.updateUser(
      tx,
      id,
      {
        email: input.email,
        fullName: input.full_name,
        phoneNumber: input.phone_number,
        address: input.address,
        role: input.role,
        firmId: isAdmin ? input.firm_id : undefined,
        branchId: input.branch_id,
        isActive: input.is_active,
      },
      UserErrors.USER_UPDATE_EMAIL_TAKEN,
    );
    if (input.is_active === false) await deactivated(tx, id, ctx.actor.id);
    return updated!;
  });
  return toUserDto(row);
}

export async function deleteUser(ctx: Ctx, id: number) {
  assertCan(ctx.actor, 'users:delete');
  const user = await getManagedUser(ctx, id);
  try {
    await repo.deleteUserRow(ctx.db, user.id);
  } catch (err) {
    if (isForeignKeyViolation(err)) throw new AppError(UserErrors.USER_DELETE_CONFLICT, { cause: err });
    throw err;
  }
}

/** POST /users/create-firm-user: a firm admin adds a branch admin or legal practitioner with a generated password. */
export async function createFirmUser(ctx: Ctx, input: CreateFirmUserInput) {
  assertCan(ctx.actor, 'firm-users:manage', UserErrors.FIRM_USERS_FORBIDDEN);
  const firmId = ctx.actor.firmId;
  if (!firmId) throw new AppError(UserErrors.FIRM_USERS_FORBIDDEN);
  await assertBranchInFirm(ctx.db, input.branch_id, firmId);
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
    await repo.insertAuditEntry(tx, { userId: row.id, performedById: ctx.actor.id, action: 'created' });
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

export async function setUserActive(ctx: Ctx, id: number, input: z.infer<typeof ActivateDeactivateInputSchema>) {
  assertCan(ctx.actor, 'users:activate');
  const user = await getManagedUser(ctx, id);
  // Firm administrators are managed by the system administrator only.
  if (ctx.actor.role !== 'system_admin' && user.role === 'firm_admin') throw new AppError(UserErrors.ACTIVATION_CONFLICT);
  const row = await inTransaction(ctx, async (tx) => {
    const updated = await repo.updateUser(tx, id, { isActive: input.is_active });
    await repo.insertAuditEntry(tx, {
      userId: id,
      performedById: ctx.actor.id,
      action: input.is_active ? 'activated' : 'deactivated',
      reason: input.reason,
    });
    if (!input.is_active) await deactivated(tx, id, ctx.actor.id);
    return updated!;
  });
  const verb = input.is_active ? 'activated' : 'deactivated';
  return { data: toUserDto(row), message: `User ${row.fullName} ${verb} successfully!` };
}

export async function deactivated(tx: DbOrTx, userId: number, byUserId: number) {
  await revokeAllSessions(tx, userId);
  await recordEvent(tx, 'user.deactivated', { userId, byUserId });
}

export async function changeRole(ctx: Ctx, id: number, input: z.infer<typeof ChangeRoleInputSchema>) {
  assertCan(ctx.actor, 'firm-users:manage', CommonErrors.FORBIDDEN);
  const user = await getManagedUser(ctx, id);
  if (!['branch_admin', 'legal_practitioner'].includes(user.role) || user.role === input.new_role)
    throw new AppError(UserErrors.ROLE_CHANGE_CONFLICT);
  const branchId = input.new_role === 'legal_practitioner' ? input.new_branch_id! : (input.new_branch_id ?? null);
  await assertBranchInFirm(ctx.db, branchId, user.firmId);
  const row = await inTransaction(ctx, async (tx) => {
    const updated = await repo.updateUser(tx, id, { role: input.new_role, branchId });
    await repo.insertAuditEntry(tx, {
      userId: id,
      performedById: ctx.actor.id,
      action: 'role_changed',
      reason: input.reason,
      details: { from: user.role, to: input.new_role, branch_id: branchId },
    });
    await recordEvent(tx, 'user.role_changed', { userId: id, from: user.role, to: input.new_role, byUserId: ctx.actor.id });
    return updated!;
  });
  return { data: toUserDto(row), message: `User ${row.fullName}'s role changed successfully!` };
}

/** GET /firms/user/{userId}: the firm of a user the actor may read. */
export async function getFirmOfUser(ctx: Ctx, userId: number) {
  const user = await repo.findUserById(ctx.db, userId);
  if (!user || !canViewUser(ctx.actor, user) || !user.firmId) throw new AppError(FirmErrors.FIRM_OF_USER_NOT_FOUND);
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
export { toUserDto } from './users.mapper';

/** A new account (sign-up, the seed): the username comes from the e-mail; a taken e-mail is USER_EMAIL_TAKEN. */
export const createAccount = (db: DbOrTx, values: Omit<repo.NewUser, 'username'>) =>
  repo.insertUser(db, { ...values, username: repo.usernameFromEmail(values.email) }, UserErrors.USER_EMAIL_TAKEN);
