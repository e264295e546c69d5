import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { gatherOutput, keepColors, lineWrapperOf, wrapAtSpacesQuickly, type ColorMixin, type LineWrapperProto, type OutputMixin } from './pdfkit-fast-paths';

// pdfkit as shipped in this file (pdf-kit.ts, which installs the fast paths, is not loaded): its own eachWord is kept
// before ours is installed, and both are run on the same wrapper.
const proto = lineWrapperOf(PDFDocument);
const pdfkitEachWord = proto.eachWord;
wrapAtSpacesQuickly(proto);
const quickEachWord = proto.eachWord;

let wrapper: LineWrapperProto | undefined;
const doc = new PDFDocument() as unknown as { _text(t: string, x: number, y: number, o: object, line: (t: string, o: object, w: LineWrapperProto) => void): void };
doc._text('x', 0, 0, { width: 100 }, (_t, _o, w) => (wrapper = w));

/** The words eachWord gives for `text` on lines `lineWidth` wide, the line's room taken as pdfkit's wrap takes it. */
function words(eachWord: LineWrapperProto['eachWord'], text: string, lineWidth: number) {
  const w = wrapper!;
  Object.assign(w, { lineWidth, spaceLeft: lineWidth, continuedX: 0 });
  const out: unknown[] = [];
  eachWord.call(w, text, (word, width, bk, last) => {
    out.push([word, width, bk.required, last?.required ?? null]);
    // As LineWrapper.wrap: a new line's room at a first word, what is left after a word that fits, else a new line.
    if (last == null || last.required) w.spaceLeft = lineWidth;
    if (bk.required || width > w.spaceLeft) w.spaceLeft = bk.required ? lineWidth : lineWidth - width;
    else w.spaceLeft -= width;
  });
  return out;
}

let seed = 19;
const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
const pick = (chars: string, n: number) => Array.from({ length: n }, () => chars[Math.floor(random() * chars.length)]).join('');

describe("pdfkit's words cut at spaces", () => {
  it('gives the words, widths and breaks the Unicode line breaker gives, for texts of letters, digits, @ . , : and spaces', () => {
    const first = 'ABCXYZabcxyz0189@';
    const rest = `${first}.,:`;
    let checked = 0;
    for (let i = 0; i < 600; i++) {
      const count = 1 + Math.floor(random() * 8);
      const text =
        Array.from({ length: count }, () => pick(first, 1) + pick(rest, Math.floor(random() * 24))).join(pick('  ', 1 + Math.floor(random() * 2))) +
        ' '.repeat(Math.floor(random() * 2));
      for (const lineWidth of [20, 90, 400]) {
        expect(words(quickEachWord, text, lineWidth), `${text} / ${lineWidth}`).toEqual(words(pdfkitEachWord, text, lineWidth));
        checked++;
      }
    }
    for (const text of ['Aisha Patel', 'attorney@demo.co.za', '1 Long Street, Cape Town, 8001', '21 November 2025, 14:05', 'a'.repeat(64), 'P. O. Box 12, 7700'])
      expect(words(quickEachWord, text, 120)).toEqual(words(pdfkitEachWord, text, 120));
    expect(checked).toBe(1800);
  });

  it("leaves other texts to pdfkit's line breaker: hyphens, slashes, brackets, a leading space, a space before a comma, new lines, other scripts", () => {
    const texts = ['2025-1234', 'LS-ABCD-EFGH', 'a/b c', '(Pty) Ltd', ' leading', 'word , comma', 'two\nlines', 'Ñandú Zoë', 'Mokoena — Dlamini', ''];
    for (const text of texts) expect(words(quickEachWord, text, 60)).toEqual(words(pdfkitEachWord, text, 60));
    // Where cutting at spaces would be wrong: no break before a comma or a stop, even after a space.
    expect(words(pdfkitEachWord, 'word , comma', 600).map((w) => (w as string[])[0])).toEqual(['word , ', 'comma']);
  });
});

describe('colours kept', () => {
  class Kept extends PDFDocument {}
  keepColors(Kept.prototype as unknown as ColorMixin);
  type Colouring = { fillColor(c: unknown): Colouring; strokeColor(c: unknown): Colouring; rect(x: number, y: number, w: number, h: number): Colouring; fill(): Colouring; stroke(): Colouring };
  async function content(Class: typeof PDFDocument) {
    const doc = new Class({ compress: false, info: { CreationDate: new Date(0) } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    const ended = new Promise((resolve) => doc.on('end', resolve));
    const colours = ['#1b2a41', '#5B6577', '#ffffff', '#000000', '#0b5394', '#abc', 'red', [10, 20, 30], [0, 50, 100, 0], '#1b2a41', '#5b6577'];
    for (const [i, colour] of [...colours, ...colours].entries()) {
      const d = doc as unknown as Colouring;
      if (i % 3 === 0) d.strokeColor(colour).rect(i, i, 5, 5).stroke();
      else d.fillColor(colour).rect(i, i, 5, 5).fill();
    }
    doc.end();
    await ended;
    return Buffer.concat(chunks).toString('latin1');
  }

  it("writes the operations pdfkit writes, for colours given as #rrggbb (kept) and any other way (pdfkit's own)", async () => {
    const ours = await content(Kept);
    expect(ours).toBe(await content(PDFDocument));
    expect(ours).toContain('0.10588235294117647 0.16470588235294117 0.2549019607843137 scn');
  });
});

describe('the output gathered', () => {
  class Gathered extends PDFDocument {}
  gatherOutput(Gathered.prototype as unknown as OutputMixin);
  async function pdf(Class: typeof PDFDocument) {
    const doc = new Class({ info: { CreationDate: new Date(0), Title: 'Zoë — “quoted”' }, bufferPages: true });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    const ended = new Promise((resolve) => doc.on('end', resolve));
    doc.font('Helvetica').fontSize(12).text('Page one, with a line long enough to be wrapped once or twice. '.repeat(4), { width: 200 });
    doc.addPage().font('Times-Roman').text('Page two: Ñandú', 50, 50, { width: 300 });
    doc.end();
    await ended;
    return { bytes: Buffer.concat(chunks), chunks: chunks.length };
  }

  it('gives the bytes pdfkit gives (cross-reference offsets included), in one piece', async () => {
    const ours = await pdf(Gathered);
    const pdfkits = await pdf(PDFDocument);
    expect(ours.bytes.equals(pdfkits.bytes)).toBe(true);
    expect(ours.chunks).toBe(1);
    expect(pdfkits.chunks).toBeGreaterThan(30);
  });
});
