// pdfkit and qrcode are loaded on first use (pdf-kit.ts): only needed when a proof is drawn.
import { drawQrCode, newNotice, formatSize, noticeSections, sast, type StandardFontName } from './pdf-kit';

export type ProofData = {
  securityId: string;
  verificationUrl: string;
  generatedAt: Date;
  firm: { name: string; address: string | null; email: string | null; phone: string | null };
  branch: { name: string; practiceNumber: string; address: string | null } | null;
  servedOn: { firmName: string | null; branchName: string | null; digitalServiceAddress: string };
  case: {
    title: string;
    caseNumber: string | null;
    documentType: string | null;
    category: string | null;
    priority: string | null;
    attorney: string | null;
    recipientName: string | null;
    recipientAddress: string | null;
  };
  parties: { role: string; name: string; identifier: string | null; email: string | null }[];
  files: { filename: string; size: number; sha256: string }[];
  /** The head hash of the document's timeline when this proof was drawn (docs/evidence.md). */
  trailHeadHash: string | null;
  servedAt: Date;
  serviceDate: Date;
  signatureName: string;
  signedBy: { name: string; email: string } | null;
  /** Where the recipient nominated the address served on ("Nominated in the Notice of Intention to Defend …"). */
  addressSource: string;
  delivery: {
    toAddress: string;
    sentAt: Date | null;
    expiresAt: Date;
    events: {
      kind: string;
      at: Date;
      ip: string | null;
      userAgent: string | null;
      filename: string | null;
    }[];
  } | null;
};

const INK = '#1b2a41';
const MUTED = '#5b6577';
const RULE = '#c9ced6';
const ACCENT = '#0b5394';
const M = 50; // side margins
const BOTTOM = 72; // room for the footer

const EVENT_LABELS: Record<string, string> = {
  sent: 'Link e-mailed',
  resent: 'New link e-mailed',
  opened: 'Link opened',
  downloaded: 'File downloaded',
  fresh_link_requested: 'Fresh link asked for by the recipient',
};

/** The title of the proof of electronic service: never "Return of Service", which is the sheriff's (Uniform Rule 4). */
const NOTICE_OF_ELECTRONIC_SERVICE = 'Notice of Electronic Service (Uniform Rule 4A)';

/**
 * Draws the proof of electronic service, a "Notice of Electronic Service (Uniform Rule 4A)": who served what on
 * whom, when, at which nominated address (and where it was nominated), with each served file's SHA-256, the
 * signature and the electronic delivery record; a QR code to the public verification page; and the security ID at
 * the bottom of every page. Built-in PDF fonts only.
 */
