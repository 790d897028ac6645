import { Redis, ReplyError } from 'ioredis';
import { ServiceUnavailable } from '../outage';
import type { CounterStore } from './counter-store';

/**
 * Fixed-window counters shared by every instance: SET NX EX starts the window, INCR counts, atomically.
 *
 * When Redis cannot be reached every call fails at once with ServiceUnavailable (503 to the client)
 * instead of waiting behind reconnect attempts: sign-in refuses clearly rather than counting
 * nowhere (docs/decisions/173). ioredis reconnects by itself, so the first call after Redis is back
 * works again.
 */
export class RedisCounterStore implements CounterStore {
  readonly shared = true;
  private readonly redis: Redis;
  /** Until the first connection, calls wait for it (a start-up race is not an outage). */
  private connectedOnce = false;

  constructor(
    url: string,
    /** REDIS_KEY_PREFIX: every key this store touches starts with it. */
    private readonly prefix: string,
  ) {
    this.redis = new Redis(url, {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: true,
      // A Redis that accepts the connection but never answers must not hold sign-ins either.
      commandTimeout: 5_000,
      connectTimeout: 5_000,
      lazyConnect: false,
    });
    this.redis.on('ready', () => {
      this.connectedOnce = true;
    });
    // Without a listener ioredis prints every failed reconnect; readiness (/readyz) reports the outage.
    this.redis.on('error', () => undefined);
  }

  get(key: string): Promise<number> {
    return this.run(async (redis) => {
      const value = await redis.get(this.prefix + key);
      return value === null ? 0 : Number(value);
    });
  }

  increment(key: string, windowSeconds: number): Promise<number> {
    const k = this.prefix + key;
    return this.run(async (redis) => {
      const results = await redis.multi().set(k, 0, 'EX', windowSeconds, 'NX').incr(k).exec();
      const [, incr] = results ?? [];
      if (!incr || incr[0]) throw incr?.[0] ?? new Error('Redis transaction was aborted');
      return Number(incr[1]);
    });
  }

  decrement(key: string): Promise<void> {
    // Never below zero and never creates a key: a give-back after the window ended is a no-op.
    return this.run(async (redis) => {
      await redis.eval(
        "local v = redis.call('GET', KEYS[1]) if v and tonumber(v) > 0 then redis.call('DECR', KEYS[1]) end return 0",
        1,
        this.prefix + key,
      );
    });
  }

  reset(key: string): Promise<void> {
    return this.run(async (redis) => {
      await redis.del(this.prefix + key);
    });
  }

  ping(): Promise<void> {
    return this.run(async (redis) => {
      await redis.ping();
    });
  }

  async close(): Promise<void> {
    // QUIT would wait in the offline queue of a lost connection.
    if (this.redis.status === 'ready') await this.redis.quit();
    else this.redis.disconnect();
  }

  private async run<T>(command: (redis: Redis) => Promise<T>): Promise<T> {
    if (this.connectedOnce && this.redis.status !== 'ready') throw new ServiceUnavailable('redis');
    try {
      return await command(this.redis);
    } catch (error) {
      // A reply error is Redis refusing a command (a bug here), not Redis being away.
      if (error instanceof ReplyError) throw error;
      throw new ServiceUnavailable('redis', { cause: error });
    }
  }
}
