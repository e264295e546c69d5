import type { NotificationStats } from '@lexserve/contracts/notifications';
import { QueryClient } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, reply } from '../../../testing/api-server';
import { makeNotification, makeNotificationStats } from '../../../testing/notification-factories';
import { createTestQueryClient, renderWithProviders, signIn } from '../../../testing/render';
import { applySocketMessage } from '../hooks/use-realtime-notifications';
import { notificationKeys } from '../keys';
import { NotificationsNavButton } from './notifications-nav-button';

beforeEach(() => signIn());

const renderButton = (unread: number, queryClient: QueryClient = createTestQueryClient()) => {
  mockApi({
    'GET /notifications/stats': reply(
      200,
      makeNotificationStats([], { unread_count: unread, total_notifications: unread }),
    ),
  });
  return renderWithProviders(<NotificationsNavButton />, { queryClient });
};

describe('NotificationsNavButton', () => {
  it('shows the unread count, capped at 99', async () => {
    renderButton(150);
    expect(await screen.findByRole('link', { name: 'Notifications, 99+ unread' })).toHaveAttribute(
      'href',
      '/app/notifications',
    );
    expect(screen.getByText('99+')).toBeInTheDocument();
  });

  it('follows real-time pushes: a new notification raises the badge', async () => {
    const queryClient = createTestQueryClient();
    renderButton(2, queryClient);
    expect(await screen.findByRole('link', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    act(() =>
      applySocketMessage(queryClient, { type: 'new_notification', notification: makeNotification() }),
    );
    expect(await screen.findByRole('link', { name: 'Notifications, 3 unread' })).toBeInTheDocument();
    act(() =>
      applySocketMessage(queryClient, {
        type: 'stats_update',
        stats: { ...queryClient.getQueryData<NotificationStats>(notificationKeys.stats)!, unread_count: 0 },
      }),
    );
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeInTheDocument();
  });
});

describe('notifications badge (spec 2.6)', () => {
  it('caps the unread count at 99', async () => {
    signIn();
    mockApi({
      'GET /notifications/stats': reply(200, {
        unread_count: 150,
        total_notifications: 200,
        read_count: 50,
        recent_count: 3,
        by_type: {},
      }),
    });
    renderWithProviders(<NotificationsNavButton />);
    expect(await screen.findByText('99+')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Notifications, 99+ unread' })).toHaveAttribute(
      'href',
      '/app/notifications',
    );
  });

  it('shows no badge when the stats call fails', async () => {
    signIn();
    const { find } = mockApi({ 'GET /notifications/stats': reply(404, { detail: 'Not found.' }) });
    renderWithProviders(<NotificationsNavButton />);
    await vi.waitFor(() => expect(find('GET', '/notifications/stats')).toHaveLength(1));
    expect(screen.getByRole('link', { name: 'Notifications' })).toBeInTheDocument();
  });
});
