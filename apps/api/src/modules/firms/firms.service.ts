import type { z } from 'zod';
import type {
  CreateBranchInputSchema,
  CreateFirmInputSchema,
  UpdateBranchInputSchema,
  UpdateFirmInputSchema,
} from '@lexserve/contracts/firms';
import { CommonErrors, FirmErrors } from '@lexserve/contracts/errors';
import { assertCan } from '../../lib/access';
import { AppError, isForeignKeyViolation } from '../../lib/app-error';
import { inTransaction, type Ctx } from '../../lib/context';
import { recordEvent } from '../../lib/events';
import type { DbOrTx } from '../../db/client';
import * as repo from './firms.repository';
import { defaultServiceAddress, toBranchDto, toFirmDto } from './firms.mapper';

/**
 * Firms and branches form a directory every signed-in user may read (the legal-representative step searches
 * other firms and their digital service addresses). Changes are limited to the system administrator and,
 * within their own firm, the firm administrator (and a branch administrator for their own branch).
 */
export async function listFirms(ctx: Ctx, query: { search?: string; skip: number; limit: number }) {
  const { rows, total } = await repo.listFirms(ctx.db, {
    ...query,
    activeOnly: ctx.actor.role !== 'system_admin',
  });
  return { firms: rows.map(toFirmDto), total };
}

export async function getFirm(ctx: Ctx, id: number) {
  const firm = await repo.findFirmById(ctx.db, id);
  if (!firm || (!firm.isActive && ctx.actor.role !== 'system_admin' && ctx.actor.firmId !== id))
    throw new AppError(FirmErrors.FIRM_NOT_FOUND);
  return toFirmDto(firm);
}

export async function createFirm(ctx: Ctx, input: z.infer<typeof CreateFirmInputSchema>) {
  assertCan(ctx.actor, 'firms:create');
  const firm = await repo.insertFirm(ctx.db, {
    name: input.name,
    contactEmail: input.contact_email,
    phone: input.phone ?? null,
    address: input.address ?? null,
    maxBranches: input.max_branches,
    isActive: input.is_active ?? true,
  });
  return toFirmDto(firm);
}

export async function updateFirm(ctx: Ctx, id: number, input: z.infer<typeof UpdateFirmInputSchema>) {
  assertCan(ctx.actor, 'firms:update');
  const isAdmin = ctx.actor.role === 'system_admin';
  if (!isAdmin && ctx.actor.firmId !== id) throw new AppError(CommonErrors.FORBIDDEN);
  const before = await repo.findFirmById(ctx.db, id);
  if (!before) throw new AppError(FirmErrors.FIRM_NOT_FOUND);
  const firm = await inTransaction(ctx, async (tx) => {
    const updated = await repo.updateFirm(tx, id, {
      name: input.name,
      contactEmail: input.contact_email,
      phone: input.phone,
      address: input.address,
      // The branch cap and the firm's status are administrative settings.
      maxBranches: isAdmin ? input.max_branches : undefined,
      isActive: isAdmin ? input.is_active : undefined,
    });
    // Its users are refused from their next call (plugins/auth.ts); their open sockets close.
    if (before.isActive && updated?.isActive === false)
      await recordEvent(tx, 'firm.deactivated', { firmId: id, byUserId: ctx.actor.id });
    return updated;
  });
  if (firm && (firm.name !== before.name || firm.isActive !== before.isActive))
    ctx.deps.verification.changed({ firmId: id });
  return toFirmDto(firm!);
}

export async function deleteFirm(ctx: Ctx, id: number) {
  assertCan(ctx.actor, 'firms:delete');
  if (!(await repo.findFirmById(ctx.db, id))) throw new AppError(FirmErrors.FIRM_NOT_FOUND);
  if ((await repo.countBranches(ctx.db, id)) > 0) throw new AppError(FirmErrors.FIRM_DELETE_CONFLICT);
  await repo.deleteFirmRow(ctx.db, id).catch(conflictOn(FirmErrors.FIRM_DELETE_CONFLICT));
}

export async function listFirmBranches(ctx: Ctx, firmId: number) {
  await getFirm(ctx, firmId);
  const seesAll = ctx.actor.role === 'system_admin' || ctx.actor.firmId === firmId;
  const { rows, total } = await repo.listBranches(ctx.db, { firmId, activeOnly: !seesAll });
  return { branches: rows.map(toBranchDto), total };
}

export async function listBranches(ctx: Ctx, page: { skip: number; limit: number }) {
  const firmId = ctx.actor.firmId ?? undefined;
  const scoped = ctx.actor.role !== 'system_admin' && ctx.actor.role !== 'sheriff';
  const { rows, total } = await repo.listBranches(ctx.db, {
    ...page,
    firmId: scoped ? (firmId ?? -1) : undefined,
  });
  return { branches: rows.map(toBranchDto), total };
}

export async function getBranch(ctx: Ctx, id: number) {
  const branch = await repo.findBranchById(ctx.db, id);
  if (!branch) throw new AppError(FirmErrors.BRANCH_NOT_FOUND);
  return toBranchDto(branch);
}

export async function getBranchByPracticeNumber(ctx: Ctx, practiceNumber: string) {
  const branch = await repo.findBranchByPracticeNumber(ctx.db, practiceNumber.trim());
  if (!branch) throw new AppError(FirmErrors.BRANCH_BY_PRACTICE_NOT_FOUND);
  return toBranchDto(branch);
}

