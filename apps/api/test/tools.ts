import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Whether a command-line tool that some tests need is installed. Locally such tests are skipped without it;
 * in CI (.ci/run installs poppler-utils and LibreOffice) a missing tool fails the run instead.
 */
export function installed(command: string, pkg: string): boolean {
  const found = spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;
  if (!found && process.env.CI) throw new Error(`${command} is needed by the tests: install ${pkg}`);
  return found;
}

export const hasPdftotext = installed('pdftotext', 'poppler-utils');

/** The text of a PDF, page layout kept (pdftotext). */
export function pdfText(pdf: Buffer | Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-text-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', join(dir, 'in.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const hasPdfsig = installed('pdfsig', 'poppler-utils');
export const hasPdftoppm = installed('pdftoppm', 'poppler-utils');

/** What `pdfsig` says of a PDF's signatures (its exit status is not a verdict: read the text). */
export function pdfsig(pdf: Buffer | Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-sig-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    const run = spawnSync('pdfsig', [join(dir, 'in.pdf')], { encoding: 'utf8' });
    return `${run.stdout}${run.stderr}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Each page rendered to PNG by pdftoppm (`resolution` dots per inch). */
export function pdfPages(pdf: Buffer | Uint8Array, resolution = 50): Buffer[] {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-png-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    execFileSync('pdftoppm', ['-png', '-r', String(resolution), join(dir, 'in.pdf'), join(dir, 'page')]);
    return readdirSync(dir)
      .filter((f) => f.endsWith('.png'))
      .sort()
      .map((f) => readFileSync(join(dir, f)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
