import { and, desc, eq, count } from 'drizzle-orm';
import { SALES_CONTACT_SUBMITTED, type SalesContactInput } from '@lexserve/contracts/subscriptions';
import type { DbOrTx } from '../../db/client';
import { salesContactRequests } from '../../db/schema/index';
import type { Actor } from '../../lib/access';
import type { PublicCtx } from '../../lib/context';
import { recordEvent } from '../../lib/events';
import { findPlanByIdAnyState } from './plans.repository';

/**
 * POST /subscriptions/sales-contact: a visitor or signed-in user asks about a plan with no price ('Contact Us').
 * Stored; the system administrators are e-mailed once committed.
 */
export async function submitSalesContact(ctx: PublicCtx, input: SalesContactInput, actor?: Actor) {
  const planId = input.plan_id && (await findPlanByIdAnyState(ctx.db, input.plan_id)) ? input.plan_id : null;
  const row = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(salesContactRequests)
      .values({
        name: input.name,
        email: input.email,
        phone: input.phone ?? null,
        firmName: input.firm_name ?? null,
        message: input.message?.trim() || null,
        planId,
        firmId: actor?.firmId ?? null,
        userId: actor?.id ?? null,
      })
      .returning();
    await recordEvent(tx, 'sales_contact.requested', { requestId: created!.id });
    return created!;
  });
  ctx.deps.events.kick();
  return { id: row.id, message: SALES_CONTACT_SUBMITTED };
}

export const findSalesContact = async (db: DbOrTx, id: number) =>
  (await db.select().from(salesContactRequests).where(eq(salesContactRequests.id, id)))[0];

export async function listSalesContacts(
  db: DbOrTx,
  opts: { skip: number; limit: number; status?: 'new' | 'contacted' | 'closed' },
) {
  const where = opts.status ? and(eq(salesContactRequests.status, opts.status)) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(salesContactRequests)
      .where(where)
      .orderBy(desc(salesContactRequests.id))
      .offset(opts.skip)
      .limit(opts.limit),
    db.select({ n: count() }).from(salesContactRequests).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export const setSalesContactStatus = (db: DbOrTx, id: number, status: 'new' | 'contacted' | 'closed') =>
  db
    .update(salesContactRequests)
    .set({ status })
    .where(eq(salesContactRequests.id, id))
    .returning()
    .then((r) => r[0]);
