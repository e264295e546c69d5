import { deflateSync } from 'node:zlib';

// pdfkit's own work done in fewer steps, with the same result (the same bytes in the PDF, but for the content streams'
// compression level: the same content): standard fonts measured and their lines of text written from glyph tables,
// page content turned into bytes once per page and deflated faster, colours parsed once. Installed on pdfkit's
// document class by pdf-kit.ts (shareStandardFonts) when pdfkit is first loaded.

/** pdfkit's AFMFont (a standard font's parsed metrics): widths and kerning pairs by glyph name. */
type AfmMetrics = {
  glyphWidths: Record<string, number>;
  kernPairs: Record<string, number>;
  encodeText(text: string): string[];
  characterToGlyph(code: number): string;
};
/** pdfkit's StandardFont: `font` is the parsed metrics (shared by every document, pdf-kit.ts); widths in 1/1000 em, scaled to the size. */
export type StandardFontProto = {
  font: object;
  widthOfString(text: string, size: number, features?: unknown): number;
};
const isAfm = (font: unknown): font is AfmMetrics =>
  typeof font === 'object' && font !== null && 'glyphWidths' in font && 'kernPairs' in font && typeof (font as AfmMetrics).encodeText === 'function';

/** One character of a standard font: its code in the content stream (as pdfkit writes it), glyph name and width. */
type Glyph = { hex: string; name: string; width: number };
const NO_KERN = -0x8000;
/**
 * A standard font's metrics by character code instead of by glyph name: pdfkit looks every character's glyph name up
 * and every kerning pair by a string made of two names, for each string measured or written. The tables are filled
 * from pdfkit's own answers (encodeText, characterToGlyph, the width and kerning maps), one entry per character
 * and per pair of characters met, so every figure is the one pdfkit computes. Kept per font (they never change).
 */
class GlyphTable {
  private readonly low: (Glyph | undefined)[] = new Array<Glyph | undefined>(256).fill(undefined);
  private readonly high = new Map<number, Glyph>();
  /** Kerning of two codes below 256 at left * 256 + right; NO_KERN until looked up. */
  private readonly lowKerns = new Int16Array(0x10000).fill(NO_KERN);
  private readonly kerns = new Map<number, number>();
  constructor(private readonly afm: AfmMetrics) {}

  glyph(code: number): Glyph {
    let g = code < 256 ? this.low[code] : this.high.get(code);
    if (!g) {
      const name = this.afm.characterToGlyph(code);
      g = { hex: this.afm.encodeText(String.fromCharCode(code))[0]!, name, width: this.afm.glyphWidths[name] || 0 };
      if (code < 256) this.low[code] = g;
      else this.high.set(code, g);
    }
    return g;
  }

  /** The kerning between two characters (1/1000 em), 0 when none. */
  kern(left: number, right: number): number {
    if (left < 256 && right < 256) {
      const k = this.lowKerns[left * 256 + right]!;
      return k !== NO_KERN ? k : (this.lowKerns[left * 256 + right] = this.kernOf(left, right));
    }
    const key = left * 0x10000 + right;
    let k = this.kerns.get(key);
    if (k === undefined) this.kerns.set(key, (k = this.kernOf(left, right)));
    return k;
  }

  private kernOf(left: number, right: number): number {
    return this.afm.kernPairs[`${this.glyph(left).name}\0${this.glyph(right).name}`] || 0;
  }

  /** The width of `text` at 1,000 pt: pdfkit's sum of advances (glyph width plus kerning with the next), in its order. */
  width(text: string): number {
    let width = 0;
    const n = text.length;
    for (let i = 0; i < n; i++) {
      const code = text.charCodeAt(i);
      width += this.glyph(code).width + (i + 1 < n ? this.kern(code, text.charCodeAt(i + 1)) : 0);
    }
    return width;
  }

