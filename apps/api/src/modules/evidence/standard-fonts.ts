// The twelve Latin standard PDF fonts (Helvetica, Times, Courier and their styles) as LexServe's notices use them:
// never embedded, text written in WinAnsiEncoding, measured and kerned from the Adobe metrics pdfkit ships (its
// `pdfkit/standard-fonts/*` data: glyph names, widths, kerning pairs), as tables by WinAnsi code so that measuring
// and writing a line is arithmetic on small arrays.

/** Each font's metrics module in pdfkit (imported by name: the bundle leaves pdfkit to node_modules). */
const FONT_DATA = {
  Helvetica: () => import('pdfkit/standard-fonts/Helvetica'),
  'Helvetica-Bold': () => import('pdfkit/standard-fonts/HelveticaBold'),
  'Helvetica-Oblique': () => import('pdfkit/standard-fonts/HelveticaOblique'),
  'Helvetica-BoldOblique': () => import('pdfkit/standard-fonts/HelveticaBoldOblique'),
  'Times-Roman': () => import('pdfkit/standard-fonts/TimesRoman'),
  'Times-Bold': () => import('pdfkit/standard-fonts/TimesBold'),
  'Times-Italic': () => import('pdfkit/standard-fonts/TimesItalic'),
  'Times-BoldItalic': () => import('pdfkit/standard-fonts/TimesBoldItalic'),
  Courier: () => import('pdfkit/standard-fonts/Courier'),
  'Courier-Bold': () => import('pdfkit/standard-fonts/CourierBold'),
  'Courier-Oblique': () => import('pdfkit/standard-fonts/CourierOblique'),
  'Courier-BoldOblique': () => import('pdfkit/standard-fonts/CourierBoldOblique'),
} as const;
export type StandardFontName = keyof typeof FONT_DATA;

/** pdfkit's compiled Adobe metrics of one font (its AFMFont reads the same). */
type FontData = {
  name: string;
  bbox: number[];
  ascender: number;
  descender: number;
  /** Every glyph name, space-separated; widths and kerning pairs refer to them by index. */
  glyphNames: string;
  glyphWidths: number[];
  /** [amount, [pair deltas…], amount, […], …]: each pair id (left × glyphs + right) as a running sum of deltas. */
  kernPairs: (number | number[])[];
};

/** WinAnsiEncoding's glyph names by code (PDF 32000-1 Annex D), as pdfkit's `characters`: the unnamed codes undefined. */
const WIN_ANSI_GLYPHS: (string | undefined)[] = (() => {
  const names: (string | undefined)[] = new Array<string | undefined>(256).fill(undefined);
  const ascii =
    'space exclam quotedbl numbersign dollar percent ampersand quotesingle parenleft parenright asterisk plus comma hyphen ' +
    'period slash zero one two three four five six seven eight nine colon semicolon less equal greater question at A B C D ' +
    'E F G H I J K L M N O P Q R S T U V W X Y Z bracketleft backslash bracketright asciicircum underscore grave a b c d e f ' +
    'g h i j k l m n o p q r s t u v w x y z braceleft bar braceright asciitilde';
  ascii.split(' ').forEach((name, i) => (names[32 + i] = name));
  const high =
    'Euro - quotesinglbase florin quotedblbase ellipsis dagger daggerdbl circumflex perthousand Scaron guilsinglleft OE - ' +
    'Zcaron - - quoteleft quoteright quotedblleft quotedblright bullet endash emdash tilde trademark scaron guilsinglright ' +
    'oe - zcaron ydieresis space exclamdown cent sterling currency yen brokenbar section dieresis copyright ordfeminine ' +
    'guillemotleft logicalnot hyphen registered macron degree plusminus twosuperior threesuperior acute mu paragraph ' +
    'periodcentered cedilla onesuperior ordmasculine guillemotright onequarter onehalf threequarters questiondown Agrave ' +
    'Aacute Acircumflex Atilde Adieresis Aring AE Ccedilla Egrave Eacute Ecircumflex Edieresis Igrave Iacute Icircumflex ' +
    'Idieresis Eth Ntilde Ograve Oacute Ocircumflex Otilde Odieresis multiply Oslash Ugrave Uacute Ucircumflex Udieresis ' +
    'Yacute Thorn germandbls agrave aacute acircumflex atilde adieresis aring ae ccedilla egrave eacute ecircumflex ' +
    'edieresis igrave iacute icircumflex idieresis eth ntilde ograve oacute ocircumflex otilde odieresis divide oslash ' +
    'ugrave uacute ucircumflex udieresis yacute thorn ydieresis';
  high.split(' ').forEach((name, i) => (names[128 + i] = name === '-' ? undefined : name));
  return names;
})();

