import type { Payment, PaymentCancelFeedbackInputSchema } from '@lexserve/contracts/payments';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

/** GET /payments/payment/by-signature/{signature}: the success page's lookup. */
export const getPaymentBySignature = (signature: string): Promise<Payment> =>
  api.get<Payment>(`/payments/payment/by-signature/${encodeURIComponent(signature)}`);

export type PaymentCancelFeedback = z.input<typeof PaymentCancelFeedbackInputSchema>;

/** POST /payments/cancel-feedback: the answer to 'What made you cancel the payment?', stored for the admins' reports. */
export const sendPaymentCancelFeedback = (input: PaymentCancelFeedback) => api.post<{ message: string }>('/payments/cancel-feedback', input);

export const useSendPaymentCancelFeedback = () => useMutation({ mutationFn: sendPaymentCancelFeedback });
