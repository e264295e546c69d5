import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { layOutOnce, lineWrapperOf, type LayoutMixin } from './pdfkit-fast-paths';

// pdfkit as shipped (pdf-kit.ts, which installs the fast paths on pdfkit's own class, is not loaded), against a
// subclass with layOutOnce installed (laying out with pdfkit's own eachWord): the same calls on both must give the
// same heights, positions and bytes.
class LaidOut extends PDFDocument {}
layOutOnce(LaidOut.prototype as unknown as LayoutMixin, lineWrapperOf(PDFDocument));

let seed = 4;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const word = (chars: string) => Array.from({ length: 1 + Math.floor(random() * 12) }, () => pick([...chars])).join('');

/** A text: words cut at spaces mostly, sometimes what only pdfkit's line breaker handles (hyphens, brackets, new lines, a word wider than a line), or nothing. */
function randomText(): string {
  if (random() < 0.03) return '';
  const words = Array.from({ length: 1 + Math.floor(random() * 30) }, () => word('abcdefghijklmnopqrstuvwxyzABCXYZ0189@.,:'));
  const r = random();
  if (r < 0.1) words.splice(1, 0, 'well-known (Pty) Ltd');
  else if (r < 0.2) words.splice(1, 0, 'line\nbreak');
  else if (r < 0.25) words.push('x'.repeat(120));
  else if (r < 0.3) words.push('Zoë Ñandú');
  return words.join(pick([' ', ' ', '  '])) + (random() < 0.1 ? ' ' : '');
}

type Doc = LayoutMixin & {
  font(name: string): Doc;
  fontSize(size: number): Doc;
  fillColor(color: string): Doc;
  addPage(): Doc;
  end(): void;
  on(event: string, listener: (chunk: Buffer) => void): void;
  page: { height: number; maxY(): number };
};

/** The same drawing on a document of either class: measured fields, texts drawn unmeasured, texts near the page's foot. */
async function draw(Class: typeof PDFDocument, cases: number, caseSeed: number) {
  seed = caseSeed;
  const doc = new Class({ size: 'A4', compress: false, margins: { top: 50, left: 50, right: 50, bottom: 72 }, info: { CreationDate: new Date(0) } }) as unknown as Doc;
  const chunks: Buffer[] = [];
  doc.on('data', (c) => chunks.push(c));
  const ended = new Promise((resolve) => doc.on('end', resolve as () => void));
  const seen: number[] = [];
  // Nothing to draw at the page's foot: pdfkit's wrapper still starts a new page.
  doc.heightOfString('', { width: 100 });
  doc.text('', 60, doc.page.maxY() - 3, { width: 100 });
  seen.push(doc.y);
  for (let i = 0; i < cases; i++) {
    const text = randomText();
    doc.font(pick(['Helvetica', 'Times-Roman', 'Courier', 'Helvetica-Bold'])).fontSize(pick([7.6, 9.5, 11, 20]));
    // A width at which a line ends exactly at a word's end (the room left then is 0), or any width.
    const firstWords = text.split(/(?<= )(?=\S)/).slice(0, 1 + Math.floor(random() * 3));
    const width = random() < 0.3 ? firstWords.reduce((sum, w) => sum + Math.fround(doc.widthOfString(w)), 0) : 20 + random() * 480;
    const options = pick([{ width }, { width, lineGap: 1.5 }, { width, align: 'justify', lineGap: 2 }, { width, align: 'right' }, { width, align: 'center' }]);
    if (random() < 0.15) doc.y = doc.page.maxY() - random() * 40; // where pdfkit's wrapper starts a new page
    if (random() < 0.7) {
      const h = doc.heightOfString(text, { width: options.width, ...('lineGap' in options ? { lineGap: options.lineGap } : {}) });
      seen.push(h);
      if (doc.y + h > doc.page.maxY() && random() < 0.8) doc.addPage();
      doc.fillColor('#5b6577').text('Label', 50, doc.y, { width: 100 });
    }
    doc.fillColor('#1b2a41').text(text, 60, doc.y, options);
    seen.push(doc.x, doc.y);
  }
  doc.end();
  await ended;
  return { bytes: Buffer.concat(chunks).toString('latin1'), seen };
}

describe("a text's lines laid out once", () => {
  it("gives pdfkit's heights, positions, pages and content for measured and unmeasured texts", async () => {
    for (const caseSeed of [1, 2, 3, 4, 5, 6]) {
      const ours = await draw(LaidOut, 150, caseSeed);
      const pdfkits = await draw(PDFDocument, 150, caseSeed);
      expect(ours.seen).toEqual(pdfkits.seen);
      expect(ours.bytes).toBe(pdfkits.bytes);
      expect(ours.bytes.match(/\/Type \/Page\b/g)!.length).toBeGreaterThan(5);
    }
  });
});