/** The characters outside Latin-1 that WinAnsiEncoding has (its codes 128–159), by Unicode code point. */
const WIN_ANSI_EXTRA: Record<number, number> = {
  0x20ac: 128,
  0x201a: 130,
  0x0192: 131,
  0x201e: 132,
  0x2026: 133,
  0x2020: 134,
  0x2021: 135,
  0x02c6: 136,
  0x2030: 137,
  0x0160: 138,
  0x2039: 139,
  0x0152: 140,
  0x017d: 142,
  0x2018: 145,
  0x2019: 146,
  0x201c: 147,
  0x201d: 148,
  0x2022: 149,
  0x2013: 150,
  0x2014: 151,
  0x02dc: 152,
  0x2122: 153,
  0x0161: 154,
  0x203a: 155,
  0x0153: 156,
  0x017e: 158,
  0x0178: 159,
};
const QUESTION_MARK = 0x3f;

/**
 * The WinAnsi code of a UTF-16 code unit. A character the encoding lacks (Cyrillic, CJK, emoji, the C1 controls
 * U+0080–U+009F, whose codes WinAnsi gives to €, “, ” and others) is written as "?": a standard font has no glyph
 * for it, and "?" shows the reader that something is missing where pdfkit wrote bytes that a viewer read as other
 * characters.
 */
export function winAnsiCode(unit: number): number {
  if (unit < 0x80 || (unit >= 0xa0 && unit < 0x100)) return unit;
  return WIN_ANSI_EXTRA[unit] ?? QUESTION_MARK;
}

/** Each WinAnsi code in a PDF literal string: itself (the content is written as Latin-1), escaped where it must be. */
const LITERAL = Array.from({ length: 256 }, (_, code) =>
  code === 0x28 || code === 0x29 || code === 0x5c
    ? `\\${String.fromCharCode(code)}`
    : code === 0x0d
      ? '\\r'
      : code === 0x0a
        ? '\\n'
        : String.fromCharCode(code),
);

/**
 * `text` as the notices measure and draw it, one code unit a character: composed (NFC), so that a letter typed or
 * pasted as a base letter and a combining accent (as macOS names files) is the one WinAnsi letter "é" rather than
 * "e?"; each character outside the Basic Multilingual Plane (an emoji, a rare CJK ideograph: two UTF-16 code units)
 * as one "?", and any lone surrogate as "?".
 */
export function oneUnitPerCharacter(text: string): string {
  const composed = /[\u0080-\uffff]/.test(text) ? text.normalize('NFC') : text;
  return /[\ud800-\udfff]/.test(composed)
    ? composed.replace(/[\ud800-\udbff][\udc00-\udfff]|[\ud800-\udfff]/g, '?')
    : composed;
}

/** What a PDF content stream holds for a number: rounded to six decimals (pdfkit's PDFObject.number). */
export function pdfNumber(n: number): number {
  if (n > -1e21 && n < 1e21) return Math.round(n * 1e6) / 1e6;
  throw new Error(`unsupported number: ${n}`);
}

