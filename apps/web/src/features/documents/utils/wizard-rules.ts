import { EMAIL_PATTERN } from '@lexserve/contracts/constants';
import {
  COURT_NAME_INVALID,
  COURT_ONLINE_HIGH_COURT_ONLY,
  isMagistratesCourt,
  normalizeCourtName,
} from '@lexserve/contracts/court-names';
import {
  CASE_CATEGORIES,
  CASE_PRIORITIES,
  DOCUMENT_CATALOGUE,
  DOCUMENT_TYPES,
  DRAFT_METADATA_VERSION,
  WIZARD_STEPS,
  toDocumentTypeValue,
  type AddressSource,
  type CaseCategory,
  type CasePriority,
  type ServiceMethod,
} from '@lexserve/contracts/document-constants';
import type { Document } from '@lexserve/contracts/documents';
import { serviceChannelOf, serviceProblems } from '@lexserve/contracts/service-channels';
import { emptyParty, isPartyValidForSave, toPartyData, type PartyData } from './party-rules';

/** The five steps (spec 2.2). */
export const STEP_LABELS = ['Case Info', 'Upload', 'Parties', 'Legal Rep', 'Review'] as const;
export const STEP_TITLES = [
  'Case Information',
  'Upload Documents',
  'Parties Involved',
  'Legal Representative Details',
  'Review and Submit',
] as const;
/** The Resume Draft dialog's step descriptions (spec 2.8). */
export const STEP_DESCRIPTIONS = [
  'Complete case information (title, attorney details, case number, priority, document type)',
  'Upload document file',
  'Add parties involved (optional)',
  'Enter legal representative details',
  'Review and submit with digital signature',
] as const;

export type Step = 1 | 2 | 3 | 4 | 5;
const isStep = (value: unknown): value is Step =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= WIZARD_STEPS;
export const toStep = (value: unknown): Step | null => {
  const n = typeof value === 'string' ? Number(value) : value;
  return isStep(n) ? n : null;
};

/** Wizard case info (spec 2 §3). documentType holds the catalogue label; it is converted when sent. */
export type CaseInfo = {
  title: string;
  attorneyName: string;
  attorneyEmail: string;
  caseNumber: string;
  casePriority: CasePriority | '';
  caseCategory: CaseCategory | '';
  documentType: string;
  /** As typed or chosen; sent in its canonical name ("Gauteng Division, Pretoria", "Magistrate's Court, Wynberg"). */
  courtName: string;
  onCourtOnline: boolean;
};

export type LegalRepData = {
  firmId: number | null;
  firmName: string;
  firmEmail: string;
  firmAddress: string;
  branchId: number | null;
  branchName: string;
  digitalServiceAddress: string;
  /** For a document after initiating process: electronic (default) or the sheriff. '' when not chosen. */
  serviceMethod: ServiceMethod | '';
  /** The sheriff who serves it (initiating process, or the sheriff chosen). */
  sheriffId: number | null;
  sheriffName: string;
  /** Where the other party nominated the address for electronic service. */
  addressSource: AddressSource | '';
};

type StepStatus = {
  step1_completed: boolean;
  step2_completed: boolean;
  step3_completed: boolean;
  step4_completed: boolean;
  step5_completed: boolean;
  last_active_step: Step;
  completion_percentage: number;
};

type FileInfo = { has_files: boolean; file_count: number; file_names: string[] };

type DraftMetadata = {
  step_status: StepStatus;
  wizard_data: {
    case_info: CaseInfo;
    party_data: PartyData;
    legal_rep_data: LegalRepData;
    signature: string;
    file_info: FileInfo;
    /** The citation as saved: each party's id (once linked), role and name. */
    parties?: { party_id: number | null; role: string; name: string }[];
  };
  last_saved_at: string;
  version: typeof DRAFT_METADATA_VERSION;
};

export const emptyCaseInfo = (user?: { full_name?: string | null; email?: string | null }): CaseInfo => ({
  title: '',
  attorneyName: user?.full_name ?? '',
  attorneyEmail: user?.email ?? '',
  caseNumber: '',
  casePriority: '',
  caseCategory: '',
  documentType: '',
  courtName: '',
  onCourtOnline: false,
});

