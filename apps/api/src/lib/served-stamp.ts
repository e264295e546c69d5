// The served-copy stamp: drawn by the PDF worker (pdf-merge.worker.ts) at the foot of every page of a served PDF.
// pdf-lib is passed in (the worker loads it through its own require, see there); nothing here opens a file.
import type * as PdfLib from 'pdf-lib';

/** What the stamp says; the QR code encodes `verifyUrl`. */
export type StampSpec = { servedText: string; securityId: string; verifyUrl: string };

/** Points. The stamp is small: 36 pt high (12.7 mm), QR code 30 pt (10.6 mm), 6 pt from the page's edges. */
const EDGE = 6;
const PAD = 3;
const QR = 30;
const GAP = 4;
const FONT_SIZE = 6;
const LINE = 7.6;

/** pdf-lib's standard fonts write WinAnsi: anything else is replaced rather than failing the whole copy. */
const winAnsi = (text: string) => text.replace(/[^\x20-\x7e]/g, '?');

/**
 * The stamp as one Form XObject, drawn once per document and placed on every page: white backing with a thin grey
 * border, the QR code (one path of its dark modules), three lines of text.
 */
export async function makeStamp(
  lib: typeof PdfLib,
  doc: PdfLib.PDFDocument,
  spec: StampSpec,
  qr: { size: number; data: Uint8Array },
) {
  const { PDFDocument, StandardFonts, rgb } = lib;
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const lines = [
    { text: winAnsi(spec.servedText), font: bold },
    { text: winAnsi(`Security ID: ${spec.securityId}`), font: regular },
    { text: winAnsi(`Verify: ${spec.verifyUrl}`), font: regular },
  ];
  const textWidth = Math.max(...lines.map((l) => l.font.widthOfTextAtSize(l.text, FONT_SIZE)));
  const width = PAD + QR + GAP + textWidth + PAD;
  const height = PAD + QR + PAD;

  // Drawn on a page of its own, then embedded as a form: every page of the copy shares the one object.
  const sheet = await PDFDocument.create();
  const sBold = await sheet.embedFont(StandardFonts.HelveticaBold);
  const sRegular = await sheet.embedFont(StandardFonts.Helvetica);
  const page = sheet.addPage([width, height]);
  page.drawRectangle({
    x: 0.25,
    y: 0.25,
    width: width - 0.5,
    height: height - 0.5,
    color: rgb(1, 1, 1),
    borderColor: rgb(0.55, 0.55, 0.55),
    borderWidth: 0.5,
  });
  const module = QR / qr.size;
  let path = '';
  for (let row = 0; row < qr.size; row++) {
    for (let col = 0; col < qr.size; col++) {
      if (qr.data[row * qr.size + col])
        path += `M${col * module} ${row * module}h${module}v${module}h${-module}Z`;
    }
  }
  // drawSvgPath reads SVG coordinates (y down) from the given origin: the code's top-left corner.
  page.drawSvgPath(path, { x: PAD, y: PAD + QR, color: rgb(0, 0, 0), borderWidth: 0 });
  const textX = PAD + QR + GAP;
  const top = PAD + QR / 2 + LINE; // three lines centred on the code
  lines.forEach((l, i) =>
    page.drawText(l.text, {
      x: textX,
      y: top - i * LINE - FONT_SIZE / 2 + 1,
      size: FONT_SIZE,
      font: i === 0 ? sBold : sRegular,
      color: rgb(0.1, 0.1, 0.1),
    }),
  );
  const [form] = await doc.embedPdf(await sheet.save());
  return { form: form!, width, height };
}

/**
 * The transformation from the page as it is seen (origin at its visible bottom-left, after /Rotate) to its user
 * space, and the seen width and height, from the crop box (the visible area) and the rotation (a multiple of 90).
 */
function viewTransform(box: { x: number; y: number; width: number; height: number }, rotation: number) {
  const x0 = box.x;
  const y0 = box.y;
  const x1 = box.x + box.width;
  const y1 = box.y + box.height;
  switch ((((Math.round(rotation / 90) * 90) % 360) + 360) % 360) {
    case 90:
      return { matrix: [0, 1, -1, 0, x1, y0] as const, width: box.height, height: box.width };
    case 180:
      return { matrix: [-1, 0, 0, -1, x1, y1] as const, width: box.width, height: box.height };
    case 270:
      return { matrix: [0, -1, 1, 0, x0, y1] as const, width: box.height, height: box.width };
    default:
      return { matrix: [1, 0, 0, 1, x0, y0] as const, width: box.width, height: box.height };
  }
}

/**
 * Places the stamp at the foot of the page as seen, at its left, 6 pt from the edges; scaled down on a page too
 * narrow for it (never up). The page's own content is wrapped in q/Q first (pdf-lib's normalize), so a content
 * stream that leaves its graphics state changed cannot move or hide the stamp.
 */
export function placeStamp(
  lib: typeof PdfLib,
  page: PdfLib.PDFPage,
  stamp: Awaited<ReturnType<typeof makeStamp>>,
) {
  const { pushGraphicsState, popGraphicsState, concatTransformationMatrix } = lib;
  page.node.normalize();
  const view = viewTransform(page.getCropBox(), page.getRotation().angle);
  const scale = Math.min(1, (view.width - 2 * EDGE) / stamp.width, (view.height - 2 * EDGE) / stamp.height);
  if (!(scale > 0)) return false;
  const [a, b, c, d, e, f] = view.matrix;
  page.pushOperators(pushGraphicsState(), concatTransformationMatrix(a, b, c, d, e, f));
  page.drawPage(stamp.form, { x: EDGE, y: EDGE, width: stamp.width * scale, height: stamp.height * scale });
  page.pushOperators(popGraphicsState());
  return true;
}
