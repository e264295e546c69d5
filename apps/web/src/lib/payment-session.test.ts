import { describe, expect, it } from 'vitest';
import {
  PAYMENT_CONTEXT_KEY,
  clearPendingPayment,
  isPaymentContextUnreadable,
  readPaymentContext,
  readPendingPayment,
  savePendingPayment,
  type PendingPayment,
} from './payment-session';

const record = (timestamp: number): PendingPayment => ({
  subscriptionId: 7,
  planId: 1,
  planName: 'Small Practice',
  planDescription: null,
  amount: '499.00',
  billingCycle: 'monthly',
  timestamp,
  userId: 3,
  userEmail: 'owner@firm.co.za',
  trialDays: 0,
  paymentSignature: 'sig',
  paymentId: 11,
  paymentReference: 'LS-1',
});

describe('pending payment record', () => {
  it('is kept for 2 hours, then discarded', () => {
    const now = Date.now();
    savePendingPayment(record(now - 7_199_000));
    expect(readPendingPayment(now)?.paymentSignature).toBe('sig');
    savePendingPayment(record(now - 7_201_000));
    expect(readPendingPayment(now)).toBeNull();
    expect(sessionStorage.getItem('pending_payment')).toBeNull();
  });

  it('ignores malformed records', () => {
    sessionStorage.setItem('pending_payment', '{not json');
    expect(readPendingPayment()).toBeNull();
    clearPendingPayment();
  });

  it('tells an unreadable payment context from a missing one', () => {
    expect(isPaymentContextUnreadable()).toBe(false);
    sessionStorage.setItem(PAYMENT_CONTEXT_KEY, '{"amount": 5}');
    expect(readPaymentContext()).toBeNull();
    expect(isPaymentContextUnreadable()).toBe(true);
  });
});
