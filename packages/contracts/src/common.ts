import { z } from 'zod';
import {
  CREATABLE_FIRM_ROLES,
  EMAIL_PATTERN,
  FIRM_ROLES,
  NOTIFICATION_TYPES,
  ROLE_LABELS,
  ROLES,
  isFirmRole,
  type Role,
} from './constants';

/** Positive integer id in a path or body; accepts numeric strings from path params. */
/** The largest id a row can have (PostgreSQL integer). */
export const MAX_ID = 2_147_483_647;
export const IdSchema = z.coerce.number().int().positive().max(MAX_ID);
export const IdParamsSchema = z.object({ id: IdSchema });

export const IsoDateTimeSchema = z.string();

/** Query booleans arrive as strings: 'true' / 'false' / '1' / '0'. */
export const QueryBooleanSchema = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

export const PageQuerySchema = z.object({
  skip: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

/** The `{status, data, message}` envelope that writes read from `data`. */
export const envelope = <T extends z.ZodTypeAny>(data: T) =>
  z.object({ status: z.literal('success'), data, message: z.string() });

/**
 * `?if_none=empty` on a read of "the current X" (the firm's subscription, a case's closure): when there is none the
 * answer is 204 No Content instead of the spec's 404. The web app asks this way, so that an expected "none" is not a
 * failed request in the browser's console; other clients keep the 404.
 */
export const IfNoneQuerySchema = z.object({ if_none: z.literal('empty').optional() });

export const MessageSchema = z.object({ message: z.string() });

/** Optional text: trims, and turns an empty string into null. */
export const OptionalTextSchema = z
  .string()
  .nullish()
  .transform((v) => {
    const t = v?.trim();
    return t ? t : null;
  });

export { CREATABLE_FIRM_ROLES, EMAIL_PATTERN, FIRM_ROLES, ROLE_LABELS, ROLES, isFirmRole, type Role };

export const RoleSchema = z.enum(ROLES);

/**
 * The five notification types (users' e-mail preferences, the notifications): here rather than in users.ts, so that the
 * web app's real-time channel, which checks each message, loads no user or court schemas (docs/performance.md).
 */
export const NotificationTypeSchema = z.enum(NOTIFICATION_TYPES);
