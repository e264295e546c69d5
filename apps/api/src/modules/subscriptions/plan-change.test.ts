import { describe, expect, it } from 'vitest';
import {
  addMonths,
  centsToDecimal,
  cyclePriceCents,
  decimalToCents,
  mulDivRound,
  sastDate,
} from '../../lib/money';
import { computePlanChange, periodDays, prorate, type ChangeInput, type ChangePlan } from './plan-change';

describe('money', () => {
  it('formats and parses cents exactly', () => {
    expect(centsToDecimal(49_900)).toBe('499.00');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(-1_234_56)).toBe('-1234.56');
    expect(decimalToCents('499')).toBe(49_900);
    expect(decimalToCents('499.5')).toBe(49_950);
    expect(decimalToCents('0.07')).toBe(7);
    expect(decimalToCents('-26.45')).toBe(-2_645);
    expect(decimalToCents('1.005')).toBeUndefined();
    expect(decimalToCents('R499')).toBeUndefined();
  });

  it('rounds a×b÷c half up in integers', () => {
    expect(mulDivRound(100, 1, 8)).toBe(13); // 12.5
    expect(mulDivRound(100, 3, 8)).toBe(38); // 37.5
    expect(mulDivRound(49_900, 10, 31)).toBe(16_097); // 16096.77
    expect(mulDivRound(-100, 1, 8)).toBe(-13);
    expect(mulDivRound(1, 1, 0)).toBe(0);
  });

  it('derives quarterly and annual prices by the spec fallbacks unless the plan has its own', () => {
    const plan = { monthlyPriceCents: 49_900, quarterlyPriceCents: null, annualPriceCents: null };
    expect(cyclePriceCents(plan, 'monthly')).toBe(49_900);
    expect(cyclePriceCents(plan, 'quarterly')).toBe(134_730); // 3 × 499 × 0.9
    expect(cyclePriceCents(plan, 'annual')).toBe(479_040); // 12 × 499 × 0.8
    expect(
      cyclePriceCents({ ...plan, quarterlyPriceCents: 120_000, annualPriceCents: 450_000 }, 'annual'),
    ).toBe(450_000);
    expect(
      cyclePriceCents(
        { monthlyPriceCents: null, quarterlyPriceCents: null, annualPriceCents: null },
        'quarterly',
      ),
    ).toBeNull();
  });

  it('adds calendar months, clamping the day', () => {
    expect(addMonths(new Date('2025-01-31T10:00:00Z'), 1).toISOString()).toBe('2025-02-28T10:00:00.000Z');
    expect(addMonths(new Date('2024-01-31T10:00:00Z'), 1).toISOString()).toBe('2024-02-29T10:00:00.000Z');
    expect(addMonths(new Date('2025-11-15T00:00:00Z'), 3).toISOString()).toBe('2026-02-15T00:00:00.000Z');
    expect(addMonths(new Date('2025-03-31T00:00:00Z'), -1).toISOString()).toBe('2025-02-28T00:00:00.000Z');
  });

  it('gives the South African date (UTC+2)', () => {
    expect(sastDate(new Date('2025-01-31T21:59:00Z'))).toBe('2025-01-31');
    expect(sastDate(new Date('2025-01-31T22:00:00Z'))).toBe('2025-02-01');
  });
});

describe('proration', () => {
  it.each([
    // cycle price, days remaining, days in period, prorated (cents)
    [49_900, 15, 30, 24_950],
    [149_900, 15, 30, 74_950],
    [49_900, 10, 31, 16_097],
    [149_900, 10, 31, 48_355],
    [49_900, 1, 28, 1_782],
    [149_900, 1, 28, 5_354],
    [100, 1, 8, 13],
    [49_900, 0, 30, 0],
    [49_900, 30, 30, 49_900],
  ])('%i cents × %i / %i days = %i cents', (price, remaining, total, expected) => {
    expect(prorate(price, remaining, total)).toBe(expected);
  });

  it.each([
    ['2025-01-01T00:00:00Z', '2025-02-01T00:00:00Z', '2025-01-22T00:00:00Z', 10, 31],
    ['2025-01-01T00:00:00Z', '2025-02-01T00:00:00Z', '2025-01-21T12:00:00Z', 11, 31], // a started day counts
    ['2025-02-01T00:00:00Z', '2025-03-01T00:00:00Z', '2025-02-28T23:00:00Z', 1, 28],
    ['2025-02-01T00:00:00Z', '2025-03-01T00:00:00Z', '2025-03-05T00:00:00Z', 0, 28],
    ['2025-02-01T00:00:00Z', '2025-03-01T00:00:00Z', '2025-01-15T00:00:00Z', 28, 28], // never more than the period
  ])('period %s → %s at %s: %i of %i days left', (start, end, now, remaining, total) => {
    expect(periodDays(new Date(start), new Date(end), new Date(now))).toEqual({
      daysRemaining: remaining,
      daysInPeriod: total,
    });
  });
});

const plan = (over: Partial<ChangePlan> & { id: number }): ChangePlan => ({
  displayName: `Plan ${over.id}`,
  monthlyPriceCents: 49_900,
  quarterlyPriceCents: null,
  annualPriceCents: null,
  maxUsers: 5,
  maxBranches: 1,
  maxDigitalServices: 100,
  maxStorageGb: 10,
  features: { sheriff_assignment: true, audit_trail: true },
  ...over,
});
const SMALL = plan({ id: 1, displayName: 'Small Practice' });
const LARGE = plan({
  id: 2,
  displayName: 'Medium / Large Firm',
  monthlyPriceCents: 149_900,
  maxUsers: 25,
  maxBranches: 5,
  maxDigitalServices: null,
  maxStorageGb: 100,
  features: { sheriff_assignment: true, audit_trail: true, priority_support: true, advanced_reporting: true },
});

