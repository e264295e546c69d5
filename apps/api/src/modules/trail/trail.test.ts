import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO, useTestApp } from '../../../test/build-app';
import { addFirmUser, registerFirm, type RegisteredFirm } from '../../../test/factories';
import { CASE_INFO, handToSheriff, makeReadyDraft, submit } from '../../../test/document-factories';
import { hasPdfsig, hasPdftoppm, hasPdftotext, pdfPages, pdfText, pdfsig } from '../../../test/tools';
import { LOCAL_NAMES } from '../../lib/seal/local-authority';
import { sastDate } from '../../lib/money';
import { addTimelineEvent, chainOf } from './timeline.repository';
import { GENESIS_HASH, chainHashOf, contentHashOf, hashesOf } from './trail-hash';
import { ANCHOR_JOB, anchorTrailHeads, backfillTrails } from './trail.service';

// The tamper-evident trail (docs/evidence.md): every event hashed and chained, the database refusing changes, the
// verify call, the daily anchors, the audit certificate. Runs on PGlite, and on PostgreSQL with DATABASE_URL.

const t = useTestApp();
let attorney: string;
let attorneyId: number;
let firmAdmin: string;
let sheriff: string;
let sheriffId: number;
let admin: string;
let other: RegisteredFirm;

beforeAll(async () => {
  attorney = await t().login(DEMO.attorney);
  attorneyId = (await t().as(attorney).get('/api/v1/users/me')).json().id;
  firmAdmin = await t().login(DEMO.firmAdmin);
  sheriff = await t().login(DEMO.sheriff);
  sheriffId = (await t().as(sheriff).get('/api/v1/users/me')).json().id;
  admin = await t().login(DEMO.admin);
  other = await registerFirm(t());
});

type Row = {
  id: string;
  document_id: number;
  event_description: string;
  content_hash: string | null;
  prev_hash: string | null;
  chain_hash: string | null;
};
const rowsOf = (documentId: number) =>
  t().database.raw.query<Row>(
    'SELECT id, document_id, event_description, content_hash, prev_hash, chain_hash FROM document_events WHERE document_id = $1 ORDER BY id',
    [documentId],
  );
const sql = (text: string, params?: unknown[]) => t().database.raw.query(text, params);

/** Runs SQL with the trail's trigger off, as someone with the database's owner rights could: behind LexServe's back. */
async function behindTheBack(text: string, params?: unknown[]) {
  await t().database.raw.exec('ALTER TABLE document_events DISABLE TRIGGER document_events_append_only');
  try {
    await sql(text, params);
  } finally {
    await t().database.raw.exec('ALTER TABLE document_events ENABLE TRIGGER document_events_append_only');
  }
}

