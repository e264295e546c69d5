import type { Payment } from '@lexserve/contracts/payments';
import type { BillingCycle } from '@lexserve/contracts/subscriptions';
import { centsToDecimal } from '../../lib/money';
import type { PaymentRow } from './payments.repository';

export const toPaymentDto = (
  p: PaymentRow,
  ctx: { planId: number; planName: string; billingCycle: BillingCycle } | undefined,
): Payment => ({
  id: p.id,
  payment_reference: p.paymentReference,
  amount: centsToDecimal(p.amountCents),
  currency: 'ZAR',
  status: p.status,
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