const base = (over: Partial<ChangeInput> = {}): ChangeInput => ({
  status: 'active',
  currentPlan: SMALL,
  currentCycle: 'monthly',
  periodStart: new Date('2025-01-01T00:00:00Z'),
  periodEnd: new Date('2025-02-01T00:00:00Z'),
  trialEnd: null,
  hasPaymentMethod: true,
  newPlan: LARGE,
  newCycle: 'monthly',
  usage: { users: 3, branches: 1, digitalServices: 20, storageBytes: 1024 ** 3 },
  now: new Date('2025-01-22T00:00:00Z'),
  ...over,
});

describe('computePlanChange', () => {
  it('upgrade in a paid period: applies now, charges the prorated difference, lists gains and limit changes', () => {
    const c = computePlanChange(base());
    expect(c).toMatchObject({
      changeType: 'upgrade',
      daysRemaining: 10,
      daysInPeriod: 31,
      proratedCreditCents: 16_097,
      proratedChargeCents: 48_355,
      proratedAmountCents: 32_258,
      canApplyImmediately: true,
      paymentMethodRequired: false,
      currentMonthlyCents: 49_900,
      newMonthlyCents: 149_900,
    });
    expect(c.nextBillingDate?.toISOString()).toBe('2025-02-01T00:00:00.000Z');
    expect(c.featureGains).toEqual(['Priority support', 'Advanced analytics & reporting']);
    expect(c.featureLosses).toEqual([]);
    expect(c.limitChanges).toEqual({
      max_users: { from: 5, to: 25 },
      max_branches: { from: 1, to: 5 },
      max_digital_services: { from: 100, to: -1 },
      max_storage_gb: { from: 10, to: 100 },
    });
    expect(c.warnings).toEqual([]);
  });

  it('downgrade in a paid period: waits for the next billing date and warns', () => {
    const c = computePlanChange(base({ currentPlan: LARGE, newPlan: SMALL }));
    expect(c.changeType).toBe('downgrade');
    expect(c.canApplyImmediately).toBe(false);
    expect(c.proratedAmountCents).toBe(-32_258);
    expect(c.featureLosses).toEqual(['Priority support', 'Advanced analytics & reporting']);
    expect(c.warnings.some((w) => w.startsWith('Downgrading reduces'))).toBe(true);
  });

  it('downgrade with usage over the new limits: warns with the figures, never immediately', () => {
    const c = computePlanChange(
      base({
        currentPlan: LARGE,
        newPlan: SMALL,
        usage: { users: 7, branches: 2, digitalServices: 150, storageBytes: 12 * 1024 ** 3 },
      }),
    );
    expect(c.warnings).toEqual(
      expect.arrayContaining([
        "Your current usage exceeds the new plan's limits: 7 active users (the Small Practice plan allows 5).",
        "Your current usage exceeds the new plan's limits: 2 active branches (the Small Practice plan allows 1).",
        "Your current usage exceeds the new plan's limits: 150 digital services this month (the Small Practice plan allows 100).",
        "Your current usage exceeds the new plan's limits: 12.00 GB of storage (the Small Practice plan allows 10 GB).",
      ]),
    );
    expect(c.canApplyImmediately).toBe(false);
  });

  it('during a trial: nothing is prorated and a downgrade may apply at once', () => {
    const trial = {
      status: 'trial' as const,
      trialEnd: new Date('2025-01-29T00:00:00Z'),
      periodStart: new Date('2025-01-15T00:00:00Z'),
      periodEnd: new Date('2025-01-29T00:00:00Z'),
    };
    const up = computePlanChange(base(trial));
    expect(up).toMatchObject({
      proratedCreditCents: 0,
      proratedChargeCents: 0,
      proratedAmountCents: 0,
      daysRemaining: 7,
      canApplyImmediately: true,
    });
    const down = computePlanChange(base({ ...trial, currentPlan: LARGE, newPlan: SMALL }));
    expect(down.canApplyImmediately).toBe(true);
    expect(down.nextBillingDate?.toISOString()).toBe('2025-01-29T00:00:00.000Z');
  });

  it('an open-ended period has nothing to prorate and no next billing date', () => {
    const c = computePlanChange(base({ periodEnd: null }));
    expect(c).toMatchObject({
      proratedAmountCents: 0,
      daysRemaining: 0,
      nextBillingDate: null,
      canApplyImmediately: true,
    });
  });

  it('needs a card on file for a more expensive plan', () => {
    const c = computePlanChange(base({ hasPaymentMethod: false }));
    expect(c.paymentMethodRequired).toBe(true);
    expect(c.warnings).toContain('A payment method update is required before you can change to this plan.');
    expect(
      computePlanChange(base({ hasPaymentMethod: false, currentPlan: LARGE, newPlan: SMALL }))
        .paymentMethodRequired,
    ).toBe(false);
  });

  it('a billing-cycle change waits for the next billing date; the same plan and cycle is not a change', () => {
    const c = computePlanChange(base({ newPlan: SMALL, newCycle: 'annual' }));
    expect(c.changeType).toBe('upgrade'); // R4 790.40 a year > R499 a month
    expect(c.canApplyImmediately).toBe(false);
    expect(c.warnings).toContain('A change of billing cycle takes effect at your next billing date.');
    expect(computePlanChange(base({ newPlan: SMALL })).samePlan).toBe(true);
    expect(computePlanChange(base({ newPlan: { ...SMALL, id: 3 } })).changeType).toBe('other');
  });
});
