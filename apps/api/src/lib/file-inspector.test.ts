import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { PNG, makeDoc, makeDocx, makePdf, makeZip } from '../../test/document-factories';
import { sha256 } from './tokens';
import { cleanFilename, FileInspector, typeOfExtension } from './file-inspector';

/** Streams the bytes through an inspector in chunks of the given size (markers split across chunks too). */
async function inspect(bytes: Buffer, chunk = 7) {
  const inspector = new FileInspector();
  const chunks = Array.from({ length: Math.ceil(bytes.length / chunk) }, (_, i) => bytes.subarray(i * chunk, (i + 1) * chunk));
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
});
