import * as asn1js from 'asn1js';
import { describe, expect, it } from 'vitest';
import { der } from './der';
import { childrenOf, generalizedTimeOf, octetsOf, oidOf, readElement, smallIntegerOf } from './der-reader';

describe('the DER reader', () => {
  it('reads short and long lengths in place, and leaves trailing bytes (a PDF’s padding) alone', () => {
    const long = der.octetString(Buffer.alloc(300, 7));
    const value = der.sequence(der.integer(5), long, der.null());
    const element = readElement(Buffer.concat([value, Buffer.alloc(16)]));
    expect(element.tag).toBe(0x30);
    expect(element.raw.equals(value)).toBe(true);
    const [integer, octets, nothing] = childrenOf(element);
    expect(smallIntegerOf(integer)).toBe(5);
    expect(octetsOf(octets!).equals(Buffer.alloc(300, 7))).toBe(true);
    expect(nothing).toMatchObject({ tag: 0x05 });
    expect(childrenOf(integer!)).toEqual([]);
  });

  it('reads BER: indefinite lengths and a constructed OCTET STRING in segments', () => {
    // SEQUENCE (indefinite) { OCTET STRING (constructed, indefinite) { "ab", "cd" }, INTEGER 1 }
    const ber = Buffer.from('30802480040261620402636400000201010000ff', 'hex');
    const element = readElement(ber);
    expect(element.raw.length).toBe(ber.length - 1);
    const [octets, one] = childrenOf(element);
    expect(octetsOf(octets!).toString('latin1')).toBe('abcd');
    expect(smallIntegerOf(one)).toBe(1);
  });

  it('refuses truncated values, lengths past the end and high tag numbers', () => {
    const value = der.sequence(der.integer(5), der.octetString(Buffer.alloc(300)));
    expect(() => readElement(value.subarray(0, value.length - 1))).toThrow(/not DER/);
    expect(() => readElement(Buffer.from([0x30]))).toThrow(/not DER/);
    expect(() => readElement(Buffer.from([0x30, 0x80, 0x02, 0x01, 0x00]))).toThrow(/not DER/);
    expect(() => readElement(Buffer.from([0x1f, 0x81, 0x01, 0x00]))).toThrow(/not DER/);
    expect(() => smallIntegerOf(readElement(Buffer.from([0x02, 0x01, 0xff])))).toThrow(/not DER/);
  });

  it('reads object identifiers as the DER writer and asn1js write them', () => {
    const oids = [
      '1.2.840.113549.1.9.16.1.4',
      '2.5.29.37',
      '0.9.2342.19200300.100.1.25',
      '2.25.57922941618581259407419559105720380896',
      '2.999.3',
    ];
    for (const oid of oids) {
      expect(oidOf(readElement(der.oid(oid)))).toBe(oid);
      expect(oidOf(readElement(Buffer.from(new asn1js.ObjectIdentifier({ value: oid }).toBER(false))))).toBe(
        oid,
      );
    }
    expect(() => oidOf(readElement(der.integer(1)))).toThrow(/not DER/);
  });

  it('reads GeneralizedTime as RFC 3161 genTime has it: whole seconds, fractions, an offset', () => {
    const time = (text: string) =>
      generalizedTimeOf(
        readElement(Buffer.concat([Buffer.from([0x18, text.length]), Buffer.from(text, 'latin1')])),
      );
    expect(time('20251121120500Z').toISOString()).toBe('2025-11-21T12:05:00.000Z');
    expect(time('20251121120500.25Z').toISOString()).toBe('2025-11-21T12:05:00.250Z');
    expect(time('20251121140500+0200').toISOString()).toBe('2025-11-21T12:05:00.000Z');
    expect(
      generalizedTimeOf(readElement(der.generalizedTime(new Date('2049-12-31T23:59:59Z')))).toISOString(),
    ).toBe('2049-12-31T23:59:59.000Z');
    expect(() => time('2025112112')).toThrow(/not DER/);
    expect(() => generalizedTimeOf(readElement(der.integer(1)))).toThrow(/not DER/);
  });
});
