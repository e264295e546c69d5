import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import LineBreaker from 'linebreak';
import { asciiLiteral, pdfDate } from '../../lib/pdf-syntax';
import {
  oneUnitPerCharacter,
  pdfNumber,
  type StandardFont,
  type StandardFontName,
  type StandardFonts,
} from './standard-fonts';

/**
 * The PDF writer of LexServe's notices and certificates (the proof of electronic service, the sheriff's return, the
 * audit certificate): A4 pages of text in the standard fonts, rules, rectangles and a QR code, written straight into
 * content streams. Its drawing calls are pdfkit's, with pdfkit's layout (line heights, wrapping at the places the
 * Unicode line-breaking rules allow, words wider than the line cut to fit, a new page when a text runs past the
 * bottom margin, alignment and character spacing, kerning), so the documents read as before; it does only what
 * they use, without pdfkit's general machinery (a stream of small writes, objects converted one by one, font
 * metrics parsed per document): a proof in about two-thirds of the time (docs/performance.md, section 4).
 *
 * Coordinates are pdfkit's: points from the top-left corner of the page; they are turned into PDF's (from the
 * bottom-left) as each operation is written.
 */

export type NoticeInfo = {
  Title: string;
  Author: string;
  Subject: string;
  Keywords: string;
  Creator: string;
  Producer: string;
};
type Margins = { top: number; left: number; right: number; bottom: number };
export type NoticeOptions = { margins: Margins; info: NoticeInfo };
export type TextOptions = {
  /** The width to wrap at (pdfkit: the space left to the right margin when not given, unless lineBreak is false). */
  width?: number;
  align?: 'left' | 'center' | 'right' | 'justify';
  characterSpacing?: number;
  lineGap?: number;
  lineBreak?: boolean;
};

/** A4 in points, as pdfkit has it. */
const A4 = { width: 595.28, height: 841.89 } as const;
/**
 * zlib's level for the pages' content: level 3 takes about a fifth of the default's (6) time for some 10 % more bytes;
 * the content inflates the same.
 */
const CONTENT_DEFLATE_LEVEL = 3;
/** Layouts kept per document: a field's value is measured, its label drawn, then the value (an event: two texts). */
const LAYOUTS_KEPT = 4;
const SOFT_HYPHEN = '\u00ad';
const HYPHEN = '-';

/** pdfkit's PDFNumber: a number rounded down to a 32-bit float (the wrapper's page bottom and word widths). */
const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);
function float32Below(n: number): number {
  const rounded = Math.fround(n);
  if (rounded <= n) return rounded;
  f32[0] = n;
  if (n <= 0) u32[0]! += 1;
  else u32[0]! -= 1;
  return f32[0]!;
}

/**
 * Texts in which the Unicode line-breaking rules (UAX #14, the `linebreak` package pdfkit wraps with) break exactly
 * after each run of spaces: letters, digits and `@` (AL, NU), with `.`, `,` and `:` (IS, never broken before nor,
 * without a space, after), single spaces or runs of them between words (never before `.,:`), no leading space.
 * Names, addresses, e-mail addresses, dates and times, sizes, hashes: most of what a notice prints. Cut at spaces
 * without the breaker's tables; every other text goes through the breaker.
 */
const BREAKS_AT_SPACES = /^[A-Za-z0-9@][A-Za-z0-9@.,:]*(?: +[A-Za-z0-9@][A-Za-z0-9@.,:]*)* *$/;

type Break = { position: number; required: boolean };
export function breaksOf(text: string): Break[] {
  const breaks: Break[] = [];
  if (BREAKS_AT_SPACES.test(text)) {
    for (let to = 0; to < text.length;) {
      while (to < text.length && text.charCodeAt(to) !== 0x20) to++;
      while (to < text.length && text.charCodeAt(to) === 0x20) to++;
      breaks.push({ position: to, required: false });
    }
    return breaks;
  }
  const breaker = new LineBreaker(text);
  for (let bk = breaker.nextBreak(); bk; bk = breaker.nextBreak())
    breaks.push({ position: bk.position, required: bk.required });
  return breaks;
}

