import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { DEMO, apiToken, loginAs, makePdf, unique } from './helpers';

/**
 * The sheriff's return of service (issue 16), on a phone: a summons submitted by the firm is with the demo sheriff
 * (status assigned); the sheriff records an attempt with the phone's GPS position, photographs the door (the photo's
 * SHA-256 is the one computed here), issues a served return with its fees, and downloads the Return of Service PDF; the
 * firm then sees the return, the attempt with its photo, and the document served. Screenshots at 390 and 1440 px.
 */

const SHOTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'screenshots');
mkdirSync(SHOTS, { recursive: true });

test.describe.configure({ timeout: 240_000 });

const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1440, height: 900 } } as const;
/** Parktown, Johannesburg: where the demo sheriff stands. */
const POSITION = { latitude: -26.171502, longitude: 28.032417, accuracy: 11.6 };

async function shoot(page: Page, name: string, back: keyof typeof VIEWPORTS = 'phone') {
  for (const [label, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(SHOTS, `sheriff-${name}-${label}.png`), fullPage: true });
    // Nothing wider than the screen.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize(VIEWPORTS[back]);
}

/** A real photo (PNG) of "the door", drawn by the browser. */
async function doorPhoto(browser: Browser): Promise<Buffer> {
  const page = await browser.newPage({ viewport: { width: 480, height: 360 } });
  await page.setContent(
    '<body style="margin:0;height:360px;display:grid;place-items:center;background:#2b3d63;color:#fff;font:700 48px sans-serif">No. 14</body>',
  );
  const png = await page.screenshot({ type: 'png' });
  await page.close();
  return png;
}

