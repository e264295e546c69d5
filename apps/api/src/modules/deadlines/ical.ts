/**
 * A small iCalendar (RFC 5545) writer for all-day events: CRLF line ends (3.1), lines folded at 75 octets without
 * splitting a UTF-8 character (3.1), TEXT values escaped (3.3.11: backslash, semicolon, comma, newline).
 */

type AllDayEvent = {
  /** Globally unique and stable across fetches, so a calendar app updates the event instead of adding another. */
  uid: string;
  /** YYYY-MM-DD. */
  date: string;
  summary: string;
  description?: string;
  url?: string;
  categories?: string[];
};

export type CalendarOptions = { name: string; description?: string; stamp: Date; events: AllDayEvent[] };

const CRLF = '\r\n';
const MAX_OCTETS = 75;

/** TEXT escaping (RFC 5545 3.3.11): \ ; , and newlines; other control characters are dropped. */
export const escapeText = (value: string): string =>
  value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '');

/** Folds a content line into chunks of at most 75 octets, continuation lines starting with one space. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch, 'utf8');
    // The first line holds 75 octets; a continuation line holds 74 after its leading space.
    const limit = parts.length === 0 ? MAX_OCTETS : MAX_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

const basicDate = (iso: string) => iso.replace(/-/g, '');
const nextDay = (iso: string) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
/** 20261124T173000Z */
const utcStamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

export function renderCalendar(opts: CalendarOptions): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//LexServe//Deadlines//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(opts.name)}`,
    'X-WR-TIMEZONE:Africa/Johannesburg',
    ...(opts.description ? [`X-WR-CALDESC:${escapeText(opts.description)}`] : []),
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
  ];
  for (const e of opts.events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${escapeText(e.uid)}`,
      `DTSTAMP:${utcStamp(opts.stamp)}`,
      `DTSTART;VALUE=DATE:${basicDate(e.date)}`,
      `DTEND;VALUE=DATE:${basicDate(nextDay(e.date))}`,
      `SUMMARY:${escapeText(e.summary)}`,
      ...(e.description ? [`DESCRIPTION:${escapeText(e.description)}`] : []),
      ...(e.url ? [`URL:${e.url}`] : []),
      ...(e.categories?.length ? [`CATEGORIES:${e.categories.map(escapeText).join(',')}`] : []),
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join(CRLF) + CRLF;
}
