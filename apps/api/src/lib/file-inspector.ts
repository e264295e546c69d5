import { createHash, type Hash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import type { FileType } from '@lexserve/contracts/documents';

const PDF_MAGIC = Buffer.from('%PDF-');
const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP_LOCAL_HEADER = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const WORD_DIR = Buffer.from('word/');
/** The main stream of a Word 97-2003 file is named "WordDocument" in the CFB directory (UTF-16LE). */
const WORD_DOCUMENT_UTF16 = Buffer.from('WordDocument', 'utf16le');
/** The bytes a type is told by: the longest magic number (a PDF starts with "%PDF-", a compound file with 8 bytes). */
const HEAD_BYTES = 8;
/** Bytes kept from the previous chunk so markers split across chunks are still found. */
const OVERLAP = Math.max(30 + WORD_DIR.length, WORD_DOCUMENT_UTF16.length) - 1;

export type Inspection = { size: number; sha256: string; type: FileType | null };

/**
 * A pass-through stream that learns what a file is while it streams to the store: its size, its SHA-256 and
 * its type by content. PDF: "%PDF-" at offset 0 (readers that look for it anywhere in the first kilobyte let
 * any file that mentions it pass, an HTML or script file included). DOCX: a zip whose local file headers hold
 * an entry under "word/". DOC: an OLE compound file holding a "WordDocument" stream. Nothing is buffered beyond
 * the first 8 bytes and a few overlap bytes, and nothing is copied: the body of a file that does not open as a
 * zip or a compound file is never scanned, and the scan looks across a chunk boundary through a small window.
 */
export class FileInspector extends Transform {
  private readonly hash: Hash = createHash('sha256');
  private head: Buffer = Buffer.alloc(0);
  private tail: Buffer = Buffer.alloc(0);
  private size = 0;
  private zipWord = false;
  private cfbWord = false;
  private result: Inspection | undefined;

  constructor() {
    super();
    // Errors reach whoever consumes the stream (the store's pipeline, a for-await); this listener only keeps a
    // late second error (a body cut off mid-file fails both the part and the pipe) from becoming uncaught.
    this.on('error', () => undefined);
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    this.hash.update(chunk);
    if (this.head.length < HEAD_BYTES)
      this.head = Buffer.concat([this.head, chunk.subarray(0, HEAD_BYTES - this.head.length)]);
    if (this.mayBeWord()) this.scan(chunk);
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    this.result = { size: this.size, sha256: this.hash.digest('hex'), type: this.detect() };
    done();
  }

  /** The inspection, once the stream has ended. */
  get inspection(): Inspection {
    if (!this.result) throw new Error('inspection read before the stream ended');
    return this.result;
  }

  /** Whether the head so far still allows a zip or a compound file (a PDF, or anything else, needs no scan). */
  private mayBeWord(): boolean {
    const { head } = this;
    const opens = (magic: Buffer) =>
      head.subarray(0, magic.length).equals(magic.subarray(0, Math.min(magic.length, head.length)));
    return (!this.zipWord && opens(ZIP_LOCAL_HEADER)) || (!this.cfbWord && opens(CFB_MAGIC));
  }

  private scan(chunk: Buffer) {
    // The markers are searched in the chunk itself, and in a small window across the boundary with the previous chunk.
    if (this.tail.length) this.search(Buffer.concat([this.tail, chunk.subarray(0, OVERLAP + 30)]));
    this.search(chunk);
    this.tail =
      chunk.length >= OVERLAP
        ? Buffer.from(chunk.subarray(chunk.length - OVERLAP))
        : Buffer.concat([this.tail, chunk]).subarray(-OVERLAP);
  }

  private search(window: Buffer) {
    if (!this.zipWord) {
      let at = window.indexOf(ZIP_LOCAL_HEADER);
      while (at !== -1 && at + 30 + WORD_DIR.length <= window.length) {
        const nameLength = window.readUInt16LE(at + 26);
        if (
          nameLength >= WORD_DIR.length &&
          window.subarray(at + 30, at + 30 + WORD_DIR.length).equals(WORD_DIR)
        ) {
          this.zipWord = true;
          break;
        }
        at = window.indexOf(ZIP_LOCAL_HEADER, at + 1);
      }
    }
    if (!this.cfbWord && window.includes(WORD_DOCUMENT_UTF16)) this.cfbWord = true;
  }

  private detect(): FileType | null {
    const head = this.head;
    if (head.length === 0) return null;
    if (head.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) return 'pdf';
    if (head.subarray(0, 8).equals(CFB_MAGIC)) return this.cfbWord ? 'doc' : null;
    if (head.subarray(0, 4).equals(ZIP_LOCAL_HEADER)) return this.zipWord ? 'docx' : null;
    return null;
  }
}

/** The type an extension claims (.pdf, .doc, .docx), or null. */
export const typeOfExtension = (filename: string): FileType | null => {
  const ext = /\.([A-Za-z0-9]+)$/.exec(filename)?.[1]?.toLowerCase();
  return ext === 'pdf' || ext === 'doc' || ext === 'docx' ? ext : null;
};

/**
 * What a file name may not hold: control characters (C0, DEL, C1); the bidirectional controls that make
 * "invoice\u202Efdp.exe" show as "invoiceexe.pdf" (U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069); the
 * line and paragraph separators; the invisible format characters U+200B, U+2060-U+2064, U+206A-U+206F, U+FEFF
 * and U+FFF9-U+FFFB; and lone surrogates. Zero-width (non-)joiners stay: Persian, Indic scripts and emoji need them.
 */
const UNSAFE_IN_NAMES =
  /[\p{Cc}\p{Cs}\u061c\u200b\u200e\u200f\u2028\u2029\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]/gu;

/** A filename safe to store and to put in a header: no path, no control or bidirectional characters, at most 255 characters. */
export const cleanFilename = (name: string | undefined, fallback = 'file'): string => {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base.replace(UNSAFE_IN_NAMES, '').trim();
  // Characters, not UTF-16 units: a cut never leaves half a surrogate pair.
  return Array.from(clean || fallback)
    .slice(-255)
    .join('');
};

// ---------------------------------------------------------------------------------------------------------
// Photos (a sheriff's attempt): JPEG, PNG, WebP and HEIC, told by their first bytes.
// ---------------------------------------------------------------------------------------------------------

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/heic';
/** The ISO base media "ftyp" brands of HEIF/HEIC stills and sequences (phones write heic, mif1 or heix). */
const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs', 'mif1', 'msf1']);
const IMAGE_HEAD_BYTES = 12;

/**
 * The type of an image by its first 12 bytes: JPEG FF D8 FF; PNG's 8-byte signature; WebP "RIFF" ? ? ? ? "WEBP";
 * HEIC an "ftyp" box (bytes 4–7) whose major brand is a HEIF brand. Anything else (a text file named .jpg) is null.
 */
export function imageTypeOf(head: Buffer): ImageType | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (
    head.length >= 8 &&
    head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'image/png';
  if (
    head.length >= 12 &&
    head.toString('latin1', 0, 4) === 'RIFF' &&
    head.toString('latin1', 8, 12) === 'WEBP'
  )
    return 'image/webp';
  if (
    head.length >= 12 &&
    head.toString('latin1', 4, 8) === 'ftyp' &&
    HEIC_BRANDS.has(head.toString('latin1', 8, 12))
  )
    return 'image/heic';
  return null;
}

export type ImageInspection = { size: number; sha256: string; type: ImageType | null };

/** A pass-through stream that hashes an image while it streams to the store and tells its type by its first bytes. */
export class ImageInspector extends Transform {
  private readonly hash: Hash = createHash('sha256');
  private head: Buffer = Buffer.alloc(0);
  private size = 0;
  private result: ImageInspection | undefined;

  constructor() {
    super();
    this.on('error', () => undefined);
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    this.hash.update(chunk);
    if (this.head.length < IMAGE_HEAD_BYTES)
      this.head = Buffer.concat([this.head, chunk.subarray(0, IMAGE_HEAD_BYTES - this.head.length)]);
    done(null, chunk);
  }

  override _flush(done: TransformCallback): void {
    this.result = { size: this.size, sha256: this.hash.digest('hex'), type: imageTypeOf(this.head) };
    done();
  }

  /** The inspection, once the stream has ended. */
  get inspection(): ImageInspection {
    if (!this.result) throw new Error('inspection read before the stream ended');
    return this.result;
  }
}