const draft = async (title = 'Trail matter') => {
  const res = await t()
    .as(attorney)
    .post('/api/v1/documents/', { ...CASE_INFO, title });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data.id as number;
  const [row] = await sql('SELECT firm_id FROM documents WHERE id = $1', [id]);
  return { id, firm_id: (row as { firm_id: number }).firm_id };
};
const rename = async (id: number, title: string) => {
  const res = await t().as(attorney).put(`/api/v1/documents/${id}`, { title });
  expect(res.statusCode, res.body).toBe(200);
};
const verify = async (id: number, token = attorney) => {
  const res = await t().as(token).get(`/api/v1/documents/${id}/timeline/verify`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const ctx = () => ({ db: t().database.db, deps: t().app.deps, log: t().app.log });

describe('the hash chain', () => {
  it('chains every event of a document from 64 zeros, recomputable from the stored row; verify says intact', async () => {
    const d = await draft();
    await rename(d.id, 'Trail matter, renamed');
    await rename(d.id, 'Trail matter, renamed again');
    const rows = await rowsOf(d.id);
    expect(rows.length).toBe(3);
    expect(rows[0]!.prev_hash).toBe(GENESIS_HASH);
    const chain = await chainOf(t().database.db, d.id);
    chain.forEach((e, i) => {
      expect(e.contentHash).toBe(contentHashOf(e));
      expect(e.prevHash).toBe(i ? chain[i - 1]!.chainHash : GENESIS_HASH);
      expect(e.chainHash).toBe(chainHashOf(e.prevHash!, e.contentHash!));
    });
    const timeline = (await t().as(attorney).get(`/api/v1/documents/${d.id}/timeline`)).json();
    expect(await verify(d.id)).toEqual({
      intact: true,
      events: timeline.total,
      head_hash: rows[2]!.chain_hash,
      first_broken_event_id: null,
      problem: null,
      anchored: null,
    });
  });

  it('keeps the chain linear when many transactions append to one trail at once', async () => {
    const d = await draft('Concurrent matter');
    const before = (await rowsOf(d.id)).length;
    const db = t().database.db;
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        db.transaction(async (tx) => {
          await addTimelineEvent(tx, {
            documentId: d.id,
            firmId: d.firm_id,
            type: 'comment_added',
            description: `Concurrent note ${i}`,
            performedById: attorneyId,
          });
          // Hold the transaction open a little, so that the others are really waiting on the trail.
          await new Promise((resolve) => setTimeout(resolve, 15));
        }),
      ),
    );
    const rows = await rowsOf(d.id);
    expect(rows.length).toBe(before + 12);
    rows.forEach((r, i) => expect(r.prev_hash).toBe(i ? rows[i - 1]!.chain_hash : GENESIS_HASH));
    expect(new Set(rows.map((r) => r.prev_hash)).size).toBe(rows.length);
    expect(await verify(d.id)).toMatchObject({ intact: true, events: before + 12 });
  });
});

