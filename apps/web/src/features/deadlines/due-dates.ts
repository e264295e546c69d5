import { addCalendarDays } from '@lexserve/contracts/court-days';

/** Today in South Africa, YYYY-MM-DD. */
export const saToday = (now = new Date()): string =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Africa/Johannesburg',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);

/** 28/01/2027 from 2027-01-28 (South African order). */
export const saDate = (iso: string): string => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

export type Urgency = 'overdue' | 'today' | 'soon' | 'later';

/** How near a day is: today, within three days ("soon"), later, or past. */
export function urgencyOf(dueDate: string, today: string): Urgency {
  if (dueDate < today) return 'overdue';
  if (dueDate === today) return 'today';
  return dueDate <= addCalendarDays(today, 3) ? 'soon' : 'later';
}

/** "Due today", "Due tomorrow", "Due 28/01/2027", "Was due 20/01/2027". */
export function dueLabel(dueDate: string, today: string): string {
  if (dueDate < today) return `Was due ${saDate(dueDate)}`;
  if (dueDate === today) return 'Due today';
  if (dueDate === addCalendarDays(today, 1)) return 'Due tomorrow';
  return `Due ${saDate(dueDate)}`;
}
