import { createHash } from 'node:crypto';
import { PAYMENT_SIMULATOR_PATH, PaymentErrors } from '@lexserve/contracts/payments';
import type { Env } from '../../config/env';
import { AppError } from '../../lib/app-error';
import type { PaymentProvider, RecurringCharge } from '../../lib/payment-provider';
import {
  PAYFAST_API_URL,
  apiSignature,
  ipInRanges,
  payfastCardUpdateUrl,
  payfastProcessUrl,
  payfastValidateUrl,
} from './payfast';

export const SIMULATOR_PATH = PAYMENT_SIMULATOR_PATH;

/** The simulator signs with the configured passphrase, or one derived from the app's secret (never a public constant). */
const simulatorPassphrase = (env: Env) =>
  env.PAYFAST_PASSPHRASE?.trim() ||
  createHash('sha256').update(`lexserve-payment-simulator:${env.JWT_SECRET}`).digest('hex').slice(0, 32);

/** 2024-01-31T14:05:00+02:00 (PayFast's API wants ISO-8601 with an offset). */
const sastTimestamp = (now = new Date()) =>
  `${new Date(now.getTime() + 2 * 3_600_000).toISOString().slice(0, 19)}+02:00`;

/**
 * The hosted payment provider for the configuration: PayFast, or the built-in simulator that stands in for PayFast's
 * hosted page in the embedded mode (same form, same signature, same ITN). Built once per app, into `Deps`.
 */
export function paymentProvider(
  env: Env,
  simulatorCharge: (provider: PaymentProvider, charge: RecurringCharge) => Promise<void>,
): PaymentProvider {
  if (env.PAYMENT_PROVIDER === 'simulator') {
    const base = `${env.PUBLIC_URL.replace(/\/$/, '')}${SIMULATOR_PATH}`;
    const simulator: PaymentProvider = {
      name: 'simulator',
      configured: true,
      merchantId: env.PAYFAST_MERCHANT_ID ?? '10000100',
      merchantKey: env.PAYFAST_MERCHANT_KEY ?? '46f0cd694581a',
      passphrase: simulatorPassphrase(env),
      processUrl: `${base}/process`,
      isTrustedSource: () => true,
      validateItn: async () => true,
      cardUpdateUrl: (token, returnUrl) =>
        `${base}/update-card?token=${encodeURIComponent(token)}&return=${encodeURIComponent(returnUrl)}`,
      cancelSubscription: async () => undefined,
      updateRecurringAmount: async () => undefined,
      collectRecurring: async (charge) => {
        await simulatorCharge(simulator, charge);
        return 'collected';
      },
    };
    return simulator;
  }

  const mode = env.PAYFAST_MODE;
  const merchantId = env.PAYFAST_MERCHANT_ID ?? '';
  const merchantKey = env.PAYFAST_MERCHANT_KEY ?? '';
  const passphrase = env.PAYFAST_PASSPHRASE?.trim() || undefined;

  async function api(method: 'PUT' | 'PATCH', path: string, body?: Record<string, string | number>) {
    const headers: Record<string, string> = {
      'merchant-id': merchantId,
      version: 'v1',
      timestamp: sastTimestamp(),
    };
    const signed = {
      ...headers,
      ...Object.fromEntries(Object.entries(body ?? {}).map(([k, v]) => [k, String(v)])),
    };
    const url = `${PAYFAST_API_URL}${path}${mode === 'sandbox' ? '?testing=true' : ''}`;
    let res: Response;
    try {
      res = await globalThis.fetch(url, {
        method,
        headers: {
          ...headers,
          signature: apiSignature(signed, passphrase),
          'content-type': 'application/json',
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(15_000),
      });
    } catch (err) {
      throw new AppError(PaymentErrors.PROVIDER_ERROR, { cause: err });
    }
    if (!res.ok)
      throw new AppError(PaymentErrors.PROVIDER_ERROR, {
        message: `${PaymentErrors.PROVIDER_ERROR.message} (${res.status})`,
      });
  }

  return {
    name: 'payfast',
    configured: Boolean(merchantId && merchantKey),
    merchantId,
    merchantKey,
    passphrase,
    processUrl: payfastProcessUrl(mode),
    isTrustedSource: (ip) => ipInRanges(ip),
    validateItn: async (paramString) => {
      try {
        const res = await globalThis.fetch(payfastValidateUrl(mode), {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: paramString,
          signal: AbortSignal.timeout(15_000),
        });
        return res.ok && (await res.text()).trim() === 'VALID';
      } catch {
        return false;
      }
    },
    cardUpdateUrl: (token, returnUrl) => payfastCardUpdateUrl(mode, token, returnUrl),
    cancelSubscription: (token) => api('PUT', `/subscriptions/${encodeURIComponent(token)}/cancel`),
    updateRecurringAmount: (token, cents) =>
      api('PATCH', `/subscriptions/${encodeURIComponent(token)}/update`, { amount: cents }),
    collectRecurring: async () => 'awaiting_provider',
  };
}