  /**
   * The operand of TJ as pdfkit writes it (`_fragment`): runs of character codes, each closed by the adjustment of
   * a glyph whose advance is not its width (kerning, and `extra` after each word when words are spaced).
   */
  tj(words: string[], extra: number): string {
    let out = '';
    let run = '';
    for (const word of words) {
      const n = word.length;
      for (let i = 0; i < n; i++) {
        const code = word.charCodeAt(i);
        const g = this.glyph(code);
        run += g.hex;
        let advance = g.width + (i + 1 < n ? this.kern(code, word.charCodeAt(i + 1)) : 0);
        if (i + 1 === n && extra) advance += extra;
        const adjustment = advance - g.width;
        if (adjustment !== 0) {
          out += `${out ? ' ' : ''}<${run}> ${pdfNumber(-adjustment)}`;
          run = '';
        }
      }
    }
    if (run) out += `${out ? ' ' : ''}<${run}> 0`;
    return out;
  }
}
const glyphTables = new WeakMap<object, GlyphTable>();
function glyphTableOf(afm: AfmMetrics): GlyphTable {
  let table = glyphTables.get(afm);
  if (!table) glyphTables.set(afm, (table = new GlyphTable(afm)));
  return table;
}
let measuredByTables = false;

/**
 * Laying out text is most of the time a short PDF takes: pdfkit measures every word (glyph by glyph, kerning pairs
 * looked up by glyph names) to wrap it. Standard fonts measure through their glyph tables instead (same sums, same
 * order, scaled as pdfkit scales them).
 */
export function measureByGlyphTables(proto: StandardFontProto): void {
  if (measuredByTables || typeof proto.widthOfString !== 'function') return;
  measuredByTables = true;
  const { widthOfString } = proto;
  proto.widthOfString = function (this: StandardFontProto, text, size, features) {
    if (!isAfm(this.font)) return widthOfString.call(this, text, size, features);
    return glyphTableOf(this.font).width(`${text}`) * (size / 1000);
  };
}

/** PDFObject.number: what pdfkit writes for a number in a content stream. */
export function pdfNumber(n: number): number {
  if (n > -1e21 && n < 1e21) return Math.round(n * 1e6) / 1e6;
  throw new Error(`unsupported number: ${n}`);
}

type TextOptions = {
  width?: number;
  align?: string;
  wordSpacing?: number;
  characterSpacing?: number;
  horizontalScaling?: number;
  lineWidth?: number;
  textWidth?: number;
  baseline?: unknown;
  link?: unknown;
  goTo?: unknown;
  destination?: unknown;
  underline?: unknown;
  strike?: unknown;
  oblique?: unknown;
  stroke?: unknown;
};
export type TextMixin = {
  _font: { id: string; font: unknown; ascender: number; ref(): unknown };
  _fontSize: number;
  page: { height: number; fonts: Record<string, unknown> };
  widthOfString(text: string, options?: TextOptions): number;
  addContent(data: string | Uint8Array): unknown;
  _fragment(text: string, x: number, y: number, options: TextOptions): void;
};

/**
 * pdfkit writes each line of text (`_fragment`) as a dozen content-stream operations, each its own call converting
 * its own small string to bytes, after encoding the line character by character through glyph names. For a line in a
 * standard font with no decoration (no link, underline, strike, oblique, stroke, scaling or baseline), the same
 * operations are written here from the glyph tables, as one block: the same bytes in the same content stream (the
 * font registered on the page as pdfkit does it; one string, to which the page adds the last line feed as to every
 * operation). Anything else goes to pdfkit's own.
 */
