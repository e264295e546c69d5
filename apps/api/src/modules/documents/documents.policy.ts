import {
  COURT_NAME_REQUIRED,
  COURT_ONLINE_HIGH_COURT_ONLY,
  isMagistratesCourt,
} from '@lexserve/contracts/courts';
import {
  CLOSED_STATUSES,
  DocumentErrors,
  PRE_SERVICE_STATUSES,
  type DocumentStatus,
} from '@lexserve/contracts/documents';
import { serviceProblems } from '@lexserve/contracts/service-channels';
import { CITATION_SIDE_MISSING, missingCitationSides } from '@lexserve/contracts/parties';
import { AppError, appError } from '../../lib/app-error';
import type { DocumentRow } from './documents.repository';
import type { Issue } from './validation';

const isPreService = (status: DocumentStatus) => (PRE_SERVICE_STATUSES as readonly string[]).includes(status);
export const isClosed = (status: DocumentStatus) => (CLOSED_STATUSES as readonly string[]).includes(status);
export const wasServed = (doc: Pick<DocumentRow, 'servedAt' | 'status'>) =>
  doc.servedAt != null || !isPreService(doc.status);
/** Submitted for service: with the sheriff or served. Its case details, parties and files are fixed from then on. */
export const wasSubmitted = (doc: Pick<DocumentRow, 'servedAt' | 'status' | 'submittedAt'>) =>
  doc.submittedAt != null || wasServed(doc);
/** Handed to the sheriff and not yet served: only the sheriff's return serves it. */
export const isWithSheriff = (doc: Pick<DocumentRow, 'servedAt' | 'submittedAt' | 'revokedAt'>) =>
  doc.submittedAt != null && doc.servedAt == null && doc.revokedAt == null;

/** The 404 of documents, naming the id asked for (spec 2 §8). */
export const documentNotFound = (id: number) => appError(DocumentErrors.DOCUMENT_NOT_FOUND, { id });

/** Revoked and closed documents take no more changes (files, parties, bundles, fields). */
export function assertOpen(doc: Pick<DocumentRow, 'revokedAt' | 'status'>) {
  if (doc.revokedAt) throw new AppError(DocumentErrors.DOCUMENT_REVOKED);
  if (isClosed(doc.status)) throw new AppError(DocumentErrors.DOCUMENT_CLOSED);
}

/** What was served stays as served: parties and the served files are fixed once the document is submitted for service. */
export function assertNotServed(doc: Pick<DocumentRow, 'revokedAt' | 'status' | 'servedAt' | 'submittedAt'>) {
  assertOpen(doc);
  if (wasSubmitted(doc)) throw new AppError(DocumentErrors.DOCUMENT_SERVED_LOCKED);
}

/**
 * The signature the review step builds: the first and last word of the user's full name ("Aisha Patel" for
 * "Aisha Bibi Patel"); null when the user has no name.
 */
export function expectedSignature(fullName: string | null | undefined): string | null {
  const words = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  if (!words.length) return null;
  return words.length === 1 ? words[0]! : `${words[0]} ${words.at(-1)}`;
}

const norm = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();

/** The signature matches the signer: their first and last name, or their full name (case and spacing ignored). */
export const signatureMatches = (signature: string, fullName: string) => {
  const expected = expectedSignature(fullName);
  return expected !== null && (norm(signature) === norm(expected) || norm(signature) === norm(fullName));
};

export type SubmitState = {
  doc: Pick<
    DocumentRow,
    | 'title'
    | 'clientName'
    | 'caseNumber'
    | 'casePriority'
    | 'documentType'
    | 'courtName'
    | 'onCourtOnline'
    | 'serviceFirmId'
    | 'serviceBranchId'
    | 'digitalServiceAddress'
    | 'signatureName'
    | 'serviceMethod'
    | 'assignedSheriffId'
  >;
  fileCount: number;
  /** The roles of the document's party links. */
  partyRoles: readonly string[];
  signerName: string;
};

/**
 * What a submit still lacks, step by step, in the wizard's words (spec 2 §5). The court is required; parties are
 * required to submit, one on each side of the citation (PRODUCT-DECISIONS: optional for drafts only). The service
 * channel decides the rest (docs/service-rules.md): a document served by the sheriff needs an assigned sheriff and no
 * digital service address; electronic service needs the legal representative's DSA and is refused on a Court Online
 * matter; a document that is not served cannot be submitted for service.
 */
export function submitProblems({ doc, fileCount, partyRoles, signerName }: SubmitState): Issue[] {
  const issues: Issue[] = [];
  const need = (ok: unknown, field: string, msg: string) => {
    if (!ok) issues.push({ loc: [field], msg, type: 'missing' });
  };
  const refuse = (field: string, msg: string) => issues.push({ loc: [field], msg, type: 'value_error' });
  need(doc.title?.trim(), 'title', 'Document title is required');
  need(doc.clientName, 'client_name', 'Attorney Name is required');
  need(doc.caseNumber, 'case_number', 'Case Number is required');
  need(doc.casePriority, 'case_priority', 'Case Priority is required');
  need(doc.documentType, 'document_type', 'Document Type is required');
  need(doc.courtName, 'court_name', COURT_NAME_REQUIRED);
  if (doc.onCourtOnline && isMagistratesCourt(doc.courtName))
    need(false, 'on_court_online', COURT_ONLINE_HIGH_COURT_ONLY);
  need(fileCount > 0, 'files', 'Please upload at least one document');
  for (const side of missingCitationSides(partyRoles)) need(false, 'parties', CITATION_SIDE_MISSING[side]);
  const { method, problems } = serviceProblems({
    documentType: doc.documentType,
    serviceMethod: doc.serviceMethod,
    assignedSheriffId: doc.assignedSheriffId,
    onCourtOnline: doc.onCourtOnline,
    inMagistratesCourt: isMagistratesCourt(doc.courtName),
  });
  for (const p of problems) refuse(p.field, p.msg);
  if (method === 'electronic') {
    need(doc.serviceFirmId, 'firm_id', 'Please select a law firm');
    need(doc.serviceBranchId, 'branch_id', 'Please select a branch');
    if (doc.serviceBranchId)
      need(
        doc.digitalServiceAddress,
        'digital_service_address',
        'Selected branch must have a digital service address',
      );
  }
  if (!expectedSignature(signerName)) {
    issues.push({
      loc: ['signature_name'],
      msg: DocumentErrors.SIGNATURE_NAME_MISSING.message,
      type: 'missing',
    });
  } else if (!doc.signatureName) {
    issues.push({
      loc: ['signature_name'],
      msg: 'Digital signature is required to complete the document.',
      type: 'missing',
    });
  } else if (!signatureMatches(doc.signatureName, signerName)) {
    issues.push({
      loc: ['signature_name'],
      msg: `The digital signature must match your name: sign as "${expectedSignature(signerName)}".`,
      type: 'value_error',
    });
  }
  return issues;
}