export const emptyLegalRep = (): LegalRepData => ({
  firmId: null,
  firmName: '',
  firmEmail: '',
  firmAddress: '',
  branchId: null,
  branchName: '',
  digitalServiceAddress: '',
  serviceMethod: '',
  sheriffId: null,
  sheriffName: '',
  addressSource: '',
});

/** Step 4 keeps the service choices when the legal representative is changed or cleared. */
export const withServiceChoices = (rep: LegalRepData, from: LegalRepData): LegalRepData => ({
  ...rep,
  serviceMethod: from.serviceMethod,
  sheriffId: from.sheriffId,
  sheriffName: from.sheriffName,
  addressSource: from.addressSource,
});

// ---- catalogue --------------------------------------------------------------------------------

export const documentTypesFor = (category: CaseCategory | ''): readonly string[] =>
  category ? DOCUMENT_CATALOGUE[category] : [];

/** Spec 2.2: the document type is reset when the category changes to one that does not contain it. */
export const changeCategory = (info: CaseInfo, category: CaseCategory | ''): CaseInfo => ({
  ...info,
  caseCategory: category,
  documentType:
    info.documentType && documentTypesFor(category).includes(info.documentType) ? info.documentType : '',
});

/** A stored document_type (converted) back to the catalogue label, with the category it belongs to. */
const documentTypeFromValue = (
  value: string | null | undefined,
  category?: string | null,
): { label: string; category: CaseCategory | '' } => {
  if (!value) return { label: '', category: isCategory(category) ? category : '' };
  if (isCategory(category)) {
    const label = DOCUMENT_CATALOGUE[category].find((l) => toDocumentTypeValue(l) === value);
    if (label) return { label, category };
  }
  const known = DOCUMENT_TYPES.find((t) => t.value === value);
  return known ? { label: known.label, category: known.category } : { label: '', category: '' };
};

const isCategory = (value: unknown): value is CaseCategory =>
  typeof value === 'string' && (CASE_CATEGORIES as string[]).includes(value);
const isPriority = (value: unknown): value is CasePriority =>
  typeof value === 'string' && (CASE_PRIORITIES as readonly string[]).includes(value);

// ---- validation (spec 2 §5) -------------------------------------------------------------------

const blank = (value: string | null | undefined) => !value || value.trim() === '';

export const COURT_REQUIRED = 'Court is required';

/** Step 1 messages in the spec's order (text trimmed first), then the court. */
export const validateCaseInfo = (info: CaseInfo): string[] => {
  const messages: string[] = [];
  if (blank(info.title)) messages.push('Document title is required');
  if (blank(info.attorneyName)) messages.push('Attorney Name is required');
  if (blank(info.attorneyEmail)) messages.push('Attorney Email is required');
  else if (!EMAIL_PATTERN.test(info.attorneyEmail.trim()))
    messages.push('Please enter a valid email address');
  if (blank(info.caseNumber)) messages.push('Case Number is required');
  if (blank(info.casePriority)) messages.push('Case Priority is required');
  if (blank(info.caseCategory)) messages.push('Case Category is required');
  if (blank(info.documentType)) messages.push('Document Type is required');
  if (blank(info.courtName)) messages.push(COURT_REQUIRED);
  else if (!normalizeCourtName(info.courtName)) messages.push(COURT_NAME_INVALID);
  else if (info.onCourtOnline && isMagistratesCourt(normalizeCourtName(info.courtName)))
    messages.push(COURT_ONLINE_HIGH_COURT_ONLY);
  return messages;
};

/** Step 1 is complete when every case-info field is present. */
const isCaseInfoComplete = (info: CaseInfo): boolean =>
  !blank(info.title) &&
  !blank(info.attorneyName) &&
  !blank(info.attorneyEmail) &&
  !blank(info.caseNumber) &&
  !blank(info.casePriority) &&
  !blank(info.caseCategory) &&
  !blank(info.documentType) &&
  !blank(info.courtName);

export const validateUploadStep = (hasFiles: boolean): string[] =>
  hasFiles ? [] : ['Please upload at least one document'];

/**
 * Step 4 ("Legal Rep", how the document is served): the server's own channel rules (serviceProblems), then for
 * electronic service the legal representative whose DSA is served on.
 */
