import { createHash, type Hash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import type { FileType } from '@lexserve/contracts/documents';

const PDF_MAGIC = Buffer.from('%PDF-');
const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP_LOCAL_HEADER = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const WORD_DIR = Buffer.from('word/');
/** The main stream of a Word 97-2003 file is named "WordDocument" in the CFB directory (UTF-16LE). */
const WORD_DOCUMENT_UTF16 = Buffer.from('WordDocument', 'utf16le');
const HEAD_BYTES = 1024;
/** Bytes kept from the previous chunk so markers split across chunks are still found. */
const OVERLAP = Math.max(30 + WORD_DIR.length, WORD_DOCUMENT_UTF16.length) - 1;

export type Inspection = { size: number; sha256: string; type: FileType | null };

/**
 * A pass-through stream that learns what a file is while it streams to the store: its size, its SHA-256 and
 * its type by content. PDF: "%PDF-" in the first 1024 bytes. DOCX: a zip whose local file headers hold an
 * entry under "word/". DOC: an OLE compound file holding a "WordDocument" stream. Nothing is buffered beyond
 * the first 1 KB and a few overlap bytes, and nothing is copied: the body of a file that does not open as a
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
    if (this.head.length < HEAD_BYTES) this.head = Buffer.concat([this.head, chunk.subarray(0, HEAD_BYTES - this.head.length)]);
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
    const opens = (magic: Buffer) => head.subarray(0, magic.length).equals(magic.subarray(0, Math.min(magic.length, head.length)));
    return (!this.zipWord && opens(ZIP_LOCAL_HEADER)) || (!this.cfbWord && opens(CFB_MAGIC));
  }

  private scan(chunk: Buffer) {
    // The markers are searched in the chunk itself, and in a small window across the boundary with the previous chunk.
    if (this.tail.length) this.search(Buffer.concat([this.tail, chunk.subarray(0, OVERLAP + 30)]));
    this.search(chunk);
    this.tail =
      chunk.length >= OVERLAP ? Buffer.from(chunk.subarray(chunk.length - OVERLAP)) : Buffer.concat([this.tail, chunk]).subarray(-OVERLAP);
  }

  private search(window: Buffer) {
    if (!this.zipWord) {
      let at = window.indexOf(ZIP_LOCAL_HEADER);
      while (at !== -1 && at + 30 + WORD_DIR.length <= window.length) {
        const nameLength = window.readUInt16LE(at + 26);
        if (nameLength >= WORD_DIR.length && window.subarray(at + 30, at + 30 + WORD_DIR.length).equals(WORD_DIR)) {
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
    if (head.indexOf(PDF_MAGIC) !== -1) return 'pdf';
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

/** A filename safe to store and to put in a header: no path, no control characters, at most 255 characters. */
export const cleanFilename = (name: string | undefined, fallback = 'file'): string => {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (clean || fallback).slice(-255);
};
