// pdfkit is loaded on first use (pdf-kit.ts): only needed when a certificate is drawn.
import { newNotice, noticeSections, sast, type StandardFontName } from './pdf-kit';

type AuditEvent = {
  /** Position in the trail, from 1. */
  seq: number;
  id: number;
  at: Date;
  type: string;
  description: string | null;
  /** null: LexServe itself (a system event). */
  actor: { name: string; role: string; firm: string | null } | null;
  ip: string | null;
  browser: string | null;
  chainHash: string | null;
  /** The first event that does not check out. */
  broken: boolean;
};

export type AuditCertificateData = {
  issuedAt: Date;
  issuedTo: { name: string; role: string };
  document: {
    id: number;
    title: string;
    caseNumber: string | null;
    documentType: string | null;
    firm: string;
    branch: string | null;
    status: string;
    securityId: string | null;
  };
  trail: {
    intact: boolean;
    events: number;
    headHash: string | null;
    firstBrokenEventId: number | null;
    problem: string | null;
  };
  anchors: { at: Date; authority: string | null; headEventId: number; headHash: string; valid: boolean }[];
  /** The latest failed attempt to time-stamp the head, when it came after the last anchor. */
  pendingAnchor: { at: Date; error: string } | null;
  events: AuditEvent[];
  /** Service per person: a line for each person to be served (empty for a document without any). */
  service?: { partyName: string; status: string; serviceDate: string | null; sheriff: string | null }[];
};

const INK = '#1b2a41';
const MUTED = '#5b6577';
const RULE = '#c9ced6';
const ACCENT = '#0b5394';
const GOOD = '#1e7b34';
const BAD = '#b3261e';
const M = 50;
const BOTTOM = 72;

/** "21 Nov 2025, 14:05:33 SAST": every time on the certificate is South African Standard Time (UTC+02:00). */

const TIME_ZONE_NOTE = 'All times are South African Standard Time (SAST, UTC+02:00).';

