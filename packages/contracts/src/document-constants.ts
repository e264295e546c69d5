import { defineErrors } from './errors';

/**
 * The documents contract's plain values, with no zod: enumerations, labels and limits, the document catalogue and the
 * error catalogue. The web app's New Matter wizard draws its first step from these without loading the schema library
 * (docs/performance.md, section 5); documents.ts re-exports them beside the schemas that check them, so the API's
 * imports are unchanged.
 */
// ---------------------------------------------------------------------------------------------------------
// Enumerations and business constants (spec 2 §4, §9)
// ---------------------------------------------------------------------------------------------------------

export const DOCUMENT_STATUSES = [
  'draft',
  'pending',
  'in_progress',
  'assigned',
  'served',
  'delivered',
  'completed',
  'received',
  'urgent',
  'cancelled',
  'archived',
] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** Statuses before service: the document can still be edited and submitted. */
export const PRE_SERVICE_STATUSES = [
  'draft',
  'pending',
  'in_progress',
  'assigned',
  'urgent',
] as const satisfies readonly DocumentStatus[];
/** Statuses of a closed case (My Cases "closed"). */
export const CLOSED_STATUSES = [
  'completed',
  'cancelled',
  'archived',
] as const satisfies readonly DocumentStatus[];
/** My Cases sub-tab membership (spec 2 §4). */
export const MY_CASES_SUBTABS = {
  active: ['pending', 'assigned', 'in_progress', 'served', 'received'],
  closed: ['completed', 'cancelled', 'archived'],
  drafts: ['draft'],
} as const satisfies Record<string, readonly DocumentStatus[]>;
/** The My Cases sub-tabs: urgent (case priority urgent, whatever the status), then by status (MY_CASES_SUBTABS). */
export const MY_CASES_SUBTAB_VALUES = ['urgent', 'active', 'closed', 'drafts'] as const;
export type MyCasesSubtabValue = (typeof MY_CASES_SUBTAB_VALUES)[number];

/**
 * Status changes a PUT may make. Reaching `served` is the submit, which also checks every wizard step;
 * `completed` is reached through case closure only. A served document never goes back before service.
 */
export const STATUS_TRANSITIONS: Record<DocumentStatus, readonly DocumentStatus[]> = {
  draft: ['pending', 'in_progress', 'assigned', 'urgent', 'served', 'cancelled'],
  pending: ['draft', 'in_progress', 'assigned', 'urgent', 'served', 'cancelled'],
  in_progress: ['draft', 'pending', 'assigned', 'urgent', 'served', 'cancelled'],
  assigned: ['draft', 'pending', 'in_progress', 'urgent', 'served', 'cancelled'],
  urgent: ['draft', 'pending', 'in_progress', 'assigned', 'served', 'cancelled'],
  served: ['delivered', 'received'],
  delivered: ['received'],
  received: [],
  completed: ['archived'],
  cancelled: ['archived'],
  archived: [],
};
export const canTransition = (from: DocumentStatus, to: DocumentStatus): boolean =>
  from === to || STATUS_TRANSITIONS[from].includes(to);

export const CASE_PRIORITIES = ['urgent', 'restricted_access', 'high_profile', 'none_of_the_above'] as const;
export type CasePriority = (typeof CASE_PRIORITIES)[number];
export const CASE_PRIORITY_LABELS: Record<CasePriority, string> = {
  urgent: 'Urgent',
  restricted_access: 'Restricted Access',
  high_profile: 'High Profile',
  none_of_the_above: 'None of the above',
};

/** How a document type is served; the table and its rules are in service-channels.ts. */
export const SERVICE_CHANNELS = ['sheriff', 'electronic_or_sheriff', 'not_served'] as const;
export type ServiceChannel = (typeof SERVICE_CHANNELS)[number];
/**
 * How this document is served: by the sheriff, or electronically under Uniform Rule 4A. Initiating process is always
 * served by the sheriff; a document after initiating process may go either way (electronic unless chosen otherwise).
 */
export const SERVICE_METHODS = ['electronic', 'sheriff'] as const;
/**
 * Where the address for Rule 4A service was nominated (labels and rules in service-channels.ts). The last one is what
 * LexServe knows without being told: the address the other firm's branch registered here.
 */
