// ---------------------------------------------------------------------------------------------------------
// South African public holidays and court days (docs/deadlines.md gives the texts read and their sources).
//
// Dates are calendar dates written 'YYYY-MM-DD' (the South African day, no time of day): the arithmetic runs on
// UTC midnights so that no time zone or daylight-saving change can move a date.
// ---------------------------------------------------------------------------------------------------------

/** A calendar date, 'YYYY-MM-DD'. */
export type IsoDate = string;

export type PublicHoliday = { date: IsoDate; name: string; observed?: boolean };

const DAY_MS = 24 * 60 * 60 * 1000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const toUtc = (date: IsoDate): number => {
  const m = ISO_DATE.exec(date);
  if (!m) throw new RangeError(`Not a date: ${date}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
};
const fromUtc = (ms: number): IsoDate => new Date(ms).toISOString().slice(0, 10);

/** True for a real calendar date written 'YYYY-MM-DD' (not 2027-02-30). */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  return !!m && fromUtc(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) === value;
}

export const addCalendarDays = (date: IsoDate, days: number): IsoDate => fromUtc(toUtc(date) + days * DAY_MS);
/** 0 = Sunday … 6 = Saturday. */
export const weekdayOf = (date: IsoDate): number => new Date(toUtc(date)).getUTCDay();

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm, "Meeus/Jones/Butcher"). */
export function easterSunday(year: number): IsoDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return fromUtc(Date.UTC(year, month - 1, day));
}

/** Schedule 1 of the Public Holidays Act 36 of 1994: the fixed dates (month, day). */
const FIXED_HOLIDAYS: readonly [number, number, string][] = [
  [1, 1, "New Year's Day"],
  [3, 21, 'Human Rights Day'],
  [4, 27, 'Freedom Day'],
  [5, 1, "Workers' Day"],
  [6, 16, 'Youth Day'],
  [8, 9, "National Women's Day"],
  [9, 24, 'Heritage Day'],
  [12, 16, 'Day of Reconciliation'],
  [12, 25, 'Christmas Day'],
  [12, 26, 'Day of Goodwill'],
];

/**
 * Days the President declared public holidays under s 2A of the Act (elections, and a Monday "in lieu" when the Sunday
 * rule gave none). They cannot be computed; a new one is added here when it is gazetted.
 */
export const DECLARED_PUBLIC_HOLIDAYS: readonly PublicHoliday[] = [
  { date: '2011-12-27', name: 'Public holiday (declared)' },
  { date: '2016-08-03', name: 'Local government elections' },
  { date: '2019-05-08', name: 'National and provincial elections' },
  { date: '2021-11-01', name: 'Local government elections' },
  { date: '2022-12-27', name: 'Public holiday (declared)' },
  { date: '2024-05-29', name: 'National and provincial elections' },
];

/**
 * The public holidays of a year: Schedule 1 (the fixed dates, Good Friday and Family Day from Easter), the Monday after
 * a holiday that falls on a Sunday (s 2(1)), and the declared days above. Sorted by date.
 */
export function publicHolidays(year: number): PublicHoliday[] {
  const pad = (n: number) => String(n).padStart(2, '0');
  const easter = easterSunday(year);
  const listed: PublicHoliday[] = [
    ...FIXED_HOLIDAYS.map(([month, day, name]) => ({ date: `${year}-${pad(month)}-${pad(day)}`, name })),
    { date: addCalendarDays(easter, -2), name: 'Good Friday' },
    { date: addCalendarDays(easter, 1), name: 'Family Day' },
  ];
  const dates = new Set(listed.map((h) => h.date));
  const observed: PublicHoliday[] = [];
  for (const h of listed) {
    if (weekdayOf(h.date) !== 0) continue;
    const monday = addCalendarDays(h.date, 1);
    // A Monday that is itself a holiday (Christmas on a Sunday: the Day of Goodwill) gives no extra day by the Act.
    if (!dates.has(monday)) observed.push({ date: monday, name: `${h.name} (observed)`, observed: true });
  }
  const declared = DECLARED_PUBLIC_HOLIDAYS.filter(
    (h) => h.date.startsWith(`${year}-`) && !dates.has(h.date),
  );
  return [...listed, ...observed, ...declared].sort((a, b) => a.date.localeCompare(b.date));
}

const holidayCache = new Map<number, Set<IsoDate>>();
const holidaySet = (year: number) => {
  let set = holidayCache.get(year);
  if (!set) {
    set = new Set(publicHolidays(year).map((h) => h.date));
    holidayCache.set(year, set);
  }
  return set;
};

export const isPublicHoliday = (date: IsoDate): boolean => holidaySet(Number(date.slice(0, 4))).has(date);

/** A court day: not a Saturday, a Sunday or a public holiday. */
export const isCourtDay = (date: IsoDate): boolean => {
  const wd = weekdayOf(date);
  return wd !== 0 && wd !== 6 && !isPublicHoliday(date);
};

/** 16 December to 15 January, both inclusive: the days some rules leave out of their count (see deadlines.ts). */
export const inDecemberRecess = (date: IsoDate): boolean => {
  const md = date.slice(5);
  return md >= '12-16' || md <= '01-15';
};

export type CountOptions = {
  /** Leave 16 December–15 January out of the count (Uniform Rule 19(1) and Magistrates' Courts Rule 13(1) provisos). */
  excludeDecemberRecess?: boolean;
};

/**
 * The day on which a period of `days` court days after `from` ends: the first day is excluded and the last included;
 * only court days are counted (and, when asked, none from 16 December to 15 January).
 */
export function addCourtDays(from: IsoDate, days: number, opts: CountOptions = {}): IsoDate {
  if (!Number.isInteger(days) || days < 1) throw new RangeError('days must be a positive whole number');
  let date = from;
  let counted = 0;
  while (counted < days) {
    date = addCalendarDays(date, 1);
    if (isCourtDay(date) && !(opts.excludeDecemberRecess && inDecemberRecess(date))) counted += 1;
  }
  return date;
}

/** The court day that lies `days` court days before `date` (a reminder two court days before a deadline). */
export function subtractCourtDays(date: IsoDate, days: number): IsoDate {
  let d = date;
  let counted = 0;
  while (counted < days) {
    d = addCalendarDays(d, -1);
    if (isCourtDay(d)) counted += 1;
  }
  return d;
}
