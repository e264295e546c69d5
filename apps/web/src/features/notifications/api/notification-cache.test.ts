import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  makeNotification,
  makeNotificationList,
  makeNotificationStats,
} from '../../../testing/notification-factories';
import { applySocketMessage } from '../hooks/use-realtime-notifications';
import { notificationKeys } from '../keys';
import { CENTRE_LIST_PARAMS, notificationsQueryOptions } from './get-notifications';

const setup = () => {
  const qc = new QueryClient();
  const items = [makeNotification({ title: 'Old', is_read: true }), makeNotification({ title: 'Older' })];
  qc.setQueryData(notificationsQueryOptions().queryKey, makeNotificationList(items));
  qc.setQueryData(notificationKeys.stats, makeNotificationStats(items));
  const list = () => qc.getQueryData(notificationsQueryOptions(CENTRE_LIST_PARAMS).queryKey)!;
  const stats = () => qc.getQueryData<ReturnType<typeof makeNotificationStats>>(notificationKeys.stats)!;
  return { qc, items, list, stats };
};

describe('real-time cache updates (spec 1, 4.4)', () => {
  it('new_notification: the item goes on top; unread, total and recent go up by one', () => {
    const { qc, list, stats } = setup();
    const fresh = makeNotification({ title: 'New', notification_type: 'system_alert' });
    applySocketMessage(qc, { type: 'new_notification', notification: fresh });
    expect(list().notifications.map((n) => n.title)).toEqual(['New', 'Old', 'Older']);
    expect(list().total).toBe(3);
    expect(stats()).toMatchObject({
      unread_count: 2,
      total_notifications: 3,
      recent_count: 3,
      read_count: 1,
    });
    expect(stats().by_type.system_alert).toBe(1);
    // The same notification twice (own write and push) is counted once.
    applySocketMessage(qc, { type: 'new_notification', notification: fresh });
    expect(list().notifications).toHaveLength(3);
    expect(stats().unread_count).toBe(2);
  });

  it('notification_update: is_read of the item changes and the counts follow, once', () => {
    const { qc, items, list, stats } = setup();
    const updated = { ...items[1]!, is_read: true, read_at: new Date().toISOString() };
    applySocketMessage(qc, { type: 'notification_update', notification: updated });
    applySocketMessage(qc, { type: 'notification_update', notification: updated });
    expect(list().notifications[1]!.is_read).toBe(true);
    expect(stats()).toMatchObject({ unread_count: 0, read_count: 2 });
  });

  it('stats_update replaces the counts; unread 0 means every loaded item is read', () => {
    const { qc, list, stats } = setup();
    const next = makeNotificationStats([], {
      unread_count: 0,
      total_notifications: 9,
      read_count: 9,
      recent_count: 1,
    });
    applySocketMessage(qc, { type: 'stats_update', stats: next });
    expect(stats()).toEqual(next);
    expect(list().notifications.every((n) => n.is_read)).toBe(true);
  });
});
