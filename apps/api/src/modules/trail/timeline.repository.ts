import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { TimelineEvent, TimelineEventType, TimelineQuery } from '@lexserve/contracts/documents';
import type { DbOrTx } from '../../db/client';
import { apiKeys, documentEvents, firms, users } from '../../db/schema/index';
import { actingApiKeyOf, apiKeyActorName } from '../../lib/api-keys';
import { GENESIS_HASH, hashesOf, storableMetadata, type HashedEvent } from './trail-hash';

/** The system account (migration 0001): the performer of automatic events. */
const SYSTEM_USER_ID = 1;

export type NewTimelineEvent = {
  documentId: number;
  firmId: number;
  type: TimelineEventType;
  description: string;
  /** The acting user; the system account when omitted (and the event is then a system event). */
  performedById?: number;
  metadata?: Record<string, unknown>;
};

/** The advisory-lock namespace of a document's trail: pg_advisory_xact_lock(TRAIL_LOCK, document id). */
const TRAIL_LOCK = 0x7472_6c00;

/** Serialises the appends to one document's trail until the transaction ends (PostgreSQL and PGlite alike). */
const lockTrail = (tx: DbOrTx, documentId: number) =>
  tx.execute(sql`SELECT pg_advisory_xact_lock(${TRAIL_LOCK}, ${documentId})`);

/** The last event of a document's trail (chain order: id), its hashes and time. */
const headOf = async (tx: DbOrTx, documentId: number) =>
  (
    await tx
      .select({
        id: documentEvents.id,
        chainHash: documentEvents.chainHash,
        createdAt: documentEvents.createdAt,
      })
      .from(documentEvents)
      .where(eq(documentEvents.documentId, documentId))
      .orderBy(desc(documentEvents.id))
      .limit(1)
  )[0];

/**
 * Appends a timeline entry to the document's hash chain (docs/evidence.md); call it inside the transaction of the
 * change it records, after any row locks that transaction takes on the document (the trail lock is taken here and
 * held to the commit, so two users acting at once append one after the other and the chain never forks). This is
 * the only writer of `document_events`: the database refuses rows without a valid link to the head.
 */
export async function addTimelineEvent(db: DbOrTx, e: NewTimelineEvent) {
  const performedById = e.performedById ?? SYSTEM_USER_ID;
  // Made with an API key (lib/api-keys.ts): the key is named in the hashed metadata too, so the trail proves it.
  const apiKey = actingApiKeyOf(db, e.performedById);
  const metadata = apiKey ? { ...e.metadata, api_key: { id: apiKey.id, name: apiKey.name } } : e.metadata;
  // A savepoint inside the caller's transaction, or a transaction of its own when called outside one.
  return db.transaction(async (tx) => {
    await lockTrail(tx, e.documentId);
    let head = await headOf(tx, e.documentId);
    if (head && !head.chainHash) {
      await backfillTrail(tx, e.documentId);
      head = await headOf(tx, e.documentId);
    }
    // Set here, not by the database, so that the hash can be recomputed; never before the previous event's time.
    const now = new Date();
    const content = {
      documentId: e.documentId,
      firmId: e.firmId,
      eventType: e.type,
      eventDescription: e.description,
      performedById,
      isSystemEvent: performedById === SYSTEM_USER_ID,
      eventMetadata: storableMetadata(metadata),
      createdAt: head && head.createdAt > now ? head.createdAt : now,
    };
    const [row] = await tx
      .insert(documentEvents)
      .values({
        ...content,
        ...hashesOf(content, head?.chainHash ?? GENESIS_HASH),
        apiKeyId: apiKey?.id ?? null,
        updatedAt: content.createdAt,
      })
      .returning();
    return row!;
  });
}

/**
 * Hashes the events of a document written before the trail existed (NULL hashes), in chain order, under the trail
 * lock; events already hashed are left alone. Idempotent. Answers how many events it hashed.
 */
export async function backfillTrail(db: DbOrTx, documentId: number): Promise<number> {
  return db.transaction(async (tx) => {
    await lockTrail(tx, documentId);
    const events = await chainOf(tx, documentId);
    let prev = GENESIS_HASH;
    let filled = 0;
    for (const ev of events) {
      if (ev.chainHash) {
        prev = ev.chainHash;
        continue;
      }
      const h = hashesOf(ev, prev);
      // Only the hash columns, only while they are NULL: the one UPDATE the trail's trigger allows.
      await tx.execute(sql`UPDATE document_events SET content_hash = ${h.contentHash}, prev_hash = ${h.prevHash}, chain_hash = ${h.chainHash}
        WHERE id = ${ev.id} AND content_hash IS NULL AND prev_hash IS NULL AND chain_hash IS NULL`);
      prev = h.chainHash;
      filled++;
    }
    return filled;
  });
}

