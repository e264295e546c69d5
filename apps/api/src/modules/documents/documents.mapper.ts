import {
  DOCUMENT_STATUS_LABELS,
  documentTypeLabel,
  type DeliveryRecord,
  type Document,
} from '@lexserve/contracts/documents';
import { serviceChannelOf, serviceMethodOf } from '@lexserve/contracts/service-channels';
import { partialServiceLabel, type ServiceSummary } from '@lexserve/contracts/service-targets';
import type { DbOrTx } from '../../db/client';
import type { serviceDeliveries, serviceDeliveryEvents } from '../../db/schema/index';
import type { DocumentEventPayload } from '../../lib/domain-events';
import { documentReferences } from './document-references';
import * as repo from './documents.repository';

/** draft_metadata is kept as received; parsed_draft_metadata is its JSON object, or null when it is not one. */
function parseDraftMetadata(raw: string | null): Record<string, unknown> | null {
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    // A JSON string holding JSON (double-encoded by a client) is read through once more.
    if (typeof parsed === 'string') return parseDraftMetadata(parsed);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** The people to be served, counted (null for a document that has none). */
function serviceSummaryOf(statuses: { status: string; count: number }[] | undefined): ServiceSummary | null {
  if (!statuses?.length) return null;
  const n = (...of: string[]) =>
    statuses.filter((s) => of.includes(s.status)).reduce((a, s) => a + s.count, 0);
  return {
    targets: n('pending', 'with_sheriff', 'served', 'not_served', 'served_electronically'),
    served: n('served', 'served_electronically'),
    not_served: n('not_served'),
    pending: n('pending', 'with_sheriff'),
  };
}

/** Rows as the spec's documents, with the people, firms, files, proof and delivery they show (batched). */
export async function toDocumentDtos(db: DbOrTx, rows: repo.DocumentRow[]): Promise<Document[]> {
  if (!rows.length) return [];
  const {
    people,
    firms: firmMap,
    branches: branchMap,
    files,
    proofs,
    deliveries,
    deliveryEvents,
    targetStatuses,
  } = await documentReferences(db, rows);
  return rows.map((r) => {
    const person = (id: number | null) => {
      const u = id ? people.get(id) : undefined;
      return u ? { id: u.id, full_name: u.fullName, email: u.email } : null;
    };
    const serviceFirm = r.serviceFirmId ? firmMap.get(r.serviceFirmId) : undefined;
    const serviceBranch = r.serviceBranchId ? branchMap.get(r.serviceBranchId) : undefined;
    const ownerFirm = firmMap.get(r.firmId);
    const ownerBranch = r.branchId ? branchMap.get(r.branchId) : undefined;
    const summary = files.get(r.id);
    const proof = proofs.get(r.id);
    const hasProof = proof != null && proof.currentVersion > 0;
    const delivery = deliveries.get(r.id);
    const serviceSummary = serviceSummaryOf(targetStatuses.get(r.id));
    const partial = r.status === 'assigned' && serviceSummary ? partialServiceLabel(serviceSummary) : null;
    return {
      id: r.id,
      title: r.title,
      document_type: r.documentType,
      document_type_label: r.documentType ? documentTypeLabel(r.documentType) : null,
      case_category: r.caseCategory,
      case_number: r.caseNumber,
      court_name: r.courtName,
      on_court_online: r.onCourtOnline,
      service_channel: serviceChannelOf(r.documentType)?.channel ?? null,
      service_method: serviceMethodOf(r.documentType, r.serviceMethod),
      service_address_source: r.serviceAddressSource,
      submitted_at: iso(r.submittedAt),
      case_priority: r.casePriority,
      client_name: r.clientName,
      recipient_name: r.recipientName,
      recipient_address: r.recipientAddress,
      special_instructions: r.specialInstructions,
      service_notes: r.serviceNotes,
      firm_id: r.serviceFirmId,
      branch_id: r.serviceBranchId,
      digital_service_address: r.digitalServiceAddress,
      firm: serviceFirm
        ? {
            id: serviceFirm.id,
            name: serviceFirm.name,
            contact_email: serviceFirm.contactEmail,
            address: serviceFirm.address,
          }
        : null,
      assigned_branch: serviceBranch
        ? {
            id: serviceBranch.id,
            name: serviceBranch.name,
            address: serviceBranch.address,
            digital_service_address: serviceBranch.digitalServiceAddress,
          }
        : null,
      owner_firm_id: r.firmId,
      owner_branch_id: r.branchId,
      owner_firm: ownerFirm ? { id: ownerFirm.id, name: ownerFirm.name } : null,
      owner_branch: ownerBranch ? { id: ownerBranch.id, name: ownerBranch.name } : null,
      assigned_sheriff_id: r.assignedSheriffId,
      assigned_sheriff: person(r.assignedSheriffId),
      signature_name: r.signatureName,
      status: r.status,
      status_enum: r.status,
      status_label: partial ?? DOCUMENT_STATUS_LABELS[r.status],
      service_summary: serviceSummary,
      service_date: iso(r.serviceDate),
      served_at: iso(r.servedAt),
      draft_metadata: r.draftMetadata,
      parsed_draft_metadata: parseDraftMetadata(r.draftMetadata),
      file_name: summary?.fileName ?? null,
      file_size: summary?.fileSize ?? null,
      file_count: summary?.count ?? 0,
      total_file_size: summary?.totalSize ?? 0,
      created_at: r.createdAt.toISOString(),
      updated_at: r.updatedAt.toISOString(),
      created_by_id: r.createdById,
      created_by: person(r.createdById),
      is_revoked: r.revokedAt != null,
      revoked_at: iso(r.revokedAt),
      revoke_reason: r.revokeReason,
      has_proof_of_service: hasProof,
      security_id: hasProof ? proof.securityId : null,
      delivery: delivery
        ? toDeliveryRecord(delivery, deliveryEvents.get(delivery.id) ?? [], { revoked: r.revokedAt != null })
        : null,
    };
  });
}

export const toDocumentDto = async (db: DbOrTx, row: repo.DocumentRow) =>
  (await toDocumentDtos(db, [row]))[0]!;

/** The payload of every `document.*` domain event (the notifications module reads it). */
export const eventPayload = <E extends object = object>(
  doc: repo.DocumentRow,
  actorId: number,
  extra: E = {} as E,
): DocumentEventPayload & E => ({
  documentId: doc.id,
  firmId: doc.firmId,
  branchId: doc.branchId,
  actorId,
  createdById: doc.createdById,
  assignedSheriffId: doc.assignedSheriffId,
  title: doc.title,
  case_number: doc.caseNumber,
  status: doc.status,
  ...extra,
});

/** A delivery as the record shown on the document, the case page and the proof of service. */
export function toDeliveryRecord(
  d: typeof serviceDeliveries.$inferSelect,
  events: (typeof serviceDeliveryEvents.$inferSelect)[],
  opts: { revoked: boolean; now?: Date },
): DeliveryRecord {
  const now = opts.now ?? new Date();
  const openings = events.filter((e) => e.kind === 'opened');
  const opened = openings[0];
  const downloads = events.filter((e) => e.kind === 'downloaded');
  const status: DeliveryRecord['status'] = opts.revoked
    ? 'revoked'
    : d.supersededAt
      ? 'superseded'
      : downloads.length
        ? 'downloaded'
        : opened
          ? 'opened'
          : d.expiresAt < now
            ? 'expired'
            : d.sentAt
              ? 'sent'
              : 'pending';
  return {
    id: d.id,
    to_address: d.toAddress,
    status,
    created_at: d.createdAt.toISOString(),
    sent_at: d.sentAt?.toISOString() ?? null,
    expires_at: d.expiresAt.toISOString(),
    opened_at: opened?.createdAt.toISOString() ?? null,
    link_used: d.usedAt != null,
    open_count: openings.length,
    download_count: downloads.length,
    last_downloaded_at: downloads.at(-1)?.createdAt.toISOString() ?? null,
    events: events.map((e) => ({
      kind: e.kind,
      at: e.createdAt.toISOString(),
      ip: e.ip,
      user_agent: e.userAgent,
      file_id: e.caseFileId,
      filename: e.filename,
    })),
  };
}
