import { toDocumentTypeValue, type Document } from '@lexserve/contracts/documents';
import { describe, expect, it } from 'vitest';
import { emptyParty, type PartyData } from './party-rules';
import {
  RESUME_STORAGE_KEY,
  buildDraftMetadata,
  changeCategory,
  computeStepStatus,
  documentFieldsOf,
  emptyCaseInfo,
  emptyLegalRep,
  inferStepStatus,
  isStepFieldsComplete,
  recommendedStep,
  relativeHoursOrDays,
  relativeSaved,
  resumeRecordFromDocument,
  saveButtonLabel,
  signatureFromName,
  startStepOf,
  storeResumeRecord,
  takeResumeRecord,
  validateCaseInfo,
  validateLegalRep,
  validateSignature,
  type CaseInfo,
  type WizardSnapshot,
  type LegalRepData,
} from './wizard-rules';

const fullCase: CaseInfo = {
  title: 'Summons against Mokoena',
  attorneyName: 'Aisha Patel',
  attorneyEmail: 'attorney@demo.co.za',
  caseNumber: '2025-001234',
  casePriority: 'urgent',
  caseCategory: 'Pleadings',
  documentType: 'Summons Simple',
  courtName: 'Western Cape Division, Cape Town',
  onCourtOnline: false,
};

const validParty: PartyData = {
  ...emptyParty(),
  first_name: 'John',
  last_name: 'Smith',
  email: 'john@example.co.za',
  id_number: '8001015009087',
  physical_address: '1 Main Road, Durban',
};

const fullRep: LegalRepData = {
  ...emptyLegalRep(),
  firmId: 3,
  firmName: 'Opposing Attorneys',
  firmEmail: 'info@opp.co.za',
  firmAddress: 'Pretoria',
  branchId: 7,
  branchName: 'Pretoria',
  digitalServiceAddress: 'dsa-pta@serve.lexserve.co.za',
};

const snapshot = (overrides: Partial<WizardSnapshot> = {}): WizardSnapshot => ({
  currentStep: 1,
  caseInfo: emptyCaseInfo(),
  partyData: emptyParty(),
  legalRep: emptyLegalRep(),
  signature: '',
  fileCount: 0,
  ...overrides,
});

const makeDocument = (overrides: Partial<Document> = {}): Document =>
  ({
    id: 42,
    title: 'Draft Document',
    document_type: null,
    document_type_label: null,
    case_category: null,
    case_number: null,
    case_priority: null,
    client_name: null,
    firm_id: null,
    branch_id: null,
    digital_service_address: null,
    firm: null,
    assigned_branch: null,
    signature_name: null,
    status: 'draft',
    status_enum: 'draft',
    draft_metadata: null,
    parsed_draft_metadata: null,
    file_name: null,
    file_size: null,
    file_count: 0,
    created_at: '2025-03-01T08:00:00Z',
    updated_at: '2025-03-01T08:00:00Z',
    ...overrides,
  }) as Document;

describe('step 1 validation', () => {
  it('lists every missing field in the spec order', () => {
    expect(validateCaseInfo({ ...emptyCaseInfo(), attorneyName: '  ', attorneyEmail: '' })).toEqual([
      'Document title is required',
      'Attorney Name is required',
      'Attorney Email is required',
      'Case Number is required',
      'Case Priority is required',
      'Case Category is required',
      'Document Type is required',
      'Court is required',
    ]);
  });

  it('needs a listed High Court seat or a magistrates’ court, and Court Online only in the High Court', () => {
    expect(validateCaseInfo({ ...fullCase, courtName: 'Court of Narnia' })).toEqual([
      'Court must be a High Court division from the list (e.g. "Gauteng Division, Pretoria") or "Magistrate\'s Court, <district>"',
    ]);
    expect(validateCaseInfo({ ...fullCase, courtName: "magistrates' court, wynberg" })).toEqual([]);
    expect(
      validateCaseInfo({ ...fullCase, courtName: "Magistrate's Court, Wynberg", onCourtOnline: true })[0],
    ).toMatch(/^Court Online serves the High Court only/);
    expect(validateCaseInfo({ ...fullCase, onCourtOnline: true })).toEqual([]);
    expect(
      documentFieldsOf({ ...fullCase, courtName: ' gauteng division, pretoria ' }, emptyLegalRep()),
    ).toMatchObject({
      court_name: 'Gauteng Division, Pretoria',
      on_court_online: false,
    });
    expect(documentFieldsOf({ ...fullCase, courtName: 'nowhere' }, emptyLegalRep()).court_name).toBeNull();
  });

  it('trims text first and accepts a complete step', () => {
    expect(validateCaseInfo({ ...fullCase, title: '   ' })).toEqual(['Document title is required']);
    expect(validateCaseInfo(fullCase)).toEqual([]);
  });
});