export function writeTextLean(proto: TextMixin): void {
  const original = proto._fragment;
  proto._fragment = function (this: TextMixin, input, x, y, options) {
    const afm = this._font.font;
    if (
      !isAfm(afm) ||
      options.link != null ||
      options.goTo != null ||
      options.destination != null ||
      options.underline ||
      options.strike ||
      options.oblique ||
      options.stroke ||
      options.baseline != null ||
      (options.horizontalScaling || 100) !== 100
    )
      return original.call(this, input, x, y, options);
    const text = `${input}`.replace(/\n/g, '');
    if (text.length === 0) return;
    const table = glyphTableOf(afm);
    let wordSpacing = options.wordSpacing || 0;
    const characterSpacing = options.characterSpacing || 0;
    if (options.width) {
      switch (options.align || 'left') {
        case 'right':
          x += options.lineWidth! - this.widthOfString(text.replace(/\s+$/, ''), options);
          break;
        case 'center':
          x += options.lineWidth! / 2 - options.textWidth! / 2;
          break;
        case 'justify': {
          const words = text.trim().split(/\s+/);
          const textWidth = this.widthOfString(text.replace(/\s+/g, ''), options);
          const spaceWidth = this.widthOfString(' ') + characterSpacing;
          wordSpacing = Math.max(0, (options.lineWidth! - textWidth) / Math.max(1, words.length - 1) - spaceWidth);
          break;
        }
      }
    }
    const dy = (this._font.ascender / 1000) * this._fontSize;
    const height = this.page.height;
    if (this.page.fonts[this._font.id] == null) this.page.fonts[this._font.id] = this._font.ref();

    const tj = wordSpacing
      ? // As pdfkit: the space's width added, in text space units; each word encoded on its own, spaces left out.
        table.tj(text.trim().split(/\s+/), (wordSpacing + (this.widthOfString(' ') + characterSpacing)) * (1000 / this._fontSize))
      : table.tj([text], 0);
    const block =
      `q\n1 0 0 -1 0 ${pdfNumber(height)} cm\nBT\n1 0 0 1 ${pdfNumber(x)} ${pdfNumber(height - y - dy)} Tm\n/${this._font.id} ${pdfNumber(this._fontSize)} Tf\n` +
      `${characterSpacing ? `${pdfNumber(characterSpacing)} Tc\n` : ''}${tj ? `[${tj}] TJ\n` : ''}ET\nQ`;
    this.addContent(block);
  };
}

/** Content operations written since the last flush, on each page (pdfkit's PDFPage). */
const PENDING = Symbol('pending content');
/** pdfkit's PDFReference for a page's content stream: its chunks, and whether it deflates them when it ends. */
type ContentStream = { buffer: Uint8Array[]; compress: boolean };
type PageProto = { write(chunk: string | Uint8Array): unknown; end(): unknown; content: ContentStream; [PENDING]?: string[] };
export type ContentMixin = { page: PageProto; addContent(data: string | Uint8Array): unknown };
let pagesGather = false;

/**
 * pdfkit turns every content operation into its own byte array (a JavaScript loop over the characters) as it is
 * written, and joins them all when the page ends. The operations are gathered as text per page instead (a list,
 * joined once: a string grown by thousands of small additions costs more to read than to build) and turned into
 * bytes once (Latin-1, as pdfkit's conversion keeps the low byte of each character), before anything else is
 * written to the page's content and when the page ends: the same bytes in the same order.
 */
export function gatherPageContent(proto: ContentMixin): void {
  const addContent = proto.addContent;
  proto.addContent = function (this: ContentMixin, data) {
    if (!pagesGather) patchPage(Object.getPrototypeOf(this.page) as PageProto);
    return addContent.call(this, data);
  };
}
function patchPage(page: PageProto): void {
  pagesGather = true;
  const { write, end } = page;
  const flush = (target: PageProto) => {
    const pending = target[PENDING];
    if (pending?.length) {
      target[PENDING] = [];
      // pdfkit's PDFReference adds a line feed to each operation written as text.
      write.call(target, Buffer.from(`${pending.join('\n')}\n`, 'latin1'));
    }
  };
  page.write = function (this: PageProto, chunk) {
    if (typeof chunk === 'string') {
      (this[PENDING] ??= []).push(chunk);
      return undefined;
    }
    flush(this);
    return write.call(this, chunk);
  };
  page.end = function (this: PageProto) {
    flush(this);
    deflateContent(this.content);
    return end.call(this);
  };
}

/**
 * zlib's level for a page's content stream. pdfkit deflates at zlib's default (6): for a proof's two pages (34 KB of
 * operators, most of it the QR code's squares) some 0.4–0.7 ms, a sixth of drawing it. Level 3 takes a fifth of that
 * for 10 % more bytes (4.8 → 5.3 KB). The stream inflates to the same content: only its compressed bytes differ.
 */
