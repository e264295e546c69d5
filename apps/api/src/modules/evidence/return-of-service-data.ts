import { buffer } from 'node:stream/consumers';
import { documentTypeLabel } from '@lexserve/contracts/documents';
import { PARTY_ROLE_LABELS, citationSideOf, type PartyRole } from '@lexserve/contracts/parties';
import {
  MANNERS_WITHOUT_RECIPIENT,
  SERVICE_MANNER_DETAILS,
  SERVICE_OUTCOME_LABELS,
} from '@lexserve/contracts/returns';
import type { Ctx } from '../../lib/context';
import { documentPartyLinks } from '../parties/parties.service';
import * as docs from '../documents/document-records.service';
import { listCaseFiles, setPageCount, type CaseFileRow } from '../documents/document-records.service';
import type { ReturnPdfData } from './return-of-service-pdf';
import * as repo from './service-record.repository';
import { trailHead } from '../trail/trail.service';

type DataCtx = Pick<Ctx, 'db' | 'deps' | 'log'>;

const FORMATS: Record<string, string> = {
  'application/pdf': 'PDF',
  'application/msword': 'Word (DOC)',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word (DOCX)',
};

/**
 * A PDF's page count, counted once in a PDF worker (within the PDF_* limits: a hostile file is never opened on the
 * request thread) and kept on the file. Word files and PDFs the worker refuses are "not counted" (null).
 */
async function pagesOf(ctx: DataCtx, file: CaseFileRow): Promise<number | null> {
  if (file.pageCount != null) return file.pageCount;
  if (file.mimeType !== 'application/pdf') return null;
  try {
    const { pageCount } = await ctx.deps.pdf.merge(
      [async () => buffer(await ctx.deps.files.get(file.storageKey))],
      {
        title: 'page count',
        producer: 'LexServe',
        creator: 'LexServe',
      },
    );
    await setPageCount(ctx.db, file.id, pageCount);
    return pageCount;
  } catch (err) {
    ctx.log.warn(
      { err, fileId: file.id },
      'page count of a served file could not be read; the return says "pages not counted"',
    );
    return null;
  }
}

/** The process a return lists: the served files, or every file while none is served yet (a non-service). */
async function processFiles(ctx: DataCtx, documentId: number) {
  const all = await listCaseFiles(ctx.db, documentId);
  const served = all.filter((f) => f.isServed);
  const files = served.length ? served : all;
  const out: ReturnPdfData['process']['files'] = [];
  for (const f of files) {
    out.push({
      format: FORMATS[f.mimeType] ?? f.mimeType,
      pages: await pagesOf(ctx, f),
      size: Number(f.size),
      sha256: f.sha256,
    });
  }
  return out;
}

/** Everything the Return of Service (or Non-Service) PDF shows, for one return of the document. */
export async function collectReturnData(
  ctx: DataCtx,
  doc: docs.DocumentRow,
  ret: repo.ReturnRow,
  securityId: string,
  verificationUrl: string,
): Promise<ReturnPdfData> {
  const [links, files, allAttempts, firms, trail, target] = await Promise.all([
    documentPartyLinks(ctx.db, doc.id),
    processFiles(ctx, doc.id),
    repo.listAttempts(ctx.db, doc.id, ret.issuedAt),
    docs.firmsByIds(ctx.db, [doc.firmId]),
    trailHead(ctx.db, doc.id),
    ret.targetId ? repo.findTargetOfReturn(ctx.db, ret.targetId) : undefined,
  ]);
  // The attempts on this return's person (all of the document's for a return made before service per person).
  const attempts = ret.targetId
    ? allAttempts.filter((a) => a.attempt.targetId === ret.targetId)
    : allAttempts;
  const photos = await repo.photosOfAttempts(
    ctx.db,
    attempts.map((a) => a.attempt.id),
  );
  const citation: ReturnPdfData['citation'] = { initiating: [], responding: [] };
  for (const l of links) {
    const side = citationSideOf(l.role);
    if (side)
      citation[side].push({
        name: l.party.display_name,
        role: PARTY_ROLE_LABELS[l.role as PartyRole] ?? l.role,
      });
  }
  const manner = ret.manner ? SERVICE_MANNER_DETAILS[ret.manner] : null;
  return {
    kind: ret.kind,
    securityId,
    trailHeadHash: trail.head_hash,
    verificationUrl,
    issuedAt: ret.issuedAt,
    courtName: ret.courtName,
    caseNumber: doc.caseNumber,
    citation,
    process: {
      documentType: doc.documentType ? documentTypeLabel(doc.documentType) : null,
      title: doc.title,
      files,
    },
    instructedBy: firms.get(doc.firmId)?.name ?? null,
    target: target
      ? {
          partyName: links.find((l) => l.party_id === target.partyId)?.party.display_name ?? '',
          address: target.address,
          areaConfirmed: ret.areaConfirmed,
          otherAddressInstruction: ret.otherAddressInstruction,
        }
      : null,
    served:
      ret.outcome === 'served' && ret.manner && manner && ret.servedAt
        ? {
            at: ret.servedAt,
            address: ret.address ?? '',
            mannerLabel: manner.label,
            statement: manner.statement,
            rule: ret.rule ?? '',
            personName: ret.personServedName ?? '',
            personCapacity: ret.personServedCapacity ?? '',
            natureExplained: ret.natureExplained === true,
            hasRecipient: !MANNERS_WITHOUT_RECIPIENT.includes(ret.manner),
          }
        : null,
    notServed:
      ret.outcome === 'not_served'
        ? { reason: ret.nonServiceReason ?? '', diligentSearch: ret.diligentSearch ?? '' }
        : null,
    sheriff: {
      name: ret.sheriffFullName,
      office: ret.sheriffOfficeName,
      areas: ret.sheriffServiceAreas,
      appointmentNumber: ret.sheriffAppointmentNumber,
    },
    fees: ret.fees,
    vatRegistered: ret.vatRegistered,
    subtotalCents: Number(ret.subtotalCents),
    vatCents: Number(ret.vatCents),
    totalCents: Number(ret.totalCents),
    attempts: attempts.map(({ attempt: a }) => ({
      deviceTime: a.deviceTime,
      serverTime: a.serverTime,
      address: a.address,
      latitude: a.latitude,
      longitude: a.longitude,
      accuracyM: a.accuracyM,
      outcome: SERVICE_OUTCOME_LABELS[a.outcome] ?? a.outcome,
      notes: a.notes,
      photos: photos
        .filter((p) => p.attemptId === a.id)
        .map((p) => ({ contentType: p.contentType, size: Number(p.size), sha256: p.sha256 })),
    })),
  };
}