/** A line of a wrapped text: what is drawn, and what pdfkit's wrapper tells the drawing of it. */
type Line = {
  text: string;
  /** The sum of its words' widths (as measured for wrapping). */
  textWidth: number;
  /** The last line of a paragraph (drawn left-aligned when the text is justified). */
  last: boolean;
  /** Whether pdfkit's wrapper checks for the page's end after this line (every line but the one flushed at the end). */
  checked: boolean;
};

/** pdfkit's widthOfString: the text's advance at `size`, and the character spacing between its characters. */
const widthOf = (font: StandardFont, size: number, text: string, characterSpacing: number) =>
  (font.width(text) * size) / 1000 + characterSpacing * (text.length - 1);

/**
 * pdfkit's LineWrapper for one text (its wrap and eachWord, without events): the words between the places a line
 * may break placed on lines while they fit, a word wider than the line cut to fit, the lines kept. A class rather
 * than closures made for each text (tsx names every closure it makes).
 */
class Wrapping {
  private readonly lines: Line[] = [];
  private readonly widths = new Map<string, number>();
  private spaceLeft: number;
  private buffer = '';
  private textWidth = 0;
  private wordCount = 0;
  private last = false;

  constructor(
    private readonly font: StandardFont,
    private readonly size: number,
    private readonly lineWidth: number,
    private readonly characterSpacing: number,
  ) {
    this.spaceLeft = lineWidth;
  }

  /** The wrapper's width of a word: with the spacing after it, rounded down to a 32-bit float. */
  private wordWidth(word: string): number {
    return float32Below(widthOf(this.font, this.size, word, this.characterSpacing) + this.characterSpacing);
  }

  private canFit(word: string, w: number): boolean {
    return word.endsWith(SOFT_HYPHEN) ? w + this.wordWidth(HYPHEN) <= this.spaceLeft : w <= this.spaceLeft;
  }

  private emit(checked: boolean): void {
    this.lines.push({ text: this.buffer, textWidth: this.textWidth, last: this.last, checked });
    this.last = false;
  }

  run(text: string): Line[] {
    let previous: Break | null = null;
    let from = 0;
    for (const bk of breaksOf(text)) {
      let word = text.slice(from, bk.position);
      let w = this.widths.get(word);
      if (w === undefined) this.widths.set(word, (w = this.wordWidth(word)));
      if (w > this.lineWidth) {
        // A word wider than the line: as much of it as fits on each line (pdfkit's eachWord).
        let before = previous;
        while (word.length) {
          let l: number;
          let mightGrow = false;
          if (w > this.spaceLeft) {
            l = Math.ceil(this.spaceLeft / (w / word.length));
            w = this.wordWidth(word.slice(0, l));
            mightGrow = w <= this.spaceLeft && l < word.length;
          } else {
            l = word.length;
          }
          let mustShrink = w > this.spaceLeft && l > 0;
          while (mustShrink || mightGrow) {
            if (mustShrink) {
              w = this.wordWidth(word.slice(0, --l));
              mustShrink = w > this.spaceLeft && l > 0;
            } else {
              w = this.wordWidth(word.slice(0, ++l));
              mustShrink = w > this.spaceLeft && l > 0;
              mightGrow = w <= this.spaceLeft && l < word.length;
            }
          }
          if (l === 0 && this.spaceLeft === this.lineWidth) l = 1;
          this.place(word.slice(0, l), w, { position: 0, required: bk.required || l < word.length }, before);
          before = { position: 0, required: false };
          word = word.slice(l);
          w = this.wordWidth(word);
        }
      } else {
        this.place(word, w, bk, previous);
      }
      previous = bk;
      from = bk.position;
    }
    if (this.wordCount > 0) {
      this.last = true;
      this.emit(false);
    }
    return this.lines;
  }

