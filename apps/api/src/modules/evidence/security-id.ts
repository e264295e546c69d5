import { randomBytes } from 'node:crypto';
import { CROCKFORD_ALPHABET } from '@lexserve/contracts/verification';

/** Crockford base32 of the bytes, 5 bits per symbol, most significant first. */
export function crockfordBase32(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += CROCKFORD_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  if (bits > 0) out += CROCKFORD_ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/**
 * A new security ID: 80 bits from the CSPRNG (10 bytes = exactly 16 base32 symbols), grouped as
 * LS-XXXX-XXXX-XXXX-XXXX. Guessing one is hopeless (2^80), so the public check reveals nothing by enumeration.
 */
export function newSecurityId(): string {
  const s = crockfordBase32(randomBytes(10));
  return `LS-${s.slice(0, 4)}-${s.slice(4, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}`;
}
