/**
 * Counts failed logins per account and per client address over a sliding window. After `perAccount`
 * failures for one e-mail, or `perAddress` failures from one address (any e-mails), further attempts are
 * refused with 429 until old failures leave the window. A successful login clears the account's count.
 * Kept in process memory: each instance limits on its own, which is enough to stop guessing.
 */
export class LoginThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly perAccount: number,
    private readonly perAddress: number,
    private readonly windowMs = 15 * 60 * 1000,
  ) {}

  isBlocked(email: string, address: string, now = Date.now()): boolean {
    return this.count(`a:${email.toLowerCase()}`, now) >= this.perAccount || this.count(`ip:${address}`, now) >= this.perAddress;
  }

  recordFailure(email: string, address: string, now = Date.now()): void {
    for (const key of [`a:${email.toLowerCase()}`, `ip:${address}`]) {
      this.failures.set(key, [...this.recent(key, now), now]);
    }
    if (this.failures.size > 50_000) this.sweep(now);
  }

  recordSuccess(email: string): void {
    this.failures.delete(`a:${email.toLowerCase()}`);
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
