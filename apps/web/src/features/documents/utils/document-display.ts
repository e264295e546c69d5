import {
  CASE_PRIORITY_LABELS,
  DOCUMENT_STATUS_LABELS,
  MY_CASES_SUBTABS,
  documentTypeLabel,
  type CasePriority,
  type Document,
  type DocumentStatus,
} from '@lexserve/contracts/documents';

type ChipColor = 'default' | 'primary' | 'secondary' | 'error' | 'info' | 'success' | 'warning';

/** Spec 2 §4: delivered, completed, served, received success; pending, in_progress, assigned warning; draft info; urgent error. */
export const statusColor = (status: string | null | undefined): ChipColor => {
  switch (status) {
    case 'delivered':
    case 'completed':
    case 'served':
    case 'received':
      return 'success';
    case 'pending':
    case 'in_progress':
    case 'assigned':
      return 'warning';
    case 'draft':
      return 'info';
    case 'urgent':
      return 'error';
    default:
      return 'default';
  }
};

/** "in_progress" → "In Progress" */
export const titleCase = (value: string | null | undefined): string =>
  (value ?? '')
    .replace(/[_-]+/g, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');

/** The status in users' words: "With the sheriff for service" for assigned (DOCUMENT_STATUS_LABELS). */
export const statusLabel = (status: string | null | undefined): string =>
  (status && status in DOCUMENT_STATUS_LABELS
    ? DOCUMENT_STATUS_LABELS[status as DocumentStatus]
    : titleCase(status)) || 'Unknown';

/** Spec 2 §4: urgent error, high_profile warning, restricted_access info; empty shows "Normal". */
export const priorityChip = (
  priority: CasePriority | null | undefined,
): { label: string; color: ChipColor } => {
  switch (priority) {
    case 'urgent':
      return { label: CASE_PRIORITY_LABELS.urgent, color: 'error' };
    case 'high_profile':
      return { label: CASE_PRIORITY_LABELS.high_profile, color: 'warning' };
    case 'restricted_access':
      return { label: CASE_PRIORITY_LABELS.restricted_access, color: 'info' };
    case 'none_of_the_above':
      return { label: CASE_PRIORITY_LABELS.none_of_the_above, color: 'default' };
    default:
      return { label: 'Normal', color: 'default' };
  }
};

export const MY_CASES_TABS = [
  { value: 'urgent', label: 'Urgent Matters' },
  { value: 'active', label: 'Active Cases' },
  { value: 'closed', label: 'Closed Cases' },
  { value: 'drafts', label: 'Drafts' },
] as const;
export type MyCasesSubtab = (typeof MY_CASES_TABS)[number]['value'];

/** PRODUCT-DECISIONS: a missing or unknown sub-tab shows 'urgent'; `resume` forces 'drafts'. */
export const resolveSubtab = (
  subtab: string | null | undefined,
  resume: string | null | undefined,
): MyCasesSubtab => {
  if (resume) return 'drafts';
  return MY_CASES_TABS.find((tab) => tab.value === subtab)?.value ?? 'urgent';
};

const isIn = (list: readonly DocumentStatus[], status: DocumentStatus) => list.includes(status);

/** My Cases membership (spec 2 §4). */
export const belongsTo = (
  doc: Pick<Document, 'status' | 'status_enum' | 'case_priority'>,
  subtab: MyCasesSubtab,
): boolean => {
  const status = doc.status;
  switch (subtab) {
    case 'urgent':
      return doc.case_priority === 'urgent';
    case 'active':
      return isIn(MY_CASES_SUBTABS.active, status);
    case 'closed':
      return isIn(MY_CASES_SUBTABS.closed, status);
    case 'drafts':
      return status === 'draft' || doc.status_enum === 'draft';
  }
};

export const docTypeLabel = (doc: Pick<Document, 'document_type' | 'document_type_label'>): string =>
  doc.document_type_label || documentTypeLabel(doc.document_type) || 'N/A';

/** A file's type column: PDF, DOC or Document (spec 2.10). */
export const fileTypeLabel = (file: { filename: string; mime_type?: string | null }): string => {
  const name = file.filename.toLowerCase();
  if (file.mime_type === 'application/pdf' || name.endsWith('.pdf')) return 'PDF';
  if (name.endsWith('.doc') || name.endsWith('.docx') || (file.mime_type ?? '').includes('word'))
    return 'DOC';
  return 'Document';
};

export const isPdf = (file: { filename: string; mime_type?: string | null }): boolean =>
  fileTypeLabel(file) === 'PDF';

/** The back link of the case page and of "Case Not Found" (spec 2.1). */
export const ACTIVE_CASES_PATH = '/app/dashboard?tab=my-cases&subtab=active';

/** The My Cases list a case is found in, for the case page's way back: Closed Cases, Drafts or Active Cases. */
export const caseListOf = (
  doc: Pick<Document, 'status' | 'status_enum' | 'case_priority'>,
): { path: string; label: string } => {
  const subtab = (['closed', 'drafts', 'active'] as const).find((tab) => belongsTo(doc, tab)) ?? 'active';
  const label = MY_CASES_TABS.find((tab) => tab.value === subtab)!.label;
  return { path: `/app/dashboard?tab=my-cases&subtab=${subtab}`, label: `Back to ${label}` };
};

/** A revoke reason inside a sentence: without its own closing full stop, so the sentence does not end "..". */
export const reasonInSentence = (reason: string): string => reason.trim().replace(/[.\s]+$/, '');

/** Today as YYYY-MM-DD in South Africa, for default names. */
const todayIso = (now = new Date()): string => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-ZA', {
      timeZone: 'Africa/Johannesburg',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
};

/** The Create Bundle dialog's default: "{case_number or Document}_Bundle_{YYYY-MM-DD}". */
export const defaultDialogBundleName = (caseNumber: string | null | undefined, now = new Date()) =>
  `${caseNumber || 'Document'}_Bundle_${todayIso(now)}`;

/** Relative time for the timeline: minutes, hours, days ago; otherwise date and time (spec 9). */
export const relativeTime = (iso: string, format: (value: string) => string, now = Date.now()): string => {
  const diff = now - new Date(iso).getTime();
  if (Number.isNaN(diff)) return '-';
  const minutes = Math.floor(diff / 60_000);
  if (diff < 60 * 60_000)
    return minutes <= 0 ? 'Just now' : `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.floor(diff / 3_600_000);
  if (hours < 24) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  const days = Math.floor(hours / 24);
  if (days < 7) return `${days} day${days === 1 ? '' : 's'} ago`;
  return format(iso);
};

/** The product-wide event raised after a closure completes (spec 2 §4); lists refresh on it. */
export const CASE_CLOSURE_COMPLETED_EVENT = 'case-closure:completed';