const CONTENT_DEFLATE_LEVEL = 3;

/** Deflates the content stream's chunks now, as pdfkit would when it ends (its /Filter is already FlateDecode), at our level. */
function deflateContent(content: ContentStream): void {
  if (!content.compress || !content.buffer.length) return;
  content.buffer = [deflateSync(Buffer.concat(content.buffer), { level: CONTENT_DEFLATE_LEVEL })];
  content.compress = false;
}

/** The PDF's bytes written so far and not yet given to the document's readers. */
const OUTPUT = Symbol('output');
/** pdfkit's PDFDocument as a readable stream of the PDF's bytes. */
export type OutputMixin = { _offset: number; push(chunk: Uint8Array | null): boolean; _write(data: string | Uint8Array): void; [OUTPUT]?: Uint8Array[] };
/**
 * pdfkit writes the PDF in a hundred small pieces (each object's number, dictionary, stream and `endobj`, each line of
 * the cross-reference table), each turned into bytes by a JavaScript loop over its characters and pushed to the
 * document's readers on its own. They are turned into bytes by Buffer (Latin-1: the low byte of each character, as
 * pdfkit's loop keeps it) and kept, the offsets counted as pdfkit counts them, and given to the readers in one piece
 * when the document ends (pdfkit's last push): the same bytes in the same order. LexServe's documents are read whole
 * (pdf-kit.ts, pdfBytes).
 */
export function gatherOutput(proto: OutputMixin): void {
  const { push } = proto;
  proto._write = function (this: OutputMixin, data) {
    const chunk = data instanceof Uint8Array ? data : Buffer.from(`${data}\n`, 'latin1');
    (this[OUTPUT] ??= []).push(chunk);
    this._offset += chunk.length;
  };
  proto.push = function (this: OutputMixin, chunk) {
    const gathered = this[OUTPUT];
    if (gathered?.length) {
      this[OUTPUT] = [];
      push.call(this, Buffer.concat(gathered));
    }
    return push.call(this, chunk);
  };
}

export type ColorMixin = {
  _normalizeColor(color: unknown): unknown;
  _setColorCore(color: unknown, stroke: boolean): boolean;
  addContent(data: string): unknown;
};
/**
 * pdfkit parses a colour given as "#rrggbb" and divides its parts by 255 each time it is set (several times a line of
 * text), then writes the parts as text again: the answer for such a string is kept (a copy given out each time, as
 * pdfkit makes a new array), with the parts as pdfkit writes them. Setting it writes the same two operations as
 * pdfkit's _setColorCore (the RGB colour space, then the colour).
 */
