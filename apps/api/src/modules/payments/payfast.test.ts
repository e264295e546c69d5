import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  apiSignature,
  checkoutParamString,
  checkoutSignature,
  formBody,
  ipInRanges,
  itnParamString,
  itnSignature,
  parseFormBody,
  pfEncode,
  sameSignature,
} from './payfast';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

// PayFast's SDK example form (merchant 10000100, the public sandbox account) with its sandbox passphrase.
const SDK_EXAMPLE = {
  merchant_id: '10000100',
  merchant_key: '46f0cd694581a',
  return_url: 'https://your.domain/return.php',
  cancel_url: 'https://your.domain/cancel.php',
  notify_url: 'https://your.domain/notify.php',
  name_first: 'First Name',
  name_last: 'Last Name',
  email_address: 'test@test.com',
  m_payment_id: '1234',
  amount: '10.00',
  item_name: 'Order#123',
};

describe('PayFast encoding', () => {
  it("encodes like PHP urlencode: spaces as +, upper-case hex, !'()*~ encoded", () => {
    expect(pfEncode('First Name')).toBe('First+Name');
    expect(pfEncode('https://x.co/a?b=c&d')).toBe('https%3A%2F%2Fx.co%2Fa%3Fb%3Dc%26d');
    expect(pfEncode("it's (a) test!*~")).toBe('it%27s+%28a%29+test%21%2A%7E');
    expect(pfEncode('Order#123')).toBe('Order%23123');
    expect(pfEncode('Café — R499')).toBe('Caf%C3%A9+%E2%80%94+R499');
  });
});

describe('checkout signature', () => {
  it("joins the non-empty fields in PayFast's documented order, whatever order they are given in", () => {
    const shuffled = Object.fromEntries(Object.entries(SDK_EXAMPLE).reverse());
    expect(checkoutParamString({ ...shuffled, cell_number: '  ' })).toBe(
      'merchant_id=10000100&merchant_key=46f0cd694581a&return_url=https%3A%2F%2Fyour.domain%2Freturn.php' +
        '&cancel_url=https%3A%2F%2Fyour.domain%2Fcancel.php&notify_url=https%3A%2F%2Fyour.domain%2Fnotify.php' +
        '&name_first=First+Name&name_last=Last+Name&email_address=test%40test.com&m_payment_id=1234&amount=10.00' +
        '&item_name=Order%23123',
    );
  });

  it('matches the values computed independently for the SDK example, with and without the passphrase', () => {
    // Expected values computed with Python's urllib.parse.quote_plus + hashlib.md5, not with this code.
    expect(checkoutSignature(SDK_EXAMPLE, 'jt7NOE43FZPn')).toBe('98971f0cce7d910b4efb9a5b9a7d8daf');
    expect(checkoutSignature(SDK_EXAMPLE)).toBe('1e8d2b1630a15355a6992d5dbfbb5ba2');
    expect(checkoutSignature(SDK_EXAMPLE, '   ')).toBe('1e8d2b1630a15355a6992d5dbfbb5ba2');
  });

  it('places the recurring billing fields after the transaction details', () => {
    const form = {
      ...SDK_EXAMPLE,
      cycles: '0',
      frequency: '3',
      recurring_amount: '499.00',
      billing_date: '2025-03-01',
      subscription_type: '1',
    };
    expect(checkoutParamString(form)).toMatch(
      /item_name=Order%23123&subscription_type=1&billing_date=2025-03-01&recurring_amount=499.00&frequency=3&cycles=0$/,
    );
    expect(checkoutSignature(form, 'jt7NOE43FZPn')).toBe('a4d79d7524d3d1fd3559b23347a7bb3a');
  });

  it('trims values and ignores the signature field; refuses unknown fields', () => {
    expect(
      checkoutSignature({ ...SDK_EXAMPLE, name_first: '  First Name ', signature: 'x' }, 'jt7NOE43FZPn'),
    ).toBe('98971f0cce7d910b4efb9a5b9a7d8daf');
    expect(() => checkoutParamString({ ...SDK_EXAMPLE, colour: 'blue' })).toThrow(
      /Unknown PayFast checkout fields: colour/,
    );
  });
});

describe('ITN signature', () => {
  it('covers the fields in the order posted, blanks included, up to the signature', () => {
    const pairs: [string, string][] = [
      ['m_payment_id', 'LS-1'],
      ['pf_payment_id', '1089250'],
      ['payment_status', 'COMPLETE'],
      ['item_name', 'LexServe Small Practice'],
      ['custom_str2', ''],
      ['amount_gross', '499.00'],
    ];
    expect(itnParamString(pairs)).toBe(
      'm_payment_id=LS-1&pf_payment_id=1089250&payment_status=COMPLETE&item_name=LexServe+Small+Practice&custom_str2=&amount_gross=499.00',
    );
    const sig = itnSignature(pairs, 'secret phrase');
    expect(sig).toBe(md5(`${itnParamString(pairs)}&passphrase=secret+phrase`));
    // Round trip through a form body keeps the order and the values.
    const parsed = parseFormBody(formBody([...pairs, ['signature', sig]]));
    expect(parsed.map(([k]) => k)).toEqual([...pairs.map(([k]) => k), 'signature']);
    expect(itnSignature(parsed, 'secret phrase')).toBe(sig);
    // Any change, or another passphrase, breaks it.
    expect(
      itnSignature(
        parsed.map(([k, v]) => [k, k === 'amount_gross' ? '1.00' : v]),
        'secret phrase',
      ),
    ).not.toBe(sig);
    expect(itnSignature(parsed, 'other')).not.toBe(sig);
  });

  it('compares signatures without short-circuiting on length or content', () => {
    expect(sameSignature('abc', 'abc')).toBe(true);
    expect(sameSignature('abd', 'abc')).toBe(false);
    expect(sameSignature(undefined, 'abc')).toBe(false);
    expect(sameSignature('ab', 'abc')).toBe(false);
  });
});

describe('API signature', () => {
  it('sorts headers, body and passphrase by name', () => {
    const fields = {
      version: 'v1',
      'merchant-id': '10000100',
      timestamp: '2025-01-31T14:05:00+02:00',
      amount: '49900',
    };
    expect(apiSignature(fields, 'jt7NOE43FZPn')).toBe('f9a3d36c9cb7c531b3de73803fc6aa5f');
  });
});

describe('ITN source addresses', () => {
  it("accepts PayFast's published ranges only", () => {
    for (const ip of [
      '197.97.145.144',
      '197.97.145.159',
      '41.74.179.192',
      '41.74.179.223',
      '102.216.36.5',
      '102.216.36.130',
      '144.126.193.139',
      '::ffff:197.97.145.150',
    ])
      expect(ipInRanges(ip), ip).toBe(true);
    for (const ip of [
      '197.97.145.160',
      '41.74.179.224',
      '127.0.0.1',
      '10.0.0.1',
      '144.126.193.140',
      '::1',
      'not-an-ip',
      '',
    ])
      expect(ipInRanges(ip), ip).toBe(false);
  });
});
