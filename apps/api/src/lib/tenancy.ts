import { and, eq, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { PRE_SERVICE_STATUSES } from '@lexserve/contracts/documents';
import {
  documentEvents,
  documentParties,
  documents,
  parties,
  serviceTargets,
  sheriffProfiles,
  users,
} from '../db/schema/index';
import type { Actor } from './access';

/**
 * The documents an actor may see: the system administrator all; a sheriff (or deputy) those assigned to their office; a firm
 * administrator their firm's; a branch administrator their branch's (their firm's without a branch); a legal
 * practitioner their branch's and their own. Every read and write of a document, and of what hangs off one
 * (closures, parties on it), goes through it.
 */
/** Who asks, as `documentScope` needs it: ids as values, or as placeholders of a statement built once (a list's). */
export type ScopeActor = Pick<Actor, 'role'> & {
  id: number | Placeholder;
  firmId: number | Placeholder | null;
  branchId: number | Placeholder | null;
  /** A sheriff's office (Actor.sheriffOfficeId); when absent (a statement built once) it is read from the profile. */
  sheriffOfficeId?: number | Placeholder;
};

/**
 * The documents of a sheriff's office: those assigned to the office's sheriff (a deputy acts for the office,
 * Sheriffs Act s 6), and any assigned to the actor themself.
 */
function sheriffOfficeScope(actor: Pick<ScopeActor, 'id' | 'sheriffOfficeId'>): SQL {
  const office =
    actor.sheriffOfficeId === undefined
      ? sql`(SELECT ${sheriffProfiles.officeSheriffId} FROM ${sheriffProfiles} WHERE ${sheriffProfiles.userId} = ${actor.id})`
      : sql`${actor.sheriffOfficeId}`;
  // Service per person: a document any of whose people to be served is with the actor or their office.
  const target = sql`EXISTS (SELECT 1 FROM ${serviceTargets} WHERE ${serviceTargets.documentId} = ${documents.id}
    AND (${serviceTargets.sheriffId} = ${actor.id} OR ${serviceTargets.sheriffId} = ${office}))`;
  const own = eq(documents.assignedSheriffId, actor.id);
  if (actor.sheriffOfficeId === undefined)
    return or(own, sql`${documents.assignedSheriffId} = ${office}`, target)!;
  if (actor.sheriffOfficeId === actor.id) return or(own, target)!;
  return or(own, eq(documents.assignedSheriffId, actor.sheriffOfficeId), target)!;
}

export function documentScope(actor: ScopeActor): SQL | undefined {
  switch (actor.role) {
    case 'system_admin':
      return undefined;
    case 'sheriff':
      return sheriffOfficeScope(actor);
    case 'firm_admin':
      return eq(documents.firmId, actor.firmId ?? -1);
    case 'branch_admin':
      return actor.branchId
        ? and(eq(documents.firmId, actor.firmId ?? -1), eq(documents.branchId, actor.branchId))
        : eq(documents.firmId, actor.firmId ?? -1);
    case 'legal_practitioner':
      return and(
        eq(documents.firmId, actor.firmId ?? -1),
        or(eq(documents.branchId, actor.branchId ?? -1), eq(documents.createdById, actor.id)),
      );
  }
}

/**
 * The parties an actor may see, as a condition on `parties`: the system administrator all; a firm
 * administrator their firm's; a branch administrator their branch's (their firm's without a branch); a legal
 * practitioner their branch's and those they recorded. Beyond these, anyone sees the parties linked to a
 * document they may see (documentScope), so a document's parties never hide from its readers. Sheriffs read
 * parties only through their documents' links, never this list.
 */
export function partyScope(actor: Pick<Actor, 'id' | 'role' | 'firmId' | 'branchId'>): SQL | undefined {
  const firm = eq(parties.firmId, actor.firmId ?? -1);
  const onVisibleDocument = sql`EXISTS (SELECT 1 FROM ${documentParties} JOIN ${documents} ON ${documents.id} = ${documentParties.documentId}
    WHERE ${documentParties.partyId} = ${parties.id} AND ${documentScope(actor) ?? sql`true`})`;
  switch (actor.role) {
    case 'system_admin':
      return undefined;
    case 'firm_admin':
      return firm;
    case 'branch_admin':
      return actor.branchId ? and(firm, or(eq(parties.branchId, actor.branchId), onVisibleDocument)) : firm;
    case 'legal_practitioner':
      return and(
        firm,
        or(eq(parties.branchId, actor.branchId ?? -1), eq(parties.createdById, actor.id), onVisibleDocument),
      );
    case 'sheriff':
      return sql`false`;
  }
}

/** A document that was served (the condition of documents.policy's wasServed, in SQL): served_at set or past the pre-service statuses. */
export const documentWasServed = (): SQL =>
  sql`(${documents.servedAt} IS NOT NULL OR ${documents.status} NOT IN (${sql.join(
    PRE_SERVICE_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  )}))`;

/**
 * The users a sheriff (or deputy) may read, as a condition on `users`: themself, their office's sheriff, the system
 * administrators, and the people of the documents assigned to their office (who created or served one, or acted on its
 * timeline).
 */
export function usersSeenBySheriff(sheriffId: number, officeId: number = sheriffId): SQL {
  return sql`(${users.id} = ${sheriffId} OR ${users.id} = ${officeId} OR ${users.role} = 'system_admin' OR EXISTS (
    SELECT 1 FROM ${documents} WHERE ${documents.assignedSheriffId} IN (${sheriffId}, ${officeId}) AND (
      ${documents.createdById} = ${users.id} OR ${documents.servedById} = ${users.id} OR EXISTS (
        SELECT 1 FROM ${documentEvents} WHERE ${documentEvents.documentId} = ${documents.id} AND ${documentEvents.performedById} = ${users.id}))))`;
}
