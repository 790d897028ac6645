import { Redis } from 'ioredis';
import type { CounterStore } from './counter-store';

/** Fixed-window counters shared by every instance: SET NX EX starts the window, INCR counts, atomically. */
export class RedisCounterStore implements CounterStore {
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix = 'dermis:',
  ) {
    // Fail fast on an unreachable Redis instead of queueing sign-ins forever.
    this.redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
  }

  async get(key: string): Promise<number> {
    const value = await this.redis.get(this.prefix + key);
    return value === null ? 0 : Number(value);
  }

  async increment(key: string, windowSeconds: number): Promise<number> {
    const k = this.prefix + key;
    const results = await this.redis.multi().set(k, 0, 'EX', windowSeconds, 'NX').incr(k).exec();
    const [, incr] = results ?? [];
    if (!incr || incr[0]) throw incr?.[0] ?? new Error('Redis transaction was aborted');
    return Number(incr[1]);
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}