export const validateLegalRep = (
  rep: LegalRepData,
  info: Pick<CaseInfo, 'documentType' | 'onCourtOnline' | 'courtName'>,
): string[] => {
  const { method, problems } = serviceProblems({
    documentType: info.documentType ? toDocumentTypeValue(info.documentType) : null,
    serviceMethod: rep.serviceMethod || null,
    assignedSheriffId: rep.sheriffId,
    onCourtOnline: info.onCourtOnline,
    inMagistratesCourt: isMagistratesCourt(info.courtName),
  });
  if (problems.length) return problems.map((p) => p.msg);
  if (method !== 'electronic') return [];
  if (!rep.firmId) return ['Please select a law firm'];
  if (!rep.branchId) return ['Please select a branch'];
  if (blank(rep.digitalServiceAddress)) return ['Selected branch must have a digital service address'];
  return [];
};
const isLegalRepComplete = (rep: LegalRepData, info: CaseInfo): boolean =>
  validateLegalRep(rep, info).length === 0;

const SIGNATURE_NAME_MISSING = 'User name is required for digital signature. Please update your profile.';
const SIGNATURE_REQUIRED = 'Digital signature is required to complete the document.';

export const validateSignature = (fullName: string | null | undefined, signature: string): string[] => {
  if (!signatureFromName(fullName)) return [SIGNATURE_NAME_MISSING];
  if (blank(signature)) return [SIGNATURE_REQUIRED];
  return [];
};

/** Spec 2.6: the first word of full_name plus its last word; null without a name. */
export const signatureFromName = (fullName: string | null | undefined): string | null => {
  const words = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  if (!words.length) return null;
  return words.length === 1 ? (words[0] as string) : `${words[0]} ${words[words.length - 1]}`;
};

// ---- the save-draft button (spec 2.2) ----------------------------------------------------------

const SAVE_LABELS: Record<Step, { incomplete: string; complete: string }> = {
  1: { incomplete: 'Complete case information to save', complete: 'Save Draft' },
  2: { incomplete: 'Upload document to save', complete: 'Save Draft with Document' },
  3: { incomplete: 'Complete party details to save', complete: 'Save Draft with Parties' },
  4: { incomplete: 'Select firm and branch to save', complete: 'Save Draft with Legal Rep' },
  5: { incomplete: 'Add signature to finalize', complete: 'Save Complete Draft' },
};

export const saveButtonLabel = (step: Step, complete: boolean, saving: boolean): string =>
  saving ? 'Saving...' : complete ? SAVE_LABELS[step].complete : SAVE_LABELS[step].incomplete;

export type WizardSnapshot = {
  currentStep: Step;
  caseInfo: CaseInfo;
  partyData: PartyData;
  legalRep: LegalRepData;
  signature: string;
  /** Files uploaded to the draft, or staged for upload. */
  fileCount: number;
  /** Parties in the citation (step 3); the party form counts when it is valid for saving. */
  citationCount?: number;
};

/** Whether the fields of the current step are complete (save-draft and submit buttons). */
export const isStepFieldsComplete = (step: Step, s: WizardSnapshot): boolean => {
  switch (step) {
    case 1:
      return isCaseInfoComplete(s.caseInfo);
    case 2:
      return s.fileCount > 0;
    case 3:
      return (s.citationCount ?? 0) > 0 || isPartyValidForSave(s.partyData);
    case 4:
      return isLegalRepComplete(s.legalRep, s.caseInfo);
    case 5:
      return !blank(s.signature);
  }
};

// ---- step status, percentage, recommended step (spec 2 §4) ------------------------------------

/** Step completion for drafts: cumulative (a step counts as complete if any later step is). */
export const computeStepStatus = (s: WizardSnapshot): StepStatus => {
  const raw = [
    isCaseInfoComplete(s.caseInfo),
    s.fileCount > 0 || s.currentStep > 2,
    s.currentStep > 3 || (s.citationCount ?? 0) > 0 || isPartyValidForSave(s.partyData),
    s.currentStep > 4 || isLegalRepComplete(s.legalRep, s.caseInfo),
    !blank(s.signature),
  ];
  for (let i = raw.length - 2; i >= 0; i--) raw[i] = raw[i] || Boolean(raw[i + 1]);
  return withPercentage({
    step1_completed: Boolean(raw[0]),
    step2_completed: Boolean(raw[1]),
    step3_completed: Boolean(raw[2]),
    step4_completed: Boolean(raw[3]),
    step5_completed: Boolean(raw[4]),
    last_active_step: s.currentStep,
    completion_percentage: 0,
  });
};