export const ADDRESS_SOURCE_VALUES = [
  'uniform_rule_17_3',
  'uniform_rule_19_3',
  'uniform_rule_6_5_b',
  'uniform_rule_6_5_d_i',
  'registered_on_lexserve',
] as const;
export type AddressSource = (typeof ADDRESS_SOURCE_VALUES)[number];
export type ServiceMethod = (typeof SERVICE_METHODS)[number];
export const SERVICE_METHOD_LABELS: Record<ServiceMethod, string> = {
  electronic: 'Electronic service (Uniform Rule 4A)',
  sheriff: 'Service by the sheriff',
};

/** Status words users see; `assigned` after submit is the sheriff's turn. */
export const DOCUMENT_STATUS_LABELS: Record<DocumentStatus, string> = {
  draft: 'Draft',
  pending: 'Pending',
  in_progress: 'In Progress',
  assigned: 'With the sheriff for service',
  served: 'Served',
  delivered: 'Delivered',
  completed: 'Completed',
  received: 'Received',
  urgent: 'Urgent',
  cancelled: 'Cancelled',
  archived: 'Archived',
};

export const WIZARD_STEPS = 5;
export const DRAFT_METADATA_VERSION = 1;
export const MAX_FILE_SIZE_BYTES = 100 * 1024 * 1024;
export const MAX_FILES_PER_UPLOAD = 50;
export const CASE_DETAIL_MAX_FILES = 10;
export const CHUNKED_UPLOAD_THRESHOLD_BYTES = 52_428_800;
export const ACCEPTED_EXTENSIONS = ['.pdf', '.doc', '.docx'] as const;
export const FILE_TYPES = ['pdf', 'doc', 'docx'] as const;
export type FileType = (typeof FILE_TYPES)[number];
export const MIME_TYPES: Record<FileType, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};
export const TIMELINE_DEFAULT_LIMIT = 50;

// ---------------------------------------------------------------------------------------------------------
// Document category catalogue (spec 2 §3)
// ---------------------------------------------------------------------------------------------------------

