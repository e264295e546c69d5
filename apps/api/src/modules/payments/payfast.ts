import { createHash } from 'node:crypto';
import { isIP } from 'node:net';

/**
 * PayFast's signature rules, from its integration documentation and SDK:
 * - checkout form: the non-empty fields, trimmed, in the order PayFast documents them (not alphabetical),
 *   `key=urlencode(value)` joined with '&', then `&passphrase=urlencode(passphrase)` when one is set, MD5 in hex;
 * - ITN: the posted fields in the order received, blank ones included, without `signature`, same encoding;
 * - API (cancel, update): every header and body field plus the passphrase, sorted by name, same encoding.
 * urlencode is PHP's: spaces as '+', upper-case hex, and !'()*~ encoded too.
 */
export const CHECKOUT_FIELD_ORDER = [
  // Merchant details
  'merchant_id',
  'merchant_key',
  'return_url',
  'cancel_url',
  'notify_url',
  // Buyer details
  'name_first',
  'name_last',
  'email_address',
  'cell_number',
  // Transaction details
  'm_payment_id',
  'amount',
  'item_name',
  'item_description',
  'custom_int1',
  'custom_int2',
  'custom_int3',
  'custom_int4',
  'custom_int5',
  'custom_str1',
  'custom_str2',
  'custom_str3',
  'custom_str4',
  'custom_str5',
  // Transaction options
  'email_confirmation',
  'confirmation_address',
  // Payment method
  'payment_method',
  // Recurring billing
  'subscription_type',
  'billing_date',
  'recurring_amount',
  'frequency',
  'cycles',
  'subscription_notify_email',
  'subscription_notify_webhook',
  'subscription_notify_buyer',
] as const;

/** PHP's urlencode(). */
export const pfEncode = (value: string): string =>
  encodeURIComponent(value)
    .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');

const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');
const withPassphrase = (base: string, passphrase?: string) =>
  passphrase?.trim() ? `${base}${base ? '&' : ''}passphrase=${pfEncode(passphrase.trim())}` : base;

/** The string a checkout signature is the MD5 of (exposed for tests and debugging). */
export function checkoutParamString(fields: Partial<Record<string, string>>, passphrase?: string): string {
  const unknown = Object.keys(fields).filter(
    (k) => k !== 'signature' && !(CHECKOUT_FIELD_ORDER as readonly string[]).includes(k),
  );
  if (unknown.length) throw new Error(`Unknown PayFast checkout fields: ${unknown.join(', ')}`);
  const pairs: string[] = [];
  for (const key of CHECKOUT_FIELD_ORDER) {
    const value = fields[key]?.trim();
    if (value) pairs.push(`${key}=${pfEncode(value)}`);
  }
  return withPassphrase(pairs.join('&'), passphrase);
}

export const checkoutSignature = (fields: Partial<Record<string, string>>, passphrase?: string): string =>
  md5(checkoutParamString(fields, passphrase));

/** An ITN as received: ordered name/value pairs. */
export type ItnPairs = [string, string][];

/** Parses an application/x-www-form-urlencoded body keeping the order of the fields (the signature depends on it). */
export function parseFormBody(raw: string): ItnPairs {
  const pairs: ItnPairs = [];
  for (const part of raw.split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const name = decodeURIComponent((eq < 0 ? part : part.slice(0, eq)).replace(/\+/g, ' '));
    const value = eq < 0 ? '' : decodeURIComponent(part.slice(eq + 1).replace(/\+/g, ' '));
    pairs.push([name, value]);
  }
  return pairs;
}

/**
 * What a notification is made of, as PayFast documents its ITN ("return variables"): every ITN carries these, and no
 * checkout form has them, so a checkout form's signature can never pass as a notification's.
 */
const ITN_REQUIRED_FIELDS = ['pf_payment_id', 'payment_status', 'merchant_id'] as const;

/** Checkout fields that a notification never carries: their presence means a checkout form posted as an ITN. */
const CHECKOUT_ONLY_FIELDS = new Set<string>(
  CHECKOUT_FIELD_ORDER.filter(
    (k) =>
      !k.startsWith('custom_') &&
      ![
        'merchant_id',
        'name_first',
        'name_last',
        'email_address',
        'm_payment_id',
        'item_name',
        'item_description',
        'billing_date',
      ].includes(k),
  ),
);

