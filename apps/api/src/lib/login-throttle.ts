import type { SharedCounters } from './shared-counters';

/**
 * Counts failed logins per (account, client address) pair and per client address, in the counters shared by every
 * API process (the database, or Redis when REDIS_URL is set): wrong passwords spread over several processes count
 * together. After `perPair` failures for one e-mail from one address, or `perAddress` failures from one address (any
 * e-mails), further attempts from that address are refused with 429 until the window that the first of those failures
 * opened is over (15 minutes); attempts refused with 429 are counted too. The account itself is never locked: failures from an attacker's address do not stop its
 * owner logging in from theirs. A successful login clears that pair's count.
 */
export class LoginThrottle {
  constructor(
    private readonly counters: SharedCounters,
    private readonly perPair: number,
    private readonly perAddress: number,
    private readonly windowMs = 15 * 60 * 1000,
  ) {}

  /**
   * Counts an attempt before it is checked, so attempts sent at once are each counted (none slips past the limit);
   * false when the address is over a limit (answer 429). Then call `succeeded` or `notAFailure`; a wrong password
   * stays counted.
   */
  async tryAttempt(email: string, address: string): Promise<boolean> {
    const [pair, all] = await Promise.all([
      this.counters.increment(pairKey(email, address), this.windowMs),
      this.counters.increment(addressKey(address), this.windowMs),
    ]);
    return pair.count <= this.perPair && all.count <= this.perAddress;
  }

  /** The right password: clears the pair's failures and gives the attempt back to the address. */
  async succeeded(email: string, address: string): Promise<void> {
    await Promise.all([
      this.counters.reset(pairKey(email, address)),
      this.counters.increment(addressKey(address), this.windowMs, -1),
    ]);
  }

  /** Refused for another reason than the password (a deactivated account, a failure): the attempt is given back. */
  async notAFailure(email: string, address: string): Promise<void> {
    await Promise.all([
      this.counters.increment(pairKey(email, address), this.windowMs, -1),
      this.counters.increment(addressKey(address), this.windowMs, -1),
    ]);
  }
}

const pairKey = (email: string, address: string) => `login:p:${email.trim().toLowerCase()}|${address}`;
const addressKey = (address: string) => `login:ip:${address}`;
