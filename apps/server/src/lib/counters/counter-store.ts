/**
 * Counters that expire: what sign-in throttling needs. In process by default; in Redis when several
 * instances must share them (REDIS_URL, every key under REDIS_KEY_PREFIX).
 *
 * Throttles count an attempt with `increment` BEFORE checking the password or code and decide on the
 * count it returns: the increment is atomic in both stores, so concurrent attempts can never all read
 * the same count and slip past a limit (docs/decisions/043).
 */
export interface CounterStore {
  /** True when the counts live in a service shared by instances (Redis), which readiness then asks. */
  readonly shared: boolean;
  /** The current count (0 when absent or expired). */
  get(key: string): Promise<number>;
  /** Adds one and returns the new count; the first increment starts a window of `windowSeconds`. */
  increment(key: string, windowSeconds: number): Promise<number>;
  /** Gives one back (never below zero, never starting a window): for attempts counted up front that succeeded. */
  decrement(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  /** Resolves when the store can count now (readiness); ServiceUnavailable when it cannot. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