  /** The wrapper's handling of one word, given the break after it and the one before it. */
  private place(word: string, w: number, bk: Break, previous: Break | null): void {
    if (previous == null || previous.required) this.spaceLeft = this.lineWidth;
    const fits = this.canFit(word, w);
    if (fits) {
      this.buffer += word;
      this.textWidth += w;
      this.wordCount++;
    }
    if (!bk.required && fits) {
      this.spaceLeft -= w;
      return;
    }
    if (bk.required) {
      if (w > this.spaceLeft) {
        this.emit(false);
        this.buffer = word;
        this.textWidth = w;
        this.wordCount = 1;
      }
      this.last = true;
    }
    if (this.buffer.endsWith(SOFT_HYPHEN)) {
      this.buffer = this.buffer.slice(0, -1) + HYPHEN;
      this.spaceLeft -= this.wordWidth(HYPHEN);
    }
    this.emit(true);
    if (bk.required) {
      this.spaceLeft = this.lineWidth;
      this.buffer = '';
      this.textWidth = 0;
      this.wordCount = 0;
    } else {
      this.spaceLeft = this.lineWidth - w;
      this.buffer = word;
      this.textWidth = w;
      this.wordCount = 1;
    }
  }
}

class Page {
  readonly width = A4.width;
  readonly height = A4.height;
  readonly margins: Margins;
  readonly ops: string[] = [];
  readonly fonts = new Set<StandardFont>();
  constructor(margins: Margins) {
    this.margins = { ...margins };
  }
  maxY(): number {
    return this.height - this.margins.bottom;
  }
}

/** "#rrggbb" or "#rgb" as the three operands of rg/RG. */
const colors = new Map<string, string>();
function rgb(color: string): string {
  let known = colors.get(color);
  if (known) return known;
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color)?.[1];
  if (!hex) throw new Error(`unsupported colour: ${color}`);
  const full = hex.length === 3 ? hex.replace(/./g, (c) => c + c) : hex;
  known = [0, 2, 4].map((i) => pdfNumber(parseInt(full.slice(i, i + 2), 16) / 255)).join(' ');
  if (colors.size < 256) colors.set(color, known);
  return known;
}

/** A PDF text string: literal when printable ASCII, else UTF-16BE with its byte order mark (lone surrogates as U+FFFD), in hex. */
function pdfString(text: string): string {
  const literal = asciiLiteral(text);
  if (literal !== null) return literal;
  const wellFormed = text.replace(
    /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
    '\ufffd',
  );
  const utf16 = Buffer.from(`\ufeff${wellFormed}`, 'utf16le');
  utf16.swap16();
  return `<${utf16.toString('hex')}>`;
}

export class NoticePdf {
  x: number;
  y: number;
  page: Page;
  private readonly pages: Page[] = [];
  private readonly fonts: StandardFonts;
  private readonly margins: Margins;
  private readonly info: NoticeInfo;
  private readonly createdAt = new Date();
  private current: StandardFont;
  private size = 12;
  /** The fill colour last set (set again on a page a text continues on, as pdfkit does). */
  private fillColorSet: string | null = null;
  /** The last texts laid out: a text is measured (heightOfString, to keep it on its page), then drawn. */
  private readonly laidOut: {
    text: string;
    font: StandardFont;
    size: number;
    width: number;
    characterSpacing: number;
    lines: Line[];
  }[] = [];
  /** Font resource names (F1, F2, …) in the order the fonts were first drawn with. */
  private readonly fontIds = new Map<StandardFont, string>();

  constructor(fonts: StandardFonts, opts: NoticeOptions) {
    this.fonts = fonts;
    this.margins = opts.margins;
    this.info = opts.info;
    this.current = this.fontNamed('Helvetica');
    this.page = this.newPage();
    this.x = this.margins.left;
    this.y = this.margins.top;
  }

  private fontNamed(name: StandardFontName): StandardFont {
    const font = this.fonts.get(name);
    if (!font) throw new Error(`not a standard font: ${name}`);
    return font;
  }

  private newPage(): Page {
    const page = new Page(this.margins);
    this.pages.push(page);
    return page;
  }

  private op(text: string): void {
    this.page.ops.push(text);
  }

  // ----- pages

  addPage(): this {
    this.page = this.newPage();
    this.x = this.margins.left;
    this.y = this.margins.top;
    return this;
  }

  switchToPage(index: number): this {
    const page = this.pages[index];
    if (!page)
      throw new Error(`switchToPage(${index}): the document has pages 0 to ${this.pages.length - 1}`);
    this.page = page;
    return this;
  }

