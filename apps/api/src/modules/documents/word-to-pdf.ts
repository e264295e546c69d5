import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import { DocumentErrors } from '@lexserve/contracts/documents';
import { appError } from '../../lib/app-error';
import type { FileStore } from '../../lib/storage';
import { fileTypeOf, type CaseFileRow } from './files.repository';
import { storedContent } from './files.service';

let sofficeOnPath: string | null | undefined;
/** LibreOffice: SOFFICE_PATH when set ('off': none), otherwise `soffice` or `libreoffice` on the PATH, looked up once. */
export function findSoffice(configured?: string): string | null {
  if (configured) return configured === 'off' ? null : configured;
  if (sofficeOnPath === undefined) {
    const res = spawnSync('sh', ['-c', 'command -v soffice || command -v libreoffice'], { encoding: 'utf8' });
    sofficeOnPath = res.status === 0 && res.stdout.trim() ? res.stdout.trim().split('\n')[0]! : null;
  }
  return sofficeOnPath;
}

/** At most this long for one run, however many files (LibreOffice is given 2 min plus 30 s per file below that). */
const MAX_RUN_MS = 10 * 60_000;

/**
 * Runs LibreOffice in its own process group, so that a run that overstays its time is killed whole (the
 * `soffice` script starts `soffice.bin` as a child), and no process is left behind once it has ended.
 */
function runSoffice(soffice: string, args: string[], timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(soffice, args, { detached: true, stdio: 'ignore' });
    const killGroup = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // the group has already gone
      }
    };
    const timer = setTimeout(() => {
      killGroup();
      reject(new Error(`LibreOffice did not finish within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      killGroup();
      if (code === 0) resolve();
      else reject(new Error(`LibreOffice exited with ${signal ?? code}`));
    });
  });
}

/** One conversion at a time: each LibreOffice process takes far more memory than the server itself. */
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const next = queue.then(work, work);
  queue = next.catch(() => undefined);
  return next;
}

type Converted = { dir: string; pdfOf: Map<number, string> };

/**
 * Converts Word files to PDF with one LibreOffice run (its start-up is most of the cost), one run at a time,
 * in a private temporary folder with its own profile. Answers the PDF path of each file id; the caller removes
 * `dir`. LibreOffice missing or not executable: the files are refused by name as unsupported; a file it could
 * not convert is named.
 */
export async function convertWordFiles(
  soffice: string,
  store: FileStore,
  words: CaseFileRow[],
  log: FastifyBaseLogger,
): Promise<Converted> {
  const dir = await mkdtemp(join(tmpdir(), 'lexserve-convert-'));
  try {
    const inputs = words.map((file, i) => ({
      file,
      path: join(dir, `${i}.${fileTypeOf(file.mimeType, file.filename) === 'doc' ? 'doc' : 'docx'}`),
    }));
    for (const { file, path } of inputs)
      await pipeline(await storedContent(store, file.storageKey), createWriteStream(path));
    const args = [
      '--headless',
      '--norestore',
      `-env:UserInstallation=file://${dir}/profile`,
      '--convert-to',
      'pdf',
      '--outdir',
      dir,
    ];
    const timeout = Math.min(MAX_RUN_MS, 120_000 + 30_000 * words.length);
    try {
      await oneAtATime(() => runSoffice(soffice, [...args, ...inputs.map((i) => i.path)], timeout));
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      log.error(
        { err, soffice, files: words.map((f) => f.id) },
        'LibreOffice failed to convert Word files for a bundle',
      );
      if (code === 'ENOENT' || code === 'EACCES') {
        throw appError(
          DocumentErrors.BUNDLE_WORD_UNSUPPORTED,
          { names: words.map((f) => f.filename).join(', ') },
          err,
        );
      }
      // Otherwise the files it did convert are used, and the first it did not is named below.
    }
    const pdfOf = new Map<number, string>();
    for (const { file, path } of inputs) {
      const pdf = path.replace(/\.docx?$/, '.pdf');
      if (!(await stat(pdf).catch(() => null))?.size) {
        throw appError(DocumentErrors.BUNDLE_CONVERSION_FAILED, { name: file.filename });
      }
      pdfOf.set(file.id, pdf);
    }
    return { dir, pdfOf };
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
}
