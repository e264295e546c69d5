import type { PaymentStatus } from '@lexserve/contracts/payments';
import { formatRand } from '../../lib/format';
import type { PendingPayment } from '../../lib/payment-session';

/** The states of the payment success page (spec 2.5). */
export type PaymentPageState = 'verifying' | 'success' | 'pending' | 'failed' | 'invalid';

type PaymentLookup = { status?: PaymentStatus | string | null } | null | undefined;

/**
 * Spec 2.5's mapping, once the lookup has answered (or failed):
 * - no stored pending payment (missing, expired after 2 hours) or no signature: invalid;
 * - the lookup threw: failed;
 * - status completed: success;
 * - status pending or processing, or no confirmed lookup for a stored pending payment: pending;
 * - a payment the provider failed or that was cancelled: failed.
 */
export const resolvePaymentState = (input: {
  pending: PendingPayment | null;
  lookup?: PaymentLookup;
  error?: unknown;
}): Exclude<PaymentPageState, 'verifying'> => {
  if (!input.pending || !input.pending.paymentSignature) return 'invalid';
  if (input.error) return 'failed';
  const status = input.lookup?.status;
  if (status === 'completed') return 'success';
  if (status === 'failed' || status === 'cancelled') return 'failed';
  return 'pending';
};

/** Firm and branch administrators continue to the dashboard; other roles to the plans page (spec 2.5, 6). */
export const continuePathFor = (role: string | undefined): '/app/dashboard' | '/app/plans' =>
  role === 'firm_admin' || role === 'branch_admin' ? '/app/dashboard' : '/app/plans';

/** The 'Reason:' line of the payment cancel page (spec 2.6): the first rule that applies. */
export const cancelReasonLine = (input: {
  reason?: string | null;
  cancelReason?: string | null;
  paymentStatus?: string | null;
  planName?: string | null;
}): string => {
  const given = input.reason?.trim() || input.cancelReason?.trim();
  if (given) return given;
  const status = input.paymentStatus?.trim().toLowerCase();
  if (status === 'cancel' || status === 'cancelled') return 'Payment was cancelled by user';
  if (input.planName?.trim()) return `Payment for ${input.planName.trim()} plan was cancelled`;
  return 'Payment was cancelled';
};

/** Money on the payment pages (spec 2.5): 'R' with 2 decimals, unless the value already starts with R. */
export const formatPaymentAmount = (value: string | number | null | undefined): string =>
  typeof value === 'string' && value.trim().toUpperCase().startsWith('R') ? value.trim() : formatRand(value);
