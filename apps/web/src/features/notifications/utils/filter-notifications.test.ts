import { describe, expect, it } from 'vitest';
import { makeNotification } from '../../../testing/notification-factories';
import { EMPTY_FILTERS, filterNotifications, hasActiveFilters } from './filter-notifications';

const items = [
  makeNotification({
    title: 'Sheriff Assigned',
    message: 'Case 1',
    notification_type: 'assignment_notification',
  }),
  makeNotification({
    title: 'Served',
    message: 'The SUMMONS was served',
    notification_type: 'completion_notification',
    is_read: true,
  }),
  makeNotification({
    title: 'Trial ending',
    message: 'Choose a plan',
    notification_type: 'deadline_reminder',
  }),
];
const titles = (list: { title: string }[]) => list.map((n) => n.title);

describe('filterNotifications', () => {
  it('searches title or message without regard to case', () => {
    expect(titles(filterNotifications(items, { ...EMPTY_FILTERS, search: 'sheriff' }))).toEqual([
      'Sheriff Assigned',
    ]);
    expect(titles(filterNotifications(items, { ...EMPTY_FILTERS, search: 'summons' }))).toEqual(['Served']);
    expect(titles(filterNotifications(items, { ...EMPTY_FILTERS, search: '  ' }))).toHaveLength(3);
  });

  it('filters by type and by status, combined with the search', () => {
    expect(titles(filterNotifications(items, { ...EMPTY_FILTERS, type: 'deadline_reminder' }))).toEqual([
      'Trial ending',
    ]);
    expect(titles(filterNotifications(items, { ...EMPTY_FILTERS, status: 'read' }))).toEqual(['Served']);
    expect(titles(filterNotifications(items, { ...EMPTY_FILTERS, status: 'unread' }))).toEqual([
      'Sheriff Assigned',
      'Trial ending',
    ]);
    expect(filterNotifications(items, { search: 'plan', type: 'deadline_reminder', status: 'read' })).toEqual(
      [],
    );
  });

  it('knows when any filter is active', () => {
    expect(hasActiveFilters(EMPTY_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...EMPTY_FILTERS, status: 'unread' })).toBe(true);
  });
});
