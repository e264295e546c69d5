import { describe, expect, it } from 'vitest';
import { dueLabel, saDate, saToday, urgencyOf } from './due-dates';

describe('due dates', () => {
  it('reads today in South Africa (UTC+2): 22:30 UTC is already the next day', () => {
    expect(saToday(new Date('2026-12-31T22:30:00Z'))).toBe('2027-01-01');
    expect(saToday(new Date('2026-12-31T21:30:00Z'))).toBe('2026-12-31');
  });

  it('says how near a day is', () => {
    const today = '2027-01-26';
    expect(urgencyOf('2027-01-25', today)).toBe('overdue');
    expect(urgencyOf(today, today)).toBe('today');
    expect(urgencyOf('2027-01-29', today)).toBe('soon');
    expect(urgencyOf('2027-01-30', today)).toBe('later');
    expect(dueLabel('2027-01-25', today)).toBe('Was due 25/01/2027');
    expect(dueLabel(today, today)).toBe('Due today');
    expect(dueLabel('2027-01-27', today)).toBe('Due tomorrow');
    expect(dueLabel('2027-02-03', today)).toBe('Due 03/02/2027');
    expect(saDate('2027-01-28')).toBe('28/01/2027');
  });
});
