// The PDF worker: runs in a worker thread started by `pdf-merge.ts`, never imported by the server. It opens
// users' PDFs with pdf-lib and merges their pages (bundles) or stamps them (served copies), within limits the main
// thread cannot enforce from outside: pages (counted before any page is copied) and bytes inflated from compressed streams (counted as pdf-lib
// decodes them). The main thread adds the limits a thread can have from outside: heap (resourceLimits) and
// time (it terminates the worker). Built by scripts/build.mjs as dist/pdf-merge.worker.mjs.
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import { writePlaceholder, type PlaceholderOptions } from './seal/placeholder';
import { makeStamp, placeStamp, type StampSpec } from './served-stamp';

export type WorkerLimits = { maxPages: number; maxInflatedBytes: number };
export type ToWorker =
  | { kind: 'add'; bytes: Uint8Array }
  | { kind: 'finish'; title: string; producer: string; creator: string }
  | { kind: 'stamp'; bytes: Uint8Array; spec: StampSpec }
  | { kind: 'placeholder'; bytes: Uint8Array; options: PlaceholderOptions };
/** Why a source was refused: more pages than allowed, too many inflated bytes, encrypted, or not a readable PDF. */
type WorkerRefusal = 'pages' | 'inflated' | 'encrypted' | 'unreadable';
export type FromWorker =
  | { kind: 'ready' }
  | { kind: 'added'; pages: number }
  | { kind: 'refused'; reason: WorkerRefusal; detail: string }
  | { kind: 'done'; bytes: Uint8Array; pageCount: number }
  | { kind: 'stamped'; bytes: Uint8Array; pageCount: number }
  | { kind: 'placeheld'; bytes: Uint8Array };

// pdf-lib warns on the console for every object it cannot parse: a hostile file would flood the log, and a
// worker's console is written by the main thread. Nothing in this thread may write to the console.
for (const method of ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const)
  console[method] = () => undefined;

// pdf-lib and its stream decoder are required through one CommonJS loader, so the decoder patched below is the
// very class pdf-lib decodes with (pdf-lib exports no decoder class; the path is stable in 1.x, checked below).
const require = createRequire(import.meta.url);
const pdfLib = require('pdf-lib') as typeof import('pdf-lib');
const { PDFDocument, PDFPageLeaf, PDFPageTree, ParseSpeeds } = pdfLib;
const QRCode = require('qrcode') as typeof import('qrcode');
type DecodeStreamLike = { buffer: Uint8Array; minBufferLength?: number };
const DecodeStream = (
  require('pdf-lib/cjs/core/streams/DecodeStream') as { default?: { prototype: Record<string, unknown> } }
).default;
const ensureBuffer = DecodeStream?.prototype.ensureBuffer as
  ((this: DecodeStreamLike, requested: number) => Uint8Array) | undefined;
if (typeof ensureBuffer !== 'function')
  throw new Error('pdf-lib DecodeStream.ensureBuffer not found: the inflate limit cannot be enforced');

const limits = workerData as WorkerLimits;

class InflateLimitError extends Error {}

/**
 * Bytes inflated for the source being read. Every pdf-lib decoder (Flate, LZW, ASCII85, ASCIIHex, RunLength)
 * grows its output through DecodeStream.ensureBuffer, to the next power of two; the growth is counted before it
 * is allocated. pdf-lib swallows errors while parsing objects (it re-reads a failing object as "invalid"), so
 * passing the limit is also remembered here, and every later growth fails at once.
 */
const inflate = { bytes: 0, exceeded: false };
DecodeStream!.prototype.ensureBuffer = function (this: DecodeStreamLike, requested: number): Uint8Array {
  const current = this.buffer.byteLength;
  if (requested > current) {
    let size = this.minBufferLength ?? 512;
    while (size < requested) size *= 2;
    if (inflate.exceeded || inflate.bytes + size - current > limits.maxInflatedBytes) {
      inflate.exceeded = true;
      throw new InflateLimitError('inflate limit');
    }
  }
  const grown = ensureBuffer.call(this, requested);
  inflate.bytes += grown.byteLength - current;
  return grown;
};

type Doc = Awaited<ReturnType<typeof PDFDocument.load>>;
type PageTree = import('pdf-lib').PDFPageTree;

/**
 * Counts the page leaves of a document, stopping once past `limit`: a page tree whose nodes share their kids
 * (a few hundred bytes that describe billions of pages) costs at most `limit` leaves. A tree that visits a
 * node twice is malformed (pdf-lib would recurse for ever on a cycle).
 */
function countPages(doc: Doc, limit: number): number {
  const seen = new Set<PageTree>();
  const stack: PageTree[] = [doc.catalog.Pages()];
  let count = 0;
  while (stack.length) {
    const node = stack.pop()!;
    if (seen.has(node)) throw new Error('the page tree visits a node twice');
    seen.add(node);
    const kids = node.Kids();
    for (let i = 0, n = kids.size(); i < n; i++) {
      const kid = doc.context.lookup(kids.get(i));
      if (kid instanceof PDFPageTree) stack.push(kid);
      else if (kid instanceof PDFPageLeaf && ++count > limit) return count;
    }
  }
  return count;
}

const port = parentPort!;
const send = (message: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);
const merged = await PDFDocument.create();
let pages = 0;

const INFLATED: FromWorker = { kind: 'refused', reason: 'inflated', detail: 'inflate limit' };

