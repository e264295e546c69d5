import { ACTIVE_SUBSCRIPTION_STATUSES } from '../../config/constants';
import type { MySubscription } from './api/get-my-subscription';

/**
 * Spec 4.1: a subscription counts as active when its status is active or trial and its
 * trial_end_date (or, when absent, its end_date) has not passed. No end date means no limit.
 */
export const isSubscriptionActive = (subscription: MySubscription | null | undefined, now: Date = new Date()): boolean => {
  if (!subscription) return false;
  if (!(ACTIVE_SUBSCRIPTION_STATUSES as readonly string[]).includes(subscription.status)) return false;
  const end = subscription.trial_end_date || subscription.end_date;
  if (!end) return true;
  const endsAt = new Date(end);
  if (Number.isNaN(endsAt.getTime())) return true;
  return endsAt.getTime() > now.getTime();
};
