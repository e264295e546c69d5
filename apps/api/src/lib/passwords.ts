import { randomInt } from 'node:crypto';
import bcrypt from 'bcrypt';

export const hashPassword = (plain: string, cost: number) => bcrypt.hash(plain, cost);
export const verifyPassword = (plain: string, hash: string | null) =>
  hash ? bcrypt.compare(plain, hash) : Promise.resolve(false);

const SETS = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnpqrstuvwxyz', '23456789', '!@#$%&*?'];

/** A generated password that meets the password rule: 14 characters from every set, CSPRNG-shuffled. */
export function generatePassword(length = 14): string {
  const all = SETS.join('');
  const chars = SETS.map((s) => s[randomInt(s.length)]!);
  while (chars.length < length) chars.push(all[randomInt(all.length)]!);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}