  bufferedPageRange(): { start: number; count: number } {
    return { start: 0, count: this.pages.length };
  }

  // ----- state

  font(name: StandardFontName): this {
    this.current = this.fontNamed(name);
    return this;
  }

  fontSize(size: number): this {
    this.size = size;
    return this;
  }

  fillColor(color: string): this {
    this.fillColorSet = color;
    this.op(`${rgb(color)} rg`);
    return this;
  }

  strokeColor(color: string): this {
    this.op(`${rgb(color)} RG`);
    return this;
  }

  lineWidth(width: number): this {
    this.op(`${pdfNumber(width)} w`);
    return this;
  }

  save(): this {
    this.op('q');
    return this;
  }

  restore(): this {
    this.op('Q');
    return this;
  }

  // ----- shapes

  moveTo(x: number, y: number): this {
    this.op(`${pdfNumber(x)} ${pdfNumber(this.page.height - y)} m`);
    return this;
  }

  lineTo(x: number, y: number): this {
    this.op(`${pdfNumber(x)} ${pdfNumber(this.page.height - y)} l`);
    return this;
  }

  stroke(): this {
    this.op('S');
    return this;
  }

  rect(x: number, y: number, width: number, height: number): this {
    this.op(
      `${pdfNumber(x)} ${pdfNumber(this.page.height - y - height)} ${pdfNumber(width)} ${pdfNumber(height)} re`,
    );
    return this;
  }

  /** Fills the path drawn so far (nonzero rule), in `color` when given. */
  fill(color?: string): this {
    if (color !== undefined) this.fillColor(color);
    this.op('f');
    return this;
  }

  /**
   * Fills cells of a grid whose top-left corner is at (x, y), `cell` points square: each of `runs` is "column row
   * length" (a run of cells in a row), in grid units under one scaling, so a QR code's modules take a few bytes each.
   */
  fillCells(x: number, y: number, cell: number, runs: readonly string[]): this {
    if (!runs.length) return this;
    const scale = pdfNumber(cell);
    this.op(
      `q\n${scale} 0 0 ${-scale} ${pdfNumber(x)} ${pdfNumber(this.page.height - y)} cm\n${runs.join(' 1 re\n')} 1 re\nf\nQ`,
    );
    return this;
  }

  // ----- text

  /** The line height of the current font and size, with its line gap or without (pdfkit's currentLineHeight). */
  currentLineHeight(includeGap = false): number {
    return this.current.lineHeight(this.size, includeGap);
  }

  moveDown(lines = 1): this {
    this.y += this.currentLineHeight(true) * lines;
    return this;
  }

  widthOfString(text: string, options: { characterSpacing?: number } = {}): number {
    return widthOf(this.current, this.size, oneUnitPerCharacter(text), options.characterSpacing || 0);
  }

  /** The height `text` takes drawn with `options` from the current position (pdfkit's heightOfString). */
  heightOfString(input: string, options: TextOptions = {}): number {
    const text = oneUnitPerCharacter(input);
    const width = this.wrapWidth(options);
    const lineGap = options.lineGap || 0;
    const lines = width
      ? this.layOut(text, width, options.characterSpacing || 0).length
      : text.split('\n').length;
    // As pdfkit: the position moved down line by line.
    let bottom = this.y;
    for (let i = 0; i < lines; i++) bottom += this.currentLineHeight(true) + lineGap;
    return bottom - this.y;
  }

