/*
 * What the payments and admin modules read of subscriptions and plans: rows, the SQL for "gives access now", and
 * the figures derived from them. No access check here; the callers have their own policy.
 */
export {
  givesAccess,
  findOpenSubscription,
  findSubscriptionById,
  findSubscriptionByToken,
  planOf,
  type SubscriptionRow,
} from './subscriptions.repository';
export { findPlanById, findPlansByIds } from './plans.repository';
export { hasPaymentMethod, nextBillingDate, nextChargeCents } from './subscriptions.mapper';
export { toPlanSummary } from './plans.mapper';
export { cleanupExpired } from './subscriptions.jobs';
export { BYTES_PER_MB } from './limits';
