import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO, useTestApp } from '../../../test/build-app';
import { registerFirm, type RegisteredFirm } from '../../../test/factories';
import { makePdf, makeReadyDraft, submit } from '../../../test/document-factories';
import { multipart } from '../../../test/multipart';
import { hasPdftotext, pdfText } from '../../../test/tools';
import { sha256 } from '../../lib/tokens';

/**
 * Electronic service links (issue 16): a link opens as many times as needed until it expires, each opening is
 * recorded, the recipient may ask for a fresh link to the same nominated address, and each change of the delivery
 * record gives the proof of service a new version (every version verifies; an older one says it was superseded).
 */
const t = useTestApp();
let token: string;
let firmAdmin: string;
let other: RegisteredFirm;

beforeAll(async () => {
  token = await t().login(DEMO.attorney);
  firmAdmin = await t().login(DEMO.firmAdmin);
  other = await registerFirm(t());
});

/** A plea (a document after initiating process: served electronically under Uniform Rule 4A) served on `other`. */
const served = async () => {
  const d = await makeReadyDraft(
    t(),
    token,
    { firmId: other.firmId, branchId: other.branchId },
    {
      caseInfo: { title: 'Plea in Mokoena v Dlamini', document_type: 'plea' },
      files: [{ filename: 'plea.pdf', content: await makePdf(2, `Plea ${Math.random()}`) }],
    },
  );
  const res = await submit(t(), token, d.id);
  expect(res.statusCode, res.body).toBe(200);
  const doc = res.json().data;
  expect(doc.status).toBe('served');
  return {
    id: d.id as number,
    dsa: doc.digital_service_address as string,
    securityId: doc.security_id as string,
  };
};

type Mail = { to_address: string; subject: string; text_body: string };
const mailsTo = (address: string) =>
  t().database.raw.query<Mail>(
    'SELECT to_address, subject, text_body FROM mail_outbox WHERE to_address = $1 ORDER BY id',
    [address],
  );
const linkIn = (mail: Mail) => /\/delivery\/([A-Za-z0-9_-]+)/.exec(mail.text_body)![1]!;
const latestLink = async (dsa: string) => linkIn((await mailsTo(dsa)).at(-1)!);

const open = (link: string, opts: { ua?: string; session?: string } = {}) =>
  t().inject({
    method: 'GET',
    url: `/api/v1/delivery/${link}`,
    headers: {
      ...(opts.ua ? { 'user-agent': opts.ua } : {}),
      ...(opts.session ? { 'x-delivery-session': opts.session } : {}),
    },
  });
const freshLink = (link: string) =>
  t().inject({ method: 'POST', url: `/api/v1/delivery/${link}/fresh-link` });
const deliveries = async (id: number) =>
  (await t().as(token).get(`/api/v1/documents/${id}/delivery`)).json().deliveries;
const expire = (id: number) =>
  t().database.raw.query(
    `UPDATE service_deliveries SET expires_at = now() - interval '1 minute' WHERE document_id = $1`,
    [id],
  );
/** Runs every job due `minutes` from now, round after round (a round claims at most 20; the served copies of every document served so far are jobs too, hence the two-minute tests). */
const runJobs = async (minutes = 2) => {
  while ((await t().app.deps.jobs.tick(new Date(Date.now() + minutes * 60_000))) > 0);
};
/** Runs `work` as if minutes had passed (the app's clock, which the debounced proof refresh reads). */
async function minutesLater<T>(minutes: number, work: () => Promise<T>): Promise<T> {
  const later = new Date(Date.now() + minutes * 60_000);
  const clock = vi.spyOn(t().app.deps.clock, 'now').mockReturnValue(later);
  try {
    return await work();
  } finally {
    clock.mockRestore();
  }
}
const proofStatus = async (id: number) =>
  (await t().as(token).get(`/api/v1/proof-of-service/document/${id}`)).json();