  /**
   * Draws `text` at (x, y), or where the last text ended, wrapped at `width`: each line below the last, a new page
   * started when the next line would run past the page's bottom margin (pdfkit's LineWrapper), then x back where it
   * started and y below the last line.
   */
  text(input: string, x?: number, y?: number, options: TextOptions = {}): this {
    const text = oneUnitPerCharacter(input);
    if (x !== undefined) this.x = x;
    if (y !== undefined) this.y = y;
    const width = this.wrapWidth(options);
    const characterSpacing = options.characterSpacing || 0;
    if (!width) {
      // No wrapping: each line where the last ended.
      for (const line of text.split('\n')) {
        this.fragment(line, this.x, this.y, { align: 'left', characterSpacing });
        this.x += this.widthOfString(line, options);
      }
      return this;
    }
    const lineGap = options.lineGap || 0;
    const align = options.align ?? 'left';
    const startX = this.x;
    const lines = this.layOut(text, width, characterSpacing);
    let maxY = float32Below(this.page.maxY());
    if (this.y > maxY || this.y + this.currentLineHeight(true) > maxY) maxY = this.continueOnNewPage(startX);
    for (const line of lines) {
      const lineHeight = this.currentLineHeight(true);
      this.fragment(line.text, this.x, this.y, {
        align: line.last && align === 'justify' ? 'left' : align,
        width,
        textWidth: line.textWidth,
        characterSpacing,
      });
      this.y += lineHeight + lineGap;
      if (line.checked && float32Below(this.y + lineHeight) > maxY) maxY = this.continueOnNewPage(startX);
    }
    this.x = startX;
    return this;
  }

  /** A text continued on a new page (pdfkit's wrapper): at the top margin, the same x, the fill colour set again; its bottom. */
  private continueOnNewPage(x: number): number {
    this.addPage();
    this.x = x;
    if (this.fillColorSet) this.fillColor(this.fillColorSet);
    return float32Below(this.page.maxY());
  }

  /** The width a text wraps at: its own, else (unless lineBreak is false) the room to the right margin; 0: no wrapping. */
  private wrapWidth(options: TextOptions): number {
    const width =
      options.width ?? (options.lineBreak === false ? 0 : this.page.width - this.x - this.page.margins.right);
    return Math.max(width, 0);
  }

  /**
   * The lines of `text` wrapped at `width` in the current font and size (pdfkit's LineWrapper, the lines kept instead
   * of drawn). Breaking does not depend on where the lines fall on the page.
   */
  private layOut(text: string, width: number, characterSpacing: number): Line[] {
    const { current: font, size } = this;
    const kept = this.laidOut.find(
      (l) =>
        l.text === text &&
        l.font === font &&
        l.size === size &&
        l.width === width &&
        l.characterSpacing === characterSpacing,
    );
    if (kept) return kept.lines;
    const lines = new Wrapping(font, size, width, characterSpacing).run(text);
    if (this.laidOut.length === LAYOUTS_KEPT) this.laidOut.shift();
    this.laidOut.push({ text, font, size, width, characterSpacing, lines });
    return lines;
  }

  /** One line of text at (x, y), aligned in `width` (pdfkit's _fragment for a standard font, without decoration). */
  private fragment(
    input: string,
    x: number,
    y: number,
    options: { align: string; width?: number; textWidth?: number; characterSpacing: number },
  ): void {
    const text = input.replace(/\n/g, '');
    if (text.length === 0) return;
    const { characterSpacing } = options;
    let wordSpacing = 0;
    if (options.width) {
      switch (options.align) {
        case 'right':
          x += options.width - widthOf(this.current, this.size, text.replace(/\s+$/, ''), characterSpacing);
          break;
        case 'center':
          x += options.width / 2 - options.textWidth! / 2;
          break;
        case 'justify': {
          const words = text.trim().split(/\s+/);
          const textWidth = widthOf(this.current, this.size, text.replace(/\s+/g, ''), characterSpacing);
          const spaceWidth = this.widthOfString(' ') + characterSpacing;
          wordSpacing = Math.max(0, (options.width - textWidth) / Math.max(1, words.length - 1) - spaceWidth);
          break;
        }
      }
    }
    const font = this.current;
    let id = this.fontIds.get(font);
    if (!id) this.fontIds.set(font, (id = `F${this.fontIds.size + 1}`));
    this.page.fonts.add(font);
    const baseline = this.page.height - y - (font.ascender / 1000) * this.size;
    const tj = wordSpacing
      ? // The space's width added after each word, in text space units; the spaces themselves left out (as pdfkit).
        font.tj(
          text.trim().split(/\s+/),
          (wordSpacing + this.widthOfString(' ') + characterSpacing) * (1000 / this.size),
        )
      : font.tj([text], 0);
    if (!tj) return; // only spaces, justified: nothing to show
    this.op(
      `BT\n1 0 0 1 ${pdfNumber(x)} ${pdfNumber(baseline)} Tm\n/${id} ${pdfNumber(this.size)} Tf\n` +
        (characterSpacing ? `${pdfNumber(characterSpacing)} Tc\n[${tj}] TJ\n0 Tc\nET` : `[${tj}] TJ\nET`),
    );
  }

