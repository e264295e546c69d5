import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, renderCalendar } from './ical';

const unfold = (text: string) => text.replace(/\r\n[ \t]/g, '');

describe('iCalendar text (RFC 5545)', () => {
  it('escapes backslash, semicolon, comma and newlines (3.3.11)', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
    expect(escapeText('bell\u0007')).toBe('bell');
  });

  it('folds long lines at 75 octets with CRLF and a space, never splitting a UTF-8 character (3.1)', () => {
    const line = `SUMMARY:${'é'.repeat(100)}`;
    const folded = foldLine(line);
    const physical = folded.split('\r\n');
    expect(physical.length).toBeGreaterThan(1);
    for (const [i, l] of physical.entries()) {
      expect(Buffer.byteLength(l, 'utf8')).toBeLessThanOrEqual(75);
      if (i > 0) expect(l.startsWith(' ')).toBe(true);
      expect(l).not.toContain('\uFFFD');
    }
    expect(unfold(folded)).toBe(line);
    expect(foldLine('SHORT:x')).toBe('SHORT:x');
  });

  it('writes a calendar of all-day events with CRLF line ends, stable UIDs and DTSTAMP in UTC', () => {
    const text = renderCalendar({
      name: 'LexServe deadlines',
      stamp: new Date('2026-11-24T17:30:05.123Z'),
      events: [
        {
          uid: 'rule:12:uniform_19_1@lexserve.test',
          date: '2026-12-31',
          summary: 'Notice of intention to defend: Mokoena v Dlamini, case 2026/1; urgent',
          description: 'Uniform Rule 19(1)\nServed 14 December 2026',
          url: 'https://lexserve.test/app/dashboard/active-case/12',
        },
      ],
    });
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/); // no bare CR or LF
    const lines = unfold(text).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines.at(-1)).toBe('END:VCALENDAR');
    expect(lines).toContain('VERSION:2.0');
    expect(lines.some((l) => l.startsWith('PRODID:'))).toBe(true);
    expect(lines).toContain('UID:rule:12:uniform_19_1@lexserve.test');
    expect(lines).toContain('DTSTAMP:20261124T173005Z');
    expect(lines).toContain('DTSTART;VALUE=DATE:20261231');
    expect(lines).toContain('DTEND;VALUE=DATE:20270101'); // the next day: all-day events end exclusively
    expect(lines).toContain(
      'SUMMARY:Notice of intention to defend: Mokoena v Dlamini\\, case 2026/1\\; urgent',
    );
    expect(lines).toContain('DESCRIPTION:Uniform Rule 19(1)\\nServed 14 December 2026');
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
    for (const l of text.split('\r\n')) expect(Buffer.byteLength(l, 'utf8')).toBeLessThanOrEqual(75);
  });
});
