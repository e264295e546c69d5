import { documentTypeLabel } from '@lexserve/contracts/documents';
import { LRUCache } from 'lru-cache';
import {
  FILE_NO_MATCH_MESSAGE,
  SEAL_FILE_MESSAGES,
  sealChangeText,
  VERIFICATION_MESSAGES,
  SECURITY_ID_PATTERN,
  VerificationErrors,
  normalizeSecurityId,
  type FileVerificationResult,
  type VerificationResult,
  type VerificationStatus,
} from '@lexserve/contracts/verification';
import { AppError, appError } from '../../lib/app-error';
import type { PublicCtx } from '../../lib/context';
import type { IncomingFile } from '../../plugins/uploads';
import { cleanFilename, FileInspector } from '../../lib/file-inspector';
import { verificationUrlOf } from '../evidence/proof-of-service.service';
import * as repo from './verification.repository';
import type { CachedAnswer, VerificationCache } from './verification.cache';
import { sealOf, storedSealOf } from './verification.seal';
import { hashStoredFile } from './verification.scrub';

/** Which version was checked and, for an older one, which version replaced it and when (every version verifies). */
const versionFields = (c: repo.Checked) => ({
  version: c.version,
  current_version: c.currentVersion,
  current_version_generated_at: c.currentGeneratedAt.toISOString(),
  superseded: c.version < c.currentVersion,
  superseded_by_version: c.version < c.currentVersion ? c.version + 1 : null,
  superseded_at: c.version < c.currentVersion ? (c.nextGeneratedAt?.toISOString() ?? null) : null,
});

const NO_VERSION = {
  version: null,
  current_version: null,
  current_version_generated_at: null,
  superseded: false,
  superseded_by_version: null,
  superseded_at: null,
};

function resultOf(ctx: PublicCtx, c: repo.Checked, hashVerified: boolean | null, verificationCount: number) {
  // Revocation wins; then integrity: a stored PDF that no longer hashes to its recorded SHA-256 is "invalid".
  const status: VerificationStatus = c.revokedAt
    ? 'revoked'
    : hashVerified === false
      ? 'invalid'
      : 'verified';
  return {
    valid: status === 'verified',
    status,
    security_id: c.securityId,
    message: VERIFICATION_MESSAGES[status],
    document_type: c.documentType ? documentTypeLabel(c.documentType) : null,
    pdf_type: 'proof_of_service',
    generation_date: c.generatedAt.toISOString(),
    verification_count: verificationCount,
    hash_verified: hashVerified,
    firm_verified: c.firmActive,
    verification_url: verificationUrlOf(ctx.deps.env.PUBLIC_URL, c.securityId),
    firm_name: c.firmName,
    service_date: (c.serviceDate ?? c.servedAt)?.toISOString() ?? null,
    revoked_at: c.revokedAt?.toISOString() ?? null,
    ...versionFields(c),
  };
}

/**
 * Who checks, for the count: the signed-in user's firm (null for a visitor) and the visit's id (the web page's, one
 * per browser tab session; null when the client sends none). The issuing firm's own checks are not counted, nor the
 * same visit's repeated checks of one ID within VISIT_WINDOW_MS.
 */
export type Checker = { firmId: number | null; visit: string | null };
const PUBLIC_CHECKER: Checker = { firmId: null, visit: null };

const VISIT_WINDOW_MS = 30 * 60_000;
const MAX_VISITS = 20_000;
/**
 * `#${proofId}|${visit}` seen within the window (kept in memory: a restart at worst counts a visit twice); when full,
 * the least recently counted is forgotten first.
 */
const countedVisits = new LRUCache<string, true>({ max: MAX_VISITS, ttl: VISIT_WINDOW_MS });

function newInVisit(proofKey: string, visit: string | null): boolean {
  if (!visit) return true;
  const key = `${proofKey}|${visit}`;
  if (countedVisits.has(key)) return false;
  countedVisits.set(key, true);
  return true;
}

/** Whether this check counts: not the issuing firm's own, and the first of this visit within the window. */
const counts = (checker: Checker, c: repo.Checked) =>
  checker.firmId !== c.firmId && newInVisit(`#${c.proofId}`, checker.visit);

/** The result of a check by security ID, with the count to show. */
const securityIdResult = (
  ctx: PublicCtx,
  a: Omit<CachedAnswer, 'json'>,
  verificationCount: number,
): VerificationResult => ({
  ...resultOf(ctx, a.checked, a.hashVerified, verificationCount),
  seal: a.seal,
  served_files: a.servedFiles,
});

/** A result's JSON, fields in the result's order, cut around the value of verification_count. */
function jsonAroundCount(result: VerificationResult): CachedAnswer['json'] {
  const fields = Object.entries(result);
  const at = fields.findIndex(([name]) => name === 'verification_count');
  const head = JSON.stringify(Object.fromEntries(fields.slice(0, at)));
  const tail = JSON.stringify(Object.fromEntries(fields.slice(at + 1)));
  return { head: `${head.slice(0, -1)},"verification_count":`, tail: `,${tail.slice(1)}` };
}

