/**
 * Sign-in throttling (docs/decisions/043, 044, 173). Every attempt is COUNTED FIRST, atomically, and
 * decided on the count that increment returned, before any password or code is checked: 40 parallel
 * wrong passwords check at most the limit, never "everyone who read the count before the first
 * failure was written". Over a limit the answer is 429, for existing and unknown usernames alike, so
 * it never tells which usernames exist.
 *
 * Only a wrong password or code keeps its count. A right one gives the attempt back, and so does an
 * attempt that could not be decided (the database or another service failed): an outage must never
 * turn into a lock-out once it ends.
 *
 * Counts are kept per sign-in name (normalised: case, width and spaces do not open a new count) for
 * unknown browsers, per device for a browser holding a valid device cookie for that name, and per
 * client address. A known device is held to its own limit only, so neither a storm against the name
 * nor one from its shared address (an office behind one NAT, a proxy without TRUST_PROXY) locks it out.
 */
import type { CounterStore } from '../../lib/counters/counter-store';
import type { KnownDevice } from '../../lib/device-cookie';
import { HttpError, tooManyAttempts } from '../../lib/http-error';
import { normalizeUsername } from '../../lib/usernames';

export interface ThrottleLimits {
  loginMaxFailuresPerUsername: number;
  loginMaxFailuresPerAddress: number;
  loginMaxFailuresPerDevice: number;
  loginThrottleWindowSeconds: number;
}

/** One counted attempt: what a success or an undecided attempt gives back. */
export interface CountedAttempt {
  accountKey: string;
  addressKey: string;
}

export class LoginThrottle {
  constructor(
    private readonly counters: CounterStore,
    private readonly limits: ThrottleLimits,
  ) {}

  /**
   * Counts the attempt, then runs `check` (the password or code). 429 when the attempt is over a
   * limit: `check` then never runs. The count stays only when `check` rejects the password or code.
   */
  async guard<T>(
    username: string,
    address: string,
    device: KnownDevice | null,
    check: () => Promise<T>,
  ): Promise<T> {
    const attempt = await this.count(username, address, device);
    let result: T;
    try {
      result = await check();
    } catch (error) {
      if (!isWrongSecret(error)) await this.giveBack(attempt);
      throw error;
    }
    await this.succeeded(attempt);
    return result;
  }

  private async count(
    username: string,
    address: string,
    device: KnownDevice | null,
  ): Promise<CountedAttempt> {
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
    const overLimit = device
      ? byAccount > this.limits.loginMaxFailuresPerDevice
      : byAccount > this.limits.loginMaxFailuresPerUsername ||
        byAddress > this.limits.loginMaxFailuresPerAddress;
    if (overLimit) throw tooManyAttempts();
    return attempt;
  }

  /** A right password (or code): the name's or device's count starts over; the address's attempt is given back. */
  private async succeeded(attempt: CountedAttempt): Promise<void> {
    await Promise.all([this.counters.reset(attempt.accountKey), this.counters.decrement(attempt.addressKey)]);
  }

  /** An attempt that decided nothing. The original failure is what the caller must see, not this one's. */
  private async giveBack(attempt: CountedAttempt): Promise<void> {
    await Promise.allSettled([
      this.counters.decrement(attempt.accountKey),
      this.counters.decrement(attempt.addressKey),
    ]);
  }
}

/** A 401 of the check: the password or code was wrong (or the account may not sign in, which answers alike). */
function isWrongSecret(error: unknown): boolean {
  return error instanceof HttpError && error.statusCode === 401;
}
