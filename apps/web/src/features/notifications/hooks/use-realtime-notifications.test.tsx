import type { NotificationStats } from '@lexserve/contracts/notifications';
import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeNotification, makeNotificationStats } from '../../../testing/notification-factories';
import { createTestQueryClient, renderWithProviders, signIn } from '../../../testing/render';
import { notificationKeys } from '../keys';
import { useRealtimeNotifications, useRealtimeState } from './use-realtime-notifications';

class FakeWebSocket {
  static instances: FakeWebSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  closedWith: number | undefined;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code = 1000) {
    this.closedWith = code;
    this.readyState = 3;
    this.onclose?.({ code });
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  push(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
}

function Probe() {
  useRealtimeNotifications({
    WebSocketImpl: FakeWebSocket as unknown as typeof WebSocket,
    url: 'ws://test/ws',
  });
  return <p>state: {useRealtimeState()}</p>;
}

beforeEach(() => {
  FakeWebSocket.instances = [];
});

describe('useRealtimeNotifications', () => {
  it('authenticates with the stored access token and applies pushes to the caches', async () => {
    signIn();
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(notificationKeys.stats, makeNotificationStats([]));
    const view = renderWithProviders(<Probe />, { queryClient });
    const ws = FakeWebSocket.instances[0]!;
    expect(ws.url).toBe('ws://test/ws');
    ws.open();
    ws.push({ type: 'auth_required' });
    await waitFor(() => expect(ws.sent).toEqual([{ type: 'authenticate', token: 'access-1' }]));
    ws.push({ type: 'connection_established', user_id: 7 });
    expect(await view.findByText('state: authenticated')).toBeInTheDocument();

    ws.push({ type: 'new_notification', notification: makeNotification() });
    await waitFor(() =>
      expect(queryClient.getQueryData<NotificationStats>(notificationKeys.stats)?.unread_count).toBe(1),
    );

    view.unmount();
    expect(ws.closedWith).toBe(1000);
  });

  it('does not connect without a session', () => {
    renderWithProviders(<Probe />);
    expect(FakeWebSocket.instances).toHaveLength(0);
  });
});