describe('category and document type', () => {
  it('keeps the type when the new category contains it and resets it otherwise', () => {
    const notice = {
      ...fullCase,
      caseCategory: 'Application Proceedings' as const,
      documentType: 'Notice of Set Down',
    };
    expect(changeCategory(notice, 'Correspondence & Notices').documentType).toBe('Notice of Set Down');
    expect(changeCategory(notice, 'Letters').documentType).toBe('');
  });

  it('sends the converted document type', () => {
    expect(
      documentFieldsOf({ ...fullCase, documentType: 'Rule 30 / 30A Applications' }, emptyLegalRep())
        .document_type,
    ).toBe('rule_30_30a_applications');
    expect(toDocumentTypeValue('Notice in terms of Rule 35(1), (3), (6), or (7)')).toBe(
      'notice_in_terms_of_rule_35_1_3_6_or_7',
    );
    expect(toDocumentTypeValue('Supporting Affidavit – Insolvency')).toBe('supporting_affidavit_insolvency');
  });
});

describe('save-draft button', () => {
  it.each([
    [1, 'Complete case information to save', 'Save Draft'],
    [2, 'Upload document to save', 'Save Draft with Document'],
    [3, 'Complete party details to save', 'Save Draft with Parties'],
    [4, 'Select firm and branch to save', 'Save Draft with Legal Rep'],
    [5, 'Add signature to finalize', 'Save Complete Draft'],
  ] as const)('step %i reads "%s" until complete, then "%s"', (step, incomplete, complete) => {
    expect(saveButtonLabel(step, false, false)).toBe(incomplete);
    expect(saveButtonLabel(step, true, false)).toBe(complete);
    expect(saveButtonLabel(step, true, true)).toBe('Saving...');
  });

  it('knows when each step is complete', () => {
    expect(isStepFieldsComplete(1, snapshot({ caseInfo: fullCase }))).toBe(true);
    expect(isStepFieldsComplete(1, snapshot({ caseInfo: { ...fullCase, documentType: '' } }))).toBe(false);
    expect(isStepFieldsComplete(2, snapshot({ fileCount: 0 }))).toBe(false);
    expect(isStepFieldsComplete(2, snapshot({ fileCount: 2 }))).toBe(true);
    expect(isStepFieldsComplete(3, snapshot({ partyData: { ...validParty, id_number: '123' } }))).toBe(false);
    expect(isStepFieldsComplete(3, snapshot({ partyData: validParty }))).toBe(true);
    expect(isStepFieldsComplete(4, snapshot({ legalRep: { ...fullRep, digitalServiceAddress: '' } }))).toBe(
      false,
    );
    expect(isStepFieldsComplete(4, snapshot({ legalRep: fullRep }))).toBe(true);
    // Initiating process needs its sheriff, not a legal representative.
    expect(isStepFieldsComplete(4, snapshot({ caseInfo: fullCase, legalRep: fullRep }))).toBe(false);
    expect(
      isStepFieldsComplete(
        4,
        snapshot({ caseInfo: fullCase, legalRep: { ...emptyLegalRep(), sheriffId: 5 } }),
      ),
    ).toBe(true);
    expect(isStepFieldsComplete(5, snapshot({ signature: 'Aisha Patel' }))).toBe(true);
  });
});