export const DOCUMENT_CATALOGUE = {
  Pleadings: [
    'Summons Simple',
    'Summons Combined',
    'Particulars of Claim',
    'Notice of Intention to Defend',
    'Plea',
    'Exception',
    'Special Plea',
    'Replication',
    'Rejoinder',
    'Claim in Reconvention / Counterclaim',
    'Plea to Counterclaim',
    'Request for Further Particulars',
    'Notice of Bar',
    'Notice of Intention to Amend Pleadings',
    'Amended Pleadings',
  ],
  'Application Proceedings': [
    'Notice of Motion (On Notice)',
    'Notice of Motion (Ex Parte)',
    'Founding Affidavit',
    'Answering Affidavit',
    'Opposing Affidavit',
    'Replying Affidavit',
    'Supplementary Affidavit',
    'Confirmatory Affidavit',
    'Annexures to Affidavit',
    'Notice of Set Down',
    'Notice of Withdrawal of Application',
  ],
  'Interlocutory and Procedural Applications': [
    'Rule 30 / 30A Applications',
    'Application to Amend (Rule 28)',
    'Application for Discovery (Rule 35)',
    'Application for Security for Costs',
    'Joinder / Intervention Applications',
    'Substitution Applications',
    'Condonation Application',
  ],
  'Trial Preparation': [
    'Discovery Affidavit (Rule 35)',
    'Supplementary Discovery Affidavit',
    'Notice in terms of Rule 35(1), (3), (6), or (7)',
    'Notice to Produce Documents',
    'Notice to Inspect Documents',
    'Expert Notices and Reports',
    'Witness Statements / Summaries',
    'Pre-Trial Minutes',
    'Pre-Trial Conference Notices',
    'Request for Trial Date',
  ],
  'Appeals and Reviews': [
    'Notice of Appeal',
    'Notice of Application for Leave to Appeal',
    'Application for Review (Rule 53)',
    'Record of Proceedings',
    'Supplemented Record',
    'Founding / Answering / Replying Affidavits (Review)',
    'Heads of Argument (Appeal or Review)',
    'Practice Note (Appeal or Review)',
    'Notice of Withdrawal of Appeal',
  ],
  'Urgent Applications': [
    'Certificate of Urgency',
    'Urgent Founding Affidavit',
    'Urgent Notice of Motion',
    'Supporting Urgent Affidavits',
    'Urgent Interim Relief Documentation',
  ],
  'Enforcement & Execution': [
    'Application for Default Judgment',
    'Warrant of Execution',
    'Warrant of Arrest (Rule 39)',
    'Section 58 / 65 Notices',
    'Garnishee Order',
    'Emoluments Attachment Order',
    'Notice of Intention to Execute',
  ],
  'Family Law Matters': [
    'Divorce Summons',
    'Plea / Counterclaim (Divorce)',
    'Rule 43 Application (Interim Relief)',
    'Rule 43 Answering / Replying Affidavits',
    'Parenting Plans',
    'Settlement Agreement (Divorce)',
    'Domestic Violence Protection Order Application',
    'Maintenance Application / Variation',
    'Affidavit in Support of Protection Order',
  ],
  'Commercial / Insolvency': [
    'Liquidation Application (Voluntary or Compulsory)',
    'Sequestration Application',
    'Business Rescue Application / CIPC Notices',
    'Supporting Affidavit – Insolvency',
    'S129 Notification (NCA)',
  ],
  'Court Bundles & Argument Preparation': [
    'Indexed and Paginated Bundle (CaseLines)',
    'Practice Note',
    'Heads of Argument',
    'Chronology of Events',
    'List of Authorities',
    'Index to Court File',
  ],
  'Correspondence & Notices': [
    'Notice of Intention to Oppose',
    'Notice of Withdrawal of Plea or Action',
    'Notice of Intention to Amend (Rule 28)',
    'Notice of Withdrawal of Attorney of Record',
    'Notice of Set Down',
    'Notice of Substitution of Parties',
    'Notice of Removal from the Roll',
    'Notice of Non-Opposition',
    'Rule 35 Notice (Discovery)',
    'Rule 28 Notice (Amendment)',
    'Notice of Bar',
    'Notice of Motion for Postponement',
    'Cover Letter to Court',
    'Service Confirmations / Returns',
  ],
  Letters: [
    'Letter of Demand',
    'Settlement Proposal Letter',
    'Attorney-to-Attorney Correspondence',
    'Instruction Letter to Sheriff',
    'Letter Confirming Service',
    'Letter Requesting Consent to Amend',
    'Registrar Correspondence',
    'Client Instruction Letter',
  ],
  'Miscellaneous & Supporting Documents': [
    'Power of Attorney',
    'Identity Document / Company Resolution',
    'Expert Reports',
    'Medical / Financial Reports',
    'Draft Court Order',
    'Settlement Agreement',
    'Confirmatory Affidavit',
  ],
} as const satisfies Record<string, readonly string[]>;

export type CaseCategory = keyof typeof DOCUMENT_CATALOGUE;
export const CASE_CATEGORIES = Object.keys(DOCUMENT_CATALOGUE) as CaseCategory[];

/**
 * The conversion of a chosen document type into `document_type` (spec 2 §3): lowercased; spaces, slashes and
 * parentheses become underscores; other non-word characters are removed; repeated underscores collapse;
 * leading and trailing underscores are trimmed. "Rule 30 / 30A Applications" → "rule_30_30a_applications".
 */
export const toDocumentTypeValue = (label: string): string =>
  label
    .toLowerCase()
    .replace(/[\s/()]/g, '_')
    .replace(/[^\w]/g, '')
    .replace(/_+/g, '_')
    .replace(/^_+|_+$/g, '');

/** Every converted document type with its label and (first) category. */
export const DOCUMENT_TYPES: { value: string; label: string; category: CaseCategory }[] = (() => {
  const seen = new Map<string, { value: string; label: string; category: CaseCategory }>();
  for (const category of CASE_CATEGORIES) {
    for (const label of DOCUMENT_CATALOGUE[category]) {
      const value = toDocumentTypeValue(label);
      if (!seen.has(value)) seen.set(value, { value, label, category });
    }
  }
  return [...seen.values()];
})();
const TYPE_BY_VALUE = new Map(DOCUMENT_TYPES.map((t) => [t.value, t]));

/** The label of a converted document type ("summons_simple" → "Summons Simple"); unknown values as given. */
export const documentTypeLabel = (value: string | null | undefined): string =>
  value ? (TYPE_BY_VALUE.get(value)?.label ?? value) : '';