export async function renderProofOfService(data: ProofData): Promise<Buffer> {
  const doc = await newNotice({
    margins: { top: M, left: M, right: M, bottom: BOTTOM },
    info: {
      Title: `${NOTICE_OF_ELECTRONIC_SERVICE} — ${data.case.title}`,
      Author: data.firm.name,
      Subject: `Proof of service ${data.securityId}`,
      Keywords: `LexServe; proof of service; ${data.securityId}`,
      Creator: 'LexServe',
      Producer: 'LexServe',
    },
  });

  const { width, ensure, section } = noticeSections(doc, {
    margin: M,
    bottom: BOTTOM,
    ink: INK,
    accent: ACCENT,
    rule: RULE,
  });
  const field = (label: string, value: string | null | undefined) => {
    const text = value && value.trim() ? value : '—';
    const labelWidth = 150;
    doc.font('Helvetica').fontSize(9.5);
    const h = Math.max(doc.heightOfString(text, { width: width - labelWidth }), 12);
    ensure(h + 4);
    const y = doc.y;
    doc.fillColor(MUTED).text(label, M, y, { width: labelWidth - 10 });
    doc.fillColor(INK).text(text, M + labelWidth, y, { width: width - labelWidth });
    doc.y = y + h + 3;
  };
  const paragraph = (text: string, opts: { size?: number; font?: StandardFontName; color?: string } = {}) => {
    doc
      .font(opts.font ?? 'Helvetica')
      .fontSize(opts.size ?? 9.5)
      .fillColor(opts.color ?? INK);
    ensure(doc.heightOfString(text, { width }) + 4);
    doc.text(text, M, doc.y, { width, align: 'left', lineGap: 1.5 });
  };

  // ----- heading with the QR code on the right
  const qrSize = 92;
  const top = doc.y;
  await drawQrCode(doc, data.verificationUrl, M + width - qrSize, top, qrSize, 1);
  doc
    .font('Helvetica')
    .fontSize(7)
    .fillColor(MUTED)
    .text('Scan to verify', M + width - qrSize, top + qrSize + 2, { width: qrSize, align: 'center' });
  doc.font('Helvetica-Bold').fontSize(9).fillColor(ACCENT).text('LEXSERVE', M, top, { characterSpacing: 2 });
  doc
    .font('Helvetica-Bold')
    .fontSize(20)
    .fillColor(INK)
    .text(NOTICE_OF_ELECTRONIC_SERVICE.replace(' (', '\n('), M, top + 16, { width: width - qrSize - 16 });
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(MUTED)
    .text(
      'Service by electronic mail at the address nominated for service (Uniform Rule 4A(1)(c))',
      M,
      doc.y + 2,
      {
        width: width - qrSize - 16,
      },
    );
  doc.moveDown(0.4);
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .fillColor(INK)
    .text(`Security ID: ${data.securityId}`, M, doc.y, { width: width - qrSize - 16 });
  doc
    .font('Helvetica')
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(`Generated ${sast.long(data.generatedAt)}`, M, doc.y + 1, { width: width - qrSize - 16 });
  doc.y = Math.max(doc.y, top + qrSize + 14);

  // ----- the statement
  section('Statement of service');
  const served = data.servedOn;
  paragraph(
    `On ${sast.long(data.servedAt)}, ${data.firm.name}` +
      `${data.branch ? ` (${data.branch.name}, practice number ${data.branch.practiceNumber})` : ''} served the ` +
      `${data.files.length === 1 ? 'document' : `${data.files.length} documents`} listed below in the matter "${data.case.title}"` +
      `${data.case.caseNumber ? `, case number ${data.case.caseNumber}` : ''}, by electronic delivery to the digital service address ` +
      `${served.digitalServiceAddress}${served.firmName ? ` of ${served.firmName}${served.branchName ? `, ${served.branchName}` : ''}` : ''}, ` +
      `in terms of Uniform Rule 4A(1)(c). Address for service: ${data.addressSource.charAt(0).toLowerCase()}${data.addressSource.slice(1)}.`,
    { size: 10 },
  );
  doc.moveDown(0.3);
  paragraph(
    'Each document is identified by its SHA-256 fingerprint: a copy whose fingerprint matches is exactly the document that was served.',
    { size: 8.5, color: MUTED },
  );

  section('Serving firm');
  field('Firm', data.firm.name);
  field('Branch', data.branch ? `${data.branch.name} (practice number ${data.branch.practiceNumber})` : null);
  field('Address', data.branch?.address ?? data.firm.address);
  field('Contact', [data.firm.email, data.firm.phone].filter(Boolean).join(' · '));
  field('Attorney', data.case.attorney);

  section('Served on');
  field('Legal representative', served.firmName);
  field('Branch', served.branchName);
  field('Digital service address', served.digitalServiceAddress);
  field('Address nominated in', data.addressSource);
  if (data.case.recipientName) field('Recipient', data.case.recipientName);
  if (data.case.recipientAddress) field('Recipient address', data.case.recipientAddress);

  section('Case');
  field('Title', data.case.title);
  field('Case number', data.case.caseNumber);
  field('Document type', data.case.documentType);
  field('Category', data.case.category);
  field('Priority', data.case.priority);

  section('Parties');
  if (!data.parties.length) paragraph('No parties recorded.', { color: MUTED });
  for (const p of data.parties) {
    const details = [p.identifier, p.email].filter(Boolean).join(' · ');
    field(p.role, details ? `${p.name}\n${details}` : p.name);
  }

  section('Documents served');
  data.files.forEach((f, i) => {
    doc.font('Helvetica-Bold').fontSize(9.5);
    const name = `${i + 1}. ${f.filename}`;
    ensure(doc.heightOfString(name, { width: width - 90 }) + 18);
    const y = doc.y;
    doc.fillColor(INK).text(name, M, y, { width: width - 90 });
    const afterName = doc.y;
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(MUTED)
      .text(formatSize(f.size), M + width - 85, y, { width: 85, align: 'right' });
    doc
      .font('Courier')
      .fontSize(7.6)
      .fillColor(INK)
      .text(`SHA-256  ${f.sha256}`, M + 12, afterName + 1, { width: width - 12 });
    doc.y += 4;
  });

  section('Date and time of service');
  field('Date of service', sast.date(data.serviceDate));
  field('Time of service', sast.long(data.servedAt));
  field(
    'Manner',
    'Electronic mail to the nominated address (Uniform Rule 4A(1)(c)), with a secure download link to the documents',
  );

  if (data.delivery) {
    section('Electronic delivery record');
    field('Sent to', data.delivery.toAddress);
    field('Sent', data.delivery.sentAt ? sast.long(data.delivery.sentAt) : 'Pending');
    field('Link valid until', sast.long(data.delivery.expiresAt));
    const events = data.delivery.events.filter((e) => e.kind !== 'sent');
    if (!events.length) field('Activity', 'The link has not been opened yet.');
    for (const e of events) {
      const who = [e.ip ? `from ${e.ip}` : null, e.userAgent ? e.userAgent.slice(0, 90) : null]
        .filter(Boolean)
        .join('\n');
      field(
        sast.short(e.at),
        `${EVENT_LABELS[e.kind] ?? e.kind}${e.filename ? `: ${e.filename}` : ''}${who ? `\n${who}` : ''}`,
      );
    }
  }

  ensure(120); // keep the heading with the signature
  section('Signature');
  const sigY = doc.y + 4;
  doc
    .font('Times-Italic')
    .fontSize(22)
    .fillColor(INK)
    .text(data.signatureName, M, sigY, { width: width / 2 });
  const lineY = doc.y + 2;
  doc
    .moveTo(M, lineY)
    .lineTo(M + width / 2 - 20, lineY)
    .lineWidth(0.6)
    .strokeColor(INK)
    .stroke();
  doc
    .font('Helvetica')
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(
      `Digitally signed by ${data.signedBy ? `${data.signedBy.name} (${data.signedBy.email})` : data.signatureName} on ${sast.long(data.servedAt)}`,
      M,
      lineY + 4,
      { width },
    );

  ensure(24);
  doc
    .font('Courier')
    .fontSize(7.6)
    .fillColor(INK)
    .text(`Timeline head hash at issue  ${data.trailHeadHash ?? 'none'}`, M, doc.y + 8, { width });

  section('Verify this document');
  paragraph(
    `Anyone can check this notice without an account: scan the QR code, or open ${data.verificationUrl}, ` +
      `or enter the security ID ${data.securityId} on the LexServe verification page. The check confirms that the ` +
      'document was served through LexServe, that it has not been altered, and whether it has been revoked.',
    { size: 9 },
  );

  // ----- footer on every page: the security ID, the verification address, the page number
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - 46;
    doc
      .moveTo(M, y - 6)
      .lineTo(M + width, y - 6)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    doc
      .font('Helvetica-Bold')
      .fontSize(9)
      .fillColor(INK)
      .text(`Security ID: ${data.securityId}`, M, y, { width: width / 2, lineBreak: false });
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(MUTED)
      .text(`Page ${i - range.start + 1} of ${range.count}`, M + width / 2, y, {
        width: width / 2,
        align: 'right',
        lineBreak: false,
      });
    doc.text(`Verify at ${data.verificationUrl}`, M, y + 13, { width, lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
  return doc.end();
}
