import type { SharedCounters } from './shared-counters';

/**
 * Counts failed logins per (account, client address) pair and per client address, in the counters shared by every
 * API process (the database, or Redis when REDIS_URL is set): wrong passwords spread over several processes count
 * together. After `perPair` failures for one e-mail from one address, or `perAddress` failures from one address (any
 * e-mails), further attempts from that address are refused with 429 until the window that the first of those failures
 * opened is over (15 minutes). The account itself is never locked: failures from an attacker's address do not stop its
 * owner logging in from theirs. A successful login clears that pair's count.
 */
export class LoginThrottle {
  constructor(
    private readonly counters: SharedCounters,
    private readonly perPair: number,
    private readonly perAddress: number,
    private readonly windowMs = 15 * 60 * 1000,
  ) {}

  async isBlocked(email: string, address: string): Promise<boolean> {
    const [pair, all] = await Promise.all([this.counters.read(pairKey(email, address)), this.counters.read(addressKey(address))]);
    return pair.count >= this.perPair || all.count >= this.perAddress;
  }

  async recordFailure(email: string, address: string): Promise<void> {
    await Promise.all([
      this.counters.increment(pairKey(email, address), this.windowMs),
      this.counters.increment(addressKey(address), this.windowMs),
    ]);
  }

  async recordSuccess(email: string, address: string): Promise<void> {
    await this.counters.reset(pairKey(email, address));
  }
}

const pairKey = (email: string, address: string) => `login:p:${email.trim().toLowerCase()}|${address}`;
const addressKey = (address: string) => `login:ip:${address}`;
