import {
  and,
  desc,
  eq,
  getTableColumns,
  inArray,
  sql,
  type AnyColumn,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import {
  MY_CASES_BADGE_LIMIT,
  MY_CASES_COUNT_LIMIT,
  MY_CASES_SUBTAB_VALUES,
  type DocumentStatus,
  type MyCasesSubtabValue,
} from '@lexserve/contracts/documents';
import type { Role } from '@lexserve/contracts/common';
import { containsPattern, type DbOrTx } from '../../db/client';
import { builtPerShape } from '../../db/prepared';
import { branches, documents, firms, users } from '../../db/schema/index';
import type { Actor } from '../../lib/access';
import { documentScope, type ScopeActor } from '../../lib/tenancy';

export type DocumentRow = typeof documents.$inferSelect;
export type NewDocument = typeof documents.$inferInsert;

export const findDocumentInScope = async (
  db: DbOrTx,
  actor: Actor,
  id: number,
  opts: { forUpdate?: boolean } = {},
) => {
  const query = db
    .select()
    .from(documents)
    .where(and(eq(documents.id, id), documentScope(actor)));
  return (await (opts.forUpdate ? query.for('update') : query))[0];
};

/** Unscoped: for public flows (delivery page, verification) that reach a document through a secret. */
export const findDocumentById = async (db: DbOrTx, id: number) =>
  (await db.select().from(documents).where(eq(documents.id, id)))[0];

export type ListFilters = {
  myBranchOnly?: boolean;
  statuses?: DocumentStatus[];
  subtab?: MyCasesSubtabValue;
  search?: string;
  skip: number;
  limit: number;
};

/**
 * The documents of a My Cases sub-tab: by status list (a stored column, migration 0017), urgent by priority; as a
 * condition on the documents or on rows read from them (a search's hits).
 */
const inSubtab = (
  subtab: MyCasesSubtabValue,
  from: { casePriority: AnyColumn; myCasesList: AnyColumn } = documents,
): SQL => (subtab === 'urgent' ? sql`${from.casePriority} = 'urgent'` : sql`${from.myCasesList} = ${subtab}`);

/**
 * Part of the title, case number or client name, any case: their stored lower-cased text (migration 0020, with the
 * trigram index) against the lower-cased pattern (`containsPattern`), as `ILIKE` compares them, without folding
 * every row's text again.
 */
const matching = (pattern: string | Placeholder): SQL => sql`${documents.searchText} LIKE lower(${pattern})`;

type ListFilter = {
  myBranchOnly?: boolean;
  statuses?: DocumentStatus[] | Placeholder;
  pattern?: string | Placeholder;
};

function listFilter(actor: ScopeActor, filters: ListFilter): SQL | undefined {
  const where: (SQL | undefined)[] = [documentScope(actor)];
  if (filters.myBranchOnly && actor.branchId && actor.role !== 'sheriff' && actor.role !== 'system_admin')
    where.push(eq(documents.branchId, actor.branchId));
  if (Array.isArray(filters.statuses)) {
    if (filters.statuses.length) where.push(inArray(documents.status, filters.statuses));
  } else if (filters.statuses) where.push(sql`${documents.status} = ANY(${filters.statuses})`);
  if (filters.pattern) where.push(matching(filters.pattern));
  return and(...where);
}

/**
 * How many rows of each sub-tab match: the sub-tab shown up to `cap` (its pages), the others up to `badgeCap` (their
 * badges). Each is an index walk of at most that many entries: the counts were most of the call's database time at a
 * big firm's size, four walks of 1,000 where the badges show 99+. Each walk is in the sub-tab index's order (as its
 * pages are), which keeps a common word's count a walk that stops at the cap: unordered, the planner could take all
 * of a sub-tab's entries in a bitmap first (the 5,000 urgent ones for a badge of 100).
 */
const cappedCounts = (
  where: SQL | undefined,
  shown: MyCasesSubtabValue,
  cap: Placeholder,
  badgeCap: Placeholder,
) =>
  Object.fromEntries(
    MY_CASES_SUBTAB_VALUES.map((tab) => [
      tab,
      sql<number>`(SELECT count(*)::int FROM (SELECT 1 FROM ${documents} WHERE ${and(where, inSubtab(tab))} ORDER BY ${documents.updatedAt} DESC, ${documents.id} DESC LIMIT ${tab === shown ? cap : badgeCap}) m)`.mapWith(
        Number,
      ),
    ]),
  ) as Record<MyCasesSubtabValue, SQL<number>>;

const documentColumns = getTableColumns(documents);
const newestChangeFirst = [desc(documents.updatedAt), desc(documents.id)];

/** A search matching at most this many documents in scope is read once: its page and counts come from its hits. */
const SEARCH_HITS_AT_ONCE = 200;

/**
 * What a My Cases statement's SQL depends on. Its values — the actor's ids, the search pattern, the caps, the paging —
 * are placeholders (`ListParams`), so each shape's statement is built once (`builtPerShape`).
 */
type ListShape = {
  role: Role;
  firm: boolean;
  branch: boolean;
  myBranchOnly: boolean;
  statuses: boolean;
  search: boolean;
  subtab: MyCasesSubtabValue;
};
type ListParams = {
  actorId: number;
  firmId: number | null;
  branchId: number | null;
  statuses: DocumentStatus[] | null;
  pattern: string | null;
  skip: number;
  limit: number;
  cap: number;
  badgeCap: number;
  hits: number;
};
const shapeKey = (s: ListShape) =>
  `${s.role}:${[s.firm, s.branch, s.myBranchOnly, s.statuses, s.search].map(Number).join('')}:${s.subtab}`;
const P = sql.placeholder;
const shapeFilter = (shape: ListShape) =>
  listFilter(
    {
      id: P('actorId'),
      role: shape.role,
      firmId: shape.firm ? P('firmId') : null,
      branchId: shape.branch ? P('branchId') : null,
    },
    {
      myBranchOnly: shape.myBranchOnly,
      statuses: shape.statuses ? P('statuses') : undefined,
      pattern: shape.search ? P('pattern') : undefined,
    },
  );

/** A sub-tab's page with every sub-tab's count on its rows (uncorrelated subqueries, computed once). */
const pageWithCounts = builtPerShape(shapeKey, (db, shape: ListShape) => {
  const filter = shapeFilter(shape);
  return db
    .select({ row: documentColumns, counts: cappedCounts(filter, shape.subtab, P('cap'), P('badgeCap')) })
    .from(documents)
    .where(and(filter, inSubtab(shape.subtab)))
    .orderBy(...newestChangeFirst)
    .offset(P('skip'))
    .limit(P('limit'));
});
/** The counts alone, for a page with no rows. */
const countsAlone = builtPerShape(shapeKey, (db, shape: ListShape) =>
  db
    .select(cappedCounts(shapeFilter(shape), shape.subtab, P('cap'), P('badgeCap')))
    .from(sql`(SELECT 1) AS one`),
);

/**
 * A search's first `hits` matches in scope, unordered (so a common word stops at the first it meets), summed up by
 * the database: one row with how many, each sub-tab's count and the shown sub-tab's ids.
 */
const searchHits = builtPerShape(shapeKey, (db, shape: ListShape) => {
  const hits = db
    .select({ id: documents.id, casePriority: documents.casePriority, myCasesList: documents.myCasesList })
    .from(documents)
    .where(shapeFilter(shape))
    .limit(P('hits'))
    .as('hits');
  const counted = Object.fromEntries(
    MY_CASES_SUBTAB_VALUES.map((tab) => [
      tab,
      sql<number>`count(*) FILTER (WHERE ${inSubtab(tab, hits)})::int`.mapWith(Number),
    ]),
  ) as Record<MyCasesSubtabValue, SQL<number>>;
  return db
    .select({
      hits: sql<number>`count(*)::int`.mapWith(Number),
      inTab: sql<
        number[]
      >`coalesce(array_agg(${hits.id}) FILTER (WHERE ${inSubtab(shape.subtab, hits)}), '{}')`,
      ...counted,
    })
    .from(hits);
});
/** A page of the given documents, newest change first. */
const pageOfIds = builtPerShape(
  () => 'ids',
  (db) =>
    db
      .select()
      .from(documents)
      .where(sql`${documents.id} = ANY(${P('ids')})`)
      .orderBy(...newestChangeFirst)
      .offset(P('skip'))
      .limit(P('limit')),
);

/**
 * A search's page and counts from one read of its matches, when they are few (a case number, a client's name): the
 * page and each count would otherwise each find the same matches again through the trigram index (five times a call).
 * Undefined when there are more than `hitsAtOnce` (a common word): the counts then stop early on their own indexes.
 */
async function searchFromHits(db: DbOrTx, shape: ListShape, params: ListParams, hitsAtOnce: number) {
  const [found] = await searchHits(db, shape, params);
  if (!found || found.hits > hitsAtOnce) return undefined;
  const counts = Object.fromEntries(
    MY_CASES_SUBTAB_VALUES.map((tab) => [
      tab,
      Math.min(found[tab], tab === shape.subtab ? params.cap : params.badgeCap),
    ]),
  ) as Record<MyCasesSubtabValue, number>;
  const rows = found.inTab.length
    ? await pageOfIds(db, undefined, { ids: found.inTab, skip: params.skip, limit: params.limit })
    : [];
  return { rows, total: counts[shape.subtab], counts };
}

/**
 * The documents in scope, newest first. With a sub-tab: that sub-tab's, newest change first, its total stopping at
 * `countLimit` and the other sub-tabs' counts at `badgeLimit` (each read from its own index, migration 0017; a search
 * with few matches from one read of them, `searchFromHits`). The counts ride on the page's rows, so a page is one
 * statement; only a page with no rows asks for the counts alone.
 */
export async function listDocuments(
  db: DbOrTx,
  actor: Actor,
  filters: ListFilters,
  countLimit = MY_CASES_COUNT_LIMIT,
  badgeLimit = MY_CASES_BADGE_LIMIT,
  hitsAtOnce = SEARCH_HITS_AT_ONCE,
) {
  const pattern = filters.search ? containsPattern(filters.search) : undefined;
  if (filters.subtab) {
    const shape: ListShape = {
      role: actor.role,
      firm: actor.firmId != null,
      branch: actor.branchId != null,
      myBranchOnly: Boolean(filters.myBranchOnly),
      statuses: Boolean(filters.statuses?.length),
      search: Boolean(pattern),
      subtab: filters.subtab,
    };
    const params: ListParams = {
      actorId: actor.id,
      firmId: actor.firmId,
      branchId: actor.branchId,
      statuses: filters.statuses?.length ? filters.statuses : null,
      pattern: pattern ?? null,
      skip: filters.skip,
      limit: filters.limit,
      cap: countLimit,
      badgeCap: badgeLimit,
      hits: hitsAtOnce + 1,
    };
    if (pattern) {
      const fromHits = await searchFromHits(db, shape, params, hitsAtOnce);
      if (fromHits) return fromHits;
    }
    const page = await pageWithCounts(db, shape, params);
    const counts = page[0]?.counts ?? (await countsAlone(db, shape, params))[0]!;
    return { rows: page.map((p) => p.row), total: counts[shape.subtab], counts };
  }
  const filter = listFilter(actor, {
    myBranchOnly: filters.myBranchOnly,
    statuses: filters.statuses,
    pattern,
  });
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(documents)
      .where(filter)
      .orderBy(desc(documents.createdAt), desc(documents.id))
      .offset(filters.skip)
      .limit(filters.limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(documents)
      .where(filter),
  ]);
  return { rows, total: Number(total?.n ?? 0), counts: undefined };
}

