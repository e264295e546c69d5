import type { BillingCycle } from '@lexserve/contracts/subscriptions';

/** Integer cents → "1234.56" (what PayFast and the plans pages read). */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export const centsOrNull = (cents: number | null | undefined): string | null =>
  cents === null || cents === undefined ? null : centsToDecimal(cents);

/** Rand as a number with two decimals (computed figures: previews, usage, analytics). */
export const centsToRand = (cents: number): number => Math.round(cents) / 100;

/** A decimal amount ("499", "499.5", "499.00") → cents, exactly; undefined when it is not one. */
export function decimalToCents(value: string): number | undefined {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!m) return undefined;
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -cents : cents;
}

/** Rand (a number from a form) → cents, rounded to the cent. */
export const randToCents = (rand: number): number => Math.round(rand * 100);

/** a × b ÷ c rounded half up, in integers (no floating point drift on money). */
export function mulDivRound(a: number, b: number, c: number): number {
  if (c <= 0) return 0;
  const num = a * b;
  const sign = num < 0 ? -1 : 1;
  return sign * Math.floor((2 * Math.abs(num) + c) / (2 * c));
}

export type PriceSource = {
  monthlyPriceCents: number | null;
  quarterlyPriceCents: number | null;
  annualPriceCents: number | null;
};

/** Spec 9 fallbacks: quarterly = 3 × monthly × 0.9, annual = 12 × monthly × 0.8 (to the cent). */
export function cyclePriceCents(plan: PriceSource, cycle: BillingCycle): number | null {
  const monthly = plan.monthlyPriceCents;
  if (cycle === 'monthly') return monthly;
  if (cycle === 'quarterly')
    return plan.quarterlyPriceCents ?? (monthly === null ? null : mulDivRound(monthly, 27, 10));
  return plan.annualPriceCents ?? (monthly === null ? null : mulDivRound(monthly, 96, 10));
}

const CYCLE_MONTHS: Record<BillingCycle, number> = { monthly: 1, quarterly: 3, annual: 12 };
/** PayFast's frequency codes: 3 monthly, 4 quarterly, 6 annual. */
export const PAYFAST_FREQUENCY: Record<BillingCycle, string> = { monthly: '3', quarterly: '4', annual: '6' };

/** Adds calendar months in UTC, clamping the day (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(date: Date, months: number): Date {
  const d = new Date(date.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

export const addCycle = (date: Date, cycle: BillingCycle): Date => addMonths(date, CYCLE_MONTHS[cycle]);
export const addDays = (date: Date, days: number): Date => new Date(date.getTime() + days * 86_400_000);

/** The calendar date in South Africa (UTC+2, no daylight saving) as YYYY-MM-DD. */
export const sastDate = (date: Date): string =>
  new Date(date.getTime() + 2 * 3_600_000).toISOString().slice(0, 10);