const completedFlags = (status: StepStatus): boolean[] => [
  status.step1_completed,
  status.step2_completed,
  status.step3_completed,
  status.step4_completed,
  status.step5_completed,
];

/** completion_percentage = round(completed steps / 5 × 100). */
const completionPercentage = (
  status: Omit<StepStatus, 'completion_percentage' | 'last_active_step'>,
): number =>
  Math.round(
    (completedFlags({ ...status, completion_percentage: 0, last_active_step: 1 }).filter(Boolean).length /
      WIZARD_STEPS) *
      100,
  );

const withPercentage = (status: StepStatus): StepStatus => ({
  ...status,
  completion_percentage: completionPercentage(status),
});

/** The first incomplete step, at most 5. */
export const recommendedStep = (status: StepStatus): Step => {
  const index = completedFlags(status).findIndex((done) => !done);
  return (index === -1 ? WIZARD_STEPS : index + 1) as Step;
};

/** Without draft metadata the state is inferred from the document (spec 2 §4). */
export const inferStepStatus = (
  doc: Pick<Document, 'title' | 'client_name' | 'case_number' | 'file_name'>,
): StepStatus =>
  withPercentage({
    step1_completed: !blank(doc.title) && !blank(doc.client_name) && !blank(doc.case_number),
    step2_completed: Boolean(doc.file_name),
    step3_completed: false,
    step4_completed: false,
    step5_completed: false,
    last_active_step: doc.file_name ? 3 : 2,
    completion_percentage: 0,
  });

const toStepStatus = (raw: unknown): StepStatus | null => {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const status: StepStatus = {
    step1_completed: r.step1_completed === true,
    step2_completed: r.step2_completed === true,
    step3_completed: r.step3_completed === true,
    step4_completed: r.step4_completed === true,
    step5_completed: r.step5_completed === true,
    last_active_step: toStep(r.last_active_step) ?? 1,
    completion_percentage: 0,
  };
  return withPercentage(status);
};

/** draft_metadata arrives as an object or a JSON string; the server also parses it. */
const parseDraftMetadata = (
  doc: Pick<Document, 'draft_metadata' | 'parsed_draft_metadata'>,
): Partial<DraftMetadata> | null => {
  if (doc.parsed_draft_metadata && typeof doc.parsed_draft_metadata === 'object')
    return doc.parsed_draft_metadata as Partial<DraftMetadata>;
  if (typeof doc.draft_metadata === 'string' && doc.draft_metadata.trim()) {
    try {
      const parsed = JSON.parse(doc.draft_metadata) as unknown;
      return parsed && typeof parsed === 'object' ? (parsed as Partial<DraftMetadata>) : null;
    } catch {
      return null;
    }
  }
  return null;
};

const isDraft = (doc: Pick<Document, 'status' | 'status_enum'>): boolean =>
  doc.status === 'draft' || doc.status_enum === 'draft';

/** A document's step status: from its metadata when present, else inferred. */
export const stepStatusOf = (doc: Document): StepStatus =>
  toStepStatus(parseDraftMetadata(doc)?.step_status) ?? inferStepStatus(doc);

/** Progress % in My Cases: drafts from their step status; non-drafts count as 100. */
export const documentCompletion = (doc: Document): number =>
  isDraft(doc) ? stepStatusOf(doc).completion_percentage : 100;

// ---- metadata --------------------------------------------------------------------------------

export const buildDraftMetadata = (
  s: WizardSnapshot & { fileNames: string[]; parties?: DraftMetadata['wizard_data']['parties'] },
  now = new Date(),
): DraftMetadata => ({
  step_status: computeStepStatus(s),
  wizard_data: {
    case_info: s.caseInfo,
    party_data: s.partyData,
    legal_rep_data: s.legalRep,
    signature: s.signature,
    file_info: { has_files: s.fileCount > 0, file_count: s.fileCount, file_names: s.fileNames },
    ...(s.parties ? { parties: s.parties } : {}),
  },
  last_saved_at: now.toISOString(),
  version: DRAFT_METADATA_VERSION,
});

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

