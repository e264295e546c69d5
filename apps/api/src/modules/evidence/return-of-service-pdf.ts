import { MAGISTRATES_COURT_PREFIX, isMagistratesCourt } from '@lexserve/contracts/courts';
import {
  RETURN_KIND_TITLES,
  VAT_RATE_PERCENT,
  formatRand,
  type ReturnFee,
  type ReturnKind,
} from '@lexserve/contracts/returns';
import { drawQrCode, newNotice, formatSize, sast, type StandardFontName } from './pdf-kit';

// pdfkit and qrcode are loaded on first use (pdf-kit.ts).

type CitationParty = { name: string; role: string };

export type ReturnPdfData = {
  kind: ReturnKind;
  securityId: string;
  /** The chain hash of the document's timeline when the return was drawn (docs/evidence.md). */
  trailHeadHash: string | null;
  verificationUrl: string;
  issuedAt: Date;
  courtName: string | null;
  caseNumber: string | null;
  citation: { initiating: CitationParty[]; responding: CitationParty[] };
  /** The person this return is for (service per person), the address on the process, the area and any instruction. */
  target?: {
    partyName: string;
    address: string | null;
    areaConfirmed: boolean;
    otherAddressInstruction: string | null;
  } | null;
  /** The process by its document type and title; its files by number, pages and fingerprint (never by file name). */
  process: {
    documentType: string | null;
    title: string;
    files: { format: string; pages: number | null; size: number; sha256: string }[];
  };
  /** The firm that instructed the sheriff. */
  instructedBy: string | null;
  served: {
    at: Date;
    address: string;
    mannerLabel: string;
    statement: string;
    rule: string;
    personName: string;
    personCapacity: string;
    natureExplained: boolean;
    hasRecipient: boolean;
  } | null;
  notServed: { reason: string; diligentSearch: string } | null;
  sheriff: { name: string; office: string | null; areas: string[]; appointmentNumber: string | null };
  fees: ReturnFee[];
  vatRegistered: boolean;
  subtotalCents: number;
  vatCents: number;
  totalCents: number;
  attempts: {
    deviceTime: Date;
    serverTime: Date;
    address: string;
    latitude: number | null;
    longitude: number | null;
    accuracyM: number | null;
    outcome: string;
    notes: string | null;
    photos: { contentType: string; size: number; sha256: string }[];
  }[];
};

const INK = '#111111';
const MUTED = '#555555';
const RULE = '#9a9a9a';
const M = 56; // side margins (about 2 cm)
const FOOTER = 78; // room kept for the footer on every page
const QR = 46;

const IMAGE_LABELS: Record<string, string> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'image/heic': 'HEIC',
};

/** The heading of the court: "IN THE HIGH COURT OF SOUTH AFRICA" / "(WESTERN CAPE DIVISION, CAPE TOWN)". */
function courtHeading(courtName: string | null): string[] {
  if (!courtName) return ['COURT NOT RECORDED'];
  if (isMagistratesCourt(courtName))
    return [
      `IN THE MAGISTRATE'S COURT FOR THE DISTRICT OF ${courtName.slice(MAGISTRATES_COURT_PREFIX.length).toUpperCase()}`,
    ];
  return ['IN THE HIGH COURT OF SOUTH AFRICA', `(${courtName.toUpperCase()})`];
}

const gpsText = (a: ReturnPdfData['attempts'][number]) =>
  a.latitude === null || a.longitude === null
    ? 'Not available (the phone gave no position)'
    : `${a.latitude.toFixed(6)}, ${a.longitude.toFixed(6)} (accuracy ±${Math.round(a.accuracyM ?? 0)} m)`;

/**
 * Draws the sheriff's Return of Service (or Return of Non-Service) in the sober form of a court return: the court,
 * the case number and the citation; the process by its description with each file's pages and SHA-256; the date,
 * time, place and manner of service with its rule; the person served and in what capacity; the explanation of the
 * nature and exigency of the process; the attempts with the phone's and the server's clocks, the GPS position and
 * each photo's fingerprint; the fees with VAT; the sheriff; and on every page a QR code to the public verification
 * page with the security ID. Built-in PDF fonts only.
 */
