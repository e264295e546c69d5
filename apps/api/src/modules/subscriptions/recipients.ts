import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { firms, users } from '../../db/schema/index';

/** Who hears about the firm's subscription: its active firm administrators, else the firm's contact address. */
export async function firmBillingRecipients(
  db: DbOrTx,
  firmId: number,
): Promise<{ email: string; name: string }[]> {
  const admins = await db
    .select({ email: users.email, name: users.fullName })
    .from(users)
    .where(
      and(
        eq(users.firmId, firmId),
        eq(users.role, 'firm_admin'),
        eq(users.isActive, true),
        eq(users.isSystem, false),
      ),
    );
  if (admins.length) return admins;
  const [firm] = await db
    .select({ email: firms.contactEmail, name: firms.name })
    .from(firms)
    .where(eq(firms.id, firmId));
  return firm ? [firm] : [];
}

export const firmName = async (db: DbOrTx, firmId: number) =>
  (await db.select({ name: firms.name }).from(firms).where(eq(firms.id, firmId)))[0]?.name ??
  `Firm ${firmId}`;

/** The platform's system administrators (sales-contact requests go to them). */
export const systemAdmins = (db: DbOrTx) =>
  db
    .select({ email: users.email, name: users.fullName })
    .from(users)
    .where(and(eq(users.role, 'system_admin'), eq(users.isActive, true), eq(users.isSystem, false)));
