import { CommonErrors, UserErrors } from '@lexserve/contracts/errors';
import {
  DEPUTY_OFFICE_INVALID,
  SHERIFF_AREA_UNKNOWN,
  SHERIFF_INVITATION_DAYS,
  SheriffErrors,
  appointmentTitle,
  type CreateSheriffInput,
  type Sheriff,
  type SheriffListQuery,
  type UpdateSheriffInput,
} from '@lexserve/contracts/users';
import type { DbOrTx } from '../../db/client';
import { assertCan } from '../../lib/access';
import { AppError, FieldError } from '../../lib/app-error';
import { inTransaction, type Ctx } from '../../lib/context';
import { recordEvent } from '../../lib/events';
import { generatePassword, hashPassword } from '../../lib/passwords';
import { issuePasswordLink } from './password-links';
import { toUserDto, type UserRow } from './users.mapper';
import * as repo from './users.repository';
import { deactivated } from './users.service';
import * as areas from './sheriff-areas.repository';
import * as sheriffs from './sheriffs.repository';

/**
 * Sheriffs are accounts the system administrator creates (POST /admin/sheriffs) with their office, appointment
 * number and area of appointment; a deputy sheriff is created the same way with the sheriff whose office they serve
 * (`office_sheriff_id`). The account gets a generated password nobody sees and must choose its own through
 * the e-mailed invitation (a password-reset token valid for 7 days). Firms find sheriffs by area.
 */

type AreaRef = { id: number; name: string } | null | undefined;

export const toSheriffDto = (
  user: UserRow,
  profile: sheriffs.SheriffProfileRow | null | undefined,
  area: AreaRef,
): Sheriff => {
  const kind = profile?.kind ?? 'sheriff';
  const stored = profile?.serviceAreas ?? [];
  return {
    ...toUserDto(user),
    office_name: profile?.officeName ?? null,
    appointment_number: profile?.appointmentNumber ?? null,
    // Older clients read the districts: the stored ones, else the area's name.
    service_areas: stored.length ? stored : area ? [area.name] : [],
    area: area ? { id: area.id, name: area.name } : null,
    kind,
    office_sheriff_id: profile?.officeSheriffId ?? null,
    appointment_title: appointmentTitle(kind, area?.name),
  };
};

const dtoOf = (row: sheriffs.SheriffListRow) => toSheriffDto(row.user, row.profile, row.area);

/** One sheriff's answer, with their area read as the lists read it. */
async function sheriffDto(db: DbOrTx, id: number): Promise<Sheriff> {
  const { rows } = await sheriffs.listSheriffs(db, { ids: [id] });
  return dtoOf(rows[0]!);
}

/** The area of `area_id`, or 422 on area_id. */
async function knownArea(db: DbOrTx, id: number) {
  const area = await areas.findArea(db, id);
  if (!area) throw new FieldError(['body', 'area_id'], SHERIFF_AREA_UNKNOWN);
  return area;
}

/** The office a deputy serves in: an active sheriff (not a deputy) with a profile, or 422 on office_sheriff_id. */
async function deputyOffice(db: DbOrTx, id: number) {
  const user = await repo.findUserById(db, id);
  const profile = user?.role === 'sheriff' ? await sheriffs.findProfile(db, id) : undefined;
  if (!user || !user.isActive || !profile || profile.kind !== 'sheriff')
    throw new FieldError(['body', 'office_sheriff_id'], DEPUTY_OFFICE_INVALID);
  return profile;
}

const assertManager = (ctx: Ctx) => assertCan(ctx.actor, 'sheriffs:manage', CommonErrors.ADMIN_REQUIRED);

const INVITATION_TTL_MS = SHERIFF_INVITATION_DAYS * 86_400_000;

/** E-mails the single-use link to set a password; in the caller's transaction (the outbox row commits with it). */
async function sendInvitation(
  ctx: Ctx,
  tx: DbOrTx,
  user: UserRow,
  profile: { officeName: string } | null | undefined,
) {
  const { link, expiresAt } = await issuePasswordLink(tx, ctx.deps, user.id, {
    ttlMs: INVITATION_TTL_MS,
    invite: true,
  });
  await ctx.deps.mailer.send(tx, {
    to: user.email,
    subject: 'Your LexServe sheriff account: set your password',
    text:
      `Hello ${user.fullName},\n\nThe LexServe system administrator has created a sheriff account for you` +
      `${profile ? ` (${profile.officeName})` : ''}. Law firms can now assign documents to you for service in your service areas.\n\n` +
      `Open this link within ${SHERIFF_INVITATION_DAYS} days to choose your password (it works once):\n\n${link}\n\n` +
      `Then log in at ${ctx.deps.env.PUBLIC_URL}/login with ${user.email}. If the link has expired, ask the administrator to send a new one.\n\nLexServe`,
  });
  return expiresAt;
}

