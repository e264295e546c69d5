import {
  SubscriptionErrors,
  SubscriptionMessages,
  type BillingCycle,
  type PlanChangeConfirmation,
  type PlanChangePreview,
} from '@lexserve/contracts/subscriptions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, describeError } from '../../../lib/api-client';
import { subscriptionKeys } from '../keys';

export type EffectiveDate = 'immediate' | 'next_billing_cycle';
type PlanChangeInput = { new_plan_id: number; billing_cycle: BillingCycle; effective_date: EffectiveDate };

/** POST /subscriptions/change-plan/preview with the new plan, billing cycle and effective date (spec 2.11). */
export const previewPlanChange = (input: PlanChangeInput): Promise<PlanChangePreview> =>
  api.post<PlanChangePreview>('/subscriptions/change-plan/preview', input);

/** POST /subscriptions/change-plan: the confirmation object. */
const changePlan = (input: PlanChangeInput): Promise<PlanChangeConfirmation> =>
  api.post<PlanChangeConfirmation>('/subscriptions/change-plan', input);

export const describeChangePlanError = (error: unknown): string =>
  describeError(error, {
    byCode: {
      [SubscriptionErrors.INVALID_PLAN_CHANGE.code]: SubscriptionErrors.INVALID_PLAN_CHANGE.message,
      [SubscriptionErrors.PAYMENT_METHOD_REQUIRED.code]: SubscriptionErrors.PAYMENT_METHOD_REQUIRED.message,
    },
    byStatus: {
      409: SubscriptionErrors.INVALID_PLAN_CHANGE.message,
      402: SubscriptionErrors.PAYMENT_METHOD_REQUIRED.message,
    },
    fallback: 'Failed to change plan. Please try again.',
  });

export const describePreviewError = (error: unknown): string =>
  describeError(error, { fallback: SubscriptionMessages.previewUnavailable });

export const useChangePlan = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePlan,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: subscriptionKeys.mine });
      await queryClient.invalidateQueries({ queryKey: subscriptionKeys.usage });
    },
  });
};
