import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  documentParties,
  parties,
  serviceAttempts,
  serviceReturns,
  serviceTargets,
  sheriffProfiles,
  users,
} from '../../db/schema/index';

export type TargetRow = typeof serviceTargets.$inferSelect;

/** A document's targets, oldest first, with the party's name fields and the sheriff's name and office. */
export const listTargets = (db: DbOrTx, documentId: number) =>
  db
    .select({
      target: serviceTargets,
      party: {
        party_type: parties.partyType,
        title: parties.title,
        first_name: parties.firstName,
        middle_name: parties.middleName,
        last_name: parties.lastName,
        trading_name: parties.tradingName,
      },
      sheriffName: users.fullName,
      sheriffOffice: sheriffProfiles.officeName,
    })
    .from(serviceTargets)
    .innerJoin(parties, eq(parties.id, serviceTargets.partyId))
    .leftJoin(users, eq(users.id, serviceTargets.sheriffId))
    .leftJoin(sheriffProfiles, eq(sheriffProfiles.userId, serviceTargets.sheriffId))
    .where(eq(serviceTargets.documentId, documentId))
    .orderBy(asc(serviceTargets.id));

export const findTarget = async (
  db: DbOrTx,
  documentId: number,
  targetId: number,
  opts: { forUpdate?: boolean } = {},
) => {
  const query = db
    .select()
    .from(serviceTargets)
    .where(and(eq(serviceTargets.documentId, documentId), eq(serviceTargets.id, targetId)));
  return (await (opts.forUpdate ? query.for('update') : query))[0];
};

export const targetsOf = (db: DbOrTx, documentId: number, opts: { forUpdate?: boolean } = {}) => {
  const query = db
    .select()
    .from(serviceTargets)
    .where(eq(serviceTargets.documentId, documentId))
    .orderBy(asc(serviceTargets.id));
  return opts.forUpdate ? query.for('update') : query;
};

/** The document's party links with what a target needs of the party (role, mark, address). */
export const partyLinksOf = (db: DbOrTx, documentId: number) =>
  db
    .select({
      partyId: documentParties.partyId,
      role: documentParties.role,
      toBeServed: documentParties.toBeServed,
      physicalAddress: parties.physicalAddress,
    })
    .from(documentParties)
    .innerJoin(parties, eq(parties.id, documentParties.partyId))
    .where(eq(documentParties.documentId, documentId))
    .orderBy(asc(documentParties.id));

export const insertTargets = (db: DbOrTx, values: (typeof serviceTargets.$inferInsert)[]) =>
  values.length ? db.insert(serviceTargets).values(values).onConflictDoNothing().returning() : [];

export const updateTarget = async (
  db: DbOrTx,
  id: number,
  values: Partial<typeof serviceTargets.$inferInsert>,
) =>
  (
    await db
      .update(serviceTargets)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(serviceTargets.id, id))
      .returning()
  )[0]!;

/** Removes targets that never saw an attempt or a return (a draft's party no longer to be served). */
export const deleteUntouchedTargets = (db: DbOrTx, ids: number[]) =>
  ids.length
    ? db
        .delete(serviceTargets)
        .where(
          and(
            inArray(serviceTargets.id, ids),
            sql`NOT EXISTS (SELECT 1 FROM ${serviceAttempts} WHERE ${serviceAttempts.targetId} = ${serviceTargets.id})`,
            sql`NOT EXISTS (SELECT 1 FROM ${serviceReturns} WHERE ${serviceReturns.targetId} = ${serviceTargets.id})`,
          ),
        )
    : undefined;

/** A document's returns, oldest first (for the targets' lists). */
export const returnsOfDocument = (db: DbOrTx, documentId: number) =>
  db
    .select({
      id: serviceReturns.id,
      targetId: serviceReturns.targetId,
      kind: serviceReturns.kind,
      outcome: serviceReturns.outcome,
      servedAt: serviceReturns.servedAt,
      issuedAt: serviceReturns.issuedAt,
      sheriffName: serviceReturns.sheriffFullName,
    })
    .from(serviceReturns)
    .where(eq(serviceReturns.documentId, documentId))
    .orderBy(asc(serviceReturns.issuedAt), asc(serviceReturns.id));