export const insertDocument = async (db: DbOrTx, values: NewDocument) =>
  (await db.insert(documents).values(values).returning())[0]!;

export const updateDocumentRow = async (db: DbOrTx, id: number, values: Partial<NewDocument>) =>
  (await db.update(documents).set(values).where(eq(documents.id, id)).returning())[0]!;

export const deleteDocumentRow = (db: DbOrTx, id: number) => db.delete(documents).where(eq(documents.id, id));

// ----- people, firms and branches by id (a document's answer reads them with the rest: document-references.ts)

export type FileSummary = {
  count: number;
  totalSize: number;
  fileName: string | null;
  fileSize: number | null;
};

export const usersByIds = async (db: DbOrTx, ids: number[]) => {
  const unique = [...new Set(ids)];
  if (!unique.length)
    return new Map<number, { id: number; fullName: string; email: string; firmId: number | null }>();
  const rows = await db
    .select({ id: users.id, fullName: users.fullName, email: users.email, firmId: users.firmId })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, r]));
};

export const firmsByIds = async (db: DbOrTx, ids: number[]) => {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map<number, typeof firms.$inferSelect>();
  const rows = await db.select().from(firms).where(inArray(firms.id, unique));
  return new Map(rows.map((r) => [r.id, r]));
};

export const branchesByIds = async (db: DbOrTx, ids: number[]) => {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map<number, typeof branches.$inferSelect>();
  const rows = await db.select().from(branches).where(inArray(branches.id, unique));
  return new Map(rows.map((r) => [r.id, r]));
};

export const findActiveSheriff = async (db: DbOrTx, id: number) =>
  (
    await db
      .select({ id: users.id, fullName: users.fullName, email: users.email })
      .from(users)
      .where(
        and(eq(users.id, id), eq(users.role, 'sheriff'), eq(users.isActive, true), eq(users.isSystem, false)),
      )
  )[0];
