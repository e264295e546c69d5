import { X509Certificate } from 'node:crypto';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Ctx, PublicCtx } from '../../lib/context';
import { summaryOf } from '../../lib/seal/certificates';
import type { SealedPdf } from '../../lib/seal/seal-pdf';
import type { Sealer } from '../../lib/seal/sealer';
import { SealErrors, type SealCertificateInfo } from '@lexserve/contracts/seal';
import * as repo from './seal.repository';

/**
 * The record of seal certificates (docs/evidence.md, "Seal certificates"): every certificate LexServe seals with is
 * kept (fingerprint, subject, issuer, validity, PEM), so that PDFs sealed before it was replaced (a new PKCS #12 in
 * SEAL_P12_PATH, the local CA issued again) are still recognised as LexServe's, and their certificate can be had.
 */

/** Fingerprints already recorded, per database (a record per seal would be a write per seal for nothing). */
const recorded = new WeakMap<object, Set<string>>();

/** Records the sealer's current certificate (once per process and database; its last use moves on at each start). */
async function recordSealCertificate(db: Db, sealer: Sealer): Promise<string> {
  const { pem, fingerprint_sha256: fingerprint } = await sealer.sealCertificate();
  const known = recorded.get(db) ?? new Set<string>();
  if (known.has(fingerprint)) return fingerprint;
  const cert = new X509Certificate(pem);
  const summary = summaryOf(cert.raw);
  await repo.upsertSealCertificate(db, {
    fingerprintSha256: fingerprint,
    subject: summary.subject,
    issuer: summary.issuer,
    notBefore: new Date(cert.validFrom),
    notAfter: new Date(cert.validTo),
    pem,
  });
  known.add(fingerprint);
  recorded.set(db, known);
  return fingerprint;
}

/**
 * Seals a PDF LexServe issues with the configured seal, and keeps a record of the certificate it was sealed with.
 * `inWorker`: the PDF may be large (a bundle, a served copy): it is parsed in the PDF worker, not on this thread.
 */
export async function sealIssuedPdf(
  ctx: Pick<Ctx, 'db' | 'deps' | 'log'>,
  pdf: Buffer,
  opts: { inWorker?: boolean } = {},
): Promise<SealedPdf> {
  const { pdf: workers } = ctx.deps;
  const sealed = await ctx.deps.seal.seal(
    pdf,
    opts.inWorker ? { placeholder: (bytes, o) => workers.placeholder(bytes, o) } : {},
  );
  await recordSealCertificate(ctx.deps.database.db, ctx.deps.seal);
  return sealed;
}

/** Whether a signer's certificate is LexServe's: the current seal certificate or one it sealed with before. */
export async function isLexServeCertificate(
  ctx: Pick<PublicCtx, 'db' | 'deps'>,
  fingerprint: string,
): Promise<boolean> {
  if ((await ctx.deps.seal.sealCertificate()).fingerprint_sha256 === fingerprint) return true;
  return !!(await repo.findSealCertificate(ctx.db, fingerprint));
}

/** GET /seal/certificate[?fingerprint=]: the current certificate, or a past one by its fingerprint (404 if none). */
export async function sealCertificatePem(
  ctx: Pick<PublicCtx, 'db' | 'deps'>,
  fingerprint?: string,
): Promise<{ pem: string; fingerprint: string }> {
  const current = await ctx.deps.seal.sealCertificate();
  if (!fingerprint || fingerprint === current.fingerprint_sha256)
    return { pem: current.pem, fingerprint: current.fingerprint_sha256 };
  const row = await repo.findSealCertificate(ctx.db, fingerprint);
  if (!row) throw new AppError(SealErrors.SEAL_CERTIFICATE_NOT_FOUND);
  return { pem: row.pem, fingerprint };
}

/** GET /seal/certificates: every certificate LexServe has sealed with, newest first (the current one first of all). */
export async function listSealCertificates(
  ctx: Pick<PublicCtx, 'db' | 'deps'>,
): Promise<SealCertificateInfo[]> {
  const current = await recordSealCertificate(ctx.deps.database.db, ctx.deps.seal);
  const rows = await repo.listSealCertificates(ctx.db);
  return rows
    .map((r) => ({
      fingerprint_sha256: r.fingerprintSha256,
      subject: r.subject,
      issuer: r.issuer,
      not_before: r.notBefore?.toISOString() ?? null,
      not_after: r.notAfter?.toISOString() ?? null,
      first_used_at: r.firstUsedAt.toISOString(),
      last_used_at: r.lastUsedAt.toISOString(),
      current: r.fingerprintSha256 === current,
      download_url: `/api/v1/seal/certificate?fingerprint=${r.fingerprintSha256}`,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}
