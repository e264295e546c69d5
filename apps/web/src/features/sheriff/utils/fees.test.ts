import { describe, expect, it } from 'vitest';
import { feeTotals, randToCents } from './fees';

describe('randToCents', () => {
  it('reads rand as typed into whole cents, without floating point', () => {
    expect(randToCents('250')).toBe(25_000);
    expect(randToCents('1 250.5')).toBe(125_050);
    expect(randToCents('R 99,99')).toBe(9_999);
    expect(randToCents('0.1')).toBe(10);
    // 0.1 + 0.2 in floating point is 0.30000000000000004; in cents it is exact.
    expect((randToCents('0.10') ?? 0) + (randToCents('0.20') ?? 0)).toBe(30);
    expect(randToCents('1 234 567.89')).toBe(123_456_789);
  });

  it('refuses what is not an amount', () => {
    for (const text of ['', 'abc', '-5', '1.234', '1.2.3', 'R']) expect(randToCents(text)).toBeNull();
  });
});

describe('VAT at 15%', () => {
  it('rounds half a cent up', () => {
    const vat = (amount: string) => feeTotals([{ amount }], true).vat_cents;
    expect(vat('100')).toBe(1_500);
    expect(vat('3.33')).toBe(50); // 49.95 cents
    expect(vat('3.30')).toBe(50); // 49.5 cents
    expect(vat('3.29')).toBe(49); // 49.35 cents
    expect(vat('0')).toBe(0);
  });

  it('adds the rows, the VAT and the total in cents; none when not VAT-registered', () => {
    const rows = [{ amount: '350.00' }, { amount: '120.45' }, { amount: '0.10' }, { amount: 'not yet' }];
    expect(feeTotals(rows, true)).toEqual({ subtotal_cents: 47_055, vat_cents: 7_058, total_cents: 54_113 });
    expect(feeTotals(rows, false)).toEqual({ subtotal_cents: 47_055, vat_cents: 0, total_cents: 47_055 });
  });
});