/**
 * What a check by security ID answers apart from the count, loaded afresh (after a change, or the first check): the
 * stored PDF is hashed now against the SHA-256 recorded at generation (or found altered by the scrub job), and its
 * seal read. The answer's JSON is written here once, around the count.
 */
async function loadAnswer(
  ctx: PublicCtx,
  securityId: string,
  version: number | undefined,
): Promise<CachedAnswer | undefined> {
  const checked = await repo.readCheckBySecurityId(ctx.db, securityId, version);
  if (!checked) return undefined;
  const actual = await hashStoredFile(ctx.deps.files, checked.storageKey, ctx.log);
  const hashVerified = checked.integrityFailedAt ? false : actual === null ? null : actual === checked.sha256;
  const served = await repo.servedFilesOfDocument(ctx.db, checked.documentId);
  const answer = {
    checked,
    hashVerified,
    seal: await storedSealOf(ctx, checked.storageKey, actual),
    servedFiles: served.map((f) => ({
      filename: f.filename,
      sha256: f.sha256,
      size: Number(f.size),
      served_copy_sha256: f.copySha256,
    })),
  };
  return { ...answer, json: jsonAroundCount(securityIdResult(ctx, answer, 0)) };
}

/**
 * GET /verify/{securityId}[?version=N] (public): the VerificationResult as JSON. 400 for a blank or malformed ID, 404
 * for an unknown one (or a version it does not have). Each check is counted, except the issuing firm's own and a
 * visit's repeats (see Checker). hash_verified tells whether the stored PDF of the version checked (the current one by
 * default) hashes to the SHA-256 recorded at generation: proven whenever the answer is loaded (after any change) and
 * by the scrub job (verification.scrub.ts), so a swapped or altered file is reported; the answer itself comes from
 * memory (verification.cache.ts). firm_verified is the issuing firm's standing; revocation is reported; an older
 * version reports the version that superseded it and when.
 *
 * An answer known here is written at once, without waiting for anything (the hot path of a QR code's check,
 * docs/performance.md); `ctxOf` is called only when the answer must be loaded.
 */
export function verifySecurityId(
  ctxOf: () => PublicCtx,
  cache: VerificationCache,
  raw: string,
  version?: number,
  checker: Checker = PUBLIC_CHECKER,
): string | Promise<string> {
  const securityId = SECURITY_ID_PATTERN.test(raw) ? raw : canonicalSecurityId(raw);
  const known = cache.known(securityId, version);
  return known
    ? answerJson(cache, known, checker)
    : loadAndAnswer(ctxOf(), cache, securityId, version, checker);
}

/** A typed security ID in its canonical form; 400 when it is blank or cannot be one. */
function canonicalSecurityId(raw: string): string {
  if (!raw.trim()) throw new AppError(VerificationErrors.SECURITY_ID_EMPTY);
  const securityId = normalizeSecurityId(raw);
  if (!securityId) throw new AppError(VerificationErrors.SECURITY_ID_MALFORMED);
  return securityId;
}

async function loadAndAnswer(
  ctx: PublicCtx,
  cache: VerificationCache,
  securityId: string,
  version: number | undefined,
  checker: Checker,
) {
  const answer = await cache.answer(securityId, version, () => loadAnswer(ctx, securityId, version));
  if (!answer) {
    const proof = version === undefined ? undefined : await repo.proofBySecurityId(ctx.db, securityId);
    if (proof && proof.currentVersion > 0)
      throw appError(VerificationErrors.PROOF_VERSION_NOT_FOUND, {
        version: version!,
        current: proof.currentVersion,
      });
    throw new AppError(VerificationErrors.SECURITY_ID_NOT_FOUND);
  }
  return answerJson(cache, answer, checker);
}

/** Counts the check (unless it does not count) and writes the answer with its count. */
function answerJson(cache: VerificationCache, answer: CachedAnswer, checker: Checker): string {
  if (counts(checker, answer.checked)) cache.count(answer.checked.proofId);
  return answer.json.head + cache.countOf(answer) + answer.json.tail;
}

/**
 * Hashes an uploaded file without storing it (at most 100 MB; a larger one is refused). A PDF's bytes are kept in
 * memory for the request to read its seal (verification.seal.ts); it is never otherwise parsed.
 */