export async function createBranch(ctx: Ctx, input: z.infer<typeof CreateBranchInputSchema>) {
  assertCan(ctx.actor, 'branches:create');
  if (ctx.actor.role !== 'system_admin' && ctx.actor.firmId !== input.firm_id)
    throw new AppError(CommonErrors.FORBIDDEN);
  return ctx.db.transaction(async (tx) => {
    const firm = await repo.findFirmById(tx, input.firm_id);
    if (!firm) throw new AppError(FirmErrors.FIRM_NOT_FOUND);
    if ((await repo.countBranches(tx, firm.id)) >= firm.maxBranches)
      throw new AppError(FirmErrors.MAX_BRANCHES_REACHED);
    await ctx.deps.limits.assertCanAddBranch(tx, firm.id);
    const branch = await repo.insertBranch(tx, await newBranchValues(tx, input));
    return toBranchDto(branch);
  });
}

/**
 * The address a new branch is served at when none is chosen: derived from its practice number, numbered when another
 * branch has it already (practice numbers that differ only in punctuation map to the same address).
 */
async function freeServiceAddress(db: DbOrTx, practiceNumber: string): Promise<string> {
  const base = defaultServiceAddress(practiceNumber);
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : base.replace('@', `-${n}@`);
    if (!(await repo.serviceAddressInUse(db, candidate))) return candidate;
  }
}

const newBranchValues = async (
  db: DbOrTx,
  input: z.infer<typeof CreateBranchInputSchema>,
): Promise<repo.NewBranch> => ({
  firmId: input.firm_id,
  name: input.name,
  practiceNumber: input.practice_number,
  address: input.address ?? null,
  contactEmail: input.contact_email ?? null,
  contactPhone: input.contact_phone ?? null,
  digitalServiceAddress:
    input.digital_service_address ?? (await freeServiceAddress(db, input.practice_number)),
  isActive: input.is_active ?? true,
});

export async function updateBranch(ctx: Ctx, id: number, input: z.infer<typeof UpdateBranchInputSchema>) {
  assertCan(ctx.actor, 'branches:update');
  const branch = await repo.findBranchById(ctx.db, id);
  if (!branch) throw new AppError(FirmErrors.BRANCH_NOT_FOUND);
  assertManagesBranch(ctx, branch);
  // A branch's status is the firm's call: a branch administrator deactivating their own branch would lock themselves out.
  const setsStatus = ctx.actor.role === 'system_admin' || ctx.actor.role === 'firm_admin';
  const updated = await inTransaction(ctx, async (tx) => {
    const row = await repo.updateBranch(tx, id, {
      name: input.name,
      practiceNumber: input.practice_number,
      address: input.address,
      contactEmail: input.contact_email,
      contactPhone: input.contact_phone,
      digitalServiceAddress: input.digital_service_address,
      isActive: setsStatus ? input.is_active : undefined,
    });
    if (branch.isActive && row?.isActive === false)
      await recordEvent(tx, 'branch.deactivated', { branchId: id, byUserId: ctx.actor.id });
    return row;
  });
  return toBranchDto(updated!);
}

export async function deleteBranch(ctx: Ctx, id: number) {
  assertCan(ctx.actor, 'branches:delete');
  const branch = await repo.findBranchById(ctx.db, id);
  if (!branch) throw new AppError(FirmErrors.BRANCH_NOT_FOUND);
  assertManagesBranch(ctx, branch);
  if (branch.isMain) throw new AppError(FirmErrors.BRANCH_DELETE_CONFLICT);
  await repo.deleteBranchRow(ctx.db, id).catch(conflictOn(FirmErrors.BRANCH_DELETE_CONFLICT));
}

function assertManagesBranch(ctx: Ctx, branch: { id: number; firmId: number }) {
  const { role, firmId, branchId } = ctx.actor;
  if (role === 'system_admin') return;
  if (role === 'firm_admin' && firmId === branch.firmId) return;
  if (role === 'branch_admin' && firmId === branch.firmId && branchId === branch.id) return;
  throw new AppError(CommonErrors.FORBIDDEN);
}

const conflictOn =
  (def: (typeof FirmErrors)[keyof typeof FirmErrors]) =>
  (err: unknown): never => {
    if (isForeignKeyViolation(err)) throw new AppError(def, { cause: err });
    throw err;
  };

/*
 * For other modules (users, auth, the demo seed): firm and branch rows without an access check, in the caller's
 * transaction; the caller has checked access.
 */
export const firmById = (db: DbOrTx, id: number) => repo.findFirmById(db, id);
export const branchById = (db: DbOrTx, id: number) => repo.findBranchById(db, id);
export const branchByPracticeNumber = (db: DbOrTx, practiceNumber: string) =>
  repo.findBranchByPracticeNumber(db, practiceNumber);
export const branchesOfFirm = (db: DbOrTx, firmId: number) => repo.listBranches(db, { firmId });
export { toBranchDto, toFirmDto } from './firms.mapper';

/** A new firm with its main branch (sign-up, the demo seed); the branch's service address is derived from its practice number. */
export async function createFirmWithMainBranch(
  tx: DbOrTx,
  input: {
    name: string;
    email: string;
    phone: string | null | undefined;
    address: string;
    branchName: string;
    practiceNumber: string;
  },
) {
  const firm = await repo.insertFirm(tx, {
    name: input.name,
    contactEmail: input.email,
    phone: input.phone,
    address: input.address,
    maxBranches: 10,
  });
  const branch = await repo.insertBranch(tx, {
    firmId: firm.id,
    name: input.branchName,
    practiceNumber: input.practiceNumber,
    address: input.address,
    contactEmail: input.email,
    contactPhone: input.phone,
    digitalServiceAddress: await freeServiceAddress(tx, input.practiceNumber),
    isMain: true,
  });
  return { firm, branch };
}
