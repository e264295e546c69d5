import { describe, expect, it } from 'vitest';
import {
  formatCents,
  formatCount,
  formatDate,
  formatDateTime,
  formatLongDate,
  formatLongDateTime,
  formatRand,
} from './format';

describe('South African dates', () => {
  it('shows dates as dd/mm/yyyy in South African time', () => {
    // 22:30 UTC is already the next day in Johannesburg (UTC+2).
    expect(formatDate('2025-01-05T22:30:00Z')).toBe('06/01/2025');
    expect(formatDate('2025-03-15T08:00:00Z')).toBe('15/03/2025');
  });

  it('shows date and time with a 24-hour clock', () => {
    expect(formatDateTime('2025-03-15T12:05:00Z')).toBe('15/03/2025 14:05');
  });

  it('shows long dates with the month name', () => {
    expect(formatLongDate('2025-03-05T10:00:00Z')).toBe('5 March 2025');
    expect(formatLongDateTime('2025-03-05T10:00:00Z')).toBe('5 March 2025 at 12:00');
  });

  it('shows a placeholder for missing or invalid dates', () => {
    expect(formatDate(null)).toBe('-');
    expect(formatDate('not a date')).toBe('-');
    expect(formatDateTime(undefined, 'Never')).toBe('Never');
  });
});

describe('rand amounts', () => {
  it("formats as 'R 1 234.56'", () => {
    expect(formatRand(1234.56)).toBe('R\u00a01\u00a0234.56');
    expect(formatRand(0)).toBe('R\u00a00.00');
    expect(formatRand(1234567)).toBe('R\u00a01\u00a0234\u00a0567.00');
    expect(formatRand('499')).toBe('R\u00a0499.00');
    expect(formatRand(-50.5)).toBe('-R\u00a050.50');
  });

  it('never breaks a line inside an amount: the spaces are non-breaking', () => {
    expect(formatRand(1499)).not.toMatch(/ /);
    expect(formatRand(1499)).toBe('R\u00a01\u00a0499.00');
  });

  it('formats integer cents', () => {
    expect(formatCents(123456)).toBe('R\u00a01\u00a0234.56');
    expect(formatCents(null)).toBe('-');
  });
});

describe('badge counts', () => {
  it('caps at 99', () => {
    expect(formatCount(5)).toBe('5');
    expect(formatCount(99)).toBe('99');
    expect(formatCount(150)).toBe('99+');
  });
});