  // ----- the file

  /**
   * The PDF: catalog, page tree, information dictionary, the fonts drawn with (standard, not embedded, WinAnsi),
   * each page and its content (deflated), a classic cross-reference table and trailer, no incremental update yet
   * (the seal adds one: lib/seal/incremental-placeholder.ts).
   */
  end(): Buffer {
    const objects: (string | Buffer)[] = [];
    /** Reserves an object number; its body is set later. */
    const reserve = () => objects.push('');
    const catalog = reserve();
    const pageTree = reserve();
    const info = reserve();
    const fontRefs = new Map<StandardFont, number>();
    for (const font of this.fontIds.keys()) {
      const n = reserve();
      fontRefs.set(font, n);
      objects[n - 1] =
        `<<\n/Type /Font\n/BaseFont /${font.name}\n/Subtype /Type1\n/Encoding /WinAnsiEncoding\n>>`;
    }
    const kids: number[] = [];
    for (const page of this.pages) {
      const pageRef = reserve();
      const contentRef = reserve();
      kids.push(pageRef);
      const fonts = [...page.fonts].map((f) => `/${this.fontIds.get(f)} ${fontRefs.get(f)} 0 R`).join('\n');
      objects[pageRef - 1] =
        `<<\n/Type /Page\n/Parent ${pageTree} 0 R\n/MediaBox [0 0 ${page.width} ${page.height}]\n/Contents ${contentRef} 0 R\n` +
        `/Resources <<\n/ProcSet [/PDF /Text]\n/Font <<\n${fonts}\n>>\n>>\n>>`;
      const content = deflateSync(Buffer.from(page.ops.length ? `${page.ops.join('\n')}\n` : '', 'latin1'), {
        level: CONTENT_DEFLATE_LEVEL,
      });
      objects[contentRef - 1] = Buffer.concat([
        Buffer.from(`<<\n/Length ${content.length}\n/Filter /FlateDecode\n>>\nstream\n`, 'latin1'),
        content,
        Buffer.from('\nendstream', 'latin1'),
      ]);
    }
    objects[catalog - 1] = `<<\n/Type /Catalog\n/Pages ${pageTree} 0 R\n>>`;
    objects[pageTree - 1] =
      `<<\n/Type /Pages\n/Count ${kids.length}\n/Kids [${kids.map((k) => `${k} 0 R`).join(' ')}]\n>>`;
    const entries = Object.entries({ ...this.info, CreationDate: pdfDate(this.createdAt) });
    objects[info - 1] = `<<\n${entries.map(([key, value]) => `/${key} ${pdfString(value)}`).join('\n')}\n>>`;

    const chunks: Buffer[] = [Buffer.from('%PDF-1.7\n%\xff\xff\xff\xff\n', 'latin1')];
    let offset = chunks[0]!.length;
    const offsets: number[] = [];
    objects.forEach((body, i) => {
      offsets.push(offset);
      const head = Buffer.from(`${i + 1} 0 obj\n`, 'latin1');
      const data = typeof body === 'string' ? Buffer.from(body, 'latin1') : body;
      const tail = Buffer.from('\nendobj\n', 'latin1');
      chunks.push(head, data, tail);
      offset += head.length + data.length + tail.length;
    });
    const id = randomBytes(16).toString('hex');
    const xref =
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}` +
      `trailer\n<<\n/Size ${objects.length + 1}\n/Root ${catalog} 0 R\n/Info ${info} 0 R\n/ID [<${id}> <${id}>]\n>>\nstartxref\n${offset}\n%%EOF\n`;
    chunks.push(Buffer.from(xref, 'latin1'));
    return Buffer.concat(chunks);
  }
}