export function keepColors(proto: ColorMixin): void {
  const { _normalizeColor: normalize, _setColorCore: setColor } = proto;
  const known = new Map<string, { parts: number[]; text: string }>();
  proto._normalizeColor = function (this: ColorMixin, color) {
    const kept = typeof color === 'string' ? known.get(color) : undefined;
    if (kept) return kept.parts.slice();
    const answer = normalize.call(this, color);
    if (typeof color === 'string' && /^#[0-9a-f]{6}$/i.test(color) && Array.isArray(answer) && known.size < 256)
      known.set(color, { parts: answer.slice() as number[], text: answer.join(' ') });
    return answer;
  };
  proto._setColorCore = function (this: ColorMixin, color, stroke) {
    const kept = typeof color === 'string' ? known.get(color) : undefined;
    if (!kept) return setColor.call(this, color, stroke);
    this.addContent(stroke ? '/DeviceRGB CS' : '/DeviceRGB cs');
    this.addContent(`${kept.text} ${stroke ? 'SCN' : 'scn'}`);
    return true;
  };
}

type Break = { position: number; required: boolean };
type WordCallback = (word: string, width: number, bk: Break, last: Break | null) => unknown;
/** pdfkit's LineWrapper: what its eachWord reads. */
export type LineWrapperProto = {
  lineWidth: number;
  continuedX: number;
  spaceLeft: number;
  wordWidth(word: string): number;
  eachWord(text: string, fn: WordCallback): void;
};

/**
 * Texts in which the Unicode line-breaking rules (UAX #14, the `linebreak` package pdfkit wraps lines with) break
 * exactly after each run of spaces: letters, digits and `@` (AL, NU), with `.`, `,` and `:` (IS, never broken before
 * nor, without a space, after), single spaces or runs of them between words (never before `.,:`), no leading space.
 * Names, addresses, e-mail addresses, dates and times, sizes, hashes: most of what a proof prints.
 */
const BREAKS_AT_SPACES = /^[A-Za-z0-9@][A-Za-z0-9@.,:]*(?: +[A-Za-z0-9@][A-Za-z0-9@.,:]*)* *$/;

/** pdfkit's LineWrapper (not exported): the wrapper of a line laid out on a document of its own, at load. */
export function lineWrapperOf(PDFDocument: unknown): LineWrapperProto {
  type Laying = { _text(text: string, x: number, y: number, options: object, line: (text: string, options: object, wrapper: object) => void): void };
  let proto: LineWrapperProto | undefined;
  new (PDFDocument as new () => Laying)()._text('x', 0, 0, { width: 100 }, (_text, _options, wrapper) => {
    proto = Object.getPrototypeOf(wrapper) as LineWrapperProto;
  });
  if (!proto || typeof proto.eachWord !== 'function') throw new Error("pdfkit's LineWrapper was not found");
  return proto;
}

let wrapsAtSpaces = false;
/**
 * pdfkit's LineWrapper finds the places a line may break with a Unicode line breaker (a class looked up per code
 * point in a trie, then a pair table), for every text it lays out (layOutOnce's wrappedLines included). For texts
 * where those places are exactly after each run of spaces (BREAKS_AT_SPACES), the words are cut there instead; what
 * follows is pdfkit's eachWord as it is (words wider than the line cut to fit, the same widths in the same order), so
 * the lines and their widths are the same. Any other text goes to pdfkit's own.
 */
export function wrapAtSpacesQuickly(proto: LineWrapperProto): void {
  if (wrapsAtSpaces) return;
  wrapsAtSpaces = true;
  const original = proto.eachWord;
  proto.eachWord = function (this: LineWrapperProto, text, fn) {
    if (!BREAKS_AT_SPACES.test(text)) return original.call(this, text, fn);
    let last: Break | null = null;
    for (let from = 0; from < text.length; ) {
      let to = from;
      while (to < text.length && text.charCodeAt(to) !== 0x20) to++;
      while (to < text.length && text.charCodeAt(to) === 0x20) to++;
      const bk: Break = { position: to, required: false };
      let word = text.slice(from, to);
      let w = this.wordWidth(word);
      let shouldContinue: unknown;
      if (w > this.lineWidth + this.continuedX) {
        // pdfkit's eachWord, for a word wider than the line.
        let lbk = last;
        const fbk: Break = { position: 0, required: false };
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
          fbk.required = bk.required || l < word.length;
          shouldContinue = fn(word.slice(0, l), w, fbk, lbk);
          lbk = { position: 0, required: false };
          word = word.slice(l);
          w = this.wordWidth(word);
          if (shouldContinue === false) break;
        }
      } else {
        shouldContinue = fn(word, w, bk, last);
      }
      if (shouldContinue === false) break;
      last = bk;
      from = to;
    }
  };
}

/** A line of text as pdfkit's LineWrapper gives it to be drawn: its text and what `_fragment` reads of the line. */
type LaidLine = { text: string; textWidth: number; wordCount: number; lineWidth: number; last: boolean };
/** A text's lines for one font, size and width: what laying it out again would give. */
type Layout = { text: string; font: object; size: number; width: number; lines: LaidLine[] };
type LaidOptions = { width?: number; lineGap?: number; align?: string; height?: number; textWidth?: number; wordCount?: number; lineWidth?: number };
const LAYOUTS = Symbol('layouts');
/** pdfkit's document, as far as heightOfString and text go. */
export type LayoutMixin = {
  x: number;
  y: number;
  _font: object;
  _fontSize: number;
  _lineGap: number;
  _wrapper: unknown;
  _textOptions: unknown;
  page: { maxY(): number };
  currentLineHeight(includeGap?: boolean): number;
  _initOptions(x?: unknown, y?: unknown, options?: object): LaidOptions;
  _line(text: string, options: LaidOptions, wrapper: object): void;
  text(text: unknown, x?: unknown, y?: unknown, options?: unknown): unknown;
  heightOfString(text: unknown, options?: unknown): number;
  widthOfString(text: string): number;
  [LAYOUTS]?: Layout[];
};
/** Layouts kept per document: a field's value is measured, its label drawn, then the value (an event: two texts). */
const LAYOUTS_KEPT = 4;

