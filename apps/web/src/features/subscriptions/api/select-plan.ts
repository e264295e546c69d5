import type { BillingCycle, SelectPlanResultSchema } from '@lexserve/contracts/subscriptions';
import { SubscriptionErrors, SubscriptionMessages } from '@lexserve/contracts/subscriptions';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, describeError, isApiRequestError } from '../../../lib/api-client';

type SelectPlanResult = z.infer<typeof SelectPlanResultSchema>;

/** POST /subscriptions/select-plan: creates the firm's pending subscription for the plan. */
const selectPlan = (input: { plan_id: number; billing_cycle: BillingCycle }): Promise<SelectPlanResult> =>
  api.post<SelectPlanResult>('/subscriptions/select-plan', input);

/** Spec 8, "Plans and selection". */
export const describeSelectPlanError = (error: unknown): string => {
  if (isApiRequestError(error)) {
    if (error.code === SubscriptionErrors.PLAN_CONTACT_SALES.code)
      return SubscriptionErrors.PLAN_CONTACT_SALES.message;
    if (error.status === 400) return SubscriptionErrors.INVALID_PLAN_SELECTION.message;
    if (error.status === 409) return SubscriptionErrors.ALREADY_SUBSCRIBED.message;
    if (error.status === 403 && error.serverMessage) return error.serverMessage;
    if (error.isNetworkError) return error.message;
    return SubscriptionMessages.selectPlanFailed(error.serverMessage);
  }
  return SubscriptionMessages.selectPlanFailed(describeError(error, { fallback: '' }) || undefined);
};

export const useSelectPlan = () => useMutation({ mutationFn: selectPlan });