describe('the database', () => {
  it('refuses to change, delete or truncate events, with a clear error', async () => {
    const d = await draft();
    const [first] = await rowsOf(d.id);
    await expect(
      sql('UPDATE document_events SET event_description = $1 WHERE id = $2', ['Rewritten', first!.id]),
    ).rejects.toThrow(
      `LexServe timeline events cannot be changed (event ${first!.id} of document ${d.id}): the trail is append-only`,
    );
    // Not even the hashes, once set.
    await expect(
      sql(
        'UPDATE document_events SET chain_hash = NULL, prev_hash = NULL, content_hash = NULL WHERE id = $1',
        [first!.id],
      ),
    ).rejects.toThrow('cannot be changed');
    await expect(sql('DELETE FROM document_events WHERE id = $1', [first!.id])).rejects.toThrow(
      `LexServe timeline events cannot be deleted (event ${first!.id} of document ${d.id}): the trail is append-only`,
    );
    await expect(sql('TRUNCATE document_events CASCADE')).rejects.toThrow(
      'document_events is append-only and cannot be truncated',
    );
    expect((await rowsOf(d.id))[0]).toEqual(first);
  });

  it('refuses an event without hashes, with a chain hash that does not follow, or that does not extend the head (a fork)', async () => {
    const d = await draft();
    await rename(d.id, 'Forked matter');
    const rows = await rowsOf(d.id);
    const insert = (hashes: { content: string | null; prev: string | null; chain: string | null }) =>
      sql(
        `INSERT INTO document_events (document_id, firm_id, event_type, event_description, performed_by_id, content_hash, prev_hash, chain_hash)
         VALUES ($1, $2, 'comment_added', 'Slipped in', $3, $4, $5, $6)`,
        [d.id, d.firm_id, attorneyId, hashes.content, hashes.prev, hashes.chain],
      );
    const content = 'a'.repeat(64);
    await expect(insert({ content: null, prev: null, chain: null })).rejects.toThrow('has no hashes');
    await expect(insert({ content, prev: rows[1]!.chain_hash, chain: 'b'.repeat(64) })).rejects.toThrow(
      'does not follow from its hashes',
    );
    // Extends the first event although a second one follows it.
    await expect(
      insert({ content, prev: rows[0]!.chain_hash, chain: chainHashOf(rows[0]!.chain_hash!, content) }),
    ).rejects.toThrow('does not extend the head of its trail');
    expect((await rowsOf(d.id)).length).toBe(2);
  });

  it("lets a never-submitted draft's deletion take its trail, and refuses to delete a submitted document", async () => {
    const d = await draft();
    await rename(d.id, 'Draft to delete');
    const res = await t().as(attorney).delete(`/api/v1/documents/${d.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await rowsOf(d.id)).toEqual([]);

    const ready = await handToSheriff(
      t(),
      attorney,
      { firmId: other.firmId, branchId: other.branchId },
      sheriffId,
    );
    await expect(sql('DELETE FROM documents WHERE id = $1', [ready.id])).rejects.toThrow(
      `LexServe: document ${ready.id} was submitted or served; its timeline is evidence and it cannot be deleted`,
    );
    expect((await t().as(attorney).delete(`/api/v1/documents/${ready.id}`)).statusCode).toBe(409);
  });

  it('keeps the users who acted on a trail: deleting one is a conflict (409), not a rewrite of the trail', async () => {
    const firm = await registerFirm(t());
    const practitioner = await addFirmUser(t(), firm, 'legal_practitioner');
    const created = await t()
      .as(firm.token)
      .post('/api/v1/documents/', { ...CASE_INFO, branch_id: firm.branchId });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    expect(
      (
        await t()
          .as(practitioner.token)
          .put(`/api/v1/documents/${id}`, { title: 'Edited by the practitioner' })
      ).statusCode,
    ).toBe(200);
    const res = await t().as(firm.token).delete(`/api/v1/users/${practitioner.id}`);
    expect(res.statusCode, res.body).toBe(409);
    expect(await verify(id, firm.token)).toMatchObject({ intact: true, events: 2 });
  });
});

describe('backfill of events written before the trail', () => {
  it('hashes them in order once, at start-up or on the next append, and leaves hashed trails alone', async () => {
    const a = await draft('Legacy A');
    await rename(a.id, 'Legacy A, renamed');
    const b = await draft('Legacy B');
    // As they were before migration 0012: no hashes.
    await behindTheBack(
      'UPDATE document_events SET content_hash = NULL, prev_hash = NULL, chain_hash = NULL WHERE document_id = ANY($1::int[])',
      [[a.id, b.id]],
    );
    expect(await verify(a.id)).toMatchObject({
      intact: false,
      first_broken_event_id: Number((await rowsOf(a.id))[0]!.id),
      problem: expect.stringContaining('has no hashes'),
    });
    // The backfill UPDATE may fill the hash columns only.
    const row = (await rowsOf(a.id))[0]!;
    await expect(
      sql(
        'UPDATE document_events SET content_hash = $1, prev_hash = $2, chain_hash = $3, event_description = $4 WHERE id = $5',
        [
          'a'.repeat(64),
          GENESIS_HASH,
          chainHashOf(GENESIS_HASH, 'a'.repeat(64)),
          'Changed during the backfill',
          row.id,
        ],
      ),
    ).rejects.toThrow('cannot be changed');

    expect(await backfillTrails(t().database.db, t().app.log)).toBeGreaterThanOrEqual(3);
    expect(await verify(a.id)).toMatchObject({ intact: true, events: 2 });
    expect(await verify(b.id)).toMatchObject({ intact: true, events: 1 });
    const hashed = await rowsOf(a.id);
    expect(await backfillTrails(t().database.db, t().app.log)).toBe(0);
    expect(await rowsOf(a.id)).toEqual(hashed);

    // An append to a trail that was not backfilled yet backfills it first.
    await behindTheBack(
      'UPDATE document_events SET content_hash = NULL, prev_hash = NULL, chain_hash = NULL WHERE document_id = $1',
      [b.id],
    );
    await rename(b.id, 'Legacy B, renamed');
    expect(await verify(b.id)).toMatchObject({ intact: true, events: 2 });
  });
});

describe('GET /documents/{id}/timeline/verify', () => {
  it("reports a row changed behind LexServe's back, by its id", async () => {
    const d = await draft();
    await rename(d.id, 'Tamper target');
    await rename(d.id, 'Tamper target, again');
    const rows = await rowsOf(d.id);
    await behindTheBack('UPDATE document_events SET event_description = $1 WHERE id = $2', [
      'Nothing happened here',
      rows[1]!.id,
    ]);
    expect(await verify(d.id)).toEqual({
      intact: false,
      events: 3,
      head_hash: rows[2]!.chain_hash,
      first_broken_event_id: Number(rows[1]!.id),
      problem: `Event #${rows[1]!.id} was changed after it was recorded.`,
      anchored: null,
    });
  });

  it('reports a row deleted from the middle at the event after it', async () => {
    const d = await draft();
    await rename(d.id, 'Deletion target');
    await rename(d.id, 'Deletion target, again');
    const rows = await rowsOf(d.id);
    await behindTheBack('DELETE FROM document_events WHERE id = $1', [rows[1]!.id]);
    expect(await verify(d.id)).toMatchObject({
      intact: false,
      events: 2,
      first_broken_event_id: Number(rows[2]!.id),
    });
  });

  it('answers whoever may read the timeline, and 404 outside the scope', async () => {
    const d = await draft();
    expect(
      (await t().inject({ method: 'GET', url: `/api/v1/documents/${d.id}/timeline/verify` })).statusCode,
    ).toBe(401);
    for (const token of [firmAdmin, admin])
      expect((await t().as(token).get(`/api/v1/documents/${d.id}/timeline/verify`)).statusCode).toBe(200);
    for (const token of [other.token, sheriff]) {
      const res = await t().as(token).get(`/api/v1/documents/${d.id}/timeline/verify`);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('head_hash');
    }
    expect((await t().as(attorney).get('/api/v1/documents/999999/timeline/verify')).statusCode).toBe(404);
  });
});