describe('delivery links open until they expire', () => {
  it('opens three times from three browsers, records three openings, and downloads work with any opening’s session', async () => {
    const { id, dsa } = await served();
    const link = await latestLink(dsa);
    const browsers = [
      'Mozilla/5.0 (Reception PC)',
      'Mozilla/5.0 (Candidate attorney laptop)',
      'Mozilla/5.0 (Partner phone)',
    ];
    const sessions: string[] = [];
    for (const ua of browsers) {
      const res = await open(link, { ua });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().document.served_on).toBe(dsa);
      expect(res.json().session).toBeTruthy();
      sessions.push(res.json().session);
    }
    expect(new Set(sessions).size).toBe(3);
    // Every opening's session downloads (the first one's too), each download recorded with its browser.
    const page = (await open(link, { ua: browsers[0], session: sessions[0] })).json();
    for (const [i, session] of sessions.entries()) {
      const dl = await t().inject({
        method: 'GET',
        url: page.files[0].download_url,
        headers: { 'x-delivery-session': session, 'user-agent': browsers[i]! },
      });
      expect(dl.statusCode, dl.body).toBe(200);
      // The stamped served copy, the same every time (served-copies.test.ts).
      const [copy] = await t().database.raw.query<{ sha256: string }>(
        'SELECT sha256 FROM served_copies WHERE case_file_id = $1',
        [page.files[0].id],
      );
      expect(sha256(dl.rawPayload)).toBe(copy!.sha256);
    }
    const [record] = await deliveries(id);
    expect(record).toMatchObject({ status: 'downloaded', link_used: true, open_count: 3, download_count: 3 });
    const openings = record.events.filter((e: { kind: string }) => e.kind === 'opened');
    expect(openings.map((e: { user_agent: string }) => e.user_agent)).toEqual(browsers);
    for (const e of openings) {
      expect(e.ip).toBe('127.0.0.1');
      expect(Date.parse(e.at)).toBeGreaterThan(Date.now() - 60_000);
    }
    const tl = (
      await t().as(token).get(`/api/v1/documents/${id}/timeline?event_types=delivery_opened`)
    ).json();
    expect(tl.total).toBe(3);
    expect(
      tl.events.map((e: { event_metadata: { user_agent: string } }) => e.event_metadata.user_agent).reverse(),
    ).toEqual(browsers);
  });

  it('does not record a reload twice: the same session and browser within minutes; another browser with it is recorded', async () => {
    const { id, dsa } = await served();
    const link = await latestLink(dsa);
    const first = (await open(link, { ua: 'Mozilla/5.0 (Reception PC)' })).json();
    const reload = await open(link, { ua: 'Mozilla/5.0 (Reception PC)', session: first.session });
    expect(reload.statusCode).toBe(200);
    expect(reload.json().session).toBeNull();
    const elsewhere = await open(link, { ua: 'Mozilla/5.0 (Another browser)', session: first.session });
    expect(elsewhere.json().session).toBeTruthy();
    // A session of another document's link is no session of this one.
    const stranger = await served();
    const strangerPage = (
      await open(await latestLink(stranger.dsa), { ua: 'Mozilla/5.0 (Reception PC)' })
    ).json();
    const foreign = await t().inject({
      method: 'GET',
      url: first.files[0].download_url,
      headers: { 'x-delivery-session': strangerPage.session },
    });
    expect(foreign.statusCode).toBe(403);
    expect((await deliveries(id))[0].open_count).toBe(2);
  });

  it('answers 410 with the catalogue message once expired, for the page and the downloads', async () => {
    const { id, dsa } = await served();
    const link = await latestLink(dsa);
    const page = (await open(link)).json();
    await expire(id);
    const again = await open(link);
    expect(again.statusCode).toBe(410);
    expect(again.json()).toMatchObject({
      code: 'DELIVERY_LINK_EXPIRED',
      detail: 'This delivery link has expired. You can ask for a fresh link to be sent to the same address.',
    });
    const dl = await t().inject({
      method: 'GET',
      url: page.files[0].download_url,
      headers: { 'x-delivery-session': page.session },
    });
    expect(dl.statusCode).toBe(410);
    expect(dl.json().code).toBe('DELIVERY_LINK_EXPIRED');
    expect((await deliveries(id))[0].open_count).toBe(1);
  });
});

