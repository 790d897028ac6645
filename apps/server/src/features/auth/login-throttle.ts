/**
 * Sign-in throttling: failed attempts are counted per username and per client address within a
 * window. Over either limit, sign-in answers 429 before any password is checked, for existing and
 * unknown usernames alike, so the answer never tells which usernames exist.
 */
import type { CounterStore } from '../../lib/counters/counter-store';
import { tooManyAttempts } from '../../lib/http-error';

export interface ThrottleLimits {
  loginMaxFailuresPerUsername: number;
  loginMaxFailuresPerAddress: number;
  loginThrottleWindowSeconds: number;
}

export class LoginThrottle {
  constructor(
    private readonly counters: CounterStore,
    private readonly limits: ThrottleLimits,
  ) {}

  async assertAllowed(username: string, address: string): Promise<void> {
    const [byUsername, byAddress] = await Promise.all([
      this.counters.get(usernameKey(username)),
      this.counters.get(addressKey(address)),
    ]);
    if (
      byUsername >= this.limits.loginMaxFailuresPerUsername ||
      byAddress >= this.limits.loginMaxFailuresPerAddress
    ) {
      throw tooManyAttempts();
    }
  }

  async recordFailure(username: string, address: string): Promise<void> {
    const window = this.limits.loginThrottleWindowSeconds;
    await Promise.all([
      this.counters.increment(usernameKey(username), window),
      this.counters.increment(addressKey(address), window),
    ]);
  }

  /** A success clears the username's count; the address keeps its count (one address, many accounts). */
  async recordSuccess(username: string): Promise<void> {
    await this.counters.reset(usernameKey(username));
  }
}

const usernameKey = (username: string) => `login:username:${username.trim().toLowerCase()}`;
const addressKey = (address: string) => `login:address:${address}`;