export class StandardFont {
  readonly name: StandardFontName;
  readonly ascender: number;
  readonly descender: number;
  /** The gap between lines (1/1000 em): the bounding box's height less the ascender and descender, as pdfkit has it. */
  readonly lineGap: number;
  /** Advance widths (1/1000 em) by WinAnsi code; 0 for a code with no glyph (pdfkit's .notdef). */
  private readonly widths = new Int16Array(256);
  /** Kerning (1/1000 em) of two WinAnsi codes at left × 256 + right. */
  private readonly kerns = new Int16Array(256 * 256);

  constructor(name: StandardFontName, data: FontData) {
    this.name = name;
    this.ascender = data.ascender;
    this.descender = data.descender;
    this.lineGap = data.bbox[3]! - data.bbox[1]! - (data.ascender - data.descender);
    const names = data.glyphNames.split(' ');
    const index = new Map(names.map((glyph, i) => [glyph, i]));
    /** The WinAnsi codes of each glyph (space and hyphen have two). */
    const codesOf = new Map<number, number[]>();
    WIN_ANSI_GLYPHS.forEach((glyph, code) => {
      const i = glyph === undefined ? undefined : index.get(glyph);
      if (i === undefined) return;
      this.widths[code] = data.glyphWidths[i] ?? 0;
      codesOf.set(i, [...(codesOf.get(i) ?? []), code]);
    });
    for (let k = 0; k < data.kernPairs.length; k += 2) {
      const amount = data.kernPairs[k] as number;
      let pair = 0;
      for (const delta of data.kernPairs[k + 1] as number[]) {
        pair += delta;
        const lefts = codesOf.get(Math.floor(pair / names.length));
        const rights = codesOf.get(pair % names.length);
        if (lefts && rights) for (const l of lefts) for (const r of rights) this.kerns[l * 256 + r] = amount;
      }
    }
  }

  /** The height of a line at `size` points, with the font's line gap or without (pdfkit's lineHeight). */
  lineHeight(size: number, includeGap = false): number {
    return ((this.ascender + (includeGap ? this.lineGap : 0) - this.descender) / 1000) * size;
  }

  /** The width of `text` in 1/1000 em: each glyph's advance and the kerning with the next. */
  width(text: string): number {
    const n = text.length;
    if (n === 0) return 0;
    let width = 0;
    let left = winAnsiCode(text.charCodeAt(0));
    for (let i = 1; i < n; i++) {
      const right = winAnsiCode(text.charCodeAt(i));
      width += this.widths[left]! + this.kerns[left * 256 + right]!;
      left = right;
    }
    return width + this.widths[left]!;
  }

  /**
   * The operand of TJ for `words` (pdfkit's, in literal strings where pdfkit writes hex: half the bytes): runs of
   * characters, each closed by the adjustment of a glyph whose advance is not its width (kerning within a word, and
   * `extra` after each word when words are spaced).
   */
  tj(words: readonly string[], extra: number): string {
    let out = '';
    let run = '';
    for (const word of words) {
      const n = word.length;
      for (let i = 0; i < n; i++) {
        const code = winAnsiCode(word.charCodeAt(i));
        run += LITERAL[code];
        let adjustment = i + 1 < n ? this.kerns[code * 256 + winAnsiCode(word.charCodeAt(i + 1))]! : 0;
        if (i + 1 === n) adjustment += extra;
        if (adjustment !== 0) {
          out += `${out ? ' ' : ''}(${run}) ${pdfNumber(-adjustment)}`;
          run = '';
        }
      }
    }
    if (run) out += `${out ? ' ' : ''}(${run}) 0`;
    return out;
  }
}

export type StandardFonts = ReadonlyMap<StandardFontName, StandardFont>;

/** The twelve fonts' tables, made once per process. */
export async function loadStandardFonts(): Promise<StandardFonts> {
  const names = Object.keys(FONT_DATA) as StandardFontName[];
  const data = await Promise.all(
    names.map(async (name) => ((await FONT_DATA[name]()) as { default: FontData }).default),
  );
  return new Map(names.map((name, i) => [name, new StandardFont(name, data[i]!)]));
}
