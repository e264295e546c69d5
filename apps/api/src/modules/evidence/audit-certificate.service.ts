import { sealIssuedPdf } from '../seal/seal.service';
import {
  DOCUMENT_STATUS_LABELS,
  DocumentErrors,
  auditCertificateFileName,
  documentTypeLabel,
  type TrailVerification,
} from '@lexserve/contracts/documents';
import { ROLE_LABELS, type Role } from '@lexserve/contracts/common';
import { apiKeyActorName } from '../../lib/api-keys';
import { AppError } from '../../lib/app-error';
import type { Ctx } from '../../lib/context';
import { renderAuditCertificate, type AuditCertificateData } from './audit-certificate-pdf';
import { branchesByIds, firmsByIds } from '../documents/document-records.service';
import { getReadableDocument } from '../documents/documents.service';
import { findProofByDocument } from './proof-of-service.repository';
import { targetsWithParties } from './service-record.repository';
import { partyDisplayName } from '@lexserve/contracts/parties';
import { SERVICE_TARGET_STATUS_LABELS } from '@lexserve/contracts/service-targets';
import { latestAttemptOf, performersOf } from '../trail/trail.service';
import { checkTrail, latestAnchor } from '../trail/trail.service';

/** GET /documents/{id}/timeline/verify: the trail recomputed and held against its anchors (whoever may read the timeline). */
export async function verifyTrail(ctx: Ctx, documentId: number): Promise<TrailVerification> {
  await getReadableDocument(ctx, documentId);
  const check = await checkTrail(ctx, documentId);
  return {
    intact: check.intact,
    events: check.events,
    head_hash: check.headHash,
    first_broken_event_id: check.firstBrokenEventId,
    problem: check.problem,
    anchored: latestAnchor(check),
  };
}

/** Events the recipient caused on the public delivery page (recorded as system events). */
const RECIPIENT_EVENTS = new Set(['delivery_opened', 'delivery_downloaded']);

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/**
 * GET /documents/{id}/audit-certificate: every event of the trail with its actor, IP address and browser, and the
 * chain hashes, as a sealed PDF. It shows who did what from where, so it is for the document's firm (its people in
 * scope) and the assigned sheriff only: 404 outside the scope, 403 for the system administrator.
 */
export async function auditCertificate(
  ctx: Ctx,
  documentId: number,
): Promise<{ pdf: Buffer; filename: string }> {
  const doc = await getReadableDocument(ctx, documentId);
  if (ctx.actor.role === 'system_admin') throw new AppError(DocumentErrors.AUDIT_CERTIFICATE_FORBIDDEN);
  const [check, firms, branches, proof, attempt, targets] = await Promise.all([
    checkTrail(ctx, documentId),
    firmsByIds(ctx.db, [doc.firmId]),
    branchesByIds(ctx.db, doc.branchId ? [doc.branchId] : []),
    findProofByDocument(ctx.db, documentId),
    latestAttemptOf(ctx.db, documentId),
    targetsWithParties(ctx.db, documentId),
  ]);
  const people = await performersOf(
    ctx.db,
    check.chain.map((e) => e.performedById).filter((id): id is number => id != null),
  );
  const lastAnchor = check.anchors.at(-1);
  const data: AuditCertificateData = {
    issuedAt: new Date(),
    issuedTo: { name: ctx.actor.fullName, role: ROLE_LABELS[ctx.actor.role] },
    document: {
      id: doc.id,
      title: doc.title,
      caseNumber: doc.caseNumber,
      documentType: doc.documentType ? documentTypeLabel(doc.documentType) : null,
      firm: firms.get(doc.firmId)?.name ?? '—',
      branch: doc.branchId ? (branches.get(doc.branchId)?.name ?? null) : null,
      status: DOCUMENT_STATUS_LABELS[doc.status] ?? doc.status,
      securityId: proof?.securityId ?? null,
    },
    trail: {
      intact: check.intact,
      events: check.events,
      headHash: check.headHash,
      firstBrokenEventId: check.firstBrokenEventId,
      problem: check.problem,
    },
    service: targets.map((t) => ({
      partyName: partyDisplayName(t.party),
      status: SERVICE_TARGET_STATUS_LABELS[t.status],
      serviceDate: t.serviceDate,
      sheriff: t.sheriffName,
    })),
    anchors: check.anchors.map((a) => ({
      at: a.at,
      authority: a.authority,
      headEventId: a.row.headEventId,
      headHash: a.row.headHash,
      valid: a.valid,
    })),
    pendingAnchor:
      attempt && attempt.error && (!lastAnchor || attempt.id > lastAnchor.row.id)
        ? { at: attempt.createdAt, error: attempt.error }
        : null,
    events: check.chain.map((e, i) => {
      const person = e.performedById != null ? people.get(e.performedById) : undefined;
      const meta = e.eventMetadata ?? {};
      // A change made with the firm's API key names the key (its name is in the hashed metadata, lib/api-keys.ts).
      const apiKey = (meta as { api_key?: { name?: unknown } }).api_key;
      return {
        seq: i + 1,
        id: e.id,
        at: e.createdAt,
        type: e.eventType,
        description: e.eventDescription,
        actor:
          apiKey && typeof apiKey.name === 'string'
            ? { name: apiKeyActorName(apiKey.name), role: 'API key', firm: person?.firmName ?? null }
            : person && !person.isSystem && !e.isSystemEvent
              ? {
                  name: person.fullName,
                  role: ROLE_LABELS[person.role as Role] ?? person.role,
                  firm: person.firmName,
                }
              : RECIPIENT_EVENTS.has(e.eventType)
                ? { name: 'The recipient', role: 'through the delivery link', firm: null }
                : null,
        ip: text(meta.ip) ?? text(meta.ip_address),
        browser: text(meta.user_agent) ?? text(meta.userAgent),
        chainHash: e.chainHash,
        broken: e.id === check.firstBrokenEventId,
      };
    }),
  };
  const sealed = await sealIssuedPdf(ctx, await renderAuditCertificate(data));
  if (!sealed.timestamped)
    ctx.log.warn(
      { documentId, problem: sealed.timestampProblem },
      'audit certificate sealed without a time-stamp',
    );
  return { pdf: sealed.pdf, filename: auditCertificateFileName({ id: doc.id, case_number: doc.caseNumber }) };
}