describe('daily anchors', () => {
  it('is scheduled for today and time-stamps the heads of the trails changed today with the built-in authority', async () => {
    const d = await draft('Anchored matter');
    const today = sastDate(new Date());
    const [job] = await sql(`SELECT run_at, payload FROM jobs WHERE name = $1 AND dedupe_key = $2`, [
      ANCHOR_JOB,
      `documents:trail-anchors:${today}`,
    ]);
    expect(job).toBeTruthy();
    const runAt = new Date((job as { run_at: string }).run_at);
    expect(runAt.toISOString()).toBe(
      new Date(new Date(`${today}T00:10:00.000+02:00`).getTime() + 86_400_000).toISOString(),
    );

    // The controlled clock: the job runs once it is due, and schedules the next day's.
    await t().app.deps.jobs.tick(new Date(runAt.getTime() + 60_000));
    const head = (await rowsOf(d.id)).at(-1)!;
    const anchored = (await verify(d.id)).anchored;
    expect(anchored).toMatchObject({ head_hash: head.chain_hash });
    expect(anchored.authority).toContain(LOCAL_NAMES.tsa);
    expect(Math.abs(new Date(anchored.at).getTime() - Date.now())).toBeLessThan(120_000);
    const next = await sql(`SELECT 1 FROM jobs WHERE name = $1 AND payload->>'day' = $2`, [
      ANCHOR_JOB,
      sastDate(new Date(runAt.getTime() + 3_600_000)),
    ]);
    expect(next.length).toBe(1);

    // Nothing changed since: the next run does not anchor the same head again.
    const count = async () =>
      Number(
        (await sql('SELECT count(*)::int AS n FROM trail_anchors WHERE document_id = $1', [d.id]))[0]!.n,
      );
    const before = await count();
    await anchorTrailHeads(ctx(), { since: new Date(`${today}T00:00:00+02:00`) });
    expect(await count()).toBe(before);
    await expect(
      sql('UPDATE trail_anchors SET head_hash = $1 WHERE document_id = $2', ['c'.repeat(64), d.id]),
    ).rejects.toThrow('time-stamp anchors cannot be changed or deleted');
  });

  it('records a failure when the authority is down and anchors on the next run', async () => {
    const d = await draft('Anchor retried');
    const since = new Date(Date.now() - 60_000);
    const down = vi
      .spyOn(t().app.deps.seal, 'timestamp')
      .mockRejectedValue(new Error('The time-stamping authority at http://tsa.test cannot be reached'));
    try {
      const run = await anchorTrailHeads(ctx(), { since });
      expect(run.anchored).toBe(0);
      expect(run.failed).toBeGreaterThanOrEqual(1);
    } finally {
      down.mockRestore();
    }
    const [failure] = await sql('SELECT token, error FROM trail_anchors WHERE document_id = $1', [d.id]);
    expect(failure).toEqual({
      token: null,
      error: 'The time-stamping authority at http://tsa.test cannot be reached',
    });
    expect((await verify(d.id)).anchored).toBeNull();
    // The next run picks it up for its failure, even though nothing changed since the run's window.
    await anchorTrailHeads(ctx(), { since: new Date(Date.now() + 3_600_000) });
    expect((await verify(d.id)).anchored).toMatchObject({
      head_hash: (await rowsOf(d.id)).at(-1)!.chain_hash,
    });
  });

  it('catches a trail rewritten consistently (every hash recomputed) against its anchor', async () => {
    const d = await draft('Rewritten matter');
    await rename(d.id, 'Rewritten matter, renamed');
    await anchorTrailHeads(ctx(), { since: new Date(Date.now() - 60_000) });
    const anchoredHead = (await rowsOf(d.id)).at(-1)!;
    expect((await verify(d.id)).anchored.head_hash).toBe(anchoredHead.chain_hash);

    // A forger with the database's keys rewrites the first event and recomputes the whole chain.
    const chain = await chainOf(t().database.db, d.id);
    let prev = GENESIS_HASH;
    for (const [i, e] of chain.entries()) {
      const content = i === 0 ? { ...e, eventDescription: 'Created a week earlier' } : e;
      const h = hashesOf(content, prev);
      await behindTheBack(
        'UPDATE document_events SET event_description = $1, content_hash = $2, prev_hash = $3, chain_hash = $4 WHERE id = $5',
        [content.eventDescription, h.contentHash, h.prevHash, h.chainHash, e.id],
      );
      prev = h.chainHash;
    }
    const answer = await verify(d.id);
    expect(answer).toMatchObject({
      intact: false,
      first_broken_event_id: Number(anchoredHead.id),
      problem: `The trail up to event #${anchoredHead.id} is not the one that was time-stamped.`,
    });
    expect(answer.head_hash).not.toBe(anchoredHead.chain_hash);
  });
});