/** Why a body is not a notification (undefined: it is one, as far as its shape goes). */
export type ItnShapeProblem = 'no_signature' | 'duplicate_field' | 'missing_field' | 'checkout_field';

/**
 * The signed part of a notification: the fields before `signature`, in order, and the signature. Fields after the
 * signature are not signed: they are ignored (PayFast posts `signature` last; its own sample stops there), never read.
 * A field given twice anywhere, a missing signature, a missing ITN field or a checkout-only field is refused.
 */
export function signedItn(
  pairs: ItnPairs,
): { signed: ItnPairs; signature: string; ignored: string[] } | { problem: ItnShapeProblem } {
  const names = new Set<string>();
  for (const [k] of pairs) {
    if (names.has(k)) return { problem: 'duplicate_field' };
    names.add(k);
  }
  const at = pairs.findIndex(([k]) => k === 'signature');
  if (at < 0 || !pairs[at]![1]) return { problem: 'no_signature' };
  const signed = pairs.slice(0, at);
  const fields = new Set(signed.map(([k]) => k));
  if (ITN_REQUIRED_FIELDS.some((k) => !fields.has(k))) return { problem: 'missing_field' };
  if (signed.some(([k]) => CHECKOUT_ONLY_FIELDS.has(k))) return { problem: 'checkout_field' };
  return { signed, signature: pairs[at]![1], ignored: pairs.slice(at + 1).map(([k]) => k) };
}

/** The ITN's parameter string: every field before `signature`, in order, blanks included (PayFast's own sample). */
export function itnParamString(pairs: ItnPairs): string {
  const out: string[] = [];
  for (const [k, v] of pairs) {
    if (k === 'signature') break;
    out.push(`${k}=${pfEncode(v)}`);
  }
  return out.join('&');
}

export const itnSignature = (pairs: ItnPairs, passphrase?: string): string =>
  md5(withPassphrase(itnParamString(pairs), passphrase));

/** Serialises ordered pairs as a form body, with the signature appended last. */
export const formBody = (pairs: ItnPairs): string => pairs.map(([k, v]) => `${k}=${pfEncode(v)}`).join('&');

/** API request signature: all fields and the passphrase, sorted by name. */
export function apiSignature(fields: Record<string, string>, passphrase?: string): string {
  const all: Record<string, string> = { ...fields };
  if (passphrase?.trim()) all.passphrase = passphrase.trim();
  return md5(
    Object.keys(all)
      .filter((k) => k !== 'signature')
      .sort()
      .map((k) => `${k}=${pfEncode(all[k]!)}`)
      .join('&'),
  );
}

/** Constant-time comparison of two hex signatures. */
export function sameSignature(a: string | undefined, b: string): boolean {
  if (!a || a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/**
 * The addresses PayFast sends ITNs from (its published ranges): www/sandbox/w1w/w2w.payfast.co.za resolve inside
 * these. Kept as ranges rather than DNS look-ups so the check works without outbound DNS.
 */
const PAYFAST_ITN_RANGES = [
  '197.97.145.144/28',
  '41.74.179.192/27',
  '102.216.36.0/28',
  '102.216.36.128/28',
  '144.126.193.139/32',
];

const ipv4ToInt = (ip: string) => ip.split('.').reduce((n, o) => (n << 8) + Number(o), 0) >>> 0;

export function ipInRanges(ip: string, ranges: string[] = PAYFAST_ITN_RANGES): boolean {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (isIP(v4) !== 4) return false;
  const n = ipv4ToInt(v4);
  return ranges.some((r) => {
    const [base, bits] = r.split('/');
    const prefix = Number(bits ?? 32);
    const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
    return (n & mask) === (ipv4ToInt(base!) & mask);
  });
}

const payfastHost = (mode: 'sandbox' | 'live') =>
  mode === 'live' ? 'www.payfast.co.za' : 'sandbox.payfast.co.za';
export const payfastProcessUrl = (mode: 'sandbox' | 'live') => `https://${payfastHost(mode)}/eng/process`;
export const payfastValidateUrl = (mode: 'sandbox' | 'live') =>
  `https://${payfastHost(mode)}/eng/query/validate`;
export const payfastCardUpdateUrl = (mode: 'sandbox' | 'live', token: string, returnUrl: string) =>
  `https://${payfastHost(mode)}/eng/recurring/update/${encodeURIComponent(token)}?return=${encodeURIComponent(returnUrl)}`;
export const PAYFAST_API_URL = 'https://api.payfast.co.za';
