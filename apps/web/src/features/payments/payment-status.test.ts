import { describe, expect, it } from 'vitest';
import type { PendingPayment } from '../../lib/payment-session';
import {
  cancelReasonLine,
  continuePathFor,
  formatPaymentAmount,
  resolvePaymentState,
} from './payment-status';

const pending: PendingPayment = {
  subscriptionId: 7,
  planId: 1,
  planName: 'Small Practice',
  planDescription: null,
  amount: '499.00',
  billingCycle: 'monthly',
  timestamp: Date.now(),
  userId: 3,
  userEmail: 'owner@firm.co.za',
  trialDays: 14,
  paymentSignature: 'abc123',
  paymentId: 11,
  paymentReference: 'LS-1',
};

describe('payment success page states (spec 2.5)', () => {
  it('is invalid without a stored pending payment or signature', () => {
    expect(resolvePaymentState({ pending: null })).toBe('invalid');
    expect(resolvePaymentState({ pending: { ...pending, paymentSignature: '' } })).toBe('invalid');
  });

  it('is success for a completed payment', () => {
    expect(resolvePaymentState({ pending, lookup: { status: 'completed' } })).toBe('success');
  });

  it('is pending for pending or processing payments, and for a stored payment without a confirmed lookup', () => {
    expect(resolvePaymentState({ pending, lookup: { status: 'pending' } })).toBe('pending');
    expect(resolvePaymentState({ pending, lookup: { status: 'processing' } })).toBe('pending');
    expect(resolvePaymentState({ pending, lookup: null })).toBe('pending');
  });

  it('is failed when the lookup throws, or the payment failed or was cancelled', () => {
    expect(resolvePaymentState({ pending, error: new Error('boom') })).toBe('failed');
    expect(resolvePaymentState({ pending, lookup: { status: 'failed' } })).toBe('failed');
    expect(resolvePaymentState({ pending, lookup: { status: 'cancelled' } })).toBe('failed');
  });

  it('sends firm and branch administrators to the dashboard, others to the plans', () => {
    expect(continuePathFor('firm_admin')).toBe('/app/dashboard');
    expect(continuePathFor('branch_admin')).toBe('/app/dashboard');
    expect(continuePathFor('legal_practitioner')).toBe('/app/plans');
  });

  it('shows amounts as R with 2 decimals unless they already start with R', () => {
    expect(formatPaymentAmount('1499')).toBe('R\u00a01\u00a0499.00');
    expect(formatPaymentAmount(0)).toBe('R\u00a00.00');
    expect(formatPaymentAmount('R499.00')).toBe('R499.00');
  });
});

describe("payment cancel 'Reason:' line (spec 2.6)", () => {
  it('uses the reason, then cancel_reason', () => {
    expect(
      cancelReasonLine({
        reason: 'Card declined',
        cancelReason: 'other',
        paymentStatus: 'cancelled',
        planName: 'Small',
      }),
    ).toBe('Card declined');
    expect(cancelReasonLine({ cancelReason: 'Timed out', paymentStatus: 'cancelled' })).toBe('Timed out');
  });

  it('then the payment status cancel or cancelled', () => {
    expect(cancelReasonLine({ paymentStatus: 'cancel', planName: 'Small' })).toBe(
      'Payment was cancelled by user',
    );
    expect(cancelReasonLine({ paymentStatus: 'CANCELLED' })).toBe('Payment was cancelled by user');
  });

  it('then the plan, then the default', () => {
    expect(cancelReasonLine({ paymentStatus: 'failed', planName: 'Small Practice' })).toBe(
      'Payment for Small Practice plan was cancelled',
    );
    expect(cancelReasonLine({ reason: '  ' })).toBe('Payment was cancelled');
  });
});
