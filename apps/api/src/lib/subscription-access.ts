import { sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import { firmSubscriptions } from '../db/schema/index';

// The subscription rule at the door: the authentication plugin (plugins/auth.ts) reads it with the actor of every
// signed-in request, and plugins/ sits below modules/; the subscriptions module builds on it (subscriptions.repository.ts).

/**
 * SQL for "this subscription gives access now": active or trial with its trial end (trial) or end date (active)
 * ahead or absent; or cancelled with access_ends_at ahead (access runs to the end of the paid period). `now` may be a
 * prepared statement's placeholder.
 */
export const givesAccess = (now: Date | Placeholder): SQL => sql`(
  (${firmSubscriptions.status} = 'trial' AND coalesce(${firmSubscriptions.trialEndDate}, ${firmSubscriptions.endDate}, 'infinity'::timestamptz) > ${now})
  OR (${firmSubscriptions.status} = 'active' AND coalesce(${firmSubscriptions.endDate}, 'infinity'::timestamptz) > ${now})
  OR (${firmSubscriptions.status} = 'cancelled' AND ${firmSubscriptions.accessEndsAt} > ${now}))`;

/**
 * SQL for the subscription gate's question, whether the firm `firmId` (a column of the outer query, or a value) has a
 * subscription giving access now: one probe of the (firm_id, status) index. Read with the actor of every signed-in
 * request (plugins/auth.ts), so the gate costs no round trip of its own.
 */
export const firmHasAccessSql = (firmId: AnyColumn | number, now: Date | Placeholder): SQL<boolean> =>
  sql<boolean>`EXISTS (SELECT 1 FROM ${firmSubscriptions} WHERE ${firmSubscriptions.firmId} = ${firmId}
    AND ${firmSubscriptions.status} IN ('trial', 'active', 'cancelled') AND ${givesAccess(now)})`;
