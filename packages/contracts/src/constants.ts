/**
 * Plain values shared by the API and the web app, with no zod: the web app's public pages (home, login, verification,
 * delivery) import these without loading the schema library (docs/performance.md, section 5). The schemas that check
 * them live beside their contracts (common.ts, users.ts, auth.ts, documents.ts), which re-export these.
 */

/** The spec's e-mail shape: something@something.tld */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const PASSWORD_RULE = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).+$/;

export const ROLES = ['system_admin', 'sheriff', 'firm_admin', 'branch_admin', 'legal_practitioner'] as const;
export type Role = (typeof ROLES)[number];
export const FIRM_ROLES = [
  'firm_admin',
  'branch_admin',
  'legal_practitioner',
] as const satisfies readonly Role[];
export const CREATABLE_FIRM_ROLES = ['branch_admin', 'legal_practitioner'] as const satisfies readonly Role[];

export const ROLE_LABELS: Record<Role, string> = {
  system_admin: 'System Administrator',
  sheriff: 'Sheriff',
  firm_admin: 'Firm Administrator',
  branch_admin: 'Branch Administrator',
  legal_practitioner: 'Legal Practitioner',
};

export const isFirmRole = (role: Role): role is (typeof FIRM_ROLES)[number] =>
  (FIRM_ROLES as readonly Role[]).includes(role);

export const NOTIFICATION_TYPES = [
  'assignment_notification',
  'status_update',
  'completion_notification',
  'deadline_reminder',
  'system_alert',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** modified_after_sealing: an uploaded PDF carries LexServe's seal, but its bytes changed after it was sealed. */
export const VERIFICATION_STATUSES = [
  'verified',
  'invalid',
  'revoked',
  'not_found',
  'modified_after_sealing',
] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

export const VERIFICATION_MESSAGES: Record<VerificationStatus, string> = {
  verified: 'This document is authentic: it was served through LexServe and has not been altered.',
  invalid:
    'The stored proof of service no longer matches its recorded fingerprint. Do not rely on this document; contact the issuing firm.',
  revoked:
    'This document has been revoked and is no longer valid. Please contact the issuing firm for more information.',
  not_found: 'Security ID not found in verification database',
  modified_after_sealing:
    'This PDF was sealed by LexServe, but it was changed after sealing. Do not rely on it; ask the issuing firm for the original.',
};

/** "changed after sealing: …" in words, from a seal that is present but not intact or not covering the whole file. */
export function sealChangeText(seal: { intact: boolean; covers_whole_file: boolean }): string | null {
  const changes = [
    seal.intact ? null : 'bytes inside the sealed content were altered, so the seal no longer matches it',
    seal.covers_whole_file
      ? null
      : 'content was added after the seal (an incremental update), which the seal does not cover',
  ].filter(Boolean);
  return changes.length ? changes.join('; ') : null;
}

/** The answers of the password-reset endpoints (auth.ts re-exports them beside the schemas). */
export const FORGOT_PASSWORD_MESSAGE =
  'If an account exists for that e-mail address, a password reset link has been sent. The link is valid for 1 hour.';
export const RESET_LINK_INVALID = 'This reset link is invalid or has expired.';
export const PASSWORD_RESET_DONE = 'Your password has been reset. You can now log in with your new password.';

/** The signed-in shell's words and codes (payments.ts, closures.ts and notifications.ts re-export them). */
export const PaymentMessages = {
  initFailed: 'Failed to initialize payment. Please try again.',
  /** The browser did not leave for the payment page (blocked, or no answer): back to the confirmation. */
  handOffFailed: 'We could not open the payment page. Please try again.',
  refreshAfterSuccessFailed:
    'Payment was successful, but there was an issue updating your subscription. Please contact support.',
  invalidLink: 'Invalid payment verification link. Missing payment information.',
  lookupFailed: 'Unable to verify payment status. Please contact support if payment was deducted.',
  cancelPageLoadFailed: 'Unable to load payment information',
  noUpdateUrl: 'No update URL received from server',
  updateCardFailed: 'Failed to update payment method',
  loginToViewStatus: 'Please log in to view payment status.',
  loginForCancelPage: 'Please log in to access this page.',
  loginForCardUpdate: 'Please log in to view payment method update status.',
  retryAfterCancel: 'Your previous payment was cancelled. You can try again below.',
} as const;

export const CLOSURE_DOMAIN_EVENTS = [
  'closure.requested',
  'closure.approved',
  'closure.rejected',
  'closure.completed',
  'closure.direct_closed',
] as const;
export type ClosureDomainEvent = (typeof CLOSURE_DOMAIN_EVENTS)[number];

/** Titles of the notifications the closure events send; the web app refreshes closure data on them. */
export const CLOSURE_NOTIFICATION_TITLES = {
  'closure.requested': 'Case closure requested',
  'closure.approved': 'Case closure approved',
  'closure.rejected': 'Case closure rejected',
  'closure.completed': 'Case closed',
  'closure.direct_closed': 'Case closed directly',
} as const satisfies Record<ClosureDomainEvent, string>;
export const isClosureNotificationTitle = (title: string): boolean =>
  (Object.values(CLOSURE_NOTIFICATION_TITLES) as string[]).includes(title);

export const CLOSURE_MESSAGES = {
  loadFailed: 'Failed to load case closures',
  approvalFailed: 'Failed to process approval',
  approved: 'Case closure approved',
  rejected: 'Case closure rejected',
  completeFailed: 'Failed to complete case closure',
  completed: 'Case closure completed successfully',
  requestCreated: 'Case closure request created successfully',
  requestInitiated: 'Case closure request initiated successfully',
  closedDirectly: 'Case closed successfully',
  actionCompleted: 'Case closure action completed successfully',
  timelineFailed: (error: string) => `Failed to load case closure timeline: ${error}`,
  noHistory: 'No case closure history available for this case.',
  noApprovePermission: "You don't have permission to approve case closures.",
  checklistUpdated: 'Closure checklist updated successfully',
  notEligible: 'The case must meet all eligibility requirements before a closure request can be submitted.',
} as const;

/** Close codes of spec 1, 4.3 / 8: 4003 authentication failed; 1008 policy (stop reconnecting). */
export const WS_CLOSE_CODES = {
  AUTH_FAILED: 4003,
  POLICY_VIOLATION: 1008,
} as const;

// ---- Documents (documents.ts re-exports these): the file names of the public delivery page's downloads

/** The proof of service's file name. */
export const proofFileName = (doc: { id: number; case_number?: string | null }) =>
  `proof_of_service_${doc.case_number || doc.id}.pdf`;

/** The stamped served copy's file name: "Summons.pdf" → "Summons (served copy).pdf". */
export const servedCopyFileName = (filename: string) =>
  `${filename.replace(/\.pdf$/i, '')} (served copy).pdf`;
