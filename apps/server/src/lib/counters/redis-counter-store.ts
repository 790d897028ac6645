import { Redis } from 'ioredis';
import type { CounterStore } from './counter-store';

/** Fixed-window counters shared by every instance: SET NX EX starts the window, INCR counts, atomically. */
export class RedisCounterStore implements CounterStore {
  private readonly redis: Redis;

  constructor(
    url: string,
    /** REDIS_KEY_PREFIX: every key this store touches starts with it. */
    private readonly prefix: string,
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

  async decrement(key: string): Promise<void> {
    // Never below zero and never creates a key: a give-back after the window ended is a no-op.
    await this.redis.eval(
      "local v = redis.call('GET', KEYS[1]) if v and tonumber(v) > 0 then redis.call('DECR', KEYS[1]) end return 0",
      1,
      this.prefix + key,
    );
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}