const toCaseInfo = (raw: unknown, doc: Document): CaseInfo => {
  const r = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const fromDoc = documentTypeFromValue(doc.document_type, doc.case_category);
  const category = isCategory(r.caseCategory) ? r.caseCategory : fromDoc.category;
  const documentType = str(r.documentType) || fromDoc.label;
  return {
    title: str(r.title) || (doc.title === 'Draft Document' ? '' : doc.title),
    attorneyName: str(r.attorneyName) || (doc.client_name ?? ''),
    attorneyEmail: str(r.attorneyEmail),
    caseNumber: str(r.caseNumber) || (doc.case_number ?? ''),
    casePriority: isPriority(r.casePriority) ? r.casePriority : (doc.case_priority ?? ''),
    caseCategory: category,
    documentType: category && documentTypesFor(category).includes(documentType) ? documentType : '',
    courtName: str(r.courtName) || (doc.court_name ?? ''),
    onCourtOnline: typeof r.onCourtOnline === 'boolean' ? r.onCourtOnline : Boolean(doc.on_court_online),
  };
};

const toLegalRep = (raw: unknown, doc: Document): LegalRepData => {
  const r = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const num = (value: unknown) => (typeof value === 'number' && value > 0 ? value : null);
  return {
    firmId: num(r.firmId) ?? doc.firm_id ?? null,
    firmName: str(r.firmName) || (doc.firm?.name ?? ''),
    firmEmail: str(r.firmEmail) || (doc.firm?.contact_email ?? ''),
    firmAddress: str(r.firmAddress) || (doc.firm?.address ?? ''),
    branchId: num(r.branchId) ?? doc.branch_id ?? null,
    branchName: str(r.branchName) || (doc.assigned_branch?.name ?? ''),
    digitalServiceAddress: str(r.digitalServiceAddress) || (doc.digital_service_address ?? ''),
    serviceMethod: r.serviceMethod === 'electronic' || r.serviceMethod === 'sheriff' ? r.serviceMethod : '',
    sheriffId: num(r.sheriffId) ?? doc.assigned_sheriff_id ?? null,
    sheriffName: str(r.sheriffName) || (doc.assigned_sheriff?.full_name ?? ''),
    addressSource: (str(r.addressSource) || (doc.service_address_source ?? '')) as AddressSource | '',
  };
};

// ---- resume (spec 2 §3, §4) ------------------------------------------------------------------

export type ResumeRecord = {
  documentId: number;
  currentStep: Step;
  stepStatus: StepStatus;
  caseInfo: CaseInfo;
  partyData: PartyData;
  legalRepData: LegalRepData;
  signature: string;
  hasExistingFile: boolean;
  timestamp: number;
};

export const RESUME_STORAGE_KEY = 'resume_draft';
const RESUME_VALIDITY_MS = 300_000;

/** Everything the wizard needs to continue a draft, from the document itself. */
export const resumeRecordFromDocument = (
  doc: Document,
  currentStep?: Step,
  now = Date.now(),
): ResumeRecord => {
  const meta = parseDraftMetadata(doc);
  const stepStatus = stepStatusOf(doc);
  return {
    documentId: doc.id,
    currentStep: currentStep ?? recommendedStep(stepStatus),
    stepStatus,
    caseInfo: toCaseInfo(meta?.wizard_data?.case_info, doc),
    partyData: meta?.wizard_data?.party_data ? toPartyData(meta.wizard_data.party_data) : emptyParty(),
    legalRepData: toLegalRep(meta?.wizard_data?.legal_rep_data, doc),
    signature: str(meta?.wizard_data?.signature) || (doc.signature_name ?? ''),
    hasExistingFile: Boolean(doc.file_name) || doc.file_count > 0,
    timestamp: now,
  };
};

export const storeResumeRecord = (record: ResumeRecord, storage: Storage = localStorage): void => {
  try {
    storage.setItem(RESUME_STORAGE_KEY, JSON.stringify(record));
  } catch {
    // A full or blocked storage only means the wizard will load the draft from the server.
  }
};

/**
 * Reads the resume record for a draft and deletes it (it is used once). A record older than 5 minutes, for
 * another draft, or unreadable is ignored.
 */
