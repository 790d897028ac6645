import type { CounterStore } from './counter-store';
import { MemoryCounterStore } from './memory-counter-store';
import { RedisCounterStore } from './redis-counter-store';

export function createCounterStore(config: {
  redisUrl: string | null;
  redisKeyPrefix: string;
}): CounterStore {
  return config.redisUrl
    ? new RedisCounterStore(config.redisUrl, config.redisKeyPrefix)
    : new MemoryCounterStore();
}
