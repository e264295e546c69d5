/**
 * Counts failed logins over a sliding window, per (account, client address) pair and per client address.
 * After `perPair` failures for one e-mail from one address, or `perAddress` failures from one address (any
 * e-mails), further attempts from that address are refused with 429 until old failures leave the window.
 * The account itself is never locked: failures from an attacker's address do not stop its owner logging in
 * from theirs. A successful login clears that pair's count. Kept in process memory: each instance limits on
 * its own, which is enough to stop guessing.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly perPair: number,
    private readonly perAddress: number,
    private readonly windowMs = 15 * 60 * 1000,
  ) {}

  isBlocked(email: string, address: string, now = Date.now()): boolean {
    return this.count(pairKey(email, address), now) >= this.perPair || this.count(addressKey(address), now) >= this.perAddress;
  }

  recordFailure(email: string, address: string, now = Date.now()): void {
    for (const key of [pairKey(email, address), addressKey(address)]) {
      this.failures.set(key, [...this.recent(key, now), now]);
    }
    if (this.failures.size > 50_000) this.sweep(now);
  }

  recordSuccess(email: string, address: string): void {
    this.failures.delete(pairKey(email, address));
  }

  private recent(key: string, now: number): number[] {
    return (this.failures.get(key) ?? []).filter((t) => now - t < this.windowMs);
  }

  private count(key: string, now: number): number {
    const recent = this.recent(key, now);
    if (recent.length) this.failures.set(key, recent);
    else this.failures.delete(key);
    return recent.length;
  }

  private sweep(now: number): void {
    for (const key of this.failures.keys()) this.count(key, now);
  }
}

const pairKey = (email: string, address: string) => `p:${email.trim().toLowerCase()}|${address}`;
const addressKey = (address: string) => `ip:${address}`;
