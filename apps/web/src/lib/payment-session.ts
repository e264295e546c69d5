import { SUBSCRIPTION_CONSTANTS, type BillingCycle } from '@lexserve/contracts/subscriptions';

/**
 * What the browser keeps between the plan confirmation dialog and the provider's return pages
 * (spec 3, "Pending payment record" and "Payment context"). Both live in sessionStorage: they are
 * only meaningful in the tab that went to the provider, and vanish with it.
 */

const PENDING_PAYMENT_KEY = 'pending_payment';
export const PAYMENT_CONTEXT_KEY = 'payment_context';

export type PendingPayment = {
  subscriptionId: number;
  planId: number;
  planName: string;
  planDescription: string | null;
  amount: string;
  billingCycle: BillingCycle;
  /** When the record was written (ms since the epoch). */
  timestamp: number;
  userId: number;
  userEmail: string;
  trialDays: number;
  paymentSignature: string;
  paymentId: number;
  paymentReference: string;
};

type PaymentContext = {
  planName: string;
  amount: string;
  payment_reference: string;
  planId?: number;
  paymentId?: number;
};

const readJson = (key: string): unknown => {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
};

const writeJson = (key: string, value: unknown): void => {
  try {
    sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the return pages then fall back to their "no information" views.
  }
};

const isPendingPayment = (value: unknown): value is PendingPayment => {
  if (!value || typeof value !== 'object') return false;
  const record = value as Partial<PendingPayment>;
  return typeof record.timestamp === 'number' && typeof record.subscriptionId === 'number';
};

/** Stores the record written just before the browser leaves for the provider. */
export const savePendingPayment = (record: PendingPayment): void => writeJson(PENDING_PAYMENT_KEY, record);

/**
 * The pending payment record, or null when there is none, it is malformed, or it is older than
 * 2 hours (spec 9). An expired record is discarded.
 */
export const readPendingPayment = (now: number = Date.now()): PendingPayment | null => {
  const value = readJson(PENDING_PAYMENT_KEY);
  if (!isPendingPayment(value)) return null;
  if (now - value.timestamp > SUBSCRIPTION_CONSTANTS.pendingPaymentTtlMs) {
    clearPendingPayment();
    return null;
  }
  return value;
};

export const clearPendingPayment = (): void => {
  try {
    sessionStorage.removeItem(PENDING_PAYMENT_KEY);
  } catch {
    // Nothing to clear.
  }
};

export const savePaymentContext = (context: PaymentContext): void => writeJson(PAYMENT_CONTEXT_KEY, context);

/** The payment context for the cancel page; it is removed by the caller once shown (spec 2.6). */
export const readPaymentContext = (): PaymentContext | null => {
  const value = readJson(PAYMENT_CONTEXT_KEY);
  if (!value || typeof value !== 'object') return null;
  const context = value as Partial<PaymentContext>;
  if (typeof context.planName !== 'string') return null;
  return {
    planName: context.planName,
    amount: typeof context.amount === 'string' ? context.amount : '',
    payment_reference: typeof context.payment_reference === 'string' ? context.payment_reference : '',
    planId: typeof context.planId === 'number' ? context.planId : undefined,
    paymentId: typeof context.paymentId === 'number' ? context.paymentId : undefined,
  };
};

/** True when a payment context is stored but cannot be read ('Unable to load payment information'). */
export const isPaymentContextUnreadable = (): boolean => {
  try {
    const raw = sessionStorage.getItem(PAYMENT_CONTEXT_KEY);
    return raw !== null && readPaymentContext() === null;
  } catch {
    return true;
  }
};

export const clearPaymentContext = (): void => {
  try {
    sessionStorage.removeItem(PAYMENT_CONTEXT_KEY);
  } catch {
    // Nothing to clear.
  }
};