/** The documents that still have events without hashes (written before the trail existed), a page at a time. */
export const documentsWithUnhashedEvents = async (db: DbOrTx, limit: number): Promise<number[]> =>
  (
    await db
      .selectDistinct({ documentId: documentEvents.documentId })
      .from(documentEvents)
      .where(isNull(documentEvents.chainHash))
      .orderBy(asc(documentEvents.documentId))
      .limit(limit)
  ).map((r) => r.documentId);

/** A document's events in chain order, as hashed (content and hashes). */
export const chainOf = (db: DbOrTx, documentId: number): Promise<HashedEvent[]> =>
  db
    .select({
      id: documentEvents.id,
      documentId: documentEvents.documentId,
      firmId: documentEvents.firmId,
      eventType: documentEvents.eventType,
      eventDescription: documentEvents.eventDescription,
      performedById: documentEvents.performedById,
      isSystemEvent: documentEvents.isSystemEvent,
      eventMetadata: documentEvents.eventMetadata,
      createdAt: documentEvents.createdAt,
      contentHash: documentEvents.contentHash,
      prevHash: documentEvents.prevHash,
      chainHash: documentEvents.chainHash,
    })
    .from(documentEvents)
    .where(eq(documentEvents.documentId, documentId))
    .orderBy(asc(documentEvents.id));

/** The head of a document's trail as stored: its last event's id and chain hash (null without events). */
export async function trailHeadOf(
  db: DbOrTx,
  documentId: number,
): Promise<{ eventId: number; headHash: string | null; events: number } | null> {
  const [head] = await db
    .select({
      eventId: documentEvents.id,
      headHash: documentEvents.chainHash,
      events: sql<number>`count(*) over ()::int`,
    })
    .from(documentEvents)
    .where(eq(documentEvents.documentId, documentId))
    .orderBy(desc(documentEvents.id))
    .limit(1);
  return head ? { ...head, events: Number(head.events) } : null;
}

/** A document's events with the timeline filters of spec 2 §7, newest first unless asked otherwise. */
export async function listTimeline(
  db: DbOrTx,
  documentId: number,
  q: TimelineQuery,
): Promise<{ events: TimelineEvent[]; total: number }> {
  const where: SQL[] = [eq(documentEvents.documentId, documentId)];
  if (q.event_types?.length) where.push(inArray(documentEvents.eventType, q.event_types));
  if (!q.include_system_events) where.push(eq(documentEvents.isSystemEvent, false));
  if (q.performed_by_id) where.push(eq(documentEvents.performedById, q.performed_by_id));
  const filter = and(...where);
  const order =
    q.order === 'asc'
      ? [asc(documentEvents.createdAt), asc(documentEvents.id)]
      : [desc(documentEvents.createdAt), desc(documentEvents.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select({
        event: documentEvents,
        userId: users.id,
        fullName: users.fullName,
        email: users.email,
        role: users.role,
        firmName: firms.name,
        apiKeyName: apiKeys.name,
      })
      .from(documentEvents)
      .leftJoin(users, eq(users.id, documentEvents.performedById))
      .leftJoin(apiKeys, eq(apiKeys.id, documentEvents.apiKeyId))
      .leftJoin(firms, eq(firms.id, users.firmId))
      .where(filter)
      .orderBy(...order)
      .offset(q.skip)
      .limit(q.limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(documentEvents)
      .where(filter),
  ]);
  return {
    total: Number(total?.n ?? 0),
    events: rows.map(({ event: e, userId, fullName, email, role, firmName, apiKeyName }) => ({
      id: e.id,
      document_id: e.documentId,
      event_type: e.eventType,
      is_system_event: e.isSystemEvent,
      created_at: e.createdAt.toISOString(),
      event_description: e.eventDescription,
      // An API key's change shows the key as the actor ("API key 'Practice system'"); the user is its creator.
      performed_by: userId
        ? e.apiKeyId != null
          ? {
              id: userId,
              full_name: apiKeyActorName(apiKeyName ?? `#${e.apiKeyId}`),
              email: '',
              firm_name: firmName ?? null,
            }
          : {
              id: userId,
              full_name: fullName ?? '',
              email: email ?? '',
              firm_name: firmName ?? null,
              ...(role ? { role } : {}),
            }
        : null,
      api_key: e.apiKeyId != null ? { id: e.apiKeyId, name: apiKeyName ?? '' } : null,
      event_metadata: e.eventMetadata ?? {},
    })),
  };
}
