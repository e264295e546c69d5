import { ABANDONED_PAYMENT_AFTER_MS, type Payment } from '@lexserve/contracts/payments';
import type { BillingCycle } from '@lexserve/contracts/subscriptions';
import { centsToDecimal } from '../../lib/money';
import type { PaymentRow } from './payments.repository';

/** 'abandoned' for a payment still pending long after it was started (see ABANDONED_PAYMENT_AFTER_MS). */
const shownStatus = (p: PaymentRow, now: Date): Payment['status'] =>
  p.status === 'pending' && now.getTime() - p.createdAt.getTime() >= ABANDONED_PAYMENT_AFTER_MS
    ? 'abandoned'
    : p.status;

export const toPaymentDto = (
  p: PaymentRow,
  ctx: { planId: number; planName: string; billingCycle: BillingCycle } | undefined,
  now = new Date(),
): Payment => ({
  id: p.id,
  payment_reference: p.paymentReference,
  amount: centsToDecimal(p.amountCents),
  currency: 'ZAR',
  status: shownStatus(p, now),
  kind: p.kind,
  pf_payment_id: p.providerPaymentId,
  provider_payment_id: p.providerPaymentId,
  provider: p.provider,
  subscription_id: p.subscriptionId,
  plan_id: ctx?.planId ?? 0,
  plan_name: ctx?.planName ?? '',
  billing_cycle: ctx?.billingCycle ?? 'monthly',
  item_name: p.itemName,
  paid_at: p.paidAt?.toISOString() ?? null,
  created_at: p.createdAt.toISOString(),
});
