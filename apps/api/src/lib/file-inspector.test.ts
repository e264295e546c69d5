import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { PNG, makeDoc, makeDocx, makePdf, makeZip } from '../../test/document-factories';
import { sha256 } from './tokens';
import { cleanFilename, FileInspector, ImageInspector, imageTypeOf, typeOfExtension } from './file-inspector';

/** Streams the bytes through an inspector in chunks of the given size (markers split across chunks too). */
async function inspect(bytes: Buffer, chunk = 7) {
  const inspector = new FileInspector();
  const chunks = Array.from({ length: Math.ceil(bytes.length / chunk) }, (_, i) =>
    bytes.subarray(i * chunk, (i + 1) * chunk),
  );
  await pipeline(Readable.from(chunks), inspector, new Writable({ write: (_c, _e, cb) => cb() }));
  return inspector.inspection;
}

describe('FileInspector', () => {
  it('types PDF, DOCX and DOC by content, whatever the chunking, and hashes the stream', async () => {
    const pdf = await makePdf(1);
    for (const size of [1, 7, 64, 65536]) {
      expect(await inspect(pdf, size)).toEqual({ size: pdf.length, sha256: sha256(pdf), type: 'pdf' });
      expect((await inspect(makeDocx(), size)).type).toBe('docx');
      expect((await inspect(makeDoc(), size)).type).toBe('doc');
    }
  });

  it('refuses look-alikes: a zip without word/, an OLE file without a WordDocument stream, a PNG, nothing', async () => {
    expect((await inspect(makeZip({ 'xl/workbook.xml': '<x/>' }))).type).toBeNull();
    const ole = makeDoc();
    ole.fill(0, 1024);
    expect((await inspect(ole)).type).toBeNull();
    expect((await inspect(PNG)).type).toBeNull();
    expect(await inspect(Buffer.alloc(0))).toMatchObject({ size: 0, type: null });
  });

  it('takes a PDF only when "%PDF-" opens the file, at offset 0', async () => {
    const pdf = await makePdf(1);
    // Anything before the header: HTML or script that mentions %PDF- early on, a byte of junk, a BOM, a space.
    for (const prefix of ['<html><!-- ', 'x', '\ufeff', ' ', '\n']) {
      expect(
        (await inspect(Buffer.concat([Buffer.from(prefix), pdf]))).type,
        JSON.stringify(prefix),
      ).toBeNull();
    }
    expect((await inspect(Buffer.from('<script>alert(1)</script>\n%PDF-1.7\n'))).type).toBeNull();
    expect((await inspect(Buffer.from('%PDF'))).type).toBeNull();
    expect((await inspect(Buffer.from('%PDF-'), 1)).type).toBe('pdf');
  });

  it('finds a DOCX whose word/ entry comes late in the archive', async () => {
    const entries: Record<string, string> = {};
    for (let i = 0; i < 200; i++) entries[`customXml/item${i}.xml`] = 'x'.repeat(500);
    entries['word/document.xml'] = '<w:document/>';
    expect((await inspect(makeZip(entries), 4096)).type).toBe('docx');
  });
});

describe('file names', () => {
  it('reads the claimed type from the extension', () => {
    expect(typeOfExtension('A.PDF')).toBe('pdf');
    expect(typeOfExtension('a.docx')).toBe('docx');
    expect(typeOfExtension('a.doc')).toBe('doc');
    expect(typeOfExtension('a.pdf.exe')).toBeNull();
    expect(typeOfExtension('noext')).toBeNull();
  });

  it('strips paths and control characters', () => {
    expect(cleanFilename('../../etc/passwd')).toBe('passwd');
    expect(cleanFilename('C:\\Users\\me\\brief.pdf')).toBe('brief.pdf');
    expect(cleanFilename('a\u0000b\nc.pdf')).toBe('abc.pdf');
    expect(cleanFilename('', 'file')).toBe('file');
  });

  it('strips bidirectional controls and other invisible characters, keeping the letters of every script', () => {
    // "invoice\u202Efdp.exe" shows as "invoiceexe.pdf": the right-to-left override hides the real extension.
    expect(cleanFilename('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    for (const c of [
      '\u202A',
      '\u202B',
      '\u202C',
      '\u202D',
      '\u202E',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\u200E',
      '\u200F',
      '\u061C',
    ]) {
      expect(cleanFilename(`a${c}b.pdf`), `U+${c.codePointAt(0)!.toString(16)}`).toBe('ab.pdf');
    }
    // C1 controls, line and paragraph separators, zero-width space, BOM, lone surrogates.
    expect(cleanFilename('a\u0085\u009fb\u2028\u2029\u200b\ufeffc\ud800.pdf')).toBe('abc.pdf');
    expect(cleanFilename('\u202E\u2066')).toBe('file');
    // Letters of other scripts, and the joiners Persian and emoji need, stay.
    expect(cleanFilename('قرارداد_می\u200cخواهم.pdf')).toBe('قرارداد_می\u200cخواهم.pdf');
    expect(cleanFilename('Mokoena v Dlamini – hofbevel 👩\u200d⚖️.pdf')).toBe(
      'Mokoena v Dlamini – hofbevel 👩\u200d⚖️.pdf',
    );
    // At most 255 characters, never half a surrogate pair.
    expect(cleanFilename(`${'😀'.repeat(300)}.pdf`)).toBe(`${'😀'.repeat(251)}.pdf`);
  });
});

describe('ImageInspector', () => {
  const through = async (bytes: Buffer, chunk = 3) => {
    const inspector = new ImageInspector();
    const chunks = Array.from({ length: Math.ceil(bytes.length / chunk) }, (_, i) =>
      bytes.subarray(i * chunk, (i + 1) * chunk),
    );
    await pipeline(Readable.from(chunks), inspector, new Writable({ write: (_c, _e, cb) => cb() }));
    return inspector.inspection;
  };

  it('types JPEG, PNG, WebP and HEIC by their first bytes, whatever the chunking, and hashes them', async () => {
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(40, 1)]);
    const webp = Buffer.concat([
      Buffer.from('RIFF'),
      Buffer.alloc(4),
      Buffer.from('WEBPVP8 '),
      Buffer.alloc(20),
    ]);
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic'), Buffer.alloc(20)]);
    for (const chunk of [1, 3, 1024]) {
      expect(await through(jpeg, chunk)).toEqual({
        size: jpeg.length,
        sha256: sha256(jpeg),
        type: 'image/jpeg',
      });
      expect((await through(PNG, chunk)).type).toBe('image/png');
      expect((await through(webp, chunk)).type).toBe('image/webp');
      expect((await through(heic, chunk)).type).toBe('image/heic');
    }
  });

  it('refuses anything else: text, a PDF, an MP4 ftyp box, nothing', async () => {
    expect((await through(Buffer.from('not a photo at all, just text'))).type).toBeNull();
    expect((await through(await makePdf(1))).type).toBeNull();
    expect(
      (await through(Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(8)])))
        .type,
    ).toBeNull();
    expect(await through(Buffer.alloc(0))).toMatchObject({ size: 0, type: null });
    expect(imageTypeOf(Buffer.from([0xff, 0xd8]))).toBeNull();
  });
});
