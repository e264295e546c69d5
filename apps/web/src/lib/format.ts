/**
 * South African display formats. Dates are shown in South African time as dd/mm/yyyy (the
 * 'en-ZA' locale's own numeric order is yyyy/mm/dd, so the parts are assembled here); long dates
 * read '5 March 2025'. Money is rand with an 'R' prefix and space-grouped thousands: 'R 1 234.56', the spaces
 * non-breaking (U+00A0) so that an amount never wraps across lines on a phone.
 */

const SA_TIME_ZONE = 'Africa/Johannesburg';
const LOCALE = 'en-ZA';

type DateInput = string | number | Date | null | undefined;

const toDate = (value: DateInput): Date | null => {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

const parts = (date: Date, options: Intl.DateTimeFormatOptions): Record<string, string> =>
  Object.fromEntries(
    new Intl.DateTimeFormat(LOCALE, { timeZone: SA_TIME_ZONE, ...options })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );

/** 05/03/2025 */
export const formatDate = (value: DateInput, empty = '-'): string => {
  const date = toDate(value);
  if (!date) return empty;
  const p = parts(date, { day: '2-digit', month: '2-digit', year: 'numeric' });
  return `${p.day}/${p.month}/${p.year}`;
};

/** 05/03/2025 14:30 */
export const formatDateTime = (value: DateInput, empty = '-'): string => {
  const date = toDate(value);
  if (!date) return empty;
  const p = parts(date, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
};

/** 5 March 2025 */
export const formatLongDate = (value: DateInput, empty = '-'): string => {
  const date = toDate(value);
  if (!date) return empty;
  const p = parts(date, { day: 'numeric', month: 'long', year: 'numeric' });
  return `${p.day} ${p.month} ${p.year}`;
};

/** 5 March 2025 at 14:30 */
export const formatLongDateTime = (value: DateInput, empty = '-'): string => {
  const date = toDate(value);
  if (!date) return empty;
  const p = parts(date, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return `${p.day} ${p.month} ${p.year} at ${p.hour}:${p.minute}`;
};

const NBSP = '\u00a0';
const groupThousands = (digits: string): string => digits.replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);

/** R 1 234.56 from an amount in rand. */
export const formatRand = (amount: number | string | null | undefined, empty = '-'): string => {
  const value = typeof amount === 'string' ? Number(amount) : amount;
  if (value === null || value === undefined || !Number.isFinite(value)) return empty;
  const [whole = '0', cents = '00'] = Math.abs(value).toFixed(2).split('.');
  return `${value < 0 ? '-' : ''}R${NBSP}${groupThousands(whole)}.${cents}`;
};

/** R 1 234.56 from integer cents (how the database keeps money). */
export const formatCents = (cents: number | null | undefined, empty = '-'): string =>
  cents === null || cents === undefined || !Number.isFinite(cents) ? empty : formatRand(cents / 100);

/** Badge text: counts above the cap read '99+'. */
export const formatCount = (count: number, max = 99): string => (count > max ? `${max}+` : String(count));

/** The app's one size format: Bytes, KB, MB or GB with 2 decimals (lists, totals, the viewer); never "0.0 MB" for a small file. */
export const formatFileSize = (bytes: number | null | undefined): string => {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '-';
  if (bytes === 0) return '0 Bytes';
  const units = ['Bytes', 'KB', 'MB', 'GB'] as const;
  const index = Math.min(units.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  const value = bytes / 1024 ** index;
  return `${index === 0 ? value : value.toFixed(2)} ${units[index]}`;
};
