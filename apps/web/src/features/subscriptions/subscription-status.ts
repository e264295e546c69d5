import { ACTIVE_SUBSCRIPTION_STATUSES } from '../../config/constants';
import type { MySubscription } from './api/get-my-subscription';

/**
 * Spec 4.1: a subscription counts as active when its status is active or trial and its
 * trial_end_date (or, when absent, its end_date) has not passed. No end date means no limit.
 */
export const isSubscriptionActive = (
  subscription: MySubscription | null | undefined,
  now: Date = new Date(),
): boolean => {
  if (!subscription) return false;
  if (!(ACTIVE_SUBSCRIPTION_STATUSES as readonly string[]).includes(subscription.status)) return false;
  const end = subscription.trial_end_date || subscription.end_date;
  if (!end) return true;
  const endsAt = new Date(end);
  if (Number.isNaN(endsAt.getTime())) return true;
  return endsAt.getTime() > now.getTime();
};

/**
 * Whether the firm may use the product now: an active subscription, or one the firm cancelled
 * whose paid period has not ended yet (spec 4: "access continues to the end of the billing
 * period"). An admin suspension ends access at once, so its access_ends_at has passed.
 */
export const hasSubscriptionAccess = (
  subscription: MySubscription | null | undefined,
  now: Date = new Date(),
): boolean => {
  if (isSubscriptionActive(subscription, now)) return true;
  if (!subscription || subscription.status !== 'cancelled' || !subscription.access_ends_at) return false;
  const endsAt = new Date(subscription.access_ends_at);
  return !Number.isNaN(endsAt.getTime()) && endsAt.getTime() > now.getTime();
};

/** Change plan, card update and cancel are offered only while the status is active or trial (spec 4). */
export const isManageableStatus = (status: string | null | undefined): boolean =>
  status === 'active' || status === 'trial';
