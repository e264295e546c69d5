import { describe, expect, it } from 'vitest';
import {
  addCourtDays,
  easterSunday,
  isCourtDay,
  isIsoDate,
  publicHolidays,
  subtractCourtDays,
} from './court-days';

const dates = (year: number) => publicHolidays(year).map((h) => h.date);

describe('easterSunday', () => {
  it('matches published Easter dates', () => {
    expect(easterSunday(2024)).toBe('2024-03-31');
    expect(easterSunday(2025)).toBe('2025-04-20');
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
    expect(easterSunday(2028)).toBe('2028-04-16');
    expect(easterSunday(2038)).toBe('2038-04-25');
  });
});

describe('publicHolidays (Public Holidays Act 36 of 1994)', () => {
  it('2026: Good Friday 3 April, Family Day 6 April, Women’s Day on a Sunday moves to Monday 10 August', () => {
    expect(dates(2026)).toEqual([
      '2026-01-01',
      '2026-03-21',
      '2026-04-03',
      '2026-04-06',
      '2026-04-27',
      '2026-05-01',
      '2026-06-16',
      '2026-08-09',
      '2026-08-10',
      '2026-09-24',
      '2026-12-16',
      '2026-12-25',
      '2026-12-26',
    ]);
    expect(publicHolidays(2026).find((h) => h.date === '2026-08-10')).toMatchObject({
      observed: true,
      name: "National Women's Day (observed)",
    });
  });

  it('2027: Human Rights Day and the Day of Goodwill on Sundays give Mondays 22 March and 27 December', () => {
    const d = dates(2027);
    expect(d).toContain('2027-03-22');
    expect(d).toContain('2027-03-26'); // Good Friday
    expect(d).toContain('2027-03-29'); // Family Day
    expect(d).toContain('2027-12-27');
    expect(d).toHaveLength(14);
  });

  it('2028: Heritage Day on a Sunday gives Monday 25 September; Saturday holidays give no extra day', () => {
    const d = dates(2028);
    expect(d).toContain('2028-09-25');
    expect(d).not.toContain('2028-01-03'); // New Year's Day is a Saturday
    expect(d).not.toContain('2028-12-18'); // Day of Reconciliation is a Saturday
    expect(d).toEqual(expect.arrayContaining(['2028-04-14', '2028-04-17']));
  });

  it('a Sunday Christmas whose Monday is the Day of Goodwill gives no third day by the Act (2033)', () => {
    const d = dates(2033);
    expect(d).toEqual(expect.arrayContaining(['2033-12-25', '2033-12-26']));
    expect(d).not.toContain('2033-12-27');
  });

  it('includes the days the President declared (2022-12-27, election day 2024-05-29)', () => {
    expect(dates(2022)).toContain('2022-12-27');
    expect(dates(2024)).toContain('2024-05-29');
  });
});

describe('court days', () => {
  it('are weekdays that are not public holidays', () => {
    expect(isCourtDay('2026-04-02')).toBe(true);
    expect(isCourtDay('2026-04-03')).toBe(false); // Good Friday
    expect(isCourtDay('2026-04-04')).toBe(false); // Saturday
    expect(isCourtDay('2026-08-10')).toBe(false); // observed Monday
  });

  it('count 10 court days across Easter 2026: served Wednesday 1 April, due Friday 17 April', () => {
    expect(addCourtDays('2026-04-01', 10)).toBe('2026-04-17');
  });

  it('count across Christmas 2026 without the recess: served Monday 14 December, due Wednesday 30 December', () => {
    expect(addCourtDays('2026-12-14', 10)).toBe('2026-12-30');
  });

  it('leave 16 December–15 January out when the rule says so: served 14 December 2026, due 28 January 2027', () => {
    expect(addCourtDays('2026-12-14', 10, { excludeDecemberRecess: true })).toBe('2027-01-28');
  });

  it('served inside the recess: the count starts on 18 January 2027 (the first court day after 15 January)', () => {
    expect(addCourtDays('2026-12-20', 1, { excludeDecemberRecess: true })).toBe('2027-01-18');
  });

  it('count across a Sunday holiday and Easter 2027: served Thursday 18 March, due Tuesday 6 April', () => {
    expect(addCourtDays('2027-03-18', 10)).toBe('2027-04-06');
  });

  it('count across Heritage Day observed 2028: served Friday 22 September, due Monday 9 October', () => {
    expect(addCourtDays('2028-09-22', 10)).toBe('2028-10-09');
  });

  it('served on a Saturday: the first court day counted is the Monday', () => {
    expect(addCourtDays('2026-04-25', 1)).toBe('2026-04-28'); // Monday 27 April is Freedom Day
  });

  it('step back two court days over a weekend and a holiday', () => {
    expect(subtractCourtDays('2026-04-17', 2)).toBe('2026-04-15');
    expect(subtractCourtDays('2026-04-07', 2)).toBe('2026-04-01'); // over Family Day and Good Friday
  });

  it('refuse a period that is not a positive whole number', () => {
    expect(() => addCourtDays('2026-04-01', 0)).toThrow(RangeError);
  });
});

describe('isIsoDate', () => {
  it('accepts real dates only', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2027-02-29')).toBe(false);
    expect(isIsoDate('2027-2-1')).toBe(false);
    expect(isIsoDate('2027-02-01T00:00:00Z')).toBe(false);
  });
});
