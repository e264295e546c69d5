// linebreak (the Unicode line-breaking algorithm, UAX #14, that pdfkit wraps with) ships no types.
declare module 'linebreak' {
  export default class LineBreaker {
    constructor(text: string);
    /** The next place the text may (or, after a hard line break, must) break: the index after it. */
    nextBreak(): { position: number; required: boolean } | null;
  }
}