/** Opens a source within the inflate limit; a refusal when it cannot be opened. */
async function open(bytes: Uint8Array): Promise<Doc | FromWorker> {
  inflate.bytes = 0;
  inflate.exceeded = false;
  let source: Doc;
  try {
    // No yielding while parsing (pdf-lib's default pauses every 100 objects): this thread has nothing else to do.
    source = await PDFDocument.load(bytes, { updateMetadata: false, parseSpeed: ParseSpeeds.Fastest });
  } catch (err) {
    if (inflate.exceeded) return INFLATED;
    // pdf-lib refuses an encrypted file (it cannot decrypt it). Its EncryptedPDFError is an ES5 subclass of Error
    // that neither instanceof nor its name tells apart: its message does.
    if (err instanceof Error && /^Input document to `PDFDocument.load` is encrypted/.test(err.message))
      return { kind: 'refused', reason: 'encrypted', detail: err.message };
    return { kind: 'refused', reason: 'unreadable', detail: String(err) };
  }
  return inflate.exceeded ? INFLATED : source;
}

async function add(bytes: Uint8Array): Promise<FromWorker> {
  const source = await open(bytes);
  if (!(source instanceof PDFDocument)) return source;
  try {
    const count = countPages(source, limits.maxPages - pages);
    if (pages + count > limits.maxPages)
      return { kind: 'refused', reason: 'pages', detail: `more than ${limits.maxPages - pages} pages` };
    if (count === 0) return { kind: 'refused', reason: 'unreadable', detail: 'no pages' };
    const copied = await merged.copyPages(source, source.getPageIndices());
    for (const page of copied) merged.addPage(page);
    pages += copied.length;
    return { kind: 'added', pages: copied.length };
  } catch (err) {
    if (inflate.exceeded) return { kind: 'refused', reason: 'inflated', detail: 'inflate limit' };
    return { kind: 'refused', reason: 'unreadable', detail: String(err) };
  }
}

async function finish(message: Extract<ToWorker, { kind: 'finish' }>): Promise<void> {
  merged.setTitle(message.title);
  merged.setProducer(message.producer);
  merged.setCreator(message.creator);
  const out = await merged.save({ objectsPerTick: Infinity });
  // Transferred, not copied: the array must own its whole buffer.
  const bytes = out.byteOffset === 0 && out.byteLength === out.buffer.byteLength ? out : out.slice();
  send({ kind: 'done', bytes, pageCount: merged.getPageCount() }, [bytes.buffer as ArrayBuffer]);
}

/**
 * The served copy: every page of the source gets the stamp at its foot (served-stamp.ts), within the same page and
 * inflate limits as a bundle. The file is written again by pdf-lib (the caller seals it).
 */
async function stamped(
  bytes: Uint8Array,
  spec: StampSpec,
): Promise<{ answer: FromWorker; transfer?: ArrayBuffer[] }> {
  const source = await open(bytes);
  if (!(source instanceof PDFDocument)) return { answer: source };
  try {
    const count = countPages(source, limits.maxPages);
    if (count > limits.maxPages)
      return { answer: { kind: 'refused', reason: 'pages', detail: `more than ${limits.maxPages} pages` } };
    if (count === 0) return { answer: { kind: 'refused', reason: 'unreadable', detail: 'no pages' } };
    const qr = QRCode.create(spec.verifyUrl, { errorCorrectionLevel: 'M' }).modules;
    const made = await makeStamp(pdfLib, source, spec, { size: qr.size, data: qr.data });
    const pages = source.getPages();
    for (const page of pages) placeStamp(pdfLib, page, made);
    const out = await source.save({ objectsPerTick: Infinity });
    const own = out.byteOffset === 0 && out.byteLength === out.buffer.byteLength ? out : out.slice();
    return {
      answer: { kind: 'stamped', bytes: own, pageCount: pages.length },
      transfer: [own.buffer as ArrayBuffer],
    };
  } catch (err) {
    return {
      answer: inflate.exceeded ? INFLATED : { kind: 'refused', reason: 'unreadable', detail: String(err) },
    };
  }
}

/** The seal's placeholder (seal/placeholder.ts) on a PDF this worker wrote: parsing it is kept off the main thread. */
async function placeheld(
  bytes: Uint8Array,
  options: PlaceholderOptions,
): Promise<{ answer: FromWorker; transfer?: ArrayBuffer[] }> {
  try {
    const out = await writePlaceholder(bytes, options);
    const own = out.byteOffset === 0 && out.byteLength === out.buffer.byteLength ? out : out.slice();
    return { answer: { kind: 'placeheld', bytes: own }, transfer: [own.buffer as ArrayBuffer] };
  } catch (err) {
    return { answer: { kind: 'refused', reason: 'unreadable', detail: String(err) } };
  }
}

// One message at a time: the main thread waits for each answer before it sends the next.
port.on('message', (message: ToWorker) => {
  // Anything unexpected rejects unhandled, which ends the thread with an 'error' the main thread reports as a server error.
  if (message.kind === 'add') void add(message.bytes).then((answer) => send(answer));
  else if (message.kind === 'stamp')
    void stamped(message.bytes, message.spec).then(({ answer, transfer }) => send(answer, transfer));
  else if (message.kind === 'placeholder')
    void placeheld(message.bytes, message.options).then(({ answer, transfer }) => send(answer, transfer));
  else void finish(message);
});
send({ kind: 'ready' });
