import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { fromJsonObject, fromJsonRow, jsonArray, jsonObject, jsonRow } from '../../db/json-rows';
import { prepared } from '../../db/prepared';
import {
  branches,
  caseFiles,
  firms,
  proofsOfService,
  serviceDeliveries,
  serviceDeliveryEvents,
  serviceTargets,
  users,
} from '../../db/schema/index';
import type { DocumentRow, FileSummary } from './documents.repository';

type DeliveryEventRow = typeof serviceDeliveryEvents.$inferSelect;

const person = { id: users.id, fullName: users.fullName, email: users.email, firmId: users.firmId };
type Person = { id: number; fullName: string; email: string; firmId: number | null };

/** `= ANY($n)` of one of the statement's id arrays. */
const anyOf = (name: 'userIds' | 'firmIds' | 'branchIds' | 'documentIds') =>
  sql`ANY(${sql.placeholder(name)})`;
/** Each document's latest delivery (the one its answer shows). */
const latestDeliveriesOfPage = (select: SQL) =>
  sql`(SELECT DISTINCT ON (${serviceDeliveries.documentId}) ${select} FROM ${serviceDeliveries}
       WHERE ${serviceDeliveries.documentId} = ${anyOf('documentIds')} ORDER BY ${serviceDeliveries.documentId}, ${serviceDeliveries.id} DESC)`;

/**
 * Everything a page of documents shows besides their rows — the people, firms and branches named, each document's
 * files (count, total size, the file shown), its proof, its latest delivery and that delivery's events — in one
 * prepared statement of JSON arrays: one round trip instead of seven (docs/performance.md, section 3).
 */
const referencesQuery = prepared('document_references', (db) =>
  db
    .select({
      users: jsonArray(jsonObject(person), sql`${users} WHERE ${users.id} = ${anyOf('userIds')}`),
      firms: jsonArray(jsonRow(firms), sql`${firms} WHERE ${firms.id} = ${anyOf('firmIds')}`),
      branches: jsonArray(jsonRow(branches), sql`${branches} WHERE ${branches.id} = ${anyOf('branchIds')}`),
      files: jsonArray(
        sql`to_jsonb(f)`,
        sql`(SELECT DISTINCT ON (${caseFiles.documentId}) ${caseFiles.documentId} AS "documentId", ${caseFiles.filename} AS "fileName",
               ${caseFiles.size} AS "fileSize", count(*) OVER w AS "count", sum(${caseFiles.size}) OVER w AS "totalSize"
             FROM ${caseFiles} WHERE ${caseFiles.documentId} = ${anyOf('documentIds')}
             WINDOW w AS (PARTITION BY ${caseFiles.documentId})
             ORDER BY ${caseFiles.documentId}, ${caseFiles.isPrimary} DESC, ${caseFiles.isBundle}, ${caseFiles.id}) f`,
      ),
      proofs: jsonArray(
        jsonRow(proofsOfService),
        sql`${proofsOfService} WHERE ${proofsOfService.documentId} = ${anyOf('documentIds')}`,
      ),
      deliveries: jsonArray(
        sql`d.j`,
        sql`${latestDeliveriesOfPage(sql`${jsonRow(serviceDeliveries)} AS j`)} d`,
      ),
      deliveryEvents: jsonArray(
        jsonRow(serviceDeliveryEvents),
        sql`${serviceDeliveryEvents} WHERE ${serviceDeliveryEvents.deliveryId} IN (SELECT id FROM ${latestDeliveriesOfPage(sql`${serviceDeliveries.id}`)} l)`,
      ),
      // The people to be served: each document's count by status (service per person).
      targets: jsonArray(
        sql`to_jsonb(t)`,
        sql`(SELECT ${serviceTargets.documentId} AS "documentId", ${serviceTargets.status} AS "status", count(*) AS "count"
             FROM ${serviceTargets} WHERE ${serviceTargets.documentId} = ${anyOf('documentIds')}
             GROUP BY ${serviceTargets.documentId}, ${serviceTargets.status}) t`,
      ),
    })
    .from(sql`(SELECT 1) AS one`),
);

type Json = Record<string, unknown>[];
const byKey = <T, K>(rows: T[], key: (row: T) => K) => new Map(rows.map((row) => [key(row), row] as const));

/** What `toDocumentDtos` shows of each document besides its row, keyed for lookup. */
export async function documentReferences(db: DbOrTx, rows: DocumentRow[]) {
  const userIds = new Set<number>();
  const firmIds = new Set<number>();
  const branchIds = new Set<number>();
  for (const r of rows) {
    userIds.add(r.createdById);
    if (r.assignedSheriffId) userIds.add(r.assignedSheriffId);
    firmIds.add(r.firmId);
    if (r.serviceFirmId) firmIds.add(r.serviceFirmId);
    if (r.branchId) branchIds.add(r.branchId);
    if (r.serviceBranchId) branchIds.add(r.serviceBranchId);
  }
  const [found] = await referencesQuery(db, {
    userIds: [...userIds],
    firmIds: [...firmIds],
    branchIds: [...branchIds],
    documentIds: rows.map((r) => r.id),
  });
  const json = found as unknown as Record<
    'users' | 'firms' | 'branches' | 'files' | 'proofs' | 'deliveries' | 'deliveryEvents' | 'targets',
    Json
  >;
  const deliveryEvents = new Map<number, DeliveryEventRow[]>();
  for (const e of json.deliveryEvents
    .map((j) => fromJsonRow(serviceDeliveryEvents, j))
    .sort((a, b) => a.id - b.id))
    deliveryEvents.set(e.deliveryId, [...(deliveryEvents.get(e.deliveryId) ?? []), e]);
  const targetStatuses = new Map<number, { status: string; count: number }[]>();
  for (const t of json.targets) {
    const id = Number(t.documentId);
    targetStatuses.set(id, [
      ...(targetStatuses.get(id) ?? []),
      { status: t.status as string, count: Number(t.count) },
    ]);
  }
  return {
    people: byKey(
      json.users.map((j) => fromJsonObject<Person>(person, j)),
      (u) => u.id,
    ),
    firms: byKey(
      json.firms.map((j) => fromJsonRow(firms, j)),
      (f) => f.id,
    ),
    branches: byKey(
      json.branches.map((j) => fromJsonRow(branches, j)),
      (b) => b.id,
    ),
    files: new Map(
      json.files.map((f) => [
        Number(f.documentId),
        {
          count: Number(f.count),
          totalSize: Number(f.totalSize),
          fileName: f.fileName as string,
          fileSize: Number(f.fileSize),
        } satisfies FileSummary,
      ]),
    ),
    proofs: byKey(
      json.proofs.map((j) => fromJsonRow(proofsOfService, j)),
      (p) => p.documentId,
    ),
    deliveries: byKey(
      json.deliveries.map((j) => fromJsonRow(serviceDeliveries, j)),
      (d) => d.documentId,
    ),
    deliveryEvents,
    targetStatuses,
  };
}

/** Whether any delivery of the document records the recipient opening it ('opened') or downloading a file ('downloaded'). */
export async function hasDeliveryEvent(
  db: DbOrTx,
  documentId: number,
  kind: 'opened' | 'downloaded',
): Promise<boolean> {
  const rows = await db
    .select({ id: serviceDeliveryEvents.id })
    .from(serviceDeliveryEvents)
    .innerJoin(serviceDeliveries, eq(serviceDeliveries.id, serviceDeliveryEvents.deliveryId))
    .where(and(eq(serviceDeliveries.documentId, documentId), eq(serviceDeliveryEvents.kind, kind)))
    .limit(1);
  return rows.length > 0;
}
