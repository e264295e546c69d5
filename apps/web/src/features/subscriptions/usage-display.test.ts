import { describe, expect, it } from 'vitest';
import { mbToGb, storageGbRounded, usageBar } from './usage-display';

describe('usage bars (spec 9)', () => {
  it('is normal below 75%, warning from 75% and error from 90%', () => {
    expect(usageBar(74, 100)).toMatchObject({ percent: 74, level: 'normal', label: '74 / 100' });
    expect(usageBar(75, 100).level).toBe('warning');
    expect(usageBar(89, 100).level).toBe('warning');
    expect(usageBar(90, 100).level).toBe('error');
  });

  it('caps at 100%', () => {
    expect(usageBar(130, 100)).toMatchObject({ percent: 100, level: 'error' });
  });

  it('shows a null, 0 or -1 limit as unlimited (∞) at 0%', () => {
    for (const limit of [null, 0, -1])
      expect(usageBar(12, limit)).toMatchObject({
        percent: 0,
        unlimited: true,
        label: '12 / ∞',
        level: 'normal',
      });
  });

  it('keeps a unit and trims decimals', () => {
    expect(usageBar(1.5, 10, 'GB').label).toBe('1.5 / 10 GB');
  });

  it('turns MB into GB (÷ 1024)', () => {
    expect(mbToGb(1536)).toBe(1.5);
    expect(mbToGb(null)).toBe(0);
    expect(storageGbRounded(2600)).toBe(3);
  });
});
