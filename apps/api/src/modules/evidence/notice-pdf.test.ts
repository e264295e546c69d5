import { inflateSync } from 'node:zlib';
import { PDF } from '@libpdf/core';
import LineBreaker from 'linebreak';
import PDFDocument from 'pdfkit';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasPdftoppm, hasPdftotext, pdfPages, pdfText } from '../../../test/tools';
import { breaksOf, NoticePdf, type TextOptions } from './notice-pdf';
import { loadStandardFonts, winAnsiCode, type StandardFontName, type StandardFonts } from './standard-fonts';

// The notices' writer against pdfkit as shipped: the same drawing calls on both must give the same heights,
// positions and pages, the same text at the same places in the same fonts and sizes, and the same pixels.

let fonts: StandardFonts;
beforeAll(async () => {
  fonts = await loadStandardFonts();
});

let seed = 4;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const word = (chars: string) =>
  Array.from({ length: 1 + Math.floor(random() * 12) }, () => pick([...chars])).join('');

/** A text: mostly words cut at spaces, sometimes what only the Unicode line breaker handles (hyphens, brackets, quotes, dashes, new lines, a word wider than a line), or nothing. */
function randomText(): string {
  if (random() < 0.03) return '';
  const words = Array.from({ length: 1 + Math.floor(random() * 30) }, () =>
    word('abcdefghijklmnopqrstuvwxyzABCXYZ0189@.,:'),
  );
  const r = random();
  if (r < 0.1) words.splice(1, 0, 'well-known (Pty) Ltd');
  else if (r < 0.2) words.splice(1, 0, 'line\nbreak');
  else if (r < 0.25) words.push('x'.repeat(120));
  else if (r < 0.3) words.push('Zoë Ñandú – “quoted” — O’Brien');
  else if (r < 0.33) words.push('soft\u00adhyphen\u00adated\u00adword');
  return words.join(pick([' ', ' ', '  '])) + (random() < 0.1 ? ' ' : '') + (random() < 0.03 ? '\n' : '');
}

/** What both documents answer to (pdfkit's calls, as the notices make them). */
type Drawing = {
  x: number;
  y: number;
  page: { maxY(): number };
  font(name: StandardFontName): Drawing;
  fontSize(size: number): Drawing;
  fillColor(color: string): Drawing;
  addPage(): Drawing;
  moveDown(lines?: number): Drawing;
  heightOfString(text: string, options?: TextOptions): number;
  widthOfString(text: string, options?: TextOptions): number;
  text(text: string, x?: number, y?: number, options?: TextOptions): Drawing;
};

const MARGINS = { top: 50, left: 50, right: 50, bottom: 72 };
const INFO = {
  Title: 'Test — notice',
  Author: 'LexServe',
  Subject: 'Test',
  Keywords: 'test',
  Creator: 'LexServe',
  Producer: 'LexServe',
};

/** The same drawing on either document: measured fields, texts drawn unmeasured, texts near the page's foot; what was measured and where each text ended. */
function draw(doc: Drawing, cases: number, caseSeed: number): number[] {
  seed = caseSeed;
  const seen: number[] = [];
  // Nothing to draw at the page's foot: pdfkit's wrapper still starts a new page.
  seen.push(doc.heightOfString('', { width: 100 }));
  doc.text('', 60, doc.page.maxY() - 3, { width: 100 });
  seen.push(doc.y);
  for (let i = 0; i < cases; i++) {
    const text = randomText();
    doc
      .font(pick(['Helvetica', 'Times-Roman', 'Courier', 'Helvetica-Bold', 'Times-Italic'] as const))
      .fontSize(pick([7.6, 9.5, 11, 20]));
    // A width at which a line ends exactly at a word's end (the room left then is 0), or any width.
    const firstWords = text.split(/(?<= )(?=\S)/).slice(0, 1 + Math.floor(random() * 3));
    const width =
      random() < 0.3
        ? firstWords.reduce((sum, w) => sum + Math.fround(doc.widthOfString(w)), 0)
        : 20 + random() * 480;
    const options = pick<TextOptions>([
      { width },
      { width, lineGap: 1.5 },
      { width, align: 'justify', lineGap: 2 },
      { width, align: 'right' },
      { width, align: 'center' },
      { width, characterSpacing: 0.6 },
      { width: width / 2, align: 'right', lineBreak: false },
    ]);
    if (random() < 0.15) doc.y = doc.page.maxY() - random() * 40; // where pdfkit's wrapper starts a new page
    if (random() < 0.7) {
      const h = doc.heightOfString(text, options);
      seen.push(h);
      if (doc.y + h > doc.page.maxY() && random() < 0.8) doc.addPage();
      doc.fillColor('#5b6577').text('Label', 50, doc.y, { width: 100 });
    }
    if (random() < 0.1) doc.moveDown(pick([0.3, 0.8, 1]));
    doc.fillColor('#1b2a41').text(text, 60, doc.y, options);
    seen.push(doc.x, doc.y);
  }
  doc.text('No width: one line, then another', 70, 90, { lineBreak: false });
  seen.push(doc.x, doc.y);
  return seen;
}

