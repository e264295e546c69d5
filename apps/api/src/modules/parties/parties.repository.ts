import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { PartyListQuery } from '@lexserve/contracts/parties';
import { containsPattern, type DbOrTx } from '../../db/client';
import { documentParties, documents, parties } from '../../db/schema/index';
import { documentWasServed } from '../../lib/tenancy';

export type PartyRow = typeof parties.$inferSelect;
export type NewParty = typeof parties.$inferInsert;
export type PartyLinkRow = typeof documentParties.$inferSelect;

/** A party within a scope (lib/tenancy partyScope; undefined: any), optionally of one firm, or nothing. */
export const findPartyInScope = async (
  db: DbOrTx,
  id: number,
  scope: SQL | undefined,
  opts: { firmId?: number } = {},
) =>
  (
    await db
      .select()
      .from(parties)
      .where(
        and(
          eq(parties.id, id),
          scope,
          opts.firmId === undefined ? undefined : eq(parties.firmId, opts.firmId),
        ),
      )
  )[0];

/** A party of the firm (another firm's party answers nothing). */
export const findPartyInFirm = async (db: DbOrTx, id: number, firmId: number) =>
  (
    await db
      .select()
      .from(parties)
      .where(and(eq(parties.id, id), eq(parties.firmId, firmId)))
  )[0];

/** Whether the party is linked to a document that was served (what was served stays as served). */
export const isOnServedDocument = async (db: DbOrTx, partyId: number) =>
  (
    await db
      .select({ id: documentParties.id })
      .from(documentParties)
      .innerJoin(documents, eq(documents.id, documentParties.documentId))
      .where(and(eq(documentParties.partyId, partyId), documentWasServed()))
      .limit(1)
  ).length > 0;

/** The links of a party to documents, oldest first. */
export const linksOfParty = (db: DbOrTx, partyId: number) =>
  db
    .select()
    .from(documentParties)
    .where(eq(documentParties.partyId, partyId))
    .orderBy(asc(documentParties.id));

/** Points a document's link at another party (a correction on a document not yet served). */
export const repointLink = (db: DbOrTx, linkId: number, partyId: number) =>
  db.update(documentParties).set({ partyId }).where(eq(documentParties.id, linkId));

export const insertParty = async (db: DbOrTx, values: NewParty) =>
  (await db.insert(parties).values(values).returning())[0]!;

export const updatePartyRow = async (db: DbOrTx, id: number, values: Partial<NewParty>) =>
  (await db.update(parties).set(values).where(eq(parties.id, id)).returning())[0]!;

/** Search within a scope (lib/tenancy partyScope; undefined: every firm, for the system administrator), newest first. */
export async function searchParties(db: DbOrTx, scope: SQL | undefined, q: PartyListQuery) {
  const where: (SQL | undefined)[] = [scope];
  if (q.party_type) where.push(eq(parties.partyType, q.party_type));
  if (q.id_number) where.push(eq(parties.idNumber, q.id_number));
  if (q.registration_number)
    where.push(sql`lower(${parties.registrationNumber}) = lower(${q.registration_number})`);
  if (q.search) {
    const term = containsPattern(q.search);
    where.push(
      or(
        ilike(parties.firstName, term),
        ilike(parties.lastName, term),
        ilike(parties.tradingName, term),
        ilike(parties.email, term),
        ilike(parties.idNumber, term),
        ilike(parties.registrationNumber, term),
        sql`(coalesce(${parties.firstName}, '') || ' ' || coalesce(${parties.lastName}, '')) ILIKE ${term}`,
      ),
    );
  }
  const filter = and(...where);
  const [rows, [total]] = await Promise.all([
    db.select().from(parties).where(filter).orderBy(desc(parties.id)).offset(q.skip).limit(q.limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(parties)
      .where(filter),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export const findLink = async (db: DbOrTx, documentId: number, partyId: number) =>
  (
    await db
      .select()
      .from(documentParties)
      .where(and(eq(documentParties.documentId, documentId), eq(documentParties.partyId, partyId)))
  )[0];

/** Links the party, or updates its role, notes and primary flag when it is linked already (a re-saved draft). */
export async function upsertLink(db: DbOrTx, values: typeof documentParties.$inferInsert) {
  if (values.isPrimary) {
    await db
      .update(documentParties)
      .set({ isPrimary: false })
      .where(and(eq(documentParties.documentId, values.documentId), eq(documentParties.isPrimary, true)));
  }
  const [row] = await db
    .insert(documentParties)
    .values(values)
    .onConflictDoUpdate({
      target: [documentParties.documentId, documentParties.partyId],
      set: {
        role: values.role,
        notes: values.notes,
        isPrimary: values.isPrimary,
        toBeServed: values.toBeServed ?? false,
        updatedAt: new Date(),
      },
    })
    .returning();
  return row!;
}

export const deleteLink = (db: DbOrTx, id: number) =>
  db.delete(documentParties).where(eq(documentParties.id, id));

/** A document's links with their parties, primary first, then in the order they were added. */
export const listLinks = (db: DbOrTx, documentId: number) =>
  db
    .select({ link: documentParties, party: parties })
    .from(documentParties)
    .innerJoin(parties, eq(parties.id, documentParties.partyId))
    .where(eq(documentParties.documentId, documentId))
    .orderBy(desc(documentParties.isPrimary), asc(documentParties.id));

/** The roles of the document's party links (one per link). */
export const linkRoles = async (db: DbOrTx, documentId: number) =>
  (
    await db
      .select({ role: documentParties.role })
      .from(documentParties)
      .where(eq(documentParties.documentId, documentId))
  ).map((r) => r.role);