describe('steps 4 and 5', () => {
  const plea = { ...fullCase, documentType: 'Plea' };

  it('asks for the firm, the branch and its digital service address in turn (electronic service)', () => {
    expect(validateLegalRep(emptyLegalRep(), plea)).toEqual(['Please select a law firm']);
    expect(validateLegalRep({ ...fullRep, branchId: null }, plea)).toEqual(['Please select a branch']);
    expect(validateLegalRep({ ...fullRep, digitalServiceAddress: '' }, plea)).toEqual([
      'Selected branch must have a digital service address',
    ]);
    expect(validateLegalRep(fullRep, plea)).toEqual([]);
  });

  it('asks for the sheriff of initiating process, in the server’s words', () => {
    expect(validateLegalRep(emptyLegalRep(), fullCase)).toEqual([
      "Assign a sheriff before submitting: a Summons Simple is served by the sheriff (Uniform Rule 4(1)(a); Magistrates' Courts Rule 9).",
    ]);
    expect(validateLegalRep({ ...emptyLegalRep(), sheriffId: 4 }, fullCase)).toEqual([]);
  });

  it('refuses e-service on Court Online and documents that are not served', () => {
    expect(validateLegalRep(fullRep, { ...plea, onCourtOnline: true })[0]).toContain(
      'Uniform Rules 1A and 1B',
    );
    expect(
      validateLegalRep(
        { ...fullRep, serviceMethod: 'sheriff', sheriffId: 2 },
        { ...plea, onCourtOnline: true },
      ),
    ).toEqual([]);
    expect(validateLegalRep(fullRep, { ...plea, documentType: 'Draft Court Order' })[0]).toMatch(
      /^A Draft Court Order is not served/,
    );
  });

  it('builds the signature from the first and last word of the name', () => {
    expect(signatureFromName('Aisha Bibi Patel')).toBe('Aisha Patel');
    expect(signatureFromName('  Cher ')).toBe('Cher');
    expect(signatureFromName('')).toBeNull();
    expect(validateSignature('', '')).toEqual([
      'User name is required for digital signature. Please update your profile.',
    ]);
    expect(validateSignature('Aisha Patel', '')).toEqual([
      'Digital signature is required to complete the document.',
    ]);
  });
});

describe('step status and completion', () => {
  it('counts steps cumulatively: a later complete step completes the earlier ones', () => {
    const status = computeStepStatus(snapshot({ currentStep: 2, legalRep: fullRep }));
    expect(status).toMatchObject({
      step1_completed: true,
      step2_completed: true,
      step3_completed: true,
      step4_completed: true,
      step5_completed: false,
      last_active_step: 2,
      completion_percentage: 80,
    });
  });

  it('treats the steps the user has passed as complete', () => {
    const status = computeStepStatus(snapshot({ currentStep: 4, caseInfo: fullCase }));
    expect([
      status.step1_completed,
      status.step2_completed,
      status.step3_completed,
      status.step4_completed,
    ]).toEqual([true, true, true, false]);
    expect(status.completion_percentage).toBe(60);
    expect(recommendedStep(status)).toBe(4);
  });

  it('rounds the percentage and recommends at most step 5', () => {
    expect(computeStepStatus(snapshot({ caseInfo: fullCase })).completion_percentage).toBe(20);
    expect(computeStepStatus(snapshot()).completion_percentage).toBe(0);
    const done = computeStepStatus(
      snapshot({ currentStep: 5, caseInfo: fullCase, signature: 'Aisha Patel' }),
    );
    expect(done.completion_percentage).toBe(100);
    expect(recommendedStep(done)).toBe(5);
  });

  it('infers the state of a document without metadata', () => {
    expect(
      inferStepStatus(makeDocument({ title: 'A', client_name: 'B', case_number: 'C', file_name: 'a.pdf' })),
    ).toMatchObject({
      step1_completed: true,
      step2_completed: true,
      last_active_step: 3,
      completion_percentage: 40,
    });
    expect(inferStepStatus(makeDocument({ title: 'A' }))).toMatchObject({
      step1_completed: false,
      last_active_step: 2,
      completion_percentage: 0,
    });
  });

  it('writes version 1 metadata with the wizard data and file information', () => {
    const meta = buildDraftMetadata(
      { ...snapshot({ currentStep: 2, caseInfo: fullCase, fileCount: 2 }), fileNames: ['a.pdf', 'b.pdf'] },
      new Date('2025-05-01T10:00:00Z'),
    );
    expect(meta.version).toBe(1);
    expect(meta.last_saved_at).toBe('2025-05-01T10:00:00.000Z');
    expect(meta.wizard_data.file_info).toEqual({
      has_files: true,
      file_count: 2,
      file_names: ['a.pdf', 'b.pdf'],
    });
    expect(meta.wizard_data.case_info).toEqual(fullCase);
    expect(meta.step_status.completion_percentage).toBe(40);
  });
});