async function pdfkitBytes(doc: InstanceType<typeof PDFDocument>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.end();
  return done;
}

/** Each text shown on each page: its size, baseline position, character spacing and TJ operand (strings as bytes, adjustments). */
function textsOf(pdf: Buffer): string[][] {
  const pages: string[][] = [];
  const streams = [
    ...pdf.toString('latin1').matchAll(/\/Length (\d+)(\n\/Filter \/FlateDecode)?\n>>\nstream\n/g),
  ];
  for (const m of streams) {
    const start = m.index + m[0].length;
    const raw = pdf.subarray(start, start + Number(m[1]));
    const content = (m[2] ? inflateSync(raw) : raw).toString('latin1');
    const texts: string[] = [];
    for (const block of content.matchAll(
      /BT\n1 0 0 1 (\S+) (\S+) Tm\n\/F\d+ (\S+) Tf\n(?:(\S+) Tc\n)?\[(.*?)\] TJ\n(?:0 Tc\n)?ET/gs,
    )) {
      const [, x, y, size, spacing = '0', operand] = block;
      const parts = [...operand!.matchAll(/<([0-9a-f]*)>|\(((?:\\.|[^\\)])*)\)|(-?[\d.]+)/g)].map(
        ([, hex, literal, n]) =>
          hex !== undefined
            ? `s:${Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex').toString('latin1')}`
            : literal !== undefined
              ? `s:${literal.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c === 'r' ? '\r' : c))}`
              : `n:${Number(n)}`,
      );
      texts.push(`${size} ${x} ${y} Tc=${spacing} ${parts.join('|')}`);
    }
    pages.push(texts);
  }
  return pages;
}

describe('NoticePdf against pdfkit', () => {
  it('lays text out as pdfkit does: the same heights, positions, pages, and text at the same places', async () => {
    for (const caseSeed of [1, 2, 3, 4, 5, 6]) {
      const ours = new NoticePdf(fonts, { margins: MARGINS, info: INFO });
      const theirs = new PDFDocument({ size: 'A4', compress: false, margins: MARGINS });
      const seenOurs = draw(ours, 150, caseSeed);
      const seenTheirs = draw(theirs as unknown as Drawing, 150, caseSeed);
      expect(seenOurs, `case ${caseSeed}`).toEqual(seenTheirs);
      const pagesOurs = textsOf(ours.end());
      const pagesTheirs = textsOf(await pdfkitBytes(theirs));
      expect(pagesOurs.length, `case ${caseSeed}`).toBeGreaterThan(5);
      expect(pagesOurs, `case ${caseSeed}`).toEqual(pagesTheirs);
    }
  });

  it.skipIf(!hasPdftoppm)('draws the same pixels: text, rules, rectangles and colours', async () => {
    const ours = new NoticePdf(fonts, { margins: MARGINS, info: INFO });
    const theirs = new PDFDocument({ size: 'A4', margins: MARGINS, bufferPages: true });
    for (const doc of [ours, theirs as unknown as NoticePdf]) {
      draw(doc, 40, 11);
      doc.switchToPage(0);
      doc.save();
      doc.rect(400, 60, 120, 80).fill('#0b5394');
      doc.moveTo(50, 700).lineTo(545, 700).lineWidth(0.6).strokeColor('#c9ced6').stroke();
      doc.restore();
      doc.font('Times-Italic').fontSize(22).fillColor('#1b2a41').text('Aisha Patel', 50, 720, { width: 250 });
      doc
        .font('Helvetica-Bold')
        .fontSize(9)
        .fillColor('#0b5394')
        .text('LEXSERVE', 50, 760, { characterSpacing: 2 });
    }
    const a = pdfPages(ours.end(), 72);
    const b = pdfPages(await pdfkitBytes(theirs), 72);
    expect(a.length).toBe(b.length);
    expect(a.map((page, i) => page.equals(b[i]!))).toEqual(a.map(() => true));
  });
});

