const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
export const LONG_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** '2025-06' → 'Jun 2025'. */
export const monthLabel = (value: string): string => {
  const match = /^(\d{4})-(\d{2})/.exec(value);
  if (!match) return value;
  return `${MONTHS[Number(match[2]) - 1] ?? match[2]} ${match[1]}`;
};

/** Rand without cents for chart axes: 'R 12 500'. */
export const randAxis = (value: number): string =>
  `R ${Math.round(value)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ' ')}`;

/** 'too_expensive' → 'Too expensive'. */
export const humanise = (value: string | null | undefined): string =>
  value ? value.charAt(0).toUpperCase() + value.slice(1).replace(/_/g, ' ') : '-';
