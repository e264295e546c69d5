import { PAYMENT_SIMULATOR_PATH, PaymentMessages, type PaymentInit } from '@lexserve/contracts/payments';
import { api, describeError } from '../../../lib/api-client';

/** POST /payments/generate-signature: the provider's form address and signed fields (spec 2.4). */
export const initiatePayment = (subscriptionId: number): Promise<PaymentInit> =>
  api.post<PaymentInit>('/payments/generate-signature', { subscription_id: subscriptionId });

export const describePaymentInitError = (error: unknown): string =>
  describeError(error, { fallback: PaymentMessages.initFailed });

/** The fields that are posted: the non-empty ones, trimmed (spec 5, "Payment form"). */
const paymentFormFields = (
  formData: Record<string, string | number | null | undefined>,
): [string, string][] =>
  Object.entries(formData)
    .map(
      ([name, value]) =>
        [name, value === null || value === undefined ? '' : String(value).trim()] as [string, string],
    )
    .filter(([, value]) => value !== '');

/**
 * Where the browser posts the payment form. PayFast's own address stays as it is (the API's CSP form-action allows
 * PayFast's hosts). The simulator is this very server: its address is taken on the current origin, because the
 * server's PUBLIC_URL may name another host than the one the page was opened on, and the CSP (form-action 'self')
 * would then block the post.
 */
export const handOffAddress = (payfastUrl: string, origin: string = window.location.origin): string => {
  let url: URL;
  try {
    url = new URL(payfastUrl, origin);
  } catch {
    return payfastUrl;
  }
  if (!url.pathname.startsWith(`${PAYMENT_SIMULATOR_PATH}/`)) return payfastUrl;
  return `${origin}${url.pathname}${url.search}`;
};

/** How long the dialog waits for the browser to leave for the payment page before it offers 'Try Again'. */
export const HAND_OFF_TIMEOUT_MS = 15_000;

/**
 * Builds a hidden form with the fields and posts it to the provider, exactly as a checkout button
 * on the provider's own page would: the browser leaves the app.
 */
export const postPaymentForm = (
  action: string,
  formData: Record<string, string | number | null | undefined>,
): HTMLFormElement => {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = action;
  form.style.display = 'none';
  form.setAttribute('aria-hidden', 'true');
  for (const [name, value] of paymentFormFields(formData)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
  return form;
};
