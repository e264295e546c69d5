/** South African VAT, 15% (Value-Added Tax Act 89 of 1991, s 7(1)(a)). */
export const VAT_RATE_PERCENT = 15;

/** One fee row as typed: the amount is text in rand ("250", "1 250.50", "R 99,99"). */
export type FeeRow = { key: string; description: string; amount: string };

/**
 * Rand as typed → integer cents, without floating point: "1 250.5" → 125050. Null when it is not an amount
 * (letters, more than two decimals, negative).
 */
export const randToCents = (text: string): number | null => {
  const cleaned = text.replace(/^\s*R\s*/i, '').replace(/[\s\u00a0]/g, '').replace(',', '.');
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  const [, rand = '0', cents = ''] = match;
  return Number(rand) * 100 + Number(cents.padEnd(2, '0'));
};

/** VAT on a subtotal in cents, rounded half up to the cent (15% of 333 cents is 49.95 → 50). */
export const vatCents = (subtotalCents: number) => Math.floor((subtotalCents * VAT_RATE_PERCENT + 50) / 100);

export type FeeTotals = { subtotal_cents: number; vat_cents: number; total_cents: number };

/** Subtotal, VAT (none when the sheriff is not VAT-registered) and total, all in cents; unreadable amounts count 0. */
export const feeTotals = (rows: readonly { amount: string }[], vatRegistered: boolean): FeeTotals => {
  const subtotal = rows.reduce((sum, row) => sum + (randToCents(row.amount) ?? 0), 0);
  const vat = vatRegistered ? vatCents(subtotal) : 0;
  return { subtotal_cents: subtotal, vat_cents: vat, total_cents: subtotal + vat };
};
