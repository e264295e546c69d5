import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, loginAs, unique, test } from './helpers';

/**
 * Case closure journeys (issue 8): a legal practitioner requests closure, the branch administrator sees the pending
 * indicator (pushed live), approves from the Case Closures tab, the practitioner completes and the case is in
 * Closed Cases as 'Case Closed'; a firm administrator closes a case directly.
 */

test.describe.configure({ timeout: 180_000 });

/** A small valid one-page PDF with its own cross-reference table. */
function makePdf(text: string): Buffer {
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

async function apiToken(request: APIRequestContext, email: string) {
  const res = await request.post('/api/v1/users/login', { data: { email, password: DEMO_PASSWORD } });
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { access_token: string }).access_token;
}

/** A served matter of the demo firm, made through the API by the legal practitioner (the wizard has its own journey). */
async function servedMatter(request: APIRequestContext, title: string) {
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
    multipart: { document_id: String(doc.id), files: { name: 'summons.pdf', mimeType: 'application/pdf', buffer: makePdf(title) } },
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
  expect((await request.post(`/api/v1/parties/${partyId}/documents/${doc.id}`, { headers, data: { party_id: partyId, role: 'respondent', is_primary: true } })).ok()).toBeTruthy();
  // The citation needs both sides: the applicant too.
  const applicant = await request.post('/api/v1/parties/', {
    headers,
    data: { party_type: 'entity', trading_name: `Beta ${unique()} (Pty) Ltd`, registration_number: `2021/${unique()}/07`, business_type: 'Company', email: 'legal@beta.co.za', physical_address: '2 Dock Road, Cape Town' },
  });
  const applicantId = (await applicant.json()).data.id as number;
  expect((await request.post(`/api/v1/parties/${applicantId}/documents/${doc.id}`, { headers, data: { role: 'applicant' } })).ok()).toBeTruthy();
  const words = String(me.full_name).trim().split(/\s+/);
  const served = await request.put(`/api/v1/documents/${doc.id}`, {
    headers,
    data: { signature_name: `${words[0]} ${words.at(-1)}`, status: 'served', service_date: new Date().toISOString() },
  });
  expect(served.ok(), await served.text()).toBeTruthy();
  return doc;
}

async function signedIn(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginAs(page, email);
  return page;
}

async function choose(page: Page, label: RegExp, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The row of a case in My Cases → Closed Cases. */
async function closedCaseRow(page: Page, title: string) {
  await page.goto('/app/dashboard?tab=my-cases&subtab=closed');
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toBeVisible();
  return row;
}

test('a practitioner requests closure, the branch admin approves from the indicator, the practitioner completes', async ({ browser, request }) => {
  const title = `Closure journey ${unique()}`;
  const doc = await servedMatter(request, title);

  // The branch administrator is already in the app: the indicator is there before any request.
  const admin = await signedIn(browser, DEMO.branchAdmin);
  await admin.goto('/app/dashboard');
  const indicator = admin.getByRole('button', { name: /case closure\(s\) pending approval|No pending case closures/ });
  await expect(indicator).toBeVisible();
  const before = Number(/^(\d+) case closure/.exec((await indicator.getAttribute('aria-label')) ?? '')?.[1] ?? 0);

  // The practitioner requests closure from the case page.
  const attorney = await signedIn(browser, DEMO.attorney);
  await attorney.goto(`/app/dashboard/active-case/${doc.id}`);
  await expect(attorney.getByRole('heading', { name: title })).toBeVisible();
  await attorney.getByRole('button', { name: 'Request Case Closure' }).first().click();
  const dialog = attorney.getByRole('dialog', { name: 'Request Case Closure' });
  await expect(dialog.getByText('This case is eligible for closure.')).toBeVisible();
  await expect(dialog.getByText('1/3 completed')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Submit Request' })).toBeDisabled();
  await expect(dialog.getByText(/The case must meet all eligibility requirements before a closure request can be submitted/)).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'All required documents attached' }).check();
  await dialog.getByRole('textbox', { name: 'Case Summary' }).fill('Served on the respondent; no opposition received.');
  await expect(dialog.getByText('3/3 completed')).toBeVisible();
  await choose(attorney, /closure reason/i, 'Service completed successfully');
  await dialog.getByRole('button', { name: 'Submit Request' }).click();
  await expect(dialog).toBeHidden();
  await expect(attorney.getByRole('button', { name: 'Closure Pending Approval' }).first()).toBeDisabled();

  // The indicator goes up without a reload (pushed over the notifications channel, well before the 30 s poll).
  await expect(admin.getByRole('button', { name: `${before + 1} case closure(s) pending approval` })).toBeVisible({ timeout: 20_000 });
  await admin.getByRole('button', { name: /case closure\(s\) pending approval/ }).click();
  await expect(admin).toHaveURL(/tab=case-closures/);
  await expect(admin.getByText('Review and approve case closure requests from your team.')).toBeVisible();
  const row = admin.getByRole('row').filter({ hasText: title });
  await expect(row).toBeVisible();
  await expect(row.getByText('Aisha Patel')).toBeVisible();
  await row.getByRole('button', { name: 'Approve' }).click();
  const confirm = admin.getByRole('dialog', { name: 'Approve Case Closure' });
  await expect(confirm.getByText('Service completed successfully')).toBeVisible();
  await confirm.getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByText('Case closure approved')).toBeVisible();
  await expect(admin.getByRole('row').filter({ hasText: title })).toHaveCount(0);

  // The practitioner completes: the case is closed and the app returns to the dashboard.
  await attorney.reload();
  await attorney.getByRole('button', { name: 'Complete Case Closure' }).first().click();
  await attorney.getByRole('dialog', { name: 'Complete Case Closure' }).getByRole('button', { name: 'Complete Closure' }).click();
  await expect(attorney).toHaveURL(/\/app\/dashboard$/);
  const closed = await closedCaseRow(attorney, title);
  await expect(closed.getByText('Case Closed')).toBeVisible();

  // The case page tells the story: 'Case Closed' and the closure history, newest first.
  await attorney.goto(`/app/dashboard/active-case/${doc.id}?tab=closure`);
  await expect(attorney.getByRole('button', { name: 'Case Closed' }).first()).toBeDisabled();
  const history = attorney.getByRole('list', { name: 'Case closure history' });
  await expect(history.getByText('Closure Completed')).toBeVisible();
  await expect(history.getByText('Closure Approved')).toBeVisible();
  await expect(history.getByText('Closure Requested')).toBeVisible();
});

test('a firm administrator closes a case directly', async ({ browser, request }) => {
  const title = `Direct close ${unique()}`;
  const doc = await servedMatter(request, title);
  const page = await signedIn(browser, DEMO.firmAdmin);
  await page.goto(`/app/dashboard/active-case/${doc.id}`);
  await page.getByRole('button', { name: 'Close Case' }).first().click();
  await expect(page.getByRole('menuitem', { name: 'Request Case Closure' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Close Case Directly' }).click();
  const dialog = page.getByRole('dialog', { name: 'Close Case Directly' });
  await expect(dialog.getByText(/bypasses the approval workflow/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close Case Now' })).toBeDisabled();
  await choose(page, /closure reason/i, 'Administrative closure');
  await dialog.getByRole('button', { name: 'Close Case Now' }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  const closed = await closedCaseRow(page, title);
  await expect(closed.getByText('Case Closed')).toBeVisible();
  await page.goto(`/app/dashboard/active-case/${doc.id}`);
  await expect(page.getByRole('button', { name: 'Case Closed' }).first()).toBeDisabled();
});
