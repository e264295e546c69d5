import { z } from 'zod';
import { IdSchema, MAX_ID, NotificationTypeSchema, QueryBooleanSchema } from './common';
import { NOTIFICATION_TYPES, type NotificationType } from './constants';
import { defineErrors } from './errors';

// The five types (constants.ts) and their schema (common.ts), re-exported here for notification code.
export { NOTIFICATION_TYPES, NotificationTypeSchema, type NotificationType };

/** Labels of spec 1, section 3 ("Notification type labels and colours"). */
export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  assignment_notification: 'Assignment',
  status_update: 'Status Update',
  completion_notification: 'Completion',
  deadline_reminder: 'Deadline',
  system_alert: 'System Alert',
};

/** The notifications centre loads this many items (spec 1, section 7 and 9). */
export const NOTIFICATIONS_PAGE_SIZE = 50;
/** "recent_count" counts notifications created within this window (24 hours). */
export const RECENT_WINDOW_MS = 24 * 60 * 60 * 1000;

export const NotificationSchema = z.object({
  id: z.number().int(),
  /** UUID used in paths. */
  notification_id: z.string().uuid(),
  user_id: z.number().int(),
  title: z.string(),
  message: z.string(),
  notification_type: NotificationTypeSchema,
  is_read: z.boolean(),
  read_at: z.string().nullable(),
  /** The case number of the matter the notification is about, shown as 'Case #…'. */
  case_id: z.string().nullable(),
  /** The document (matter) id, shown as 'Doc #…' and linking to the case page. */
  document_id: z.number().int().nullable(),
  created_at: z.string(),
  /** When the thing notified about happened; equals created_at unless the notifier passed an earlier time. */
  notification_created_at: z.string(),
  updated_at: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationListQuerySchema = z.object({
  skip: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(NOTIFICATIONS_PAGE_SIZE),
  notification_type: NotificationTypeSchema.optional(),
  is_read: QueryBooleanSchema.optional(),
  search: z.string().trim().max(200).optional(),
});
export type NotificationListQuery = z.infer<typeof NotificationListQuerySchema>;

export const NotificationListSchema = z.object({
  notifications: z.array(NotificationSchema),
  /** How many notifications match the filters (all pages). */
  total: z.number().int(),
  skip: z.number().int(),
  limit: z.number().int(),
});
export type NotificationList = z.infer<typeof NotificationListSchema>;

export const NotificationStatsSchema = z.object({
  unread_count: z.number().int(),
  total_notifications: z.number().int(),
  read_count: z.number().int(),
  /** Created within the last 24 hours. */
  recent_count: z.number().int(),
  /** Count per type; every type is present (0 when none). */
  by_type: z.record(NotificationTypeSchema, z.number().int()),
});
export type NotificationStats = z.infer<typeof NotificationStatsSchema>;

/** A notification path parameter: the UUID (what the client sends) or the numeric id. */
export const NotificationRefSchema = z.union([z.string().uuid(), IdSchema]);
export const NotificationRefParamsSchema = z.object({ notification_id: z.string() });

export const NotificationUpdateResultSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  notification: NotificationSchema,
});
export type NotificationUpdateResult = z.infer<typeof NotificationUpdateResultSchema>;

export const MarkAllReadResultSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  updated_count: z.number().int(),
});
export type MarkAllReadResult = z.infer<typeof MarkAllReadResultSchema>;

export const BulkMarkReadInputSchema = z.object({
  /** The client sends its own id; another user's id is refused. */
  user_id: IdSchema.optional(),
  notification_ids: z
    .array(
      z.union([
        z.string().uuid('Invalid notification IDs provided.'),
        z.number().int().positive().max(MAX_ID),
      ]),
      {
        error: 'At least one notification ID is required',
      },
    )
    .min(1, 'At least one notification ID is required')
    .max(500, 'At most 500 notification IDs can be marked at once'),
});
export type BulkMarkReadInput = z.infer<typeof BulkMarkReadInputSchema>;

export const BulkMarkReadResultSchema = z.object({
  /** True when every requested notification is now read. */
  success: z.boolean(),
  message: z.string(),
  /** Requested notifications of the caller that are now read (already-read ones included). */
  updated_count: z.number().int(),
  requested_count: z.number().int(),
  /** Requested ids that are not the caller's notifications (or do not exist). */
  failed_ids: z.array(z.union([z.string(), z.number()])),
});
export type BulkMarkReadResult = z.infer<typeof BulkMarkReadResultSchema>;

export const NotificationErrors = defineErrors({
  /** The notification does not exist or belongs to another user (the two are not told apart). */
  NOTIFICATION_NOT_FOUND: { status: 404, message: 'Notification not found.' },
  /** Bulk mark-read names another user's user_id. */
  NOTIFICATION_OTHER_USER: {
    status: 403,
    message: 'Access forbidden. You may not have permission to perform this action.',
  },
});

// ---- real-time channel (websocket /api/v1/ws/notifications) ---------------------------------

export { WS_CLOSE_CODES } from './constants';

export const WS_AUTH_ERROR_MESSAGES = {
  invalid: 'Authentication failed: invalid token',
  expired: 'Authentication failed: token expired',
  inactive: 'Authentication failed: account inactive',
  timeout: 'Authentication timed out',
  malformed: 'Authentication required: send {"type":"authenticate","token":"..."}',
} as const;

export const ServerSocketMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth_required') }),
  z.object({ type: z.literal('connection_established'), user_id: z.number().int() }),
  z.object({ type: z.literal('auth_error'), message: z.string() }),
  z.object({ type: z.literal('new_notification'), notification: NotificationSchema }),
  z.object({ type: z.literal('notification_update'), notification: NotificationSchema }),
  z.object({ type: z.literal('stats_update'), stats: NotificationStatsSchema }),
  z.object({ type: z.literal('pong') }),
]);
export type ServerSocketMessage = z.infer<typeof ServerSocketMessageSchema>;

export const ClientSocketMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('authenticate'), token: z.string().min(1) }),
  /** Application-level keepalive (browsers cannot send protocol pings); answered with pong. */
  z.object({ type: z.literal('ping') }),
]);
export type ClientSocketMessage = z.infer<typeof ClientSocketMessageSchema>;
