/**
 * Sign-in throttling (docs/decisions/043, 044). Every attempt is COUNTED FIRST, atomically, and
 * decided on the count that increment returned, before any password or code is checked: 40 parallel
 * wrong passwords check at most the limit, never "everyone who read the count before the first
 * failure was written". Over a limit the answer is 429, for existing and unknown usernames alike, so
 * it never tells which usernames exist.
 *
 * Counts are kept per sign-in name (normalised: case, width and spaces do not open a new count) for
 * unknown browsers, per device for a browser holding a valid device cookie for that name (its own
 * limit, untouched by a storm from elsewhere), and per client address. A success clears the name's
 * (or device's) count and gives the address its attempt back.
 */
import type { CounterStore } from '../../lib/counters/counter-store';
import type { KnownDevice } from '../../lib/device-cookie';
import { tooManyAttempts } from '../../lib/http-error';
import { normalizeUsername } from '../../lib/usernames';

export interface ThrottleLimits {
  loginMaxFailuresPerUsername: number;
  loginMaxFailuresPerAddress: number;
  loginMaxFailuresPerDevice: number;
  loginThrottleWindowSeconds: number;
}

/** One counted attempt: what a success gives back. */
export interface CountedAttempt {
  accountKey: string;
  addressKey: string;
}

export class LoginThrottle {
  constructor(
    private readonly counters: CounterStore,
    private readonly limits: ThrottleLimits,
  ) {}

  /** Counts the attempt; 429 when it is over a limit (the password or code is then never checked). */
  async count(username: string, address: string, device: KnownDevice | null): Promise<CountedAttempt> {
    const window = this.limits.loginThrottleWindowSeconds;
    const attempt = {
      accountKey: device
        ? `login:device:${device.deviceId}`
        : `login:username:${normalizeUsername(username)}`,
      addressKey: `login:address:${address}`,
    };
    const [byAccount, byAddress] = await Promise.all([
      this.counters.increment(attempt.accountKey, window),
      this.counters.increment(attempt.addressKey, window),
    ]);
    const accountLimit = device
      ? this.limits.loginMaxFailuresPerDevice
      : this.limits.loginMaxFailuresPerUsername;
    if (byAccount > accountLimit || byAddress > this.limits.loginMaxFailuresPerAddress)
      throw tooManyAttempts();
    return attempt;
  }

  /** A right password (or code): the name's or device's count starts over; the address's attempt is given back. */
  async succeeded(attempt: CountedAttempt): Promise<void> {
    await Promise.all([this.counters.reset(attempt.accountKey), this.counters.decrement(attempt.addressKey)]);
  }
}
