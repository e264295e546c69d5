import { Worker, type WorkerOptions } from 'node:worker_threads';
import type { Env } from '../config/env';
import type { FromWorker, ToWorker, WorkerLimits } from './pdf-merge.worker';
import type { PlaceholderOptions } from './seal/placeholder';
import type { StampSpec } from './served-stamp';

/** The limits of PDF work, from the configuration (see README, "Configuration", and docs/decisions.md). */
export type PdfLimits = {
  /** Pages in one bundle, all sources together. */
  maxPages: number;
  /** MB one source may inflate to while it is read (object and cross-reference streams). */
  maxInflatedMb: number;
  /** MB of the sources of one bundle together. */
  maxSourceMb: number;
  /** The worker's V8 heap (old generation), MB. */
  memoryMb: number;
  /** Seconds the worker may work on one bundle (its start, and reading sources from the store, are not counted). */
  timeoutSeconds: number;
  /** Workers at once; more bundles wait in a short queue, and are refused as busy beyond it. */
  workers: number;
};

export const pdfLimitsOf = (env: Env): PdfLimits => ({
  maxPages: env.PDF_MAX_PAGES,
  maxInflatedMb: env.PDF_MAX_INFLATED_MB,
  maxSourceMb: env.PDF_MAX_BUNDLE_MB,
  memoryMb: env.PDF_WORKER_MEMORY_MB,
  timeoutSeconds: env.PDF_TIMEOUT_SECONDS,
  workers: env.PDF_WORKERS,
});

/**
 * Why PDF work was refused. `index` is the source being worked on (null: writing the merged file, or before
 * any source). pages, inflated, encrypted, unreadable: the worker's own checks; memory: its heap limit; timeout: its time
 * limit; too_large: the sources together; busy: every worker and the queue are taken.
 */
export type PdfRefusalReason =
  'pages' | 'inflated' | 'encrypted' | 'unreadable' | 'memory' | 'timeout' | 'too_large' | 'busy';
export class PdfRefusedError extends Error {
  constructor(
    readonly reason: PdfRefusalReason,
    readonly index: number | null,
    detail?: string,
  ) {
    super(
      `PDF refused (${reason}${index === null ? '' : `, source ${index}`})${detail ? `: ${detail}` : ''}`,
    );
    this.name = 'PdfRefusedError';
  }
}

/** Bundles waiting for a worker, per worker, before more are refused as busy. */
const QUEUE_PER_WORKER = 4;
/**
 * A worker's start (loading pdf-lib; from source, compiling the entry too) is not the user's file's doing and is
 * not counted against the time limit; it has its own, past which the merge fails as a server error.
 */
const START_TIMEOUT_MS = 30_000;

/**
 * The worker's entry. Built (dist/server.mjs): dist/pdf-merge.worker.mjs beside it. From source (vitest, tsx):
 * the TypeScript file, compiled on load by tsx's API in the new thread.
 */
