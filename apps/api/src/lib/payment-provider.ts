/**
 * The port through which the app takes payments: PayFast, or the built-in simulator that stands in for PayFast's
 * hosted page in the embedded mode. The payments module implements it; the app puts one in `Deps`.
 */
type PaymentProviderName = 'simulator' | 'payfast';

/** A recurring charge that falls due at the end of a billing period. */
export type RecurringCharge = {
  subscriptionId: number;
  token: string;
  amountCents: number;
  periodEnd: Date;
  planName: string | undefined;
};

export type PaymentProvider = {
  name: PaymentProviderName;
  /** PayFast mode without merchant credentials cannot take payments. */
  configured: boolean;
  merchantId: string;
  merchantKey: string;
  passphrase: string | undefined;
  /** Where the browser posts the signed form. */
  processUrl: string;
  /** Whether an ITN's source address must be one of PayFast's. */
  isTrustedSource(ip: string): boolean;
  /** PayFast's validate call (POST the parameter string back; VALID or INVALID); always true for the simulator. */
  validateItn(paramString: string): Promise<boolean>;
  cardUpdateUrl(token: string, returnUrl: string): string;
  /** Stops future charges at the provider. */
  cancelSubscription(token: string): Promise<void>;
  /** Sets the amount of the next recurring charges at the provider (cents). */
  updateRecurringAmount(token: string, cents: number): Promise<void>;
  /**
   * A period ended on a subscription this provider bills. PayFast charges on its own and its ITN follows
   * ('awaiting_provider'); the simulator charges the stored card now, as PayFast would, and its ITN has been
   * handled when this returns ('collected').
   */
  collectRecurring(charge: RecurringCharge): Promise<'collected' | 'awaiting_provider'>;
};
