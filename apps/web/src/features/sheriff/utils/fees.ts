import { returnTotals } from '@lexserve/contracts/returns';

/** One fee row as typed: the amount is text in rand ("250", "1 250.50", "R 99,99"). */
export type FeeRow = { key: string; description: string; amount: string };

/**
 * Rand as typed → integer cents, without floating point: "1 250.5" → 125050. Null when it is not an amount
 * (letters, more than two decimals, negative).
 */
export const randToCents = (text: string): number | null => {
  const cleaned = text
    .replace(/^\s*R\s*/i, '')
    .replace(/[\s\u00a0]/g, '')
    .replace(',', '.');
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  const [, rand = '0', cents = ''] = match;
  return Number(rand) * 100 + Number(cents.padEnd(2, '0'));
};

/**
 * Subtotal, VAT (15%, rounded to the cent; none when the sheriff is not VAT-registered) and total, all in cents, by
 * the contract's own arithmetic (the server's and the PDF's); an amount not yet readable counts 0.
 */
export const feeTotals = (rows: readonly { amount: string }[], vatRegistered: boolean) =>
  returnTotals(
    rows.map((row) => ({ description: '', amount_cents: randToCents(row.amount) ?? 0 })),
    vatRegistered,
  );