async function hashUpload(receive: () => Promise<IncomingFile | undefined>) {
  let part;
  try {
    part = await receive();
  } catch (err) {
    throw new AppError(VerificationErrors.VERIFY_FILE_REQUIRED, { cause: err });
  }
  if (!part) throw new AppError(VerificationErrors.VERIFY_FILE_REQUIRED);
  const inspector = new FileInspector();
  const source = part.stream;
  source.on('error', (err) => inspector.destroy(err));
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of source.pipe(inspector)) chunks.push(chunk as Buffer);
  } catch (err) {
    throw new AppError(VerificationErrors.VERIFY_FILE_REQUIRED, { cause: err });
  }
  if (part.truncated()) throw new AppError(VerificationErrors.VERIFY_FILE_TOO_LARGE);
  const info = inspector.inspection;
  if (info.size === 0) throw new AppError(VerificationErrors.VERIFY_FILE_REQUIRED);
  if (!info.type) throw new AppError(VerificationErrors.VERIFY_FILE_NOT_PDF);
  // The name is echoed back: cleaned like a stored file's (no path, no control or bidirectional characters).
  return {
    ...info,
    filename: part.filename ? cleanFilename(part.filename) : null,
    bytes: Buffer.concat(chunks),
  };
}

/**
 * POST /verify/document (alias /verify/file, public): answers whether the uploaded file's SHA-256 is that of a
 * proof of service (any version; counted as a check) or of a served document, with the same result fields.
 */
/** `receive` reads the one file of the body. */
export async function verifyFile(
  ctx: PublicCtx,
  cache: VerificationCache,
  receive: () => Promise<IncomingFile | undefined>,
  checker: Checker = PUBLIC_CHECKER,
): Promise<FileVerificationResult> {
  const upload = await hashUpload(receive);
  const seal = upload.type === 'pdf' ? await sealOf(ctx, upload.bytes) : null;
  const base = {
    sha256: upload.sha256,
    size: upload.size,
    filename: upload.filename,
    seal,
  };
  const [proofHit] = await repo.proofFilesBySha(ctx.db, upload.sha256);
  if (proofHit) {
    const checked = (await repo.readCheckById(ctx.db, proofHit.proof.id, proofHit.file.version))!;
    if (counts(checker, checked)) cache.count(checked.proofId);
    const count = checked.verificationCount + cache.unflushed(checked.proofId);
    // The uploaded bytes are this version's: integrity is proven by the match itself.
    return { ...resultOf(ctx, checked, true, count), ...base, match: 'proof_of_service' };
  }
  // A served file as uploaded, or its stamped served copy (pdf_type 'served_copy').
  const [original] = await repo.servedFilesBySha(ctx.db, upload.sha256);
  const [copy] = original ? [] : await repo.servedCopiesBySha(ctx.db, upload.sha256);
  const served = original ?? copy;
  if (served) {
    const found = (await repo.documentWithFirm(ctx.db, served.doc.id))!;
    const proof = await repo.proofOfDocument(ctx.db, served.doc.id);
    const status: VerificationStatus = served.doc.revokedAt ? 'revoked' : 'verified';
    return {
      ...base,
      valid: status === 'verified',
      status,
      message: VERIFICATION_MESSAGES[status],
      match: 'served_document',
      security_id: proof && proof.currentVersion > 0 ? proof.securityId : null,
      document_type: served.doc.documentType ? documentTypeLabel(served.doc.documentType) : null,
      pdf_type: copy ? 'served_copy' : 'served_document',
      generation_date: (copy ? copy.copy.createdAt : served.file.createdAt).toISOString(),
      verification_count: proof ? proof.verificationCount + cache.unflushed(proof.id) : null,
      hash_verified: true,
      firm_verified: found.firm.isActive,
      verification_url:
        proof && proof.currentVersion > 0
          ? verificationUrlOf(ctx.deps.env.PUBLIC_URL, proof.securityId)
          : null,
      firm_name: found.firm.name,
      service_date: (served.doc.serviceDate ?? served.doc.servedAt)?.toISOString() ?? null,
      revoked_at: served.doc.revokedAt?.toISOString() ?? null,
      ...NO_VERSION,
    };
  }
  // Not a file LexServe stored: the seal still tells whether LexServe sealed it and whether it changed since.
  const change = seal?.present ? sealChangeText(seal) : null;
  const status: VerificationStatus = seal?.by_lexserve && change ? 'modified_after_sealing' : 'not_found';
  const message =
    status === 'modified_after_sealing'
      ? SEAL_FILE_MESSAGES.modified(change!)
      : seal?.by_lexserve
        ? SEAL_FILE_MESSAGES.unrecorded
        : seal?.present && seal.signer
          ? SEAL_FILE_MESSAGES.foreign(seal.signer.subject)
          : FILE_NO_MATCH_MESSAGE;
  return {
    ...base,
    valid: false,
    status,
    message,
    match: null,
    security_id: null,
    document_type: null,
    pdf_type: null,
    generation_date: null,
    verification_count: null,
    hash_verified: null,
    firm_verified: null,
    verification_url: null,
    firm_name: null,
    service_date: null,
    revoked_at: null,
    ...NO_VERSION,
  };
}
