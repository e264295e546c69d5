import { z } from 'zod';
import { IdSchema } from './common';
import { defineErrors } from './errors';
import { BillingCycleSchema, PlanSummarySchema, SubscriptionStatusSchema } from './subscriptions';

export const PAYMENT_STATUSES = ['pending', 'processing', 'completed', 'failed', 'cancelled'] as const;
export const PaymentStatusSchema = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>;

/**
 * A first payment still 'pending' this long after it was started was abandoned at the provider (the browser never
 * came back, no notification arrived): payment lists show it as 'abandoned', not pending for ever. The row itself
 * stays pending, so that a late notification from the provider still completes it.
 */
export const ABANDONED_PAYMENT_AFTER_MS = 2 * 3_600_000;
/** The statuses payment lists show: the stored ones and 'abandoned'. */
export const ShownPaymentStatusSchema = z.enum([...PAYMENT_STATUSES, 'abandoned']);
export const PAYMENT_STATUS_LABELS: Record<z.infer<typeof ShownPaymentStatusSchema>, string> = {
  pending: 'Pending',
  processing: 'Processing',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
  abandoned: 'Abandoned',
};

/** Payment-cancel feedback options (spec 9). */
export const PAYMENT_CANCEL_REASONS = ['pricing', 'features', 'technical', 'other'] as const;
export const PaymentCancelReasonSchema = z.enum(PAYMENT_CANCEL_REASONS);

export const GenerateSignatureInputSchema = z.object({
  subscription_id: z.coerce
    .number({ error: 'Subscription ID is required' })
    .int()
    .positive('Subscription ID is required'),
});

/** Payment initialisation: the browser posts the non-empty form_data fields to payfast_url. */
export const PaymentInitSchema = z.object({
  payfast_url: z.string(),
  form_data: z.record(z.string(), z.string()),
  payment_id: z.number().int(),
  payment_reference: z.string(),
  /** The same value as form_data.signature: the success page looks the payment up by it. */
  signature: z.string(),
  amount: z.string(),
});
export type PaymentInit = z.infer<typeof PaymentInitSchema>;

export const PaymentSchema = z.object({
  id: z.number().int(),
  payment_reference: z.string(),
  /** Decimal string in rand, e.g. "499.00". */
  amount: z.string(),
  currency: z.literal('ZAR'),
  status: ShownPaymentStatusSchema,
  kind: z.enum(['initial', 'renewal']),
  /** The provider's payment id (PayFast pf_payment_id). */
  pf_payment_id: z.string().nullable(),
  provider_payment_id: z.string().nullable(),
  provider: z.string(),
  subscription_id: z.number().int(),
  plan_id: z.number().int(),
  plan_name: z.string(),
  billing_cycle: BillingCycleSchema,
  item_name: z.string().nullable(),
  paid_at: z.string().nullable(),
  created_at: z.string(),
});
export type Payment = z.infer<typeof PaymentSchema>;

export const PaymentVerificationSchema = z.object({
  payment_id: z.number().int(),
  status: PaymentStatusSchema,
  verified: z.boolean(),
  payment: PaymentSchema,
  subscription_status: SubscriptionStatusSchema,
});

export const SubscriptionSummarySchema = z.object({
  subscription_id: z.number().int(),
  status: SubscriptionStatusSchema,
  plan: PlanSummarySchema,
  billing_cycle: BillingCycleSchema,
  amount: z.string(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  trial_end_date: z.string().nullable(),
  access_ends_at: z.string().nullable(),
  next_billing_date: z.string().nullable(),
  next_charge_amount: z.string().nullable(),
  has_payment_method: z.boolean(),
  total_paid: z.string(),
  payments_count: z.number().int(),
  last_payment: PaymentSchema.nullable(),
  payments: z.array(PaymentSchema),
});

export const UpdateCardInputSchema = z.object({
  subscription_id: z.coerce
    .number({ error: 'Subscription ID is required' })
    .int()
    .positive('Subscription ID is required'),
});
export const UpdateCardResultSchema = z.object({ update_url: z.string() });

/** Body of POST /payments/cancel-subscription/{id}: optional reason and feedback (stored; admin reports show them). */
export const CancelSubscriptionInputSchema = z
  .object({
    reason: z.string().trim().max(100).nullish(),
    feedback: z.string().trim().max(2000).nullish(),
  })
  .nullish();

/** Feedback from the payment-cancel page ('What made you cancel the payment?'). */
export const PaymentCancelFeedbackInputSchema = z.object({
  payment_id: IdSchema.nullish(),
  reason: z.enum(PAYMENT_CANCEL_REASONS, {
    error: 'Please choose a reason (pricing, features, technical or other)',
  }),
  feedback: z.string().trim().max(2000).nullish(),
});

/** Client-side words of spec 8 for the payment screens. */
/** Where the built-in payment simulator (PAYMENT_PROVIDER=simulator) is served, on the app's own server. */
export const PAYMENT_SIMULATOR_PATH = '/api/v1/payments/simulator';

export { PaymentMessages } from './constants';

export const PaymentErrors = defineErrors({
  /** generate-signature for a subscription that is not waiting for its first payment. */
  SUBSCRIPTION_NOT_PAYABLE: { status: 409, message: 'This subscription does not need a payment.' },
  /** The provider is not configured (PayFast mode without merchant credentials). */
  PAYMENT_INIT_FAILED: { status: 503, message: 'Failed to initialize payment. Please try again.' },
  /** A payment id or signature that is unknown or belongs to another firm. */
  PAYMENT_NOT_FOUND: { status: 404, message: 'Payment not found.' },
  /** update-card for a subscription without a stored card token, or not active/trial. */
  CARD_UPDATE_UNAVAILABLE: {
    status: 409,
    message: 'There is no payment card on file for this subscription.',
  },
  /** ITN whose signature does not match. */
  ITN_INVALID_SIGNATURE: { status: 400, message: 'Invalid payment notification signature.' },
  /** ITN from an address outside PayFast's ranges. */
  ITN_INVALID_SOURCE: { status: 403, message: 'Payment notification from an unknown source.' },
  /** ITN whose amount differs from the stored payment. */
  ITN_AMOUNT_MISMATCH: { status: 400, message: 'Payment notification amount does not match the payment.' },
  /** ITN for a merchant that is not ours. */
  ITN_MERCHANT_MISMATCH: { status: 400, message: 'Payment notification for another merchant.' },
  /** ITN for a payment or subscription we do not know. */
  ITN_UNKNOWN_PAYMENT: { status: 404, message: 'Payment notification for an unknown payment.' },
  /** PayFast's validate call did not answer VALID. */
  ITN_NOT_VALIDATED: {
    status: 400,
    message: 'Payment notification could not be validated with the provider.',
  },
  /** Malformed ITN body: not a notification's fields, a field twice, no signature. */
  ITN_MALFORMED: { status: 400, message: 'Malformed payment notification.' },
  /** Too many notifications from one address (PayFast's own addresses are not limited). */
  ITN_RATE_LIMITED: {
    status: 429,
    message: 'Too many payment notifications from this address. Try again later.',
  },
  /** The simulator received a form whose signature does not match. */
  SIMULATOR_INVALID_SIGNATURE: { status: 400, message: 'The payment request signature is invalid.' },
  /** The provider could not be reached. */
  PROVIDER_ERROR: { status: 502, message: 'The payment provider could not be reached. Please try again.' },
});
