import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo@12345';
export const DEMO = {
  admin: 'admin@lexserve.co.za',
  firmAdmin: 'firmadmin@demo.co.za',
  branchAdmin: 'branchadmin@demo.co.za',
  attorney: 'attorney@demo.co.za',
  sheriff: 'sheriff@demo.co.za',
} as const;

type Watch = { errors: string[]; allowed: RegExp[] };
const watched = new Map<Page, Watch>();

/**
 * Collects a page's console errors and uncaught exceptions; the `test` below fails a journey that had any (a failed
 * request counts: the browser logs it as an error, with the resource's address). Every page of the test's context and
 * every page passed to `loginAs` is watched.
 */
function watchPage(page: Page): Watch {
  const known = watched.get(page);
  if (known) return known;
  const watch: Watch = { errors: [], allowed: [] };
  watched.set(page, watch);
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const where = message.location().url;
    watch.errors.push(where ? `${message.text()} (${where})` : message.text());
  });
  page.on('pageerror', (error) => watch.errors.push(`Uncaught: ${error.message}`));
  return watch;
}

/** A journey that provokes a failure on purpose (a wrong password: a 401) names the console lines it expects. */
export const allowConsoleErrors = (page: Page, ...patterns: RegExp[]) => {
  watchPage(page).allowed.push(...patterns);
};

/**
 * Runs axe-core (WCAG 2.1 A and AA rules) on the page as it is and fails on any serious or critical violation,
 * naming the rule and the elements. Journeys call it on each page they visit.
 */
export async function expectAccessible(page: Page, label = new URL(page.url()).pathname) {
  // Colours are judged as they end up, not halfway through a fade (a toast sliding in): finite transitions finish now.
  // Twice, a moment apart: a part loaded on demand (a toast) may start its transition just after the first pass.
  for (let pass = 0; pass < 2; pass++) {
    await page.evaluate(() => {
      for (const animation of document.getAnimations())
        if (animation.effect?.getTiming().iterations !== Infinity) animation.finish();
    });
    if (pass === 0) await page.waitForTimeout(200);
  }
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .slice(0, 5)
          .map(
            (n) =>
              `${n.target.join(' ')}${n.failureSummary ? ` [${n.failureSummary.replace(/\s+/g, ' ')}]` : ''}`,
          )
          .join('; ')}`,
    );
  expect(serious, `axe: serious or critical violations on ${label}`).toEqual([]);
}

/** Playwright's test, with the journey checks every spec runs: no console error on any watched page. */
export const test = base.extend<{ journeyChecks: void }>({
  journeyChecks: [
    async ({ page, context }, use) => {
      watched.clear();
      watchPage(page);
      context.on('page', (opened) => void watchPage(opened));
      await use();
      for (const [watchedPage, watch] of watched) {
        const unexpected = watch.errors.filter(
          (error) => !watch.allowed.some((pattern) => pattern.test(error)),
        );
        expect(
          unexpected,
          `console errors on ${watchedPage.isClosed() ? 'a closed page' : watchedPage.url()}`,
        ).toEqual([]);
      }
      watched.clear();
    },
    { auto: true },
  ],
});

/** Logs in through the login page, as a person would; checks the login page with axe. */
export async function loginAs(page: Page, email: string, password = DEMO_PASSWORD) {
  watchPage(page);
  await page.goto('/login');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await expectAccessible(page, '/login');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/app\//);
}

export const unique = () => Math.random().toString(36).slice(2, 8);

/** A small one-page PDF with the text on it. */
/** A small valid one-page PDF with the given text. */
export function makePdf(text: string): Buffer {
  const stream = `BT /F1 18 Tf 72 770 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

export async function apiToken(request: APIRequestContext, email: string) {
  const res = await request.post('/api/v1/users/login', { data: { email, password: DEMO_PASSWORD } });
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { access_token: string }).access_token;
}

/** A served matter of the demo firm, made through the API by the legal practitioner (the wizard has its own journey). */
export async function servedMatter(request: APIRequestContext, title: string) {
  const headers = { Authorization: `Bearer ${await apiToken(request, DEMO.attorney)}` };
  const me = await (await request.get('/api/v1/users/me', { headers })).json();
  const created = await request.post('/api/v1/documents/', {
    headers,
    data: {
      title,
      document_type: 'plea',
      case_category: 'Pleadings',
      case_number: `2025-${unique()}`,
      case_priority: 'high_profile',
      client_name: me.full_name,
      court_name: 'Western Cape Division, Cape Town',
      firm_id: me.firm_id,
      branch_id: me.branch_id,
    },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const doc = (await created.json()).data as { id: number; case_number: string };
  const up = await request.post('/api/v1/documents/upload', {
    headers,
    multipart: {
      document_id: String(doc.id),
      files: { name: 'summons.pdf', mimeType: 'application/pdf', buffer: makePdf(title) },
    },
  });
  expect(up.ok(), await up.text()).toBeTruthy();
  const party = await request.post('/api/v1/parties/', {
    headers,
    data: {
      party_type: 'entity',
      trading_name: `Acme ${unique()} (Pty) Ltd`,
      registration_number: `2020/${unique()}/07`,
      business_type: 'Company',
      email: 'legal@acme.co.za',
      physical_address: '1 Dock Road, Cape Town',
    },
  });
  expect(party.ok(), await party.text()).toBeTruthy();
  const partyId = (await party.json()).data.id as number;
  expect(
    (
      await request.post(`/api/v1/parties/${partyId}/documents/${doc.id}`, {
        headers,
        data: { party_id: partyId, role: 'respondent', is_primary: true },
      })
    ).ok(),
  ).toBeTruthy();
  // The citation needs both sides: the applicant too.
  const applicant = await request.post('/api/v1/parties/', {
    headers,
    data: {
      party_type: 'entity',
      trading_name: `Beta ${unique()} (Pty) Ltd`,
      registration_number: `2021/${unique()}/07`,
      business_type: 'Company',
      email: 'legal@beta.co.za',
      physical_address: '2 Dock Road, Cape Town',
    },
  });
  const applicantId = (await applicant.json()).data.id as number;
  expect(
    (
      await request.post(`/api/v1/parties/${applicantId}/documents/${doc.id}`, {
        headers,
        data: { role: 'applicant' },
      })
    ).ok(),
  ).toBeTruthy();
  const words = String(me.full_name).trim().split(/\s+/);
  const served = await request.put(`/api/v1/documents/${doc.id}`, {
    headers,
    data: {
      signature_name: `${words[0]} ${words.at(-1)}`,
      status: 'served',
      service_date: new Date().toISOString(),
    },
  });
  expect(served.ok(), await served.text()).toBeTruthy();
  return doc;
}