function startWorker(options: WorkerOptions): Worker {
  const here = import.meta.url;
  if (!new URL(here).pathname.endsWith('.ts'))
    return new Worker(new URL('./pdf-merge.worker.mjs', here), options);
  const entry = new URL('./pdf-merge.worker.ts', here).href;
  const boot = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => tsx.tsImport(${JSON.stringify(entry)}, ${JSON.stringify(here)}))`;
  return new Worker(boot, { ...options, eval: true });
}

/**
 * A source of a merge: read only when the worker is ready for it, so one source at a time is in memory here. Its
 * bytes are moved to the worker, not copied (a Buffer that shares Node's pool is copied first): the caller must
 * not use them again.
 */
export type PdfSource = () => Promise<Uint8Array>;

/**
 * Opens users' PDFs off the request thread. Each merge runs in a worker thread of its own, started for it and
 * ended after it, with a heap limit; the time it spends working is limited by terminating it. At most
 * `workers` merges run at once.
 */
export class PdfWorkers {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly limits: PdfLimits) {}

  private async slot(): Promise<() => void> {
    if (this.running >= this.limits.workers) {
      if (this.waiting.length >= this.limits.workers * QUEUE_PER_WORKER)
        throw new PdfRefusedError('busy', null);
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    // The slot passes straight to the next in the queue, or is given back.
    return () => {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    };
  }

  /**
   * Runs one piece of work in a worker thread of its own: started for it (within the start limit), given the heap
   * limit, terminated after it or when the work's replies take longer than the time limit together.
   */
  private async session<T>(
    work: (
      ask: (message: ToWorker, transfer?: ArrayBuffer[]) => Promise<FromWorker>,
      at: (index: number | null) => void,
    ) => Promise<T>,
  ): Promise<T> {
    const release = await this.slot();
    const { limits } = this;
    const workerLimits: WorkerLimits = {
      maxPages: limits.maxPages,
      maxInflatedBytes: limits.maxInflatedMb * 1024 * 1024,
    };
    const worker = startWorker({
      workerData: workerLimits,
      resourceLimits: {
        maxOldGenerationSizeMb: limits.memoryMb,
        maxYoungGenerationSizeMb: Math.min(32, Math.max(4, limits.memoryMb / 8)),
        stackSizeMb: 4,
      },
    });
    let index: number | null = null;
    let budget = limits.timeoutSeconds * 1000;
    let pending: { resolve: (m: FromWorker) => void; reject: (e: unknown) => void } | null = null;
    let failure: unknown = null;
    const fail = (err: unknown) => {
      failure ??= err;
      pending?.reject(failure);
      pending = null;
    };
    worker.on('message', (m: FromWorker) => {
      pending?.resolve(m);
      pending = null;
    });
    worker.on('error', (err: Error & { code?: string }) =>
      fail(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new PdfRefusedError('memory', index, err.message) : err),
    );
    worker.on('exit', (code) => fail(new Error(`the PDF worker exited (${code})`)));

    /**
     * Sends a message (none: waits for the worker to start) and answers the worker's reply. The wait for a reply
     * counts against the time budget; the start has its own limit.
     */
    const ask = (message?: ToWorker, transfer: ArrayBuffer[] = []): Promise<FromWorker> => {
      if (failure) return Promise.reject(failure);
      const started = performance.now();
      return new Promise<FromWorker>((resolve, reject) => {
        const timer = setTimeout(
          () => {
            fail(
              message
                ? new PdfRefusedError('timeout', index)
                : new Error(`the PDF worker did not start within ${START_TIMEOUT_MS / 1000} s`),
            );
            void worker.terminate();
          },
          message ? Math.max(0, budget) : START_TIMEOUT_MS,
        );
        const settle = () => {
          clearTimeout(timer);
          if (message) budget -= performance.now() - started;
        };
        pending = {
          resolve: (m) => {
            settle();
            resolve(m);
          },
          reject: (e) => {
            settle();
            reject(e);
          },
        };
        if (message) worker.postMessage(message, transfer);
      });
    };

    try {
      const ready = await ask();
      if (ready.kind !== 'ready') throw new Error(`the PDF worker answered ${ready.kind} on start`);
      return await work(ask, (i) => (index = i));
    } finally {
      worker.removeAllListeners('exit');
      await worker.terminate();
      release();
    }
  }

  /**
   * Merges the pages of the sources, in order, into one PDF with the given metadata. Refusals are
   * PdfRefusedError; a source that cannot be read from the store throws its own error.
   */
  merge(
    sources: PdfSource[],
    meta: { title: string; producer: string; creator: string },
  ): Promise<{ bytes: Buffer; pageCount: number }> {
    const { limits } = this;
    return this.session(async (ask, at) => {
      let total = 0;
      for (const [i, read] of sources.entries()) {
        at(null);
        const bytes = await read();
        at(i);
        total += bytes.byteLength;
        if (total > limits.maxSourceMb * 1024 * 1024) throw new PdfRefusedError('too_large', i);
        const own = owned(bytes);
        const answer = await ask({ kind: 'add', bytes: own }, [own.buffer as ArrayBuffer]);
        if (answer.kind === 'refused') throw new PdfRefusedError(answer.reason, i, answer.detail);
        if (answer.kind !== 'added') throw new Error(`the PDF worker answered ${answer.kind} to a source`);
      }
      at(null);
      const done = await ask({ kind: 'finish', ...meta });
      if (done.kind !== 'done') throw new Error(`the PDF worker answered ${done.kind} to finish`);
      return {
        bytes: Buffer.from(done.bytes.buffer, done.bytes.byteOffset, done.bytes.byteLength),
        pageCount: done.pageCount,
      };
    });
  }

  /**
   * The served copy of a PDF: every page stamped at its foot (served-stamp.ts), within the same limits as a bundle
   * of that one file (`index` 0 in a refusal). Refusals are PdfRefusedError ('encrypted' among them).
   */
  stamp(source: PdfSource, spec: StampSpec): Promise<{ bytes: Buffer; pageCount: number }> {
    const { limits } = this;
    return this.session(async (ask, at) => {
      const bytes = await source();
      at(0);
      if (bytes.byteLength > limits.maxSourceMb * 1024 * 1024) throw new PdfRefusedError('too_large', 0);
      const own = owned(bytes);
      const answer = await ask({ kind: 'stamp', bytes: own, spec }, [own.buffer as ArrayBuffer]);
      if (answer.kind === 'refused') throw new PdfRefusedError(answer.reason, 0, answer.detail);
      if (answer.kind !== 'stamped') throw new Error(`the PDF worker answered ${answer.kind} to a stamp`);
      return {
        bytes: Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset, answer.bytes.byteLength),
        pageCount: answer.pageCount,
      };
    });
  }

  /**
   * The seal's placeholder (seal/placeholder.ts) written in a worker: a bundle or served copy of thousands of pages
   * takes about a second to parse, which would stall every request on the main thread. The PDF is copied, not moved
   * (the sealer may ask again with more room). Refusals are PdfRefusedError.
   */
  placeholder(pdf: Uint8Array, options: PlaceholderOptions): Promise<Uint8Array> {
    return this.session(async (ask, at) => {
      at(0);
      const own = new Uint8Array(pdf);
      const answer = await ask({ kind: 'placeholder', bytes: own, options }, [own.buffer as ArrayBuffer]);
      if (answer.kind === 'refused') throw new PdfRefusedError(answer.reason, 0, answer.detail);
      if (answer.kind !== 'placeheld')
        throw new Error(`the PDF worker answered ${answer.kind} to a placeholder`);
      return answer.bytes;
    });
  }
}

/** Transferred, not copied: a Buffer from Node's pool shares its ArrayBuffer and is copied out first. */
const owned = (bytes: Uint8Array) =>
  bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);
