import { and, eq, or, type SQL } from 'drizzle-orm';
import { documents } from '../db/schema/index';
import type { Actor } from './access';

/**
 * The documents an actor may see: the system administrator all; a sheriff those assigned to them; a firm
 * administrator their firm's; a branch administrator their branch's (their firm's without a branch); a legal
 * practitioner their branch's and their own. Every read and write of a document, and of what hangs off one
 * (closures, parties on it), goes through it.
 */
export function documentScope(actor: Pick<Actor, 'id' | 'role' | 'firmId' | 'branchId'>): SQL | undefined {
  switch (actor.role) {
    case 'system_admin':
      return undefined;
    case 'sheriff':
      return eq(documents.assignedSheriffId, actor.id);
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
