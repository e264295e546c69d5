import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import {
  DEMO,
  allowConsoleErrors,
  apiToken,
  loginAs,
  makePdf,
  unique,
  expectAccessible,
  test,
} from './helpers';

/**
 * Journeys of case documents (issue 7): the New Matter wizard with real PDF uploads, a draft saved and resumed,
 * submit and the case page, the proof of service and its public verification (by security ID and by file),
 * bundles, electronic delivery to the DSA, the sheriff's service attempt, revocation; screenshots at two widths.
 */

const SHOTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts', 'screenshots');
mkdirSync(SHOTS, { recursive: true });

test.describe.configure({ timeout: 240_000 });

const VIEWPORTS = { desktop: { width: 1366, height: 860 }, phone: { width: 390, height: 844 } } as const;

async function shoot(page: Page, name: string) {
  await expectAccessible(page, name);
  for (const [label, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(SHOTS, `documents-${name}-${label}.png`), fullPage: true });
  }
  await page.setViewportSize(VIEWPORTS.desktop);
}

const pdfFile = (name: string, text: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: makePdf(text),
});

/** A valid South African ID number (Luhn check digit). */
const SA_ID = '8001015009087';

async function choose(page: Page, label: RegExp, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A served matter made through the API (the wizard journey covers the screens), for the other journeys. */
async function servedMatter(request: APIRequestContext, title: string) {
  const token = await apiToken(request, DEMO.attorney);
  const headers = { Authorization: `Bearer ${token}` };
  const branches = await (
    await request.get('/api/v1/firms/', { headers, params: { search: 'Demo' } })
  ).json();
  const firm = branches.firms[0];
  const branch = (await (await request.get(`/api/v1/firms/${firm.id}/branches`, { headers })).json())
    .branches[0];
  const created = await request.post('/api/v1/documents/', {
    headers,
    data: {
      title,
      document_type: 'plea',
      case_category: 'Pleadings',
      case_number: `2025-${unique()}`,
      case_priority: 'high_profile',
      client_name: 'Aisha Patel',
      court_name: 'Western Cape Division, Cape Town',
      firm_id: firm.id,
      branch_id: branch.id,
    },
  });
  expect(created.ok()).toBeTruthy();
  const doc = (await created.json()).data as { id: number; case_number: string };
  const files: [string, string][] = [
    ['notice.pdf', 'Notice of motion'],
    ['affidavit.pdf', 'Founding affidavit'],
  ];
  for (const [name, text] of files) {
    const up = await request.post('/api/v1/documents/upload', {
      headers,
      multipart: { document_id: String(doc.id), files: pdfFile(name, text) },
    });
    expect(up.ok()).toBeTruthy();
  }
  const party = (
    await (
      await request.post('/api/v1/parties/', {
        headers,
        data: {
          party_type: 'entity',
          trading_name: `Acme ${unique()} (Pty) Ltd`,
          registration_number: `2020/${unique()}/07`,
          business_type: 'Company',
          email: 'legal@acme.co.za',
          physical_address: '1 Dock Road, Cape Town',
        },
      })
    ).json()
  ).data;
  expect(
    (
      await request.post(`/api/v1/parties/${party.id}/documents/${doc.id}`, {
        headers,
        data: { role: 'respondent', is_primary: true },
      })
    ).ok(),
  ).toBeTruthy();
  // The citation needs both sides: the applicant too.
  const applicant = (
    await (
      await request.post('/api/v1/parties/', {
        headers,
        data: {
          party_type: 'entity',
          trading_name: `Beta ${unique()} (Pty) Ltd`,
          registration_number: `2021/${unique()}/07`,
          business_type: 'Company',
          email: 'legal@beta.co.za',
          physical_address: '2 Dock Road, Cape Town',
        },
      })
    ).json()
  ).data;
  expect(
    (
      await request.post(`/api/v1/parties/${applicant.id}/documents/${doc.id}`, {
        headers,
        data: { role: 'applicant' },
      })
    ).ok(),
  ).toBeTruthy();
  const served = await request.put(`/api/v1/documents/${doc.id}`, {
    headers,
    data: { signature_name: 'Aisha Patel', status: 'served', service_date: new Date().toISOString() },
  });
  expect(served.ok()).toBeTruthy();
  return doc;
}

/**
 * The delivery link e-mailed to the DSA, as the recipient receives it: the server writes every e-mail to
 * MAIL_FILE_DIR (playwright.config.ts); the admin's outbox view hides live links.
 */
async function deliveryLink(caseNumber: string) {
  const dir = join(process.env.E2E_DATA_DIR!, 'mail');
  let link: string | undefined;
  await expect
    .poll(() => {
      const messages = readdirSync(dir)
        .sort()
        .reverse()
        .map(
          (name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as { subject: string; text: string },
        );
      link = messages
        .filter((m) => m.subject.includes(caseNumber))
        .map((m) => /\/delivery\/[\w-]+/.exec(m.text)?.[0])
        .find(Boolean);
      return link;
    })
    .toBeTruthy();
  return link as string;
}

test('a legal practitioner creates a matter in five steps, resumes the draft, submits, downloads and verifies the proof', async ({
  page,
  browser,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const n = unique();
  const title = `Plea — Mokoena v Dlamini ${n}`;
  const caseNumber = `2025-${n}`;

  await loginAs(page, DEMO.attorney);
  await page.goto('/app/dashboard?tab=new-matters');

  // Step 1: the messages in order, then the fields.
  await expect(page.getByRole('heading', { name: 'Step 1: Case Information' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /name of attorney/i })).toHaveValue('Aisha Patel');
  await expect(page.getByRole('button', { name: 'Complete case information to save' })).toBeDisabled();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert').getByRole('listitem').first()).toHaveText(
    'Document title is required',
  );
  await shoot(page, 'wizard-step1-errors');
  await page.getByRole('textbox', { name: /document title/i }).fill(title);
  await page.getByRole('textbox', { name: /case number/i }).fill(caseNumber);
  await choose(page, /case priority/i, 'Urgent');
  await choose(page, /case category/i, 'Pleadings');
  await choose(page, /document type/i, 'Plea');
  // How it is served, with the rule; then the court. (The sheriff's journey is in sheriff-return.spec.ts.)
  await expect(page.getByTestId('service-channel-note')).toContainText(
    'Served electronically or by the sheriff — Uniform Rule 4A: a document after initiating process.',
  );
  await page.getByRole('combobox', { name: /^court/i }).fill('Western Cape');
  await page.getByRole('option', { name: 'Western Cape Division, Cape Town' }).click();
  await expect(page.getByRole('button', { name: 'Save Draft', exact: true })).toBeEnabled();
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 2: two real PDFs with real progress; a PNG is refused.
  await expect(page.getByRole('heading', { name: 'Step 2: Upload Documents' })).toBeVisible();
  await page
    .getByTestId('upload-input')
    .setInputFiles([
      pdfFile('summons.pdf', 'Simple summons'),
      pdfFile('particulars.pdf', 'Particulars of claim'),
      { name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('not a pdf') },
    ]);
  await expect(page.getByText('Some files were rejected: photo.png: Invalid file type')).toBeVisible();
  await page.getByRole('button', { name: 'Upload Selected (2)' }).click();
  // Each file is listed once: in the draft's refreshed list, no longer among the files to upload.
  const onDraft = page.getByRole('list', { name: 'Uploaded Files' });
  await expect(onDraft.getByText('summons.pdf')).toBeVisible({ timeout: 30_000 });
  await expect(onDraft.getByText('particulars.pdf')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Files to upload' })).toHaveCount(0);
  await expect(page.getByText('summons.pdf', { exact: true })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Save Draft with Document' })).toBeEnabled();
  await shoot(page, 'wizard-step2-uploaded');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 3: the citation — a defendant and a plaintiff — then a draft saved with it.
  await expect(page.getByRole('heading', { name: 'Step 3: Parties Involved' })).toBeVisible();
  await expect(page.getByText(/At least one party on each side is required/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Complete party details to save' })).toBeDisabled();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert').getByRole('listitem').first()).toHaveText(
    /^Add a plaintiff or applicant/,
  );
  await choose(page, /party role/i, 'Defendant');
  await choose(page, /^title/i, 'Mr');
  await page.getByRole('textbox', { name: /first name/i }).fill('Sipho');
  await page.getByRole('textbox', { name: /last name/i }).fill('Dlamini');
  await choose(page, /gender/i, 'Male');
  await choose(page, /marital status/i, 'Single');
  await choose(page, /nationality/i, 'South African');
  await choose(page, /race/i, 'African');
  await page.getByRole('textbox', { name: /id number/i }).fill('8001-015-009-087');
  await expect(page.getByRole('textbox', { name: /id number/i })).toHaveValue(SA_ID);
  await choose(page, /language/i, 'Zulu');
  await page.getByRole('textbox', { name: /^email/i }).fill('sipho@example.co.za');
  await page.getByRole('textbox', { name: /physical address/i }).fill('12 Florida Road, Durban, 4001');
  await page.getByRole('button', { name: 'Add to Citation' }).click();
  await expect(page.getByRole('list', { name: 'Defendant / respondent side' })).toContainText(
    'Mr Sipho Dlamini',
  );
  await expect(page.getByRole('combobox', { name: /party role/i })).toContainText('Plaintiff');
  await page.getByRole('radio', { name: 'Entity' }).click();
  await page.getByRole('textbox', { name: /trading name/i }).fill(`Mokoena Holdings ${n}`);
  await page.getByRole('textbox', { name: /registration number/i }).fill(`2015/${n}/07`);
  await choose(page, /business type/i, 'Company');
  await page.getByRole('textbox', { name: /^email/i }).fill('legal@mokoena.co.za');
  await page.getByRole('textbox', { name: /physical address/i }).fill('1 Long Street, Cape Town, 8001');
  await page.getByRole('button', { name: 'Add to Citation' }).click();
  await expect(page.getByRole('list', { name: 'Plaintiff / applicant side' })).toContainText(
    `Mokoena Holdings ${n}`,
  );
  await page.getByRole('button', { name: 'Save Draft with Parties' }).click();
  await expect(page.getByText(/Party information saved to draft!/)).toBeVisible();
  await shoot(page, 'wizard-step3-saved');

  // Leave, then resume from My Cases.
  await page.getByRole('tab', { name: 'My Cases' }).click();
  await page.getByRole('tab', { name: /Drafts/ }).click();
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('60%');
  await shoot(page, 'my-cases-drafts');
  await row.getByRole('button', { name: 'Resume' }).click();
  const dialog = page.getByRole('dialog', { name: 'Resume Draft' });
  await expect(dialog).toContainText('60% Complete');
  await expect(dialog).toContainText('Recommended Next Step');
  await shoot(page, 'resume-dialog');
  await dialog.getByRole('button', { name: 'Resume from Step 4' }).click();
  await expect(page.getByText('Draft loaded! Continuing from step 4.')).toBeVisible();
  await expect(page.getByRole('button', { name: '← Edit Case Info' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();

  // Step 4: electronic service (the default for a plea), the firm search, the branch with its DSA, where it was nominated.
  await expect(page.getByRole('heading', { name: 'Step 4: Legal Representative Details' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Electronic service (Uniform Rule 4A)' })).toBeChecked();
  await page.getByRole('combobox', { name: /search law firm/i }).fill('D');
  await expect(page.getByText('Type at least 2 characters to search').first()).toBeVisible();
  await page.getByRole('combobox', { name: /search law firm/i }).fill('Demo');
  await page.getByRole('option', { name: /Demo Attorneys Inc\./ }).click();
  await page.getByRole('combobox', { name: /select branch/i }).click();
  await page.getByRole('option', { name: /Cape Town/ }).click();
  await expect(page.getByText('Digital service address configured')).toBeVisible();
  await choose(
    page,
    /where did the other party nominate this address/i,
    'Nominated in the Summons (Uniform Rule 17(3))',
  );
  await shoot(page, 'wizard-step4');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 5: sign and submit.
  await expect(page.getByRole('heading', { name: 'Step 5: Review and Submit' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit Document' })).toBeDisabled();
  await page.getByRole('button', { name: 'Sign Document' }).click();
  await expect(page.getByRole('region', { name: 'Signature Preview' })).toContainText('Aisha Patel');
  await shoot(page, 'wizard-step5');
  await page.getByRole('button', { name: 'Submit Document' }).click();
  await expect(
    page.getByText('Document submitted successfully! Redirecting to case view...').first(),
  ).toBeVisible({ timeout: 30_000 });
  await page.waitForURL(/\/app\/dashboard\/active-case\/\d+/);

  // The case page.
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(`Case #${caseNumber}`)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'summons.pdf' })).toBeVisible();
  await shoot(page, 'case-documents');
  await page.getByRole('tab', { name: 'Parties' }).click();
  await expect(page.getByText('Mr Sipho Dlamini')).toBeVisible();
  await expect(page.getByRole('heading', { name: `Mokoena Holdings ${n}` })).toBeVisible();
  await page.getByRole('tab', { name: 'Timeline' }).click();
  await expect(page.getByRole('heading', { name: 'Document Timeline' })).toBeVisible();
  await expect(page.getByText('Proof Generated')).toBeVisible();
  await shoot(page, 'case-timeline');

  // Proof of service: download it and read its security ID.
  await page.getByRole('tab', { name: 'Proof of Service' }).click();
  await expect(page.getByText('Proof of Service Available')).toBeVisible();
  const securityId = (await page.getByTestId('proof-security-id').textContent())!.trim();
  expect(securityId).toMatch(/^LS-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const proof = await download;
  expect(proof.suggestedFilename()).toBe(`proof_of_service_${caseNumber}.pdf`);
  const proofPath = await proof.path();
  expect(readFileSync(proofPath).subarray(0, 5).toString()).toBe('%PDF-');
  await expect(page.getByText('Proof of service downloaded successfully!')).toBeVisible();
  await shoot(page, 'case-proof');

  // Public verification, without login: by security ID (as the QR code opens it), a wrong ID, and by file.
  const visitor = await browser.newContext();
  const pub = await visitor.newPage();
  await pub.goto(`/verify/${securityId}`);
  await expect(pub.getByRole('textbox', { name: 'Security ID' })).toHaveValue(securityId);
  await expect(pub.getByRole('heading', { name: 'Document Verified' })).toBeVisible();
  await expect(pub.getByText('Document Information')).toBeVisible();
  await expect(pub.getByText('Verified Firm')).toBeVisible();
  await shoot(pub, 'verify-verified');
  await pub.getByRole('button', { name: 'New Search' }).click();
  await pub.getByRole('textbox', { name: 'Security ID' }).fill('LS-0000-0000-0000-0000');
  await pub.getByRole('button', { name: 'Verify Document' }).click();
  await expect(pub.getByText('Document Not Found')).toBeVisible();
  await expect(pub.getByRole('heading', { name: 'Document Not Verified' })).toBeVisible();
  await shoot(pub, 'verify-not-found');
  await pub.getByTestId('verify-file-input').setInputFiles({
    name: proof.suggestedFilename(),
    mimeType: 'application/pdf',
    buffer: readFileSync(proofPath),
  });
  await expect(pub.getByTestId('file-verification-result')).toContainText('Authentic proof of service');
  await pub.getByTestId('verify-file-input').setInputFiles(pdfFile('forged.pdf', 'Not served anywhere'));
  await expect(pub.getByTestId('file-verification-result')).toContainText('No match found');
  await visitor.close();

  expect(errors).toEqual([]);
});

test('a bundle is created from two files, in the chosen order, and downloaded', async ({ page, request }) => {
  const doc = await servedMatter(request, `Motion — Acme v Beta ${unique()}`);
  await loginAs(page, DEMO.attorney);
  await page.goto(`/app/dashboard/active-case/${doc.id}`);
  await expect(page.getByRole('button', { name: 'View All Bundles (0)' })).toBeVisible();
  await page.getByRole('button', { name: 'Create Bundle' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Document Bundle' });
  await expect(dialog.getByRole('textbox', { name: /bundle name/i })).toHaveValue(
    new RegExp(`^${doc.case_number}_Bundle_\\d{4}-\\d{2}-\\d{2}$`),
  );
  await dialog.getByRole('checkbox', { name: 'Include notice.pdf' }).click();
  await dialog.getByRole('checkbox', { name: 'Include affidavit.pdf' }).click();
  await dialog.getByRole('button', { name: 'Move affidavit.pdf up' }).click();
  await expect(
    dialog.getByRole('list', { name: 'Bundle order' }).getByRole('listitem').first(),
  ).toContainText('affidavit.pdf');
  await shoot(page, 'create-bundle');
  await dialog.getByRole('button', { name: 'Create Bundle (2 files)' }).click();
  await expect(page.getByText('Bundle created successfully!')).toBeVisible();
  await page.getByRole('button', { name: 'View All Bundles (1)' }).click();
  const bundles = page.getByRole('dialog', { name: 'Document Bundles' });
  await expect(bundles).toContainText('PDF Bundle');
  const download = page.waitForEvent('download');
  await bundles.getByRole('button', { name: /^Download / }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/_Bundle_\d{4}-\d{2}-\d{2}\.pdf$/);
  expect(
    readFileSync(await file.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');

  // The inline viewer shows the PDF from a same-origin address ending with its name (the PDF viewer's title).
  await bundles.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'View notice.pdf' }).click();
  await expect(page.locator('iframe[title="Preview of notice.pdf"]')).toHaveAttribute(
    'src',
    /^\/api\/v1\/documents\/\d+\/files\/\d+\/view\/notice\.pdf\?token=/,
  );
});

test('the recipient opens the delivery link without login; the firm sees it opened and downloaded; a sheriff records service; revocation reaches verification', async ({
  page,
  browser,
  request,
}) => {
  const doc = await servedMatter(request, `Application — Khumalo ${unique()}`);
  const link = await deliveryLink(doc.case_number);

  // The recipient, without an account.
  const visitor = await browser.newContext();
  const pub = await visitor.newPage();
  await pub.goto(link);
  await expect(pub.getByRole('heading', { name: 'Documents served on you' })).toBeVisible();
  await expect(pub.getByRole('list', { name: 'Served documents' })).toContainText('notice.pdf');
  const download = pub.waitForEvent('download');
  await pub.getByRole('button', { name: 'Download notice.pdf' }).click();
  // The stamped served copy: the security ID, a QR code and the date of service on every page (docs/evidence.md).
  expect((await download).suggestedFilename()).toBe('notice (served copy).pdf');
  await shoot(pub, 'delivery-page');
  // The link opens as often as needed until it expires (a shared service mailbox): another browser opens it too.
  const other = await browser.newContext();
  const second = await other.newPage();
  await second.goto(link);
  await expect(second.getByRole('heading', { name: 'Documents served on you' })).toBeVisible();
  await other.close();

  // The firm administrator sees the delivery record and assigns the sheriff.
  await loginAs(page, DEMO.firmAdmin);
  await page.goto(`/app/dashboard/active-case/${doc.id}?tab=service`);
  await expect(page.getByRole('heading', { name: 'Electronic Service (DSA)' })).toBeVisible();
  await expect(page.getByText(/^Opened · 2 openings, first /)).toBeVisible();
  await expect(page.getByText(/^Downloaded · 1 download/)).toBeVisible();
  // Sheriffs serving the district of the service address, with their office and areas.
  await page.getByRole('combobox', { name: /service area/i }).fill('Wynberg');
  await choose(
    page,
    /assign sheriff/i,
    'Sipho Ndlovu · Sheriff of the Court, Cape Town West (Cape Town, Wynberg, Bellville)',
  );
  await page.getByRole('button', { name: 'Save Assignment' }).click();
  await expect(page.getByText('Sheriff Sipho Ndlovu assigned')).toBeVisible();
  await shoot(page, 'case-service');

  // The sheriff sees the document in My Cases and records an attempt.
  const sheriffContext = await browser.newContext();
  const sheriff = await sheriffContext.newPage();
  await loginAs(sheriff, DEMO.sheriff);
  await sheriff.goto('/app/dashboard?tab=my-cases&subtab=active');
  await sheriff.getByRole('link', { name: doc.case_number }).click();
  await sheriff.getByRole('tab', { name: 'Service', exact: true }).click();
  await sheriff.getByRole('button', { name: 'Record Service Attempt' }).click();
  const attempt = sheriff.getByRole('dialog', { name: 'Record Service Attempt' });
  await attempt.getByRole('textbox', { name: /address/i }).fill('14 Jan Smuts Avenue, Johannesburg');
  await attempt.getByRole('combobox', { name: /outcome/i }).click();
  await sheriff.getByRole('option', { name: 'Served personally' }).click();
  await attempt.getByRole('textbox', { name: /notes/i }).fill('Handed to the respondent in person.');
  // This browser context shares no position: the attempt is saved without GPS (sheriff-return.spec.ts has the GPS).
  await attempt.getByRole('button', { name: 'Save Without GPS' }).click();
  await sheriff
    .getByRole('dialog', { name: 'Photos of the Attempt' })
    .getByRole('button', { name: 'Done' })
    .click();
  await expect(sheriff.getByText('Service attempt recorded')).toBeVisible();
  await expect(sheriff.getByRole('list', { name: 'Service attempts' })).toContainText('14 Jan Smuts Avenue');
  await shoot(sheriff, 'sheriff-service-attempt');
  await sheriffContext.close();

  // Revocation, with a reason; verification then reports it.
  await page.getByRole('button', { name: 'Revoke' }).click();
  const revoke = page.getByRole('dialog', { name: 'Revoke Served Document' });
  await revoke.getByRole('textbox', { name: /reason/i }).fill('Served on the wrong party');
  await revoke.getByRole('button', { name: 'Revoke Document' }).click();
  await expect(page.getByText(/This document was revoked on/)).toBeVisible();
  const securityId = await (async () => {
    await page.getByRole('tab', { name: 'Proof of Service' }).click();
    return (await page.getByTestId('proof-security-id').textContent())!.trim();
  })();
  await pub.goto(`/verify/${securityId}`);
  await expect(pub.getByText('Document Revoked')).toBeVisible();
  await visitor.close();
});

test('an unknown case shows "Case Not Found" with the way back', async ({ page }) => {
  allowConsoleErrors(page, /404 \(Not Found\) \(.*\/documents\/999999\)/); // the unknown case, on purpose
  await loginAs(page, DEMO.attorney);
  await page.goto('/app/dashboard/active-case/999999');
  await expect(page.getByRole('heading', { name: 'Case Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Active Cases' }).click();
  await expect(page).toHaveURL(/tab=my-cases&subtab=active/);
});