export const isKnownDocumentType = (value: string) => TYPE_BY_VALUE.has(value);
export const documentTypesOf = (category: CaseCategory) =>
  DOCUMENT_CATALOGUE[category].map(toDocumentTypeValue);

/**
 * With a sub-tab, its `total` (and its count) stop at this many, and the other sub-tabs' counts at
 * MY_CASES_BADGE_LIMIT (a badge shows 99+): they cost the same at any firm size. A count or total equal to its limit
 * means "at least".
 */
export const MY_CASES_COUNT_LIMIT = 1000;
export const MY_CASES_BADGE_LIMIT = 100;

// ---------------------------------------------------------------------------------------------------------
// Error catalogue (spec 2 §8; LexServe's own words where the spec has none)
// ---------------------------------------------------------------------------------------------------------

export const DocumentErrors = defineErrors({
  /** The document does not exist or is outside the actor's scope (another firm, branch or sheriff). `{id}` is replaced. */
  DOCUMENT_NOT_FOUND: {
    status: 404,
    message: "Document not found: The document ID {id} doesn't exist or you don't have access to it.",
  },
  /** A role that may not upload (sheriff, system admin). */
  UPLOAD_FORBIDDEN: {
    status: 403,
    message: "Access denied: You don't have permission to upload files to this document.",
  },
  /** A role that may not create bundles. */
  BUNDLE_FORBIDDEN: {
    status: 403,
    message:
      'You do not have permission to create bundles for this document. Please check your access rights.',
  },
  /** A download outside the actor's rights. */
  DOWNLOAD_FORBIDDEN: {
    status: 403,
    message: 'You do not have permission to download this file. Please check your access rights.',
  },
  /** The file is not a file of the document, or has no stored content. */
  FILE_NOT_FOUND: { status: 404, message: 'File not found. It may have been deleted or moved.' },
  /** The store failed while reading the file. */
  DOWNLOAD_FAILED: {
    status: 500,
    message: 'Server error occurred while downloading the file. Please try again later.',
  },
  /** The role may not create, change or delete documents. */
  DOCUMENT_FORBIDDEN: {
    status: 403,
    message: 'Access forbidden. You may not have permission to perform this action.',
  },
  /** The audit certificate (IP addresses and browsers of the trail) is for the firm's people and the assigned sheriff. */
  AUDIT_CERTIFICATE_FORBIDDEN: {
    status: 403,
    message: "The audit certificate is issued only to the document's firm and its assigned sheriff.",
  },
  /** DELETE on a document that is not a draft. */
  ONLY_DRAFTS_DELETABLE: { status: 409, message: 'Only draft documents can be deleted.' },
  /** A change of the served content (title, case, parties, files, legal representative) after service. */
  DOCUMENT_SERVED_LOCKED: {
    status: 409,
    message: 'This document has been served; its case details can no longer be changed.',
  },
  /** A status change the state machine does not allow. `{from}`/`{to}` are replaced. */
  INVALID_STATUS_TRANSITION: {
    status: 409,
    message: 'The document status cannot change from {from} to {to}.',
  },
  /** delivered / received are facts of the delivery record, not claims. */
  DELIVERY_NOT_EVIDENCED: {
    status: 409,
    message:
      'The recipient has not {action} the served documents yet: the document becomes {status} when its delivery record shows it.',
  },
  /** A served document sent back to draft. */
  SERVED_TO_DRAFT: { status: 409, message: 'A served document cannot go back to draft.' },
  /** Any change to a revoked document. */
  DOCUMENT_REVOKED: { status: 409, message: 'This document has been revoked and can no longer be changed.' },
  /** Changes to a completed, cancelled or archived case. */
  DOCUMENT_CLOSED: { status: 409, message: 'This case is closed; its documents can no longer be changed.' },
  /** More than 50 files in one upload. */
  TOO_MANY_FILES: {
    status: 413,
    message: 'You can only upload 50 files at once. Please deselect some files.',
  },
  /** An upload with no file part. */
  NO_FILES: { status: 422, message: 'Please select at least one file to upload' },
  /** An upload without document_id. */
  UPLOAD_DOCUMENT_ID_REQUIRED: { status: 422, message: 'A valid document ID is required to upload files.' },
  /** A body that is not multipart/form-data, or is cut off or malformed. */
  UPLOAD_MALFORMED: {
    status: 400,
    message: 'The upload could not be read. Please try uploading the files again.',
  },
  /** Every file of the upload was refused; detail lists each. */
  UPLOAD_ALL_REJECTED: { status: 422, message: 'Some files were rejected: {reasons}' },
  /** Per-file: over 100 MB. */
  FILE_TOO_LARGE: { status: 413, message: 'File too large (max 100MB)' },
  /** Per-file: content is not PDF, DOC or DOCX, or does not match the extension. */
  INVALID_FILE_TYPE: { status: 422, message: 'Invalid file type' },
  /** Per-file: no content. */
  EMPTY_FILE: { status: 422, message: 'File is empty' },
  /** A file of another document, or an unknown id, in a bundle. `{id}` is replaced. */
  BUNDLE_FILE_NOT_FOUND: { status: 422, message: 'File {id} is not a file of this document.' },
  /** A bundle chosen as a bundle source. */
  BUNDLE_OF_BUNDLE: { status: 422, message: 'Bundle files cannot be put into a bundle.' },
  /** The document has no file that can be bundled. */
  BUNDLE_NOTHING_AVAILABLE: { status: 422, message: 'No files available to bundle' },
  /** Word files while LibreOffice (soffice) is not installed. `{names}` is replaced. */
  BUNDLE_WORD_UNSUPPORTED: {
    status: 422,
    message:
      'Word documents cannot be converted for bundling on this server: {names}. Save them as PDF, upload them and try again.',
  },
  /** A Word file LibreOffice could not convert. `{name}` is replaced. */
  BUNDLE_CONVERSION_FAILED: {
    status: 422,
    message: '{name} could not be converted to PDF. Save it as PDF, upload it and try again.',
  },
  /** A PDF pdf-lib cannot read (damaged or password-protected). `{name}` is replaced. */
  BUNDLE_PDF_UNREADABLE: {
    status: 422,
    message: '{name} could not be read as a PDF. It may be damaged or password-protected.',
  },
  /** The bundle would pass PDF_MAX_PAGES pages with this file. `{name}`, `{limit}` (formatted, e.g. 2,000) are replaced. */
  BUNDLE_TOO_MANY_PAGES: {
    status: 422,
    message: '{name} has too many pages to bundle (limit {limit} pages per bundle).',
  },
  /** A PDF whose compressed parts inflate past PDF_MAX_INFLATED_MB when read (a decompression bomb). `{name}`, `{limit}` are replaced. */
  BUNDLE_PDF_TOO_LARGE_INFLATED: {
    status: 422,
    message:
      '{name} expands to more than {limit} MB when read, more than this server processes. Save it again as PDF (for example with "Print to PDF") and try again.',
  },
  /** Reading the PDF took the PDF worker past its memory limit (PDF_WORKER_MEMORY_MB). `{name}` is replaced. */
  BUNDLE_PDF_TOO_COMPLEX: {
    status: 422,
    message:
      '{name} needs more memory to process than this server allows. It may be damaged or unusually complex. Save it again as PDF and try again.',
  },
  /** Reading the PDF took the bundle past its time limit (PDF_TIMEOUT_SECONDS). `{name}`, `{seconds}` are replaced. */
  BUNDLE_PDF_TIMEOUT: {
    status: 422,
    message:
      '{name} could not be processed within the time limit ({seconds} s). It may be damaged or unusually complex. Save it again as PDF and try again.',
  },
  /** Writing the merged bundle passed the time or memory limit. `{seconds}` is replaced. */
  BUNDLE_TOO_COMPLEX: {
    status: 422,
    message:
      'The bundle could not be made within the limits of this server ({seconds} s, {memory} MB). Bundle fewer or smaller files.',
  },
  /** The chosen files together pass PDF_MAX_BUNDLE_MB. `{limit}` is replaced. */
  BUNDLE_TOO_LARGE: {
    status: 413,
    message:
      'The chosen files are too large to bundle together (limit {limit} MB in all). Bundle fewer files.',
  },
  /** Every PDF worker is busy and the queue is full. */
  BUNDLE_BUSY: {
    status: 503,
    message: 'The server is busy making other bundles. Please try again in a minute.',
  },
  /** Submit: the signed-in user has no name. */
  SIGNATURE_NAME_MISSING: {
    status: 422,
    message: 'User name is required for digital signature. Please update your profile.',
  },
  /** The assigned sheriff id is not an active sheriff. */
  SHERIFF_NOT_FOUND: { status: 422, message: 'The selected sheriff does not exist or is not active.' },
  /** Submit of a document served by the sheriff without one. `{type}`, `{rule}` are replaced. */
  SHERIFF_REQUIRED: {
    status: 422,
    message: 'Assign a sheriff before submitting: a {type} is served by the sheriff ({rule}).',
  },
  /** Submit of a type that is filed, handed up or signed, never served. `{type}`, `{explanation}` are replaced. */
  NOT_A_SERVED_DOCUMENT: {
    status: 422,
    message: 'A {type} is not served, so it cannot be submitted for service: {explanation}',
  },
  /** Electronic service on a Court Online matter. */
  COURT_ONLINE_E_SERVICE: {
    status: 422,
    message:
      'This matter runs on Court Online: documents after initiating process are served through Court Online (Uniform Rules 1A and 1B), not by LexServe e-mail. Serve it on Court Online, or choose service by the sheriff.',
  },
  /** Electronic service chosen for initiating process. `{type}` is replaced. */
  ELECTRONIC_NOT_ALLOWED: {
    status: 422,
    message:
      "A {type} is initiating process: it is served by the sheriff (Uniform Rule 4(1)(a); Magistrates' Courts Rule 9), not electronically.",
  },
  /** A PUT that would mark a document with the sheriff served (only the sheriff's return does). */
  AWAITING_SHERIFF_RETURN: {
    status: 409,
    message:
      'This document is with the sheriff for service: it becomes served when the sheriff issues the return of service.',
  },
  /** Service attempts by anyone but the assigned sheriff. */
  NOT_ASSIGNED_SHERIFF: {
    status: 403,
    message: 'Only the sheriff assigned to this document can record service attempts.',
  },
  /** Revocation by a role other than firm_admin. */
  REVOKE_FORBIDDEN: { status: 403, message: 'Only a firm administrator can revoke a served document.' },
  /** Revocation of a document that was never served. */
  REVOKE_NOT_SERVED: { status: 409, message: 'Only a served document can be revoked.' },
  /** Second revocation. */
  ALREADY_REVOKED: { status: 409, message: 'This document has already been revoked.' },
  /** The chosen legal representative firm does not exist. */
  LEGAL_REP_FIRM_NOT_FOUND: { status: 422, message: 'Please select a law firm' },
  /** The chosen branch is unknown or not a branch of the chosen firm. */
  LEGAL_REP_BRANCH_NOT_FOUND: { status: 422, message: 'Please select a branch' },
  /** Resending the DSA link of a document that was not served. */
  DELIVERY_NOT_SERVED: {
    status: 409,
    message: 'Only a served document can be delivered to a digital service address.',
  },
  /** Served copy of a document that is not served yet (a draft, or with the sheriff until the return of service). */
  SERVED_COPY_NOT_SERVED: {
    status: 409,
    message: 'This document has not been served yet. Its stamped served copies are made when it is served.',
  },
  /** Served copy of a file that was not part of the service (uploaded after it). `{name}` is replaced. */
  SERVED_COPY_FILE_NOT_SERVED: {
    status: 409,
    message: '{name} was not part of the service, so it has no served copy.',
  },
  /** Served copy of a Word file. `{name}` is replaced. */
  SERVED_COPY_NOT_PDF: {
    status: 409,
    message:
      '{name} is a Word document: stamped served copies are made of PDFs only. Download the file as it was served.',
  },
  /** The file could not be stamped (kept as the copy's record). `{name}`, `{problem}` are replaced. */
  SERVED_COPY_FAILED: {
    status: 409,
    message:
      '{name} could not be stamped: {problem}. It was served as uploaded; download the original instead.',
  },
  /** Every PDF worker is taken. */
  SERVED_COPY_BUSY: {
    status: 503,
    message: 'The server is busy preparing other documents. Please try again in a minute.',
  },
});