describe('the proof of service and the audit certificate', () => {
  it('prints the trail head at issue on the notice of electronic service', async () => {
    const ready = await makeReadyDraft(t(), attorney, { firmId: other.firmId, branchId: other.branchId });
    expect((await submit(t(), attorney, ready.id)).statusCode).toBe(200);
    const rows = await sql(
      `SELECT event_type, chain_hash FROM document_events WHERE document_id = $1 ORDER BY id`,
      [ready.id],
    );
    const proofAt = rows.findIndex((r) => (r as { event_type: string }).event_type === 'proof_generated');
    expect(proofAt).toBeGreaterThan(0);
    if (!hasPdftotext) return;
    const pdf = await t().as(attorney).get(`/api/v1/proof-of-service/document/${ready.id}/download`);
    const printed = /Timeline head hash at issue\s+([0-9a-f]{64})/.exec(pdfText(pdf.rawPayload))?.[1];
    // Drawn before its own timeline entry: the head is the event just before "proof generated".
    expect(printed).toBe((rows[proofAt - 1] as { chain_hash: string }).chain_hash);
  });

  it('lists every event with its time in SAST, actor, role, IP, browser and chain hash, sealed; for the firm and the assigned sheriff only', async () => {
    const ready = await handToSheriff(
      t(),
      attorney,
      { firmId: other.firmId, branchId: other.branchId },
      sheriffId,
    );
    const doc = (await t().as(attorney).get(`/api/v1/documents/${ready.id}`)).json();
    await addTimelineEvent(t().database.db, {
      documentId: ready.id,
      firmId: doc.firm_id,
      type: 'delivery_opened',
      description: 'Download link opened from 196.25.1.1',
      metadata: { ip: '196.25.1.1', user_agent: 'Mozilla/5.0 (Windows NT 10.0) TrailTest/1.0' },
    });
    await anchorTrailHeads(ctx(), { since: new Date(Date.now() - 60_000) });

    const res = await t().as(attorney).get(`/api/v1/documents/${ready.id}/audit-certificate`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('audit_certificate_2025-1234.pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const pdf = res.rawPayload;
    const rows = await rowsOf(ready.id);
    if (hasPdftotext) {
      const text = pdfText(pdf).replace(/\s+/g, ' ');
      for (const expected of [
        'Audit Certificate',
        'All times are South African Standard Time (SAST, UTC+02:00).',
        'SAST',
        'Intact: all',
        'IP address 196.25.1.1',
        'Browser Mozilla/5.0 (Windows NT 10.0) TrailTest/1.0',
        'The recipient, through the delivery link',
        'Legal Practitioner',
        LOCAL_NAMES.tsa,
        rows.at(-1)!.chain_hash!,
        ...rows.map((r) => r.event_description),
        ...rows.map((r) => r.chain_hash!),
      ]) {
        expect(text, expected).toContain(expected);
      }
    }
    if (hasPdfsig) {
      const out = pdfsig(pdf);
      expect(out).toContain('Signature Validation: Signature is Valid.');
      expect(out).toContain('Total document signed');
    }
    if (hasPdftoppm) {
      const pages = pdfPages(pdf, 60);
      expect(pages.length).toBeGreaterThanOrEqual(1);
      pages.forEach((png, i) => writeFileSync(join(tmpdir(), `audit-certificate-${i + 1}.png`), png));
    }

    expect((await t().as(sheriff).get(`/api/v1/documents/${ready.id}/audit-certificate`)).statusCode).toBe(
      200,
    );
    expect((await t().as(firmAdmin).get(`/api/v1/documents/${ready.id}/audit-certificate`)).statusCode).toBe(
      200,
    );
    const refused = await t().as(admin).get(`/api/v1/documents/${ready.id}/audit-certificate`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(
      "The audit certificate is issued only to the document's firm and its assigned sheriff.",
    );
    for (const token of [other.token])
      expect((await t().as(token).get(`/api/v1/documents/${ready.id}/audit-certificate`)).statusCode).toBe(
        404,
      );
    expect(
      (await t().inject({ method: 'GET', url: `/api/v1/documents/${ready.id}/audit-certificate` }))
        .statusCode,
    ).toBe(401);
    const unassigned = await draft("Not the sheriff's");
    expect(
      (await t().as(sheriff).get(`/api/v1/documents/${unassigned.id}/audit-certificate`)).statusCode,
    ).toBe(404);
  });

  it('says where the trail is broken', async () => {
    const d = await draft('Broken certificate');
    await rename(d.id, 'Broken certificate, renamed');
    const rows = await rowsOf(d.id);
    await behindTheBack('UPDATE document_events SET event_description = $1 WHERE id = $2', [
      'Never happened',
      rows[0]!.id,
    ]);
    const res = await t().as(attorney).get(`/api/v1/documents/${d.id}/audit-certificate`);
    expect(res.statusCode).toBe(200);
    if (hasPdftotext) {
      const text = pdfText(res.rawPayload).replace(/\s+/g, ' ');
      expect(text).toContain(
        `Broken at event #${rows[0]!.id}. Event #${rows[0]!.id} was changed after it was recorded.`,
      );
      expect(text).toContain('(does not check out)');
    }
  });
});