describe('POST /delivery/{token}/fresh-link', () => {
  it('sends a fresh link to the same nominated address from an expired link, supersedes the old one and records it', async () => {
    const { id, dsa } = await served();
    const old = await latestLink(dsa);
    await open(old, { ua: 'Mozilla/5.0 (Reception PC)' });
    await expire(id);
    const before = (await mailsTo(dsa)).length;
    // A body naming another address is ignored: the link goes to the nominated address only.
    const res = await t().inject({
      method: 'POST',
      url: `/api/v1/delivery/${old}/fresh-link`,
      headers: { 'user-agent': 'Mozilla/5.0 (Reception PC)' },
      payload: { email: 'attacker@example.com', to: 'attacker@example.com' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const masked = `${dsa[0]}***${dsa.slice(dsa.indexOf('@'))}`;
    expect(res.json()).toMatchObject({
      status: 'success',
      message: `A fresh link has been sent to ${masked}`,
      data: { sent_to: masked },
    });
    const mails = await mailsTo(dsa);
    expect(mails.length).toBe(before + 1);
    const mail = mails.at(-1)!;
    expect(mail.subject).toBe('Fresh link: Service of documents: Plea in Mokoena v Dlamini (case 2025-1234)');
    expect(mail.text_body).toContain('This e-mail does not serve them again');
    expect(mail.text_body).toContain('can be opened as many times as needed');
    expect(mail.text_body).not.toContain('works once');
    expect(
      (
        await t().database.raw.query('SELECT 1 FROM mail_outbox WHERE to_address = $1', [
          'attacker@example.com',
        ])
      ).length,
    ).toBe(0);
    // The new link works; the old one is superseded.
    const fresh = linkIn(mail);
    expect(fresh).not.toBe(old);
    expect((await open(fresh)).statusCode).toBe(200);
    const stale = await open(old);
    expect(stale.statusCode).toBe(410);
    expect(stale.json().code).toBe('DELIVERY_LINK_SUPERSEDED');
    const history = await deliveries(id);
    expect(history.map((d: { status: string }) => d.status)).toEqual(['opened', 'superseded']);
    expect(history[1].events.map((e: { kind: string }) => e.kind)).toEqual([
      'sent',
      'opened',
      'fresh_link_requested',
    ]);
    expect(history[1].events[2]).toMatchObject({ ip: '127.0.0.1', user_agent: 'Mozilla/5.0 (Reception PC)' });
    const tl = (
      await t().as(token).get(`/api/v1/documents/${id}/timeline?event_types=delivery_fresh_link_requested`)
    ).json();
    expect(tl.total).toBe(1);
    expect(tl.events[0].event_description).toContain(`sent to the digital service address ${dsa}`);
  });

  it('is limited per document (any of its links): the fourth in an hour answers 429 saying how long to wait', async () => {
    const { dsa } = await served();
    const first = await latestLink(dsa);
    let link = first;
    for (let i = 0; i < 3; i++) {
      const res = await freshLink(link);
      expect(res.statusCode, res.body).toBe(201);
      link = await latestLink(dsa);
    }
    const limited = await freshLink(link);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('DELIVERY_FRESH_LINK_LIMIT');
    expect(limited.json().detail).toMatch(
      /^A fresh link was sent to this address several times in the last hour\. Please check that mailbox \(and its spam folder\) for the latest link, or try again in (60|59) minutes\.$/,
    );
    // The limit counts the document, not the link asked from.
    expect((await freshLink(first)).statusCode).toBe(429);
  });

  it('answers 404 for an unknown link and 410 once the document is revoked', async () => {
    expect((await freshLink('x'.repeat(43))).statusCode).toBe(404);
    expect((await freshLink('short')).statusCode).toBe(404);
    const { id, dsa } = await served();
    const link = await latestLink(dsa);
    await t().as(firmAdmin).post(`/api/v1/documents/${id}/revoke`, { reason: 'Withdrawn' });
    const res = await freshLink(link);
    expect(res.statusCode).toBe(410);
    expect(res.json().code).toBe('DELIVERY_REVOKED');
  });

  it('leaves the firm’s own resend as it was', async () => {
    const { id, dsa } = await served();
    const first = await latestLink(dsa);
    const resend = await t().as(token).post(`/api/v1/documents/${id}/delivery/resend`);
    expect(resend.statusCode).toBe(201);
    expect(resend.json().data).toMatchObject({ status: 'sent', link_used: false, open_count: 0 });
    expect((await open(first)).statusCode).toBe(410);
    expect((await open(await latestLink(dsa))).statusCode).toBe(200);
  });
});

describe('proofs are living records', () => {
  const verifyFile = (content: Buffer) => {
    const { payload, headers } = multipart([{ name: 'file', filename: 'proof.pdf', content }]);
    return t().inject({ method: 'POST', url: '/api/v1/verify/file', payload, headers });
  };

  it('an opening schedules a version; the job draws version 2 showing it; version 1 verifies as superseded by version 2', async () => {
    const { id, dsa, securityId } = await served();
    const v1 = (await t().as(token).get(`/api/v1/proof-of-service/document/${id}/download`)).rawPayload;
    expect((await proofStatus(id)).version).toBe(1);
    const link = await latestLink(dsa);
    await open(link, { ua: 'Mozilla/5.0 (Opening Browser 1)' });
    await open(link, { ua: 'Mozilla/5.0 (Opening Browser 2)' });
    const jobs = await t().database.raw.query<{ dedupe_key: string }>(
      `SELECT dedupe_key FROM jobs WHERE name = 'documents.proof-refresh' AND payload->>'documentId' = $1`,
      [String(id)],
    );
    // The burst shares one job (two, if it straddled a minute).
    expect(jobs.length).toBeGreaterThanOrEqual(1);
    expect(jobs.length).toBeLessThanOrEqual(2);
    expect((await proofStatus(id)).version).toBe(1);
    await runJobs();
    const status = await proofStatus(id);
    expect(status).toMatchObject({ version: 2, security_id: securityId });
    const v2 = (await t().as(token).get(`/api/v1/proof-of-service/document/${id}/download`)).rawPayload;
    expect(sha256(v2)).toBe(status.sha256);
    if (hasPdftotext) {
      const text = pdfText(v2);
      expect(text).toContain('Link opened');
      expect(text).toContain('Mozilla/5.0 (Opening Browser 1)');
      expect(text).toContain('Mozilla/5.0 (Opening Browser 2)');
      expect(text).toContain(`/verify/${securityId}?version=2`);
      expect(pdfText(v1)).not.toContain('Opening Browser');
    }
    // Nothing new: running the jobs again draws nothing.
    await runJobs();
    expect((await proofStatus(id)).version).toBe(2);

    // The firm sees both versions, newest first, and can download either.
    const list = (await t().as(token).get(`/api/v1/proof-of-service/document/${id}/versions`)).json();
    expect(list.security_id).toBe(securityId);
    expect(list.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(list.versions[0]).toMatchObject({
      reason: 'delivery_updated',
      reason_label: 'Delivery record updated',
      superseded_at: null,
      is_current: true,
      sha256: status.sha256,
    });
    expect(list.versions[1]).toMatchObject({
      reason: 'issued',
      is_current: false,
      sha256: sha256(v1),
      size: v1.length,
    });
    expect(list.versions[1].superseded_at).toBe(list.versions[0].generated_at);
    const old = await t().as(token).get(`/api/v1/proof-of-service/document/${id}/download?version=1`);
    expect(old.statusCode).toBe(200);
    expect(sha256(old.rawPayload)).toBe(sha256(v1));
    expect(old.headers['content-disposition']).toContain('proof_of_service_2025-1234_v1.pdf');
    const missing = await t().as(token).get(`/api/v1/proof-of-service/document/${id}/download?version=7`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe('This proof of service has no version 7.');
    expect(
      (await t().as(token).get(`/api/v1/proof-of-service/document/${id}/download?version=0`)).statusCode,
    ).toBe(422);

    // Verifying version 1's file: authentic, superseded by version 2, with the time.
    const byFile = await verifyFile(v1);
    expect(byFile.statusCode, byFile.body).toBe(200);
    expect(byFile.json()).toMatchObject({
      valid: true,
      status: 'verified',
      match: 'proof_of_service',
      security_id: securityId,
      version: 1,
      current_version: 2,
      superseded: true,
      superseded_by_version: 2,
      superseded_at: list.versions[0].generated_at,
      current_version_generated_at: list.versions[0].generated_at,
      generation_date: list.versions[1].generated_at,
    });
    expect((await verifyFile(v2)).json()).toMatchObject({
      version: 2,
      current_version: 2,
      superseded: false,
      superseded_by_version: null,
      superseded_at: null,
    });
    // By security ID with a version (the QR code of version 1 carries ?version=1), and without (the current one).
    const byId = (await t().inject({ method: 'GET', url: `/api/v1/verify/${securityId}?version=1` })).json();
    expect(byId).toMatchObject({
      valid: true,
      hash_verified: true,
      version: 1,
      current_version: 2,
      superseded: true,
      superseded_by_version: 2,
      superseded_at: list.versions[0].generated_at,
    });
    expect((await t().inject({ method: 'GET', url: `/api/v1/verify/${securityId}` })).json()).toMatchObject({
      version: 2,
      superseded: false,
    });
    const beyond = await t().inject({ method: 'GET', url: `/api/v1/verify/${securityId}?version=9` });
    expect(beyond.statusCode).toBe(404);
    expect(beyond.json().detail).toBe('This security ID has no version 9; its current version is 2.');
  }, 120_000);

  it('a download schedules a version too; a revoked document gets none', async () => {
    const { id, dsa } = await served();
    const page = (await open(await latestLink(dsa))).json();
    await runJobs();
    expect((await proofStatus(id)).version).toBe(2);
    // The download comes in a later minute than the opening, whose job has run.
    await minutesLater(1, () =>
      t().inject({
        method: 'GET',
        url: page.files[0].download_url,
        headers: { 'x-delivery-session': page.session },
      }),
    );
    await runJobs(3);
    expect((await proofStatus(id)).version).toBe(3);
    if (hasPdftotext)
      expect(
        pdfText((await t().as(token).get(`/api/v1/proof-of-service/document/${id}/download`)).rawPayload),
      ).toContain('File downloaded: plea.pdf');
    const link = await latestLink(dsa);
    await minutesLater(2, () => open(link, { ua: 'Mozilla/5.0 (Later)' }));
    expect(
      (
        await t().database.raw.query(
          `SELECT 1 FROM jobs WHERE name = 'documents.proof-refresh' AND done_at IS NULL AND payload->>'documentId' = $1`,
          [String(id)],
        )
      ).length,
    ).toBe(1);
    await t().as(firmAdmin).post(`/api/v1/documents/${id}/revoke`, { reason: 'Withdrawn' });
    await runJobs(4);
    expect((await proofStatus(id)).version).toBe(3);
  }, 120_000);

  it('refreshProof draws a version for an issued return (the returns module’s call)', async () => {
    const { refreshProof } = await import('../evidence/proof-of-service.service');
    const { id } = await served();
    const ctx = { db: t().database.db, deps: t().app.deps, log: t().app.log };
    const status = await refreshProof(ctx, id, 'return_issued');
    expect(status).toMatchObject({ version: 2 });
    const list = (await t().as(token).get(`/api/v1/proof-of-service/document/${id}/versions`)).json();
    expect(list.versions[0]).toMatchObject({ version: 2, reason: 'return_issued' });
    // Nothing changed on the delivery record: the debounced refresh draws nothing.
    expect(await refreshProof(ctx, id, 'delivery_updated')).toBeNull();
  });

  it('answers the versions of a document outside the caller’s scope as not found', async () => {
    const { id } = await served();
    const res = await t().as(other.token).get(`/api/v1/proof-of-service/document/${id}/versions`);
    expect(res.statusCode).toBe(404);
    expect(
      (await t().inject({ method: 'GET', url: `/api/v1/proof-of-service/document/${id}/versions` }))
        .statusCode,
    ).toBe(401);
  });
});
