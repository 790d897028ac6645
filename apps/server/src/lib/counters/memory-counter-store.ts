import type { CounterStore } from './counter-store';

/** Fixed-window counters in a Map; expired entries are dropped when touched or swept. */
export class MemoryCounterStore implements CounterStore {
  readonly shared = false;
  private readonly entries = new Map<string, { count: number; expiresAt: number }>();
  private operations = 0;

  constructor(private readonly now: () => number = Date.now) {}

  get(key: string): Promise<number> {
    return Promise.resolve(this.live(key)?.count ?? 0);
  }

  increment(key: string, windowSeconds: number): Promise<number> {
    this.sweepSometimes();
    const entry = this.live(key) ?? { count: 0, expiresAt: this.now() + windowSeconds * 1000 };
    entry.count += 1;
    this.entries.set(key, entry);
    return Promise.resolve(entry.count);
  }

  decrement(key: string): Promise<void> {
    const entry = this.live(key);
    if (entry && entry.count > 0) entry.count -= 1;
    return Promise.resolve();
  }

  reset(key: string): Promise<void> {
    this.entries.delete(key);
    return Promise.resolve();
  }

  ping(): Promise<void> {
    return Promise.resolve();
  }

  close(): Promise<void> {
    this.entries.clear();
    return Promise.resolve();
  }

  private live(key: string) {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /** Keeps memory bounded under a spray of distinct usernames or addresses. */
  private sweepSometimes() {
    if (++this.operations % 1000 !== 0) return;
    const now = this.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
  }
}
