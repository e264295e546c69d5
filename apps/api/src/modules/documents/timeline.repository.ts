import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { TimelineEvent, TimelineEventType, TimelineQuery } from '@lexserve/contracts/documents';
import type { DbOrTx } from '../../db/client';
import { documentEvents, firms, users } from '../../db/schema/index';

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

/** Appends a timeline entry; call it inside the transaction of the change it records. */
export async function addTimelineEvent(db: DbOrTx, e: NewTimelineEvent) {
  const performedById = e.performedById ?? SYSTEM_USER_ID;
  const [row] = await db
    .insert(documentEvents)
    .values({
      documentId: e.documentId,
      firmId: e.firmId,
      eventType: e.type,
      isSystemEvent: performedById === SYSTEM_USER_ID,
      eventDescription: e.description,
      performedById,
      eventMetadata: e.metadata ?? {},
    })
    .returning();
  return row!;
}

/** A document's events with the timeline filters of spec 2 §7, newest first unless asked otherwise. */
export async function listTimeline(db: DbOrTx, documentId: number, q: TimelineQuery): Promise<{ events: TimelineEvent[]; total: number }> {
  const where: SQL[] = [eq(documentEvents.documentId, documentId)];
  if (q.event_types?.length) where.push(inArray(documentEvents.eventType, q.event_types));
  if (!q.include_system_events) where.push(eq(documentEvents.isSystemEvent, false));
  if (q.performed_by_id) where.push(eq(documentEvents.performedById, q.performed_by_id));
  const filter = and(...where);
  const order = q.order === 'asc' ? [asc(documentEvents.createdAt), asc(documentEvents.id)] : [desc(documentEvents.createdAt), desc(documentEvents.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select({ event: documentEvents, userId: users.id, fullName: users.fullName, email: users.email, role: users.role, firmName: firms.name })
      .from(documentEvents)
      .leftJoin(users, eq(users.id, documentEvents.performedById))
      .leftJoin(firms, eq(firms.id, users.firmId))
      .where(filter)
      .orderBy(...order)
      .offset(q.skip)
      .limit(q.limit),
    db.select({ n: sql<number>`count(*)::int` }).from(documentEvents).where(filter),
  ]);
  return {
    total: Number(total?.n ?? 0),
    events: rows.map(({ event: e, userId, fullName, email, role, firmName }) => ({
      id: e.id,
      document_id: e.documentId,
      event_type: e.eventType,
      is_system_event: e.isSystemEvent,
      created_at: e.createdAt.toISOString(),
      event_description: e.eventDescription,
      performed_by: userId ? { id: userId, full_name: fullName ?? '', email: email ?? '', firm_name: firmName ?? null, ...(role ? { role } : {}) } : null,
      event_metadata: e.eventMetadata ?? {},
    })),
  };
}