/** The options under which a text's lines depend only on the text, font, size and width (and lineGap, align, which do not move a break). */
function simpleOptions(options: unknown): options is LaidOptions & { width: number } {
  if (typeof options !== 'object' || options === null) return false;
  for (const key in options) if (key !== 'width' && key !== 'lineGap' && key !== 'align') return false;
  const { width } = options as LaidOptions;
  return typeof width === 'number' && width > 0;
}

/** pdfkit's PDFNumber: a number rounded down to a 32-bit float (the wrapper's page bottom). */
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
 * The lines pdfkit's LineWrapper gives for `text` in the document's font and size, `width` wide (no indent, character
 * or word spacing, scaling, columns, ellipsis or height), without its events and listeners: its `wrap` as it is, with
 * its own eachWord (the places to break, words wider than the line cut to fit) and widths as its wordWidth takes them
 * (the document's widthOfString, rounded down to a 32-bit float). Undefined for a soft hyphen (drawn as a hyphen).
 */
function wrappedLines(doc: LayoutMixin, wrapperProto: LineWrapperProto, text: string, width: number): LaidLine[] | undefined {
  if (text.includes('\u00ad')) return undefined;
  // The wrapper's line width: (width × scaling / 100 − column gap × (columns − 1)) / columns, with 100 %, 18 and 1.
  const layout = new LineLayout(doc, ((width * 100) / 100 - 18 * 0) / 1);
  // Its eachWord read now: pdfkit's, or wrapAtSpacesQuickly's.
  wrapperProto.eachWord.call(layout as unknown as LineWrapperProto, text, (word, w, bk, previous) => layout.add(word, w, bk, previous));
  layout.finish();
  return layout.lines;
}

/**
 * pdfkit's LineWrapper as its eachWord reads it (line width, room left, the width of a word) and its wrap's handling
 * of each word, the lines kept instead of emitted. A class, not closures made for each text: tsx names each closure
 * it makes (a property definition each time).
 */
class LineLayout {
  readonly lines: LaidLine[] = [];
  readonly continuedX = 0;
  readonly doc: LayoutMixin;
  readonly lineWidth: number;
  spaceLeft: number;
  private line = '';
  private textWidth = 0;
  private wordCount = 0;
  private last = false;

  constructor(doc: LayoutMixin, lineWidth: number) {
    this.doc = doc;
    this.lineWidth = lineWidth;
    this.spaceLeft = lineWidth;
  }

  wordWidth(word: string): number {
    return float32Below(this.doc.widthOfString(word) + 0 + 0);
  }

  /** The wrapper's handling of a word: on the line while it fits, else the line is given and the word starts the next. */
  add(word: string, w: number, bk: Break, previous: Break | null): number {
    if (previous == null || previous.required) this.spaceLeft = this.lineWidth;
    const fits = w <= this.spaceLeft;
    if (fits) {
      this.line += word;
      this.textWidth += w;
      this.wordCount++;
    }
    if (!bk.required && fits) return (this.spaceLeft -= w);
    if (bk.required) {
      if (w > this.spaceLeft) {
        this.emitLine();
        this.line = word;
        this.textWidth = w;
        this.wordCount = 1;
      }
      this.last = true;
    }
    this.emitLine();
    if (bk.required) {
      this.spaceLeft = this.lineWidth;
      this.line = '';
      this.textWidth = 0;
      return (this.wordCount = 0);
    }
    this.spaceLeft = this.lineWidth - w;
    this.line = word;
    this.textWidth = w;
    return (this.wordCount = 1);
  }

  /** The last line, as the wrapper gives it after the last word. */
  finish(): void {
    if (this.wordCount > 0) {
      this.last = true;
      this.emitLine();
    }
  }

  private emitLine(): void {
    this.lines.push({ text: this.line, textWidth: this.textWidth + 0 * (this.wordCount - 1), wordCount: this.wordCount, lineWidth: this.lineWidth, last: this.last });
    this.last = false;
  }
}

let laysOutOnce = false;
/**
 * A field is measured (heightOfString: pdfkit wraps its text into lines to count them) to keep it on the page, then
 * drawn (text: pdfkit wraps it again, the same way, and draws the lines). For a text with only a width (and lineGap,
 * align) in a document with no continued text, the lines are laid out by wrappedLines (pdfkit's wrap without its
 * LineWrapper's events and listeners) and kept with the font, size and width they were laid out at (the last few
 * per document): text draws the same text at the same font, size and width from them, each line by pdfkit's own
 * `_line` with the options pdfkit's wrapper gives it (the justified paragraph's last line left-aligned, as the wrapper
 * does). When the text would not end on its page (pdfkit's wrapper would start a new page before or between its
 * lines), it goes to pdfkit's own text.
 */
export function layOutOnce(proto: LayoutMixin, wrapperProto: LineWrapperProto): void {
  if (laysOutOnce) return;
  laysOutOnce = true;
  const { text, heightOfString } = proto;
  proto.heightOfString = function (this: LayoutMixin, input, options) {
    if (!simpleOptions(options) || this._textOptions || this._wrapper) return heightOfString.call(this, input, options);
    const { y } = this;
    const opts = this._initOptions(options);
    const lineGap = opts.lineGap || this._lineGap || 0;
    const source = input == null ? '' : `${input as string}`;
    const lines = wrappedLines(this, wrapperProto, source, opts.width!);
    if (!lines) return heightOfString.call(this, input, options);
    // pdfkit's heightOfString: the document's y moved down by each line as it is laid out.
    let bottom = y;
    for (let i = 0; i < lines.length; i++) bottom += this.currentLineHeight(true) + lineGap;
    const height = bottom - y;
    const layouts = (this[LAYOUTS] ??= []);
    if (layouts.length === LAYOUTS_KEPT) layouts.shift();
    layouts.push({ text: source, font: this._font, size: this._fontSize, width: opts.width!, lines });
    return height;
  };
  proto.text = function (this: LayoutMixin, input, x, y, options) {
    if (!simpleOptions(options) || this._textOptions || this._wrapper || typeof input !== 'string') return text.call(this, input, x, y, options);
    const width = Math.max(options.width, 0);
    const lines =
      this[LAYOUTS]?.find((l) => l.text === input && l.font === this._font && l.size === this._fontSize && l.width === width)?.lines ??
      wrappedLines(this, wrapperProto, input, width);
    if (!lines) return text.call(this, input, x, y, options);
    // Where pdfkit's wrapper would start a new page: before the first line, or after a line (checked after every line).
    const lineHeight = this.currentLineHeight(true);
    const lineGap = options.lineGap || this._lineGap || 0;
    const maxY = float32Below(this.page.maxY());
    const top = typeof y === 'number' ? y : this.y;
    if (top > maxY || top + lineHeight > maxY) return text.call(this, input, x, y, options);
    let lineY = top;
    for (let i = 0; i < lines.length; i++) {
      lineY += lineHeight + lineGap;
      if (float32Below(lineY + lineHeight) > maxY) return text.call(this, input, x, y, options);
    }
    const opts = this._initOptions(x, y, options);
    const startX = this.x;
    const align = opts.align;
    for (const line of lines) {
      opts.textWidth = line.textWidth;
      opts.wordCount = line.wordCount;
      opts.lineWidth = line.lineWidth;
      opts.align = line.last && align === 'justify' ? 'left' : align;
      this._line(line.text, opts, lines);
    }
    this.x = startX;
    this._wrapper = null;
    this._textOptions = null;
    return this;
  };
}