/** A sheriff account with its profile, or the sheriffs' 404. */
async function getSheriffRows(db: DbOrTx, id: number) {
  const user = await repo.findUserById(db, id);
  if (!user || user.role !== 'sheriff') throw new AppError(SheriffErrors.SHERIFF_NOT_FOUND);
  return { user, profile: await sheriffs.findProfile(db, id) };
}

/** POST /admin/sheriffs: the account (role sheriff, generated password, must change it), its profile and the invitation. */
export async function createSheriff(ctx: Ctx, input: CreateSheriffInput): Promise<Sheriff> {
  assertManager(ctx);
  if (await repo.emailInUse(ctx.db, input.email)) throw new AppError(SheriffErrors.SHERIFF_EMAIL_TAKEN);
  if (await sheriffs.appointmentNumberInUse(ctx.db, input.appointment_number))
    throw new AppError(SheriffErrors.APPOINTMENT_NUMBER_TAKEN);
  const office = input.office_sheriff_id ? await deputyOffice(ctx.db, input.office_sheriff_id) : null;
  const area = input.area_id ? await knownArea(ctx.db, input.area_id) : null;
  const serviceAreas = input.service_areas ?? (area ? [area.name] : []);
  const passwordHash = await hashPassword(generatePassword(), ctx.deps.env.BCRYPT_COST);
  return inTransaction(ctx, async (tx) => {
    const user = await repo.insertUser(
      tx,
      {
        email: input.email,
        fullName: input.full_name,
        username: repo.usernameFromEmail(input.email),
        role: 'sheriff',
        phoneNumber: input.phone_number,
        passwordHash,
        mustChangePassword: true,
      },
      SheriffErrors.SHERIFF_EMAIL_TAKEN,
    );
    const profile = await sheriffs.insertProfile(tx, {
      userId: user.id,
      officeName: input.office_name ?? office!.officeName,
      appointmentNumber: input.appointment_number,
      serviceAreas,
      areaId: area?.id ?? null,
      officeSheriffId: input.office_sheriff_id ?? null,
      kind: office ? 'deputy' : 'sheriff',
    });
    await repo.insertAuditEntry(tx, {
      userId: user.id,
      performedById: ctx.actor.id,
      action: 'created',
      details: {
        role: 'sheriff',
        kind: profile.kind,
        appointment_number: input.appointment_number,
        service_areas: serviceAreas,
        ...(area ? { area_id: area.id } : {}),
        ...(office ? { office_sheriff_id: office.userId } : {}),
      },
    });
    await sendInvitation(ctx, tx, user, profile);
    await recordEvent(tx, 'user.created', { userId: user.id, byUserId: ctx.actor.id, invited: true });
    return sheriffDto(tx, user.id);
  });
}

/** GET /admin/sheriffs: search, area, status and paging. */
export async function listSheriffsForAdmin(ctx: Ctx, query: SheriffListQuery) {
  assertManager(ctx);
  const { rows, total } = await sheriffs.listSheriffs(ctx.db, {
    search: query.search,
    area: query.area,
    isActive: query.is_active,
    skip: query.skip,
    limit: query.limit,
  });
  return { sheriffs: rows.map(dtoOf), total };
}

