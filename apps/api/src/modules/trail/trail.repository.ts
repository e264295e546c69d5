import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client';
import { firms, trailAnchors, users } from '../../db/schema/index';

export type AnchorRow = typeof trailAnchors.$inferSelect;
type NewAnchor = typeof trailAnchors.$inferInsert;

export const insertAnchor = async (db: DbOrTx, values: NewAnchor) =>
  (await db.insert(trailAnchors).values(values).returning())[0]!;

/** A document's successful anchors, oldest first. */
export const anchorsOf = (db: DbOrTx, documentId: number) =>
  db
    .select()
    .from(trailAnchors)
    .where(and(eq(trailAnchors.documentId, documentId), isNotNull(trailAnchors.token)))
    .orderBy(asc(trailAnchors.id));

/** A document's latest anchor attempt (successful or not). */
export const latestAttemptOf = async (db: DbOrTx, documentId: number) =>
  (
    await db
      .select()
      .from(trailAnchors)
      .where(eq(trailAnchors.documentId, documentId))
      .orderBy(desc(trailAnchors.id))
      .limit(1)
  )[0];

export type TrailHead = { documentId: number; headEventId: number; headHash: string };

/**
 * The trails to anchor: documents with an event recorded at or after `since`, or whose last anchor attempt failed,
 * whose current head (last event) has no successful anchor yet. Ordered by document, after `afterDocumentId`.
 */
export async function headsToAnchor(
  db: DbOrTx,
  opts: { since: Date; afterDocumentId: number; limit: number },
): Promise<TrailHead[]> {
  const result = await db.execute(sql`
    WITH candidates AS (
      SELECT DISTINCT document_id FROM document_events WHERE created_at >= ${opts.since}
      UNION
      SELECT DISTINCT a.document_id FROM trail_anchors a
      WHERE a.token IS NULL AND NOT EXISTS (SELECT 1 FROM trail_anchors b WHERE b.document_id = a.document_id AND b.id > a.id AND b.token IS NOT NULL)
    )
    SELECT c.document_id AS "documentId", h.id AS "headEventId", h.chain_hash AS "headHash"
    FROM candidates c
    CROSS JOIN LATERAL (
      SELECT e.id, e.chain_hash FROM document_events e WHERE e.document_id = c.document_id ORDER BY e.id DESC LIMIT 1
    ) h
    WHERE c.document_id > ${opts.afterDocumentId} AND h.chain_hash IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM trail_anchors a WHERE a.document_id = c.document_id AND a.head_hash = h.chain_hash AND a.token IS NOT NULL)
    ORDER BY c.document_id
    LIMIT ${opts.limit}`);
  return rowsOf<TrailHead>(result).map((r) => ({
    documentId: Number(r.documentId),
    headEventId: Number(r.headEventId),
    headHash: r.headHash,
  }));
}

/** Who acted on a trail: name, role and firm of each performer (as the accounts are today). */
export async function performersOf(db: DbOrTx, ids: number[]) {
  const unique = [...new Set(ids)];
  if (!unique.length)
    return new Map<
      number,
      { id: number; fullName: string; role: string; isSystem: boolean; firmName: string | null }
    >();
  const rows = await db
    .select({
      id: users.id,
      fullName: users.fullName,
      role: users.role,
      isSystem: users.isSystem,
      firmName: firms.name,
    })
    .from(users)
    .leftJoin(firms, eq(firms.id, users.firmId))
    .where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, r]));
}
