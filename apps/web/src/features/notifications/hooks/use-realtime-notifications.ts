import type { ServerSocketMessage } from '@lexserve/contracts/notifications';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { ensureFreshToken, refreshSession } from '../../../lib/api-client';
import { raiseNotificationReceived } from '../../../lib/app-events';
import { useHasSession } from '../../../lib/auth';
import { getAccessToken } from '../../../lib/session-store';
import {
  NotificationSocket,
  getSocketState,
  publishSocketState,
  subscribeSocketState,
  type NotificationSocketOptions,
  type SocketState,
} from '../../../lib/socket';
import { applyNewNotification, applyNotificationUpdate, applyStats } from '../api/notification-cache';

/** Turns one push of the channel into cache updates (spec 1, 4.4). */
export function applySocketMessage(queryClient: QueryClient, message: ServerSocketMessage): void {
  switch (message.type) {
    case 'new_notification':
      applyNewNotification(queryClient, message.notification);
      // Other features refresh their own data on news that concerns them (e.g. case closures).
      raiseNotificationReceived(message.notification);
      break;
    case 'notification_update':
      applyNotificationUpdate(queryClient, message.notification);
      break;
    case 'stats_update':
      applyStats(queryClient, message.stats);
      break;
    default:
      break;
  }
}

/**
 * Holds the real-time connection while a session exists (mounted once, in the authenticated layout): the list and
 * the unread badge update live. Logging out ends the session, which closes the connection.
 */
export function useRealtimeNotifications(
  options: Pick<NotificationSocketOptions, 'WebSocketImpl' | 'url'> = {},
): void {
  const queryClient = useQueryClient();
  const signedIn = useHasSession();
  const { WebSocketImpl, url } = options;

  useEffect(() => {
    if (!signedIn || typeof window === 'undefined' || (!WebSocketImpl && typeof WebSocket === 'undefined'))
      return;
    const socket = new NotificationSocket({
      url,
      WebSocketImpl,
      getToken: async () => {
        await ensureFreshToken();
        return getAccessToken();
      },
      refreshToken: refreshSession,
      onMessage: (message) => applySocketMessage(queryClient, message),
      onStateChange: publishSocketState,
    });
    socket.start();
    // Back online after a network loss: try again with fresh limits.
    const onOnline = () => {
      if (socket.state === 'closed') socket.start();
    };
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener('online', onOnline);
      socket.stop();
      publishSocketState('disconnected');
    };
  }, [signedIn, queryClient, WebSocketImpl, url]);
}

/** The connection's state, for a 'Live' indicator. */
export const useRealtimeState = (): SocketState =>
  useSyncExternalStore(subscribeSocketState, getSocketState, getSocketState);
