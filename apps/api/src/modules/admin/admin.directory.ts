import type { z } from 'zod';
import {
  AdminErrors,
  MAIL_OUTBOX_COUNT_AHEAD,
  type AdminFirmListQuerySchema,
  type AdminUserListQuerySchema,
  type MailOutboxQuerySchema,
} from '@lexserve/contracts/admin';
import { AppError } from '../../lib/app-error';
import { redactLinks } from '../../lib/redact';
import type { Ctx } from '../../lib/context';
import { toFirmDto } from '../firms/firms.service';
import { findPlansByIds, toPlanSummary } from '../subscriptions/subscription-records.service';
import {
  findSalesContact,
  listSalesContacts,
  setSalesContactStatus,
} from '../subscriptions/sales-contact.service';
import { toUserDto } from '../users/users.service';
import * as repo from './admin.repository';
import { assertAdmin } from './admin.service';

/** The admin portal's directories: the mail outbox (embedded mode), sales-contact requests, users and firms. */

type MailRow = NonNullable<Awaited<ReturnType<typeof repo.findMail>>>;
/**
 * A kept message as the portal shows it: its live links (a password reset, a recipient's delivery link) are hidden,
 * so no administrator can use them (the recipient's link would then show as opened by the recipient).
 */
const toMailDto = (m: MailRow) => ({
  id: m.id,
  to: m.toAddress,
  subject: redactLinks(m.subject),
  text: redactLinks(m.textBody),
  html: m.htmlBody === null ? null : redactLinks(m.htmlBody),
  status: m.status,
  error: m.error,
  sent_at: m.sentAt?.toISOString() ?? null,
  created_at: m.createdAt.toISOString(),
});

export async function listMail(ctx: Ctx, query: z.infer<typeof MailOutboxQuerySchema>) {
  assertAdmin(ctx);
  const countLimit = query.skip + MAIL_OUTBOX_COUNT_AHEAD;
  const { rows, total } = await repo.listMail(ctx.db, query, countLimit);
  return { messages: rows.map(toMailDto), total, count_limit: countLimit };
}

export async function getMail(ctx: Ctx, id: number) {
  assertAdmin(ctx);
  const m = await repo.findMail(ctx.db, id);
  if (!m) throw new AppError(AdminErrors.ADMIN_ITEM_NOT_FOUND);
  return toMailDto(m);
}

type SalesRow = NonNullable<Awaited<ReturnType<typeof findSalesContact>>>;
async function toSalesDtos(ctx: Ctx, rows: SalesRow[]) {
  const plans = new Map(
    (
      await findPlansByIds(ctx.db, [...new Set(rows.map((r) => r.planId).filter((id): id is number => !!id))])
    ).map((p) => [p.id, p]),
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    firm_name: r.firmName,
    firm_id: r.firmId,
    user_id: r.userId,
    plan: r.planId && plans.get(r.planId) ? toPlanSummary(plans.get(r.planId)!) : null,
    message: r.message,
    status: r.status,
    created_at: r.createdAt.toISOString(),
  }));
}

export async function listSalesContactRequests(
  ctx: Ctx,
  query: { skip: number; limit: number; status?: 'new' | 'contacted' | 'closed' },
) {
  assertAdmin(ctx);
  const { rows, total } = await listSalesContacts(ctx.db, query);
  return { requests: await toSalesDtos(ctx, rows), total };
}

export async function updateSalesContactRequest(
  ctx: Ctx,
  id: number,
  status: 'new' | 'contacted' | 'closed',
) {
  assertAdmin(ctx);
  const row = await setSalesContactStatus(ctx.db, id, status);
  if (!row) throw new AppError(AdminErrors.ADMIN_ITEM_NOT_FOUND);
  return (await toSalesDtos(ctx, [row]))[0]!;
}

export async function listUsers(ctx: Ctx, query: z.infer<typeof AdminUserListQuerySchema>) {
  assertAdmin(ctx);
  const { rows, total } = await repo.listUsers(ctx.db, {
    skip: query.skip,
    limit: query.limit,
    search: query.search,
    role: query.role,
    firmId: query.firm_id,
    isActive: query.is_active,
  });
  return { users: rows.map((r) => ({ ...toUserDto(r.user), firm_name: r.firmName })), total };
}

export async function listFirms(ctx: Ctx, query: z.infer<typeof AdminFirmListQuerySchema>) {
  assertAdmin(ctx);
  const { rows, total, current } = await repo.listFirms(ctx.db, {
    skip: query.skip,
    limit: query.limit,
    search: query.search,
    isActive: query.is_active,
    subscriptionStatus: query.subscription_status,
  });
  return {
    firms: rows.map((r) => {
      const s = current.get(r.firm.id);
      return {
        ...toFirmDto(r.firm),
        users_count: r.usersCount,
        branches_count: r.branchesCount,
        subscription: s
          ? {
              id: s.sub.id,
              status: s.sub.status,
              plan_name: s.planName,
              end_date: s.sub.endDate?.toISOString() ?? null,
            }
          : null,
      };
    }),
    total,
  };
}
