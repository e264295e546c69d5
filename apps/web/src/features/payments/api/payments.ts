import type { Payment, PaymentCancelFeedbackInputSchema } from '@lexserve/contracts/payments';
import { useMutation, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, isApiRequestError } from '../../../lib/api-client';
import { sharedKeys } from '../../../lib/query-keys';

/** GET /payments/payment/by-signature/{signature}: the success page's lookup. */
export const getPaymentBySignature = (signature: string): Promise<Payment> =>
  api.get<Payment>(`/payments/payment/by-signature/${encodeURIComponent(signature)}`);

type PaymentCancelFeedback = z.input<typeof PaymentCancelFeedbackInputSchema>;

/** POST /payments/cancel-feedback: the answer to 'What made you cancel the payment?', stored for the admins' reports. */
const sendPaymentCancelFeedback = (input: PaymentCancelFeedback) =>
  api.post<{ message: string }>('/payments/cancel-feedback', input);

export const useSendPaymentCancelFeedback = () => useMutation({ mutationFn: sendPaymentCancelFeedback });

/**
 * The subscription status re-check after a payment (spec 7): reads the firm's subscription again
 * into the shared cache entry, so the navigation and the gate see the new status at once.
 */
export const recheckSubscription = (queryClient: QueryClient) =>
  queryClient.fetchQuery({
    queryKey: sharedKeys.mySubscription,
    staleTime: 0,
    queryFn: async () => {
      try {
        // 204 when there is none (not a failed request in the console); 404 from an older server.
        return (
          (await api.get<unknown>('/subscriptions/my-subscription', { query: { if_none: 'empty' } })) ?? null
        );
      } catch (error) {
        if (isApiRequestError(error) && error.status === 404) return null;
        throw error;
      }
    },
  });
