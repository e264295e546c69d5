import type { BillingCycle } from '@lexserve/contracts/subscriptions';
import { sharedKeys } from '../../lib/query-keys';
import type { EffectiveDate } from './api/plan-change';

/** Every cached read about subscriptions sits below ['subscriptions']. */
export const subscriptionKeys = {
  all: sharedKeys.subscriptions,
  mine: sharedKeys.mySubscription,
  plans: [...sharedKeys.subscriptionPlans, 'all'] as const,
  catalogue: [...sharedKeys.subscriptionPlans, 'catalogue'] as const,
  usage: [...sharedKeys.subscriptions, 'usage'] as const,
  summary: (subscriptionId: number) => [...sharedKeys.subscriptions, 'summary', subscriptionId] as const,
  changePreview: (planId: number, billingCycle: BillingCycle, effective: EffectiveDate) =>
    [...sharedKeys.subscriptions, 'change-preview', planId, billingCycle, effective] as const,
};