/** PUT /admin/sheriffs/{id}: the fields sent. An account without a profile gets one (office, number and areas needed). */
export async function updateSheriff(ctx: Ctx, id: number, input: UpdateSheriffInput): Promise<Sheriff> {
  assertManager(ctx);
  const { profile } = await getSheriffRows(ctx.db, id);
  if (input.email && (await repo.emailInUse(ctx.db, input.email, id)))
    throw new AppError(SheriffErrors.SHERIFF_EMAIL_TAKEN);
  if (
    input.appointment_number &&
    (await sheriffs.appointmentNumberInUse(ctx.db, input.appointment_number, id))
  )
    throw new AppError(SheriffErrors.APPOINTMENT_NUMBER_TAKEN);
  if (input.area_id != null && profile?.kind === 'deputy')
    throw new FieldError(
      ['body', 'area_id'],
      'A deputy sheriff serves in their sheriff’s area: leave area_id out',
    );
  const area = input.area_id == null ? input.area_id : await knownArea(ctx.db, input.area_id);
  const profileValues = {
    officeName: input.office_name,
    appointmentNumber: input.appointment_number,
    // A new area without districts sent: the districts older clients read become the area's name.
    serviceAreas: input.service_areas ?? (area ? [area.name] : undefined),
    areaId: area === undefined ? undefined : (area?.id ?? null),
  };
  if (
    !profile &&
    (!profileValues.officeName || !profileValues.appointmentNumber || !profileValues.serviceAreas)
  )
    throw new FieldError(
      ['body', 'office_name'],
      'Office name, appointment number and service areas are required to complete this sheriff’s profile',
    );
  const changed = Object.entries(input)
    .filter(([, v]) => v !== undefined)
    .map(([k]) => k);
  return inTransaction(ctx, async (tx) => {
    await repo.updateUser(
      tx,
      id,
      { email: input.email, fullName: input.full_name, phoneNumber: input.phone_number },
      SheriffErrors.SHERIFF_EMAIL_TAKEN,
    );
    if (profile)
      await sheriffs.updateProfile(
        tx,
        id,
        Object.fromEntries(Object.entries(profileValues).filter(([, v]) => v !== undefined)),
      );
    else
      await sheriffs.insertProfile(tx, {
        userId: id,
        officeName: profileValues.officeName!,
        appointmentNumber: profileValues.appointmentNumber!,
        serviceAreas: profileValues.serviceAreas!,
        areaId: profileValues.areaId ?? null,
      });
    if (changed.length)
      await repo.insertAuditEntry(tx, {
        userId: id,
        performedById: ctx.actor.id,
        action: 'updated',
        details: { changed_fields: changed },
      });
    return sheriffDto(tx, id);
  });
}

/** PUT /admin/sheriffs/{id}/active: deactivation signs the sheriff out everywhere; reactivation lets them log in again. */
export async function setSheriffActive(
  ctx: Ctx,
  id: number,
  input: { is_active: boolean; reason: string | null },
) {
  assertManager(ctx);
  const { user } = await getSheriffRows(ctx.db, id);
  const row =
    user.isActive === input.is_active
      ? user
      : await inTransaction(ctx, async (tx) => {
          const updated = (await repo.updateUser(tx, id, { isActive: input.is_active }))!;
          await repo.insertAuditEntry(tx, {
            userId: id,
            performedById: ctx.actor.id,
            action: input.is_active ? 'activated' : 'deactivated',
            reason: input.reason,
          });
          if (!input.is_active) await deactivated(tx, id, ctx.actor.id);
          return updated;
        });
  return {
    data: await sheriffDto(ctx.db, row.id),
    message: `Sheriff ${row.fullName} ${input.is_active ? 'reactivated' : 'deactivated'} successfully!`,
  };
}

/** POST /admin/sheriffs/{id}/invitation: a new link (the earlier ones stay valid until used or expired). */
export async function resendInvitation(ctx: Ctx, id: number) {
  assertManager(ctx);
  const { user, profile } = await getSheriffRows(ctx.db, id);
  if (!user.mustChangePassword) throw new AppError(SheriffErrors.INVITATION_NOT_NEEDED);
  if (!user.isActive) throw new AppError(SheriffErrors.SHERIFF_INACTIVE);
  const expiresAt = await inTransaction(ctx, (tx) => sendInvitation(ctx, tx, user, profile));
  return { message: `A new invitation was e-mailed to ${user.email}.`, expires_at: expiresAt.toISOString() };
}

/**
 * GET /users/sheriffs: the active sheriffs firms may assign (not deputies: a document is assigned to the office, and
 * its deputies act for it), those serving the district or area named by `area` when it is given.
 */
export async function listSheriffsForFirms(ctx: Ctx, area: string | undefined) {
  assertCan(ctx.actor, 'users:view-sheriffs', UserErrors.SHERIFFS_FORBIDDEN);
  const { rows } = await sheriffs.listSheriffs(ctx.db, { isActive: true, area, kind: 'sheriff' });
  return { users: rows.map(dtoOf) };
}