const label = (type: string) => {
  const words = type.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * Draws a document's audit certificate: the document, whether its trail is intact, its time-stamp anchors, and
 * every event of the trail in the order recorded (time in SAST, actor and role, IP address and browser where
 * recorded, chain hash), with how to check it. Built-in PDF fonts only; sealed by the caller.
 */
export async function renderAuditCertificate(data: AuditCertificateData): Promise<Buffer> {
  const title = `Audit Certificate — ${data.document.title}`;
  const doc = await newNotice({
    margins: { top: M, left: M, right: M, bottom: BOTTOM },
    info: {
      Title: title,
      Author: 'LexServe',
      Subject: `Timeline of document ${data.document.id}${data.trail.headHash ? `, head ${data.trail.headHash}` : ''}`,
      Keywords: 'LexServe; audit certificate; timeline; hash chain',
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
  const field = (
    name: string,
    value: string | null | undefined,
    opts: { mono?: boolean; color?: string } = {},
  ) => {
    const text = value && value.trim() ? value : '—';
    const labelWidth = 130;
    doc.font(opts.mono ? 'Courier' : 'Helvetica').fontSize(opts.mono ? 8.5 : 9.5);
    const h = Math.max(doc.heightOfString(text, { width: width - labelWidth }), 12);
    ensure(h + 4);
    const y = doc.y;
    doc
      .font('Helvetica')
      .fontSize(9.5)
      .fillColor(MUTED)
      .text(name, M, y, { width: labelWidth - 10 });
    doc
      .font(opts.mono ? 'Courier' : 'Helvetica')
      .fontSize(opts.mono ? 8.5 : 9.5)
      .fillColor(opts.color ?? INK)
      .text(text, M + labelWidth, y, { width: width - labelWidth });
    doc.y = y + h + 3;
  };
  const paragraph = (text: string, opts: { size?: number; font?: StandardFontName; color?: string } = {}) => {
    doc
      .font(opts.font ?? 'Helvetica')
      .fontSize(opts.size ?? 9.5)
      .fillColor(opts.color ?? INK);
    ensure(doc.heightOfString(text, { width }) + 4);
    doc.text(text, M, doc.y, { width, lineGap: 1.5 });
  };

  // ----- heading
  doc
    .font('Helvetica-Bold')
    .fontSize(9)
    .fillColor(ACCENT)
    .text('LEXSERVE', M, doc.y, { characterSpacing: 2 });
  doc
    .font('Helvetica-Bold')
    .fontSize(20)
    .fillColor(INK)
    .text('Audit Certificate', M, doc.y + 4, { width });
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(MUTED)
    .text(
      `The complete timeline of "${data.document.title}" and the hash chain that makes it tamper-evident`,
      M,
      doc.y + 2,
      {
        width,
      },
    );
  doc.moveDown(0.4);
  doc
    .font('Helvetica')
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(
      `Issued ${sast.stamp(data.issuedAt)} to ${data.issuedTo.name} (${data.issuedTo.role}). ${TIME_ZONE_NOTE}`,
      M,
      doc.y,
      { width },
    );

  section('Document');
  field('Title', data.document.title);
  field('Case number', data.document.caseNumber);
  field('Document type', data.document.documentType);
  field(
    'Firm',
    data.document.branch ? `${data.document.firm} (${data.document.branch})` : data.document.firm,
  );
  field('Status', data.document.status);
  field('Document ID', String(data.document.id));
  if (data.document.securityId) field('Proof security ID', data.document.securityId);
  for (const t of data.service ?? [])
    field(
      `Served on ${t.partyName}`,
      `${t.status}${t.serviceDate ? `, ${t.serviceDate}` : ''}${t.sheriff ? ` (Sheriff ${t.sheriff})` : ''}`,
    );

  section('Integrity of the trail');
  const t = data.trail;
  if (t.intact)
    field(
      'Result',
      `Intact: all ${t.events} event${t.events === 1 ? '' : 's'} recomputed and linked, and every time-stamped head is still in the chain.`,
      { color: GOOD },
    );
  else field('Result', `Broken at event #${t.firstBrokenEventId}. ${t.problem ?? ''}`, { color: BAD });
  field('Events', String(t.events));
  field('Head hash', t.headHash, { mono: true });

  section('Time-stamp anchors');
  if (!data.anchors.length)
    paragraph(
      'The head of this trail has not been time-stamped yet. The heads of the trails that changed are time-stamped every night after 00:10 SAST.',
      { color: MUTED },
    );
  for (const a of data.anchors) {
    ensure(42);
    doc
      .font('Helvetica-Bold')
      .fontSize(9.5)
      .fillColor(a.valid ? INK : BAD)
      .text(
        `${sast.stamp(a.at)}: head at event #${a.headEventId}${a.valid ? '' : ' (this time-stamp does not check out)'}`,
        M,
        doc.y + 2,
        { width },
      );
    doc
      .font('Helvetica')
      .fontSize(8.5)
      .fillColor(MUTED)
      .text(`Time-stamped by ${a.authority ?? 'an unnamed authority'}`, M + 12, doc.y + 1, {
        width: width - 12,
      });
    doc
      .font('Courier')
      .fontSize(7.4)
      .fillColor(INK)
      .text(`Head hash  ${a.headHash}`, M + 12, doc.y + 1, { width: width - 12 });
    doc.y += 4;
  }
  if (data.pendingAnchor)
    field(
      'Not yet anchored',
      `The last attempt (${sast.stamp(data.pendingAnchor.at)}) failed: ${data.pendingAnchor.error}. The next nightly run tries again.`,
      { color: MUTED },
    );

  section('Events, in the order recorded');
  if (!data.events.length) paragraph('No events recorded.', { color: MUTED });
  for (const e of data.events) {
    const heading = `#${e.seq}   ${sast.stamp(e.at)}   ${label(e.type)}`;
    const who = e.actor
      ? `By ${e.actor.name}, ${e.actor.role}${e.actor.firm ? ` (${e.actor.firm})` : ''}`
      : 'By LexServe (system)';
    const where = [
      e.ip ? `IP address ${e.ip}` : null,
      e.browser ? `Browser ${e.browser.slice(0, 160)}` : null,
    ]
      .filter(Boolean)
      .join('\n');
    doc.font('Helvetica').fontSize(9);
    const textHeight =
      doc.heightOfString(e.description || '—', { width: width - 12 }) +
      (where ? doc.heightOfString(where, { width: width - 12 }) : 0) +
      36;
    ensure(textHeight);
    const y = doc.y + 2;
    doc
      .font('Helvetica-Bold')
      .fontSize(9.5)
      .fillColor(e.broken ? BAD : INK)
      .text(heading, M, y, { width: width - 90 });
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(MUTED)
      .text(`event ID ${e.id}`, M + width - 85, y + 1, { width: 85, align: 'right' });
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(INK)
      .text(e.description || '—', M + 12, doc.y + 1, { width: width - 12 });
    doc
      .font('Helvetica')
      .fontSize(8.5)
      .fillColor(MUTED)
      .text(who, M + 12, doc.y + 1, { width: width - 12 });
    if (where) doc.text(where, M + 12, doc.y, { width: width - 12 });
    doc
      .font('Courier')
      .fontSize(7.4)
      .fillColor(e.broken ? BAD : INK)
      .text(
        `Chain hash  ${e.chainHash ?? 'none'}${e.broken ? '   (does not check out)' : ''}`,
        M + 12,
        doc.y + 1,
        { width: width - 12 },
      );
    doc.y += 5;
  }

  section('How to check this certificate');
  paragraph(
    "Each event's content hash is the SHA-256 of its content (document, firm, type, description, who acted, the details " +
      'recorded with it, and the time to the millisecond) serialised as JSON with sorted keys. Its chain hash is the SHA-256 of ' +
      "the previous event's chain hash (64 zeros for the first event) followed by its content hash, so changing or removing any " +
      'event changes every chain hash after it, up to the head hash above.',
    { size: 8.5 },
  );
  doc.moveDown(0.3);
  paragraph(
    'A time-stamp anchor is an RFC 3161 time-stamp, issued by the named authority, over the head hash of the trail on that date: ' +
      'it proves that the trail up to that event existed, exactly as it is, at that time. LexServe checks the chain against its ' +
      'records and the anchors every time the trail is verified. This certificate is sealed by LexServe; a PDF reader shows ' +
      'whether it has been altered since.',
    { size: 8.5 },
  );

  // ----- footer on every page
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
      .fontSize(8.5)
      .fillColor(INK)
      .text(`Audit certificate · document ${data.document.id}`, M, y, { width: width / 2, lineBreak: false });
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(MUTED)
      .text(`Page ${i - range.start + 1} of ${range.count}`, M + width / 2, y, {
        width: width / 2,
        align: 'right',
        lineBreak: false,
      });
    doc.text(`Head hash ${data.trail.headHash ?? 'none'} · times in SAST (UTC+02:00)`, M, y + 13, {
      width,
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
  }
  return doc.end();
}
