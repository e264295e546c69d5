import { useRealtimeNotifications } from '../../features/notifications/hooks/use-realtime-notifications';

/**
 * The real-time channel (spec 1, 4.3): the unread badge and the notifications list update live on every screen. A
 * chunk of its own (the socket and the schemas its messages are checked against), loaded by the layout beside the
 * page rather than before it (docs/performance.md, section 5).
 */
export function RealtimeChannel() {
  useRealtimeNotifications();
  return null;
}
