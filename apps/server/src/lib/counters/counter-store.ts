/**
 * Counters that expire: what sign-in throttling needs. In process by default; in Redis when several
 * instances must share them (REDIS_URL).
 */
export interface CounterStore {
  /** The current count (0 when absent or expired). */
  get(key: string): Promise<number>;
  /** Adds one and returns the new count; the first increment starts a window of `windowSeconds`. */
  increment(key: string, windowSeconds: number): Promise<number>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}