describe('NoticePdf', () => {
  it('writes a PDF others read: pages, standard fonts, information dictionary, text', async () => {
    const doc = new NoticePdf(fonts, { margins: MARGINS, info: INFO });
    doc.font('Helvetica').fontSize(12).text('Page one: (brackets) and a back\\slash — “quotes”, 100 €');
    doc.addPage();
    doc.font('Courier').fontSize(9).text('Page two 日本, 🙂 and a lone \ud800');
    // Decomposed accents (a base letter and a combining mark) are composed; C1 controls are not WinAnsi's €, “ and ”.
    doc.text('José Müller'.normalize('NFD'));
    doc.text('C1: \u0080\u0093x\u0094');
    const bytes = doc.end();
    expect(bytes.subarray(0, 9).toString('latin1')).toBe('%PDF-1.7\n');
    const parsed = await PDF.load(new Uint8Array(bytes));
    expect(parsed.getPageCount()).toBe(2);
    expect(parsed.getTitle()).toBe('Test — notice');
    expect(parsed.getProducer()).toBe('LexServe');
    // A lone surrogate in the information dictionary is written as U+FFFD (well-formed UTF-16).
    const odd = new NoticePdf(fonts, { margins: MARGINS, info: { ...INFO, Title: 'Plea \ud800 — draft' } });
    expect((await PDF.load(new Uint8Array(odd.end()))).getTitle()).toBe('Plea \ufffd — draft');
    if (hasPdftotext) {
      const text = pdfText(bytes);
      expect(text).toContain('Page one: (brackets) and a back\\slash — “quotes”, 100 €');
      // Characters WinAnsiEncoding lacks are written as "?", one for a character outside the BMP (two UTF-16 units).
      expect(text).toContain('Page two ??, ? and a lone ?');
      expect(text).toContain('José Müller');
      expect(text).toContain('C1: ??x?');
    }
  });

  it('measures a character WinAnsiEncoding lacks as the "?" drawn in its place (pdfkit measured it as nothing and drew other characters)', () => {
    const doc = new NoticePdf(fonts, { margins: MARGINS, info: INFO });
    doc.font('Helvetica').fontSize(10);
    expect(doc.widthOfString('Жук')).toBe(doc.widthOfString('???'));
    expect(doc.widthOfString('José'.normalize('NFD'))).toBe(doc.widthOfString('José'));
    expect(doc.widthOfString('a🙂b')).toBe(doc.widthOfString('a?b'));
    expect(doc.heightOfString('Жжжжжжжжжж Жжжжжжжжжж', { width: 60 })).toBe(
      doc.heightOfString('?????????? ??????????', { width: 60 }),
    );
  });

  it('refuses fonts and colours it does not have, and pages that are not there', () => {
    const doc = new NoticePdf(fonts, { margins: MARGINS, info: INFO });
    expect(() => doc.font('Comic Sans' as StandardFontName)).toThrow(/not a standard font/);
    expect(() => doc.fillColor('red')).toThrow(/unsupported colour/);
    expect(() => doc.switchToPage(3)).toThrow(/pages 0 to 0/);
  });

  it('encodes WinAnsi: Latin-1 as itself, the Windows-1252 extras by their codes, anything else as "?"', () => {
    expect(['A', 'é', 'ÿ'].map((c) => winAnsiCode(c.charCodeAt(0)))).toEqual([0x41, 0xe9, 0xff]);
    expect(['€', '—', '“', '’', 'Š', 'ž'].map((c) => winAnsiCode(c.charCodeAt(0)))).toEqual([
      0x80, 0x97, 0x93, 0x92, 0x8a, 0x9e,
    ]);
    expect(['Ā', '日', 'Ж', '\u0080', '\u0093', '\u009f'].map((c) => winAnsiCode(c.charCodeAt(0)))).toEqual([
      0x3f, 0x3f, 0x3f, 0x3f, 0x3f, 0x3f,
    ]);
  });
});

describe('words cut at spaces', () => {
  const lineBreaks = (text: string) => {
    const breaker = new LineBreaker(text);
    const out: { position: number; required: boolean }[] = [];
    for (let bk = breaker.nextBreak(); bk; bk = breaker.nextBreak())
      out.push({ position: bk.position, required: bk.required });
    return out;
  };

  it('gives the breaks the Unicode line breaker gives, for texts of letters, digits, @ . , : and spaces', () => {
    seed = 19;
    const first = 'ABCXYZabcxyz0189@';
    const rest = `${first}.,:`;
    const some = (chars: string, n: number) => Array.from({ length: n }, () => pick([...chars])).join('');
    for (let i = 0; i < 1800; i++) {
      const count = 1 + Math.floor(random() * 8);
      const text =
        Array.from({ length: count }, () => some(first, 1) + some(rest, Math.floor(random() * 24))).join(
          ' '.repeat(1 + Math.floor(random() * 2)),
        ) + ' '.repeat(Math.floor(random() * 2));
      expect(breaksOf(text), text).toEqual(lineBreaks(text));
    }
  });

  it('leaves other texts to the line breaker: hyphens, slashes, brackets, a leading space, a space before a comma, new lines, other scripts', () => {
    for (const text of [
      '2025-1234',
      'LS-ABCD-EFGH',
      'a/b c',
      '(Pty) Ltd',
      ' leading',
      'word , comma',
      'two\nlines',
      'Ñandú Zoë',
      'Mokoena — Dlamini',
      '',
    ])
      expect(breaksOf(text), text).toEqual(lineBreaks(text));
    // Where cutting at spaces would be wrong: no break before a comma, even after a space.
    expect(breaksOf('word , comma').map((b) => b.position)).toEqual([7, 12]);
  });
});