/** A summons made and submitted by the attorney through the API: initiating process, so it goes to the sheriff. */
async function summonsWithTheSheriff(request: APIRequestContext) {
  const token = await apiToken(request, DEMO.attorney);
  const headers = { Authorization: `Bearer ${token}` };
  const sheriffs = (await (await request.get('/api/v1/users/sheriffs', { headers })).json()) as {
    users: { id: number; email: string }[];
  };
  const sheriff = sheriffs.users.find((s) => s.email === DEMO.sheriff);
  expect(sheriff, 'the demo sheriff is listed').toBeTruthy();
  const firms = await (await request.get('/api/v1/firms/', { headers, params: { search: 'Demo' } })).json();
  const firm = firms.firms[0];
  const branch = (await (await request.get(`/api/v1/firms/${firm.id}/branches`, { headers })).json())
    .branches[0];
  const n = unique();
  const created = await request.post('/api/v1/documents/', {
    headers,
    data: {
      title: `Summons — Mokoena v Dlamini ${n}`,
      document_type: 'summons_simple',
      case_category: 'Pleadings',
      case_number: `2025-${n}`,
      case_priority: 'urgent',
      client_name: 'Thandi Mokoena',
      court_name: 'Gauteng Division, Pretoria',
      firm_id: firm.id,
      branch_id: branch.id,
      assigned_sheriff_id: sheriff!.id,
    },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  const doc = (await created.json()).data as { id: number; case_number: string; title: string };
  const up = await request.post('/api/v1/documents/upload', {
    headers,
    multipart: {
      document_id: String(doc.id),
      files: { name: 'summons.pdf', mimeType: 'application/pdf', buffer: makePdf('Simple summons') },
    },
  });
  expect(up.ok()).toBeTruthy();
  const link = async (data: Record<string, unknown>, role: string, primary: boolean) => {
    const made = await request.post('/api/v1/parties/', { headers, data });
    expect(made.ok(), await made.text()).toBeTruthy();
    const party = (await made.json()).data;
    expect(
      (
        await request.post(`/api/v1/parties/${party.id}/documents/${doc.id}`, {
          headers,
          data: { role, is_primary: primary },
        })
      ).ok(),
    ).toBeTruthy();
  };
  await link(
    {
      party_type: 'entity',
      trading_name: `Mokoena ${n} Holdings (Pty) Ltd`,
      registration_number: `2015/${n}/07`,
      business_type: 'Company',
      email: 'legal@mokoena.co.za',
      physical_address: '1 Long Street, Cape Town, 8001',
    },
    'plaintiff',
    false,
  );
  await link(
    {
      party_type: 'entity',
      trading_name: `Dlamini ${n} Traders (Pty) Ltd`,
      registration_number: `2019/${n}/23`,
      business_type: 'Company',
      email: 'info@dlamini.co.za',
      physical_address: '14 Kloof Street, Gardens, Cape Town, 8001',
    },
    'defendant',
    true,
  );
  const submitted = await request.put(`/api/v1/documents/${doc.id}`, {
    headers,
    data: { signature_name: 'Aisha Patel', status: 'served', service_date: new Date().toISOString() },
  });
  expect(submitted.ok(), await submitted.text()).toBeTruthy();
  expect((await submitted.json()).data.status).toBe('assigned');
  return doc;
}

test('the sheriff records an attempt with GPS and a photo, issues the return of service and downloads it; the firm sees it', async ({
  browser,
  page,
  request,
}) => {
  const errors: string[] = [];
  const doc = await summonsWithTheSheriff(request);
  const photo = await doorPhoto(browser);
  const photoSha = createHash('sha256').update(photo).digest('hex');

  // The firm: the document is with the sheriff; its proof awaits the return.
  await loginAs(page, DEMO.attorney);
  await page.goto(`/app/dashboard/active-case/${doc.id}?tab=proof-of-service`);
  await expect(page.getByText('With the sheriff for service').first()).toBeVisible();
  await expect(page.getByTestId('proof-awaiting-return')).toContainText(
    "Awaiting the sheriff's return of service",
  );
  await shoot(page, 'firm-proof-awaiting', 'desktop');

  // The sheriff, on a phone that shares its position.
  const phone = await browser.newContext({
    viewport: VIEWPORTS.phone,
    hasTouch: true,
    isMobile: true,
    acceptDownloads: true,
  });
  await phone.grantPermissions(['geolocation']);
  await phone.setGeolocation(POSITION);
  const sheriff = await phone.newPage();
  sheriff.on('pageerror', (e) => errors.push(e.message));
  await loginAs(sheriff, DEMO.sheriff);
  await sheriff.goto('/app/dashboard?tab=my-cases&subtab=active');
  await sheriff.getByRole('link', { name: doc.case_number }).click();
  // The Service tab is the sheriff's by default.
  await expect(sheriff.getByRole('heading', { name: 'Returns of Service' })).toBeVisible();
  await expect(sheriff.getByText('No service attempts have been recorded.')).toBeVisible();

  // 1. The attempt: position, address (the defendant's), outcome; the phone's time at save.
  await sheriff.getByRole('button', { name: 'Record Service Attempt' }).click();
  const attempt = sheriff.getByRole('dialog', { name: 'Record Service Attempt' });
  await expect(attempt.getByTestId('gps-status')).toContainText('Position ±12 m');
  await expect(attempt.getByTestId('gps-status')).toContainText('-26.171502, 28.032417');
  await expect(attempt.getByRole('textbox', { name: /address/i })).toHaveValue(
    '14 Kloof Street, Gardens, Cape Town, 8001',
  );
  await attempt.getByRole('combobox', { name: /outcome/i }).click();
  await sheriff.getByRole('option', { name: 'Served personally' }).click();
  await attempt.getByRole('textbox', { name: /notes/i }).fill('Handed to the director at the front door.');
  await shoot(sheriff, 'attempt-gps');
  await attempt.getByRole('button', { name: 'Save Attempt' }).click();

  // 2. The photo, from the camera: uploaded with progress; its SHA-256 is the one of the bytes sent.
  const photos = sheriff.getByRole('dialog', { name: 'Photos of the Attempt' });
  await expect(photos.getByText(/Service attempt recorded at/)).toBeVisible();
  await photos
    .getByTestId('attempt-photo-input')
    .setInputFiles({ name: 'IMG_0001.png', mimeType: 'image/png', buffer: photo });
  const item = photos.getByRole('listitem', { name: 'Photo 1' });
  await expect(item.getByTestId('photo-sha256')).toHaveText(
    `SHA-256 ${photoSha.slice(0, 8)}…${photoSha.slice(-6)}`,
    { timeout: 30_000 },
  );
  await expect(item.getByTestId('photo-sha256')).toHaveAttribute('title', photoSha);
  await expect(item.getByText(/fingerprint differs/)).toHaveCount(0);
  await shoot(sheriff, 'attempt-photos');
  await photos.getByRole('button', { name: 'Done' }).click();

  const list = sheriff.getByRole('list', { name: 'Service attempts' });
  const first = list.getByRole('listitem', { name: 'Attempt 1' });
  await expect(first).toContainText('-26.171502, 28.032417 ±12 m');
  await expect(first).toContainText('Served personally');
  await expect(first.getByRole('img', { name: 'Attempt 1, photo 1' })).toBeVisible();
  await expect(first).toContainText(`${photoSha.slice(0, 8)}…${photoSha.slice(-6)}`);
  await shoot(sheriff, 'service-tab');

  // 3. The return: served personally, with the explanation and the fees.
  await sheriff.getByRole('button', { name: 'Issue Return' }).click();
  const form = sheriff.getByRole('dialog', { name: 'Issue Return' });
  await form.getByRole('radio', { name: 'Served', exact: true }).check();
  // Missing facts are named on their fields before anything is sent.
  await form.getByRole('button', { name: 'Issue Return' }).click();
  await expect(form.getByText('The manner of service is required')).toBeVisible();
  await shoot(sheriff, 'return-missing');
  await form.getByRole('combobox', { name: /manner of service/i }).click();
  await sheriff.getByRole('option', { name: /^Personally, on the person to be served/ }).click();
  await expect(
    form.getByText(
      /Served by delivering a copy to the person to be served personally — Uniform Rule 4\(1\)\(a\)/,
    ),
  ).toBeVisible();
  await expect(form.getByRole('textbox', { name: /address where served/i })).toHaveValue(
    '14 Kloof Street, Gardens, Cape Town, 8001',
  );
  await form.getByRole('textbox', { name: /person served/i }).fill('Sipho Dlamini');
  await form.getByRole('textbox', { name: /capacity/i }).fill('Director of the company');
  await form.getByRole('checkbox', { name: /I explained the nature and exigency of the process/ }).check();
  await form.getByRole('textbox', { name: 'Fee 1 description' }).fill('Service of summons');
  await form.getByRole('textbox', { name: 'Fee 1 amount' }).fill('350');
  await form.getByRole('button', { name: 'Add Fee' }).click();
  await form.getByRole('textbox', { name: 'Fee 2 description' }).fill('Travelling (24 km)');
  await form.getByRole('textbox', { name: 'Fee 2 amount' }).fill('120.45');
  await expect(form.getByTestId('fee-subtotal')).toHaveText('R 470.45');
  await expect(form.getByTestId('fee-vat')).toHaveText('R 70.57');
  await expect(form.getByTestId('fee-total')).toHaveText('R 541.02');
  await shoot(sheriff, 'return-served');
  await form.getByRole('button', { name: 'Issue Return' }).click();

  const issued = sheriff.getByRole('dialog', { name: 'Return of service issued' });
  const summary = issued.getByRole('article');
  await expect(summary).toContainText('Personally, on the person to be served (Uniform Rule 4(1)(a))');
  await expect(summary).toContainText('Sipho Dlamini, Director of the company');
  await expect(summary).toContainText('R 541.02 (incl. VAT R 70.57)');
  await shoot(sheriff, 'return-issued');
  const download = sheriff.waitForEvent('download');
  await summary.getByRole('button', { name: 'Download Return of Service (PDF)' }).click();
  const pdf = await download;
  expect(pdf.suggestedFilename()).toBe(`proof_of_service_${doc.case_number}.pdf`);
  expect(
    readFileSync((await pdf.path())!)
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');
  await issued.getByRole('button', { name: 'Done' }).click();
  // Served now: no further return.
  await expect(sheriff.getByRole('button', { name: 'Issue Return' })).toHaveCount(0);
  await phone.close();

  // The firm: served, with the return and the attempt's photo.
  await page.goto(`/app/dashboard/active-case/${doc.id}?tab=service`);
  await expect(page.getByText('Served', { exact: true }).first()).toBeVisible();
  const returnCard = page.getByRole('article', { name: /^Return of Service issued/ });
  await expect(returnCard).toContainText('Sipho Dlamini, Director of the company');
  await expect(returnCard).toContainText('R 541.02');
  await expect(
    page.getByRole('list', { name: 'Service attempts' }).getByRole('img', { name: 'Attempt 1, photo 1' }),
  ).toBeVisible();
  await shoot(page, 'firm-service-tab', 'desktop');
  await page.getByRole('tab', { name: 'Proof of Service' }).click();
  await expect(page.getByText('Proof of Service Available')).toBeVisible();
  expect(errors).toEqual([]);
});