export async function renderReturnOfService(data: ReturnPdfData): Promise<Buffer> {
  const title = RETURN_KIND_TITLES[data.kind];
  const doc = await newNotice({
    margins: { top: M, left: M, right: M, bottom: FOOTER },
    info: {
      Title: `${title}${data.caseNumber ? ` — case ${data.caseNumber}` : ''}`,
      Author: data.sheriff.name,
      Subject: `${title} ${data.securityId}`,
      Keywords: `LexServe; ${title}; ${data.securityId}`,
      Creator: 'LexServe',
      Producer: 'LexServe',
    },
  });

  const width = doc.page.width - 2 * M;
  const bottomLimit = () => doc.page.height - FOOTER;
  const ensure = (space: number) => {
    if (doc.y + space > bottomLimit()) doc.addPage();
  };
  const hr = (weight = 0.6) => {
    const y = doc.y;
    doc
      .moveTo(M, y)
      .lineTo(M + width, y)
      .lineWidth(weight)
      .strokeColor(RULE)
      .stroke();
    doc.y = y + 6;
  };
  /** A heading kept on the page with at least `keep` points of what follows it. */
  const heading = (text: string, keep = 40) => {
    ensure(30 + keep);
    doc.moveDown(0.7);
    doc
      .font('Times-Bold')
      .fontSize(11.5)
      .fillColor(INK)
      .text(text.toUpperCase(), M, doc.y, { width, characterSpacing: 0.3 });
    doc.y += 3;
  };
  const paragraph = (
    text: string,
    opts: { font?: StandardFontName; size?: number; color?: string; indent?: number } = {},
  ) => {
    const indent = opts.indent ?? 0;
    doc
      .font(opts.font ?? 'Times-Roman')
      .fontSize(opts.size ?? 11)
      .fillColor(opts.color ?? INK);
    const h = doc.heightOfString(text, { width: width - indent, lineGap: 2 });
    ensure(Math.min(h, 60) + 4);
    doc.text(text, M + indent, doc.y, { width: width - indent, lineGap: 2, align: 'justify' });
    doc.y += 4;
  };
  const LABEL = 150;
  const field = (label: string, value: string, opts: { mono?: boolean } = {}) => {
    const font = opts.mono ? 'Courier' : 'Times-Roman';
    const size = opts.mono ? 8.5 : 10.5;
    doc.font(font).fontSize(size);
    const h = Math.max(doc.heightOfString(value || '—', { width: width - LABEL }), 13);
    ensure(h + 3);
    const y = doc.y;
    doc
      .font('Helvetica')
      .fontSize(8.5)
      .fillColor(MUTED)
      .text(label, M, y + 1.5, { width: LABEL - 10 });
    doc
      .font(font)
      .fontSize(size)
      .fillColor(INK)
      .text(value || '—', M + LABEL, y, { width: width - LABEL });
    doc.y = Math.max(doc.y, y + h) + 3;
  };

  // ----- the court, the case number and the citation
  doc.font('Times-Bold').fontSize(12.5).fillColor(INK);
  for (const line of courtHeading(data.courtName)) doc.text(line, M, doc.y, { width, align: 'center' });
  doc.moveDown(0.6);
  doc
    .font('Times-Roman')
    .fontSize(11)
    .text(`Case No: ${data.caseNumber ?? '—'}`, M, doc.y, { width, align: 'right' });
  doc.moveDown(0.6);
  doc.text('In the matter between:', M, doc.y, { width });
  doc.moveDown(0.5);
  const partyLine = (p: CitationParty) => {
    const y = doc.y;
    doc
      .font('Times-Bold')
      .fontSize(11)
      .text(p.name.toUpperCase(), M, y, { width: width - 130 });
    const after = doc.y;
    doc
      .font('Times-Roman')
      .fontSize(11)
      .text(p.role, M + width - 125, y, { width: 125, align: 'right' });
    doc.y = Math.max(after, doc.y) + 2;
  };
  const side = (list: CitationParty[], missing: string) =>
    list.length ? list.forEach(partyLine) : partyLine({ name: missing, role: '' });
  side(data.citation.initiating, 'Plaintiff / applicant not recorded');
  doc.moveDown(0.3);
  doc.font('Times-Roman').fontSize(11).text('and', M, doc.y, { width });
  doc.moveDown(0.3);
  side(data.citation.responding, 'Defendant / respondent not recorded');
  doc.moveDown(0.6);
  hr(0.8);

  // ----- the title
  doc.moveDown(0.4);
  doc
    .font('Times-Bold')
    .fontSize(17)
    .fillColor(INK)
    .text(title.toUpperCase(), M, doc.y, { width, align: 'center', characterSpacing: 1 });
  doc.moveDown(0.8);

  // ----- the statement
  const sheriff = data.sheriff;
  const areas = sheriff.areas.length ? sheriff.areas.join(', ') : 'the area of appointment';
  const processText = `${data.process.documentType ?? 'process'} ("${data.process.title}")`;
  paragraph(
    `I, ${sheriff.name}, Sheriff of the Court for ${areas}${sheriff.office ? ` (${sheriff.office})` : ''}` +
      `${sheriff.appointmentNumber ? `, appointment number ${sheriff.appointmentNumber}` : ''}, hereby certify that:`,
  );
  if (data.served) {
    const s = data.served;
    const who = s.hasRecipient
      ? `: ${s.personName}, ${s.personCapacity}`
      : `, for ${s.personName} (${s.personCapacity})`;
    paragraph(
      `1. On ${sast.weekdayDate(s.at)} at ${sast.time(s.at)} (South African time), at ${s.address}, I served the ${processText} ` +
        `by ${s.statement}${who}.`,
      { indent: 12 },
    );
    paragraph(
      s.natureExplained
        ? '2. I explained the nature and exigency of the process to the person served.'
        : '2. The nature and exigency of the process could not be explained to anyone, no person being present to receive it.',
      { indent: 12 },
    );
    paragraph(`3. Service was effected in terms of ${s.rule}.`, { indent: 12 });
  } else if (data.notServed) {
    paragraph(`1. I was unable to serve the ${processText}.`, { indent: 12 });
    paragraph(`2. Reason for non-service: ${data.notServed.reason}`, { indent: 12 });
    paragraph(`3. Diligent search and enquiry: ${data.notServed.diligentSearch}`, { indent: 12 });
    paragraph('4. The process is returned unserved. The attempts made are set out below.', { indent: 12 });
  }

  // ----- the process
  heading('Process');
  field('Document', `${data.process.documentType ?? 'Not recorded'}`);
  field('Title', data.process.title);
  if (data.instructedBy) field('Instructed by', data.instructedBy);
  if (data.target) {
    field('To be served on', data.target.partyName);
    if (data.target.address) field('Address on the process', data.target.address);
    if (!data.target.areaConfirmed)
      field('Area', "Area not confirmed: the address matched no known sheriff's area");
    if (data.target.otherAddressInstruction)
      field('Other address instructed', data.target.otherAddressInstruction);
  }
  data.process.files.forEach((f, i) => {
    ensure(34);
    const pages = f.pages === null ? 'pages not counted' : f.pages === 1 ? '1 page' : `${f.pages} pages`;
    field(`File ${i + 1}`, `${f.format}, ${pages}, ${formatSize(f.size)}`);
    field('SHA-256', f.sha256, { mono: true });
  });
  if (!data.process.files.length) field('Files', 'No file recorded');

  // ----- the service
  if (data.served) {
    const s = data.served;
    heading('Service');
    field('Date', sast.weekdayDate(s.at));
    field('Time', `${sast.time(s.at)} SAST`);
    field('Place', s.address);
    field('Manner', s.mannerLabel);
    field('Rule', s.rule);
    field(s.hasRecipient ? 'Person served' : 'Served for', s.personName);
    field('Capacity', s.personCapacity);
    field(
      'Nature and exigency',
      s.natureExplained ? 'Explained to the person served' : 'Not explained (no person present)',
    );
  }

  // ----- the attempts
  heading(data.attempts.length === 1 ? 'Attempt' : 'Attempts', data.attempts[0]?.photos.length ? 150 : 110);
  if (!data.attempts.length)
    paragraph('No attempt was recorded before this return.', { color: MUTED, size: 10 });
  data.attempts.forEach((a, i) => {
    ensure(a.photos.length ? 150 : 110);
    doc
      .font('Times-Bold')
      .fontSize(10.5)
      .fillColor(INK)
      .text(`Attempt ${i + 1}: ${a.outcome}`, M, doc.y, { width });
    doc.y += 2;
    field('Phone time', sast.stamp(a.deviceTime));
    field('Server time', sast.stamp(a.serverTime));
    field('Address', a.address);
    field('GPS position', gpsText(a));
    if (a.notes) field('Notes', a.notes);
    if (!a.photos.length) field('Photos', 'None');
    a.photos.forEach((p, j) => {
      ensure(34);
      field(`Photo ${j + 1}`, `${IMAGE_LABELS[p.contentType] ?? p.contentType}, ${formatSize(p.size)}`);
      field('SHA-256', p.sha256, { mono: true });
    });
    doc.y += 4;
  });

  // ----- the fees
  heading('Sheriff’s fees', 70);
  const AMOUNT = 110;
  const feeRow = (label: string, cents: number | null, opts: { bold?: boolean; line?: boolean } = {}) => {
    doc.font(opts.bold ? 'Times-Bold' : 'Times-Roman').fontSize(10.5);
    const h = Math.max(doc.heightOfString(label, { width: width - AMOUNT - 10 }), 13);
    ensure(h + 6);
    if (opts.line) hr(0.5);
    const y = doc.y;
    doc.fillColor(INK).text(label, M, y, { width: width - AMOUNT - 10 });
    if (cents !== null) doc.text(formatRand(cents), M + width - AMOUNT, y, { width: AMOUNT, align: 'right' });
    doc.y = y + h + 3;
  };
  for (const f of data.fees) feeRow(f.description, f.amount_cents);
  feeRow('Subtotal', data.subtotalCents, { line: true });
  if (data.vatRegistered) feeRow(`VAT at ${VAT_RATE_PERCENT}%`, data.vatCents);
  else feeRow('VAT: not charged (the sheriff is not registered for VAT)', null);
  feeRow('Total', data.totalCents, { bold: true, line: true });

  // ----- the sheriff
  ensure(120);
  heading('Sheriff');
  field('Name', sheriff.name);
  field('Office', sheriff.office ?? 'Not recorded');
  field(sheriff.areas.length === 1 ? 'Area' : 'Areas', sheriff.areas.join(', ') || 'Not recorded');
  field('Appointment number', sheriff.appointmentNumber ?? 'Not recorded');
  field('Date of this return', sast.long(data.issuedAt));
  field('Timeline head hash', data.trailHeadHash ?? 'none');
  doc.moveDown(0.4);
  paragraph(
    `Issued electronically by the sheriff through LexServe and sealed with LexServe’s electronic seal. Anyone can check it ` +
      `without an account: scan the QR code on any page, or open ${data.verificationUrl}, or enter the security ID ` +
      `${data.securityId} on the LexServe verification page.`,
    { font: 'Helvetica', size: 8.5, color: MUTED },
  );

  // ----- footer on every page: QR code, security ID, verification address, page number
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const keep = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const top = doc.page.height - FOOTER + 14;
    doc
      .moveTo(M, top - 6)
      .lineTo(M + width, top - 6)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    await drawQrCode(doc, data.verificationUrl, M, top, QR);
    const x = M + QR + 10;
    const w = width - QR - 10;
    doc
      .font('Helvetica-Bold')
      .fontSize(9)
      .fillColor(INK)
      .text(`Security ID: ${data.securityId}`, x, top + 2, { width: w, lineBreak: false });
    doc
      .font('Helvetica')
      .fontSize(7.5)
      .fillColor(MUTED)
      .text(`Verify at ${data.verificationUrl}`, x, top + 15, { width: w, lineBreak: false });
    doc.text(`${title}${data.caseNumber ? ` · Case No ${data.caseNumber}` : ''}`, x, top + 26, {
      width: w / 2,
      lineBreak: false,
    });
    doc.text(`Page ${i - range.start + 1} of ${range.count}`, x + w / 2, top + 26, {
      width: w / 2,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = keep;
  }
  return doc.end();
}
