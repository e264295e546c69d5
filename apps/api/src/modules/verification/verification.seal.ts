import type { Seal } from '@lexserve/contracts/verification';
import { LRUCache } from 'lru-cache';
import type { PublicCtx } from '../../lib/context';
import type { SealReport } from '../../lib/seal/read-seal';
import { FileMissingError } from '../../lib/storage';
import { isLexServeCertificate } from '../seal/seal.service';

/**
 * Reading the seal (PDF signature) of a file for verification. readSeal finds signatures by text search and checks
 * the CMS over the byte ranges: it inflates no streams and builds no page tree, so the PDF worker's page and
 * inflation limits have nothing to bound; what can grow with a hostile file is its size (bounded by the upload
 * limit) and the number of signature dictionaries each searched for its entries (bounded here). Any failure to
 * read is reported as a seal that could not be checked, never thrown.
 */

/** More signature dictionaries than this and the file is not read (each costs a pass over the file). */
const MAX_SIGNATURES = 32;
const BYTE_RANGE = Buffer.from('/ByteRange');

function tooManySignatures(pdf: Buffer): boolean {
  let count = 0;
  for (let at = pdf.indexOf(BYTE_RANGE); at >= 0; at = pdf.indexOf(BYTE_RANGE, at + BYTE_RANGE.length)) {
    if (++count > MAX_SIGNATURES) return true;
  }
  return false;
}

const unreadable = (problem: string): Seal => ({
  present: true,
  intact: false,
  covers_whole_file: false,
  by_lexserve: false,
  signer: null,
  signed_at: null,
  timestamp: null,
  problem,
});

type Read = SealReport | Seal;

function read(ctx: PublicCtx, pdf: Buffer): Read {
  if (tooManySignatures(pdf))
    return unreadable(`The file holds more than ${MAX_SIGNATURES} signatures; it was not read`);
  try {
    return ctx.deps.seal.read(pdf);
  } catch (err) {
    ctx.log.info({ err }, 'a PDF signature could not be read');
    return unreadable('The signature could not be read: it is damaged or not a PDF signature');
  }
}

/** Whether the signer is one of this installation's document seals (the app's, so not cached with the file). */
async function judged(ctx: PublicCtx, report: Read): Promise<Seal> {
  // The current seal certificate, or one LexServe sealed with before it was replaced (seal.service.ts).
  const ours = report.signer ? await isLexServeCertificate(ctx, report.signer.fingerprint_sha256) : false;
  return {
    present: report.present,
    intact: report.intact,
    covers_whole_file: report.covers_whole_file,
    by_lexserve: ours,
    signer: report.signer,
    signed_at: report.signed_at,
    timestamp: report.timestamp,
    problem: report.present ? report.problem : null,
  };
}

/** The seal of these PDF bytes, and whether its signer is this installation's document seal. */
export const sealOf = (ctx: PublicCtx, pdf: Buffer): Promise<Seal> => judged(ctx, read(ctx, pdf));

/** Stored files are never rewritten: a seal read is kept per content hash (bounded, least recently used dropped first). */
const cache = new LRUCache<string, Read>({ max: 512 });

/**
 * The seal of a stored PDF whose content hashes to `sha256` (just computed from the stored bytes, so a swapped file
 * is read afresh). Our own files: read inline. Null when the file cannot be read.
 */
export async function storedSealOf(ctx: PublicCtx, key: string, sha256: string | null): Promise<Seal | null> {
  if (!sha256) return null;
  const known = cache.get(sha256);
  if (known) return judged(ctx, known);
  let pdf: Buffer;
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of await ctx.deps.files.get(key)) chunks.push(chunk as Buffer);
    pdf = Buffer.concat(chunks);
  } catch (err) {
    if (!(err instanceof FileMissingError))
      ctx.log.error({ err, key }, 'stored proof could not be read for its seal');
    return null;
  }
  const report = read(ctx, pdf);
  cache.set(sha256, report);
  return judged(ctx, report);
}