export const takeResumeRecord = (
  documentId: number,
  now = Date.now(),
  storage: Storage = localStorage,
): ResumeRecord | null => {
  let raw: string | null = null;
  try {
    raw = storage.getItem(RESUME_STORAGE_KEY);
    storage.removeItem(RESUME_STORAGE_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const record = JSON.parse(raw) as ResumeRecord;
    if (record.documentId !== documentId) return null;
    if (
      typeof record.timestamp !== 'number' ||
      now - record.timestamp >= RESUME_VALIDITY_MS ||
      now < record.timestamp
    )
      return null;
    return {
      ...record,
      currentStep: toStep(record.currentStep) ?? 1,
      partyData: toPartyData(record.partyData),
      caseInfo: { ...emptyCaseInfo(), ...record.caseInfo },
      legalRepData: { ...emptyLegalRep(), ...record.legalRepData },
      signature: str(record.signature),
    };
  } catch {
    return null;
  }
};

/** The step a resumed draft opens at: the chosen one, else from its step status (spec 2 §4). */
export const startStepOf = (record: Pick<ResumeRecord, 'stepStatus'>, requested: Step | null): Step =>
  requested ?? recommendedStep(record.stepStatus);

// ---- relative times (spec 2.7, 2.8) ----------------------------------------------------------

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Resume dialog: "Just now", or n minutes, hours or days ago. */
export const relativeSaved = (iso: string | null | undefined, now = Date.now()): string => {
  if (!iso) return '-';
  const diff = now - new Date(iso).getTime();
  if (Number.isNaN(diff)) return '-';
  if (diff < MINUTE) return 'Just now';
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;
  if (diff < HOUR) return plural(Math.floor(diff / MINUTE), 'minute');
  if (diff < DAY) return plural(Math.floor(diff / HOUR), 'hour');
  return plural(Math.floor(diff / DAY), 'day');
};

/** My Cases drafts: "Last saved: ..." relative in hours or days. */
export const relativeHoursOrDays = (iso: string | null | undefined, now = Date.now()): string => {
  if (!iso) return '-';
  const diff = Math.max(0, now - new Date(iso).getTime());
  if (Number.isNaN(diff)) return '-';
  if (diff < DAY) {
    const hours = Math.floor(diff / HOUR);
    return hours < 1 ? 'less than an hour ago' : `${hours} hour${hours === 1 ? '' : 's'} ago`;
  }
  const days = Math.floor(diff / DAY);
  return `${days} day${days === 1 ? '' : 's'} ago`;
};

/** The time a draft was last saved: its metadata's last_saved_at, else updated_at. */
export const lastSavedAt = (doc: Document): string => {
  const meta = parseDraftMetadata(doc);
  return typeof meta?.last_saved_at === 'string' ? meta.last_saved_at : doc.updated_at;
};

/** Draft-save success messages per step (spec 2 §8). */
export const DRAFT_SAVED_MESSAGES: Record<Step, string> = {
  1: 'Case information saved as draft! You can continue with document upload when ready. You can resume anytime from My Cases.',
  2: 'Document(s) uploaded and saved to draft! You can now add parties or proceed to legal representative details. You can resume anytime from My Cases.',
  3: 'Party information saved to draft! Next, add legal representative details to complete your draft. You can resume anytime from My Cases.',
  4: 'Legal representative details saved to draft! Your draft is nearly complete. Add your signature to finalize. You can resume anytime from My Cases.',
  5: 'Complete draft saved with signature! Your document is ready for final review and submission. You can resume anytime from My Cases.',
};

/** The document fields of a wizard state (POST and PUT /documents); empties are dropped by the caller. */
export const documentFieldsOf = (info: CaseInfo, rep: LegalRepData) => ({
  title: info.title.trim() || 'Draft Document',
  document_type: info.documentType ? toDocumentTypeValue(info.documentType) : null,
  case_category: info.caseCategory || null,
  case_number: info.caseNumber.trim() || null,
  case_priority: info.casePriority || null,
  client_name: info.attorneyName.trim() || null,
  court_name: normalizeCourtName(info.courtName),
  on_court_online: info.onCourtOnline,
  firm_id: rep.firmId,
  branch_id: rep.branchId,
  digital_service_address: rep.digitalServiceAddress.trim() || null,
  assigned_sheriff_id: rep.sheriffId,
  // A choice only for a document after initiating process; otherwise its type decides.
  service_method:
    serviceChannelOf(info.documentType)?.channel === 'electronic_or_sheriff'
      ? rep.serviceMethod || null
      : null,
  service_address_source: rep.addressSource || null,
});