describe('resume record', () => {
  const withMeta = () => {
    const meta = buildDraftMetadata({
      ...snapshot({ currentStep: 3, caseInfo: fullCase, fileCount: 1 }),
      fileNames: ['a.pdf'],
    });
    return makeDocument({
      title: fullCase.title,
      parsed_draft_metadata: meta as unknown as Record<string, unknown>,
      file_name: 'a.pdf',
      file_count: 1,
    });
  };

  it('is used once while less than 5 minutes old', () => {
    const now = 1_000_000_000_000;
    storeResumeRecord(resumeRecordFromDocument(withMeta(), 3, now));
    const record = takeResumeRecord(42, now + 299_000);
    expect(record?.caseInfo).toEqual(fullCase);
    expect(record?.currentStep).toBe(3);
    expect(record?.hasExistingFile).toBe(true);
    expect(localStorage.getItem(RESUME_STORAGE_KEY)).toBeNull();
    expect(takeResumeRecord(42, now + 1000)).toBeNull();
  });

  it('is ignored when stale or for another draft, and deleted either way', () => {
    const now = 1_000_000_000_000;
    storeResumeRecord(resumeRecordFromDocument(withMeta(), 3, now));
    expect(takeResumeRecord(42, now + 300_000)).toBeNull();
    expect(localStorage.getItem(RESUME_STORAGE_KEY)).toBeNull();
    storeResumeRecord(resumeRecordFromDocument(withMeta(), 3, now));
    expect(takeResumeRecord(7, now)).toBeNull();
  });

  it('starts at the chosen step, else at the recommended one', () => {
    // Saved on step 3 without a party: step 3 is the first incomplete one.
    const record = resumeRecordFromDocument(withMeta());
    expect(record.currentStep).toBe(3);
    expect(startStepOf(record, null)).toBe(3);
    expect(startStepOf({ stepStatus: { ...record.stepStatus, step3_completed: true } }, null)).toBe(4);
    expect(startStepOf(record, 1)).toBe(1);
  });

  it('rebuilds case info from the document when there is no metadata', () => {
    const record = resumeRecordFromDocument(
      makeDocument({
        title: 'Plea',
        client_name: 'Aisha Patel',
        case_number: '2025-9',
        case_priority: 'high_profile',
        document_type: 'plea',
        case_category: 'Pleadings',
      }),
    );
    expect(record.caseInfo).toMatchObject({
      title: 'Plea',
      attorneyName: 'Aisha Patel',
      caseNumber: '2025-9',
      casePriority: 'high_profile',
      caseCategory: 'Pleadings',
      documentType: 'Plea',
    });
    expect(record.currentStep).toBe(2);
  });
});

describe('relative times', () => {
  const now = Date.parse('2025-05-10T12:00:00Z');
  it('reads "Just now", minutes, hours or days ago in the Resume dialog', () => {
    expect(relativeSaved('2025-05-10T11:59:30Z', now)).toBe('Just now');
    expect(relativeSaved('2025-05-10T11:55:00Z', now)).toBe('5 minutes ago');
    expect(relativeSaved('2025-05-10T09:00:00Z', now)).toBe('3 hours ago');
    expect(relativeSaved('2025-05-08T12:00:00Z', now)).toBe('2 days ago');
  });
  it('reads hours or days in My Cases', () => {
    expect(relativeHoursOrDays('2025-05-10T11:00:00Z', now)).toBe('1 hour ago');
    expect(relativeHoursOrDays('2025-05-09T11:00:00Z', now)).toBe('1 day ago');
  });
});
