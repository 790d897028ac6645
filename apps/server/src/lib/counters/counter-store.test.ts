import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { testServices } from '../../config/env';
import { createCounterStore } from './create-counter-store';
import { MemoryCounterStore } from './memory-counter-store';
import { RedisCounterStore } from './redis-counter-store';

describe('MemoryCounterStore', () => {
  it('counts within a window and forgets after it', async () => {
    let now = 1_000_000;
    const store = new MemoryCounterStore(() => now);
    expect(await store.get('k')).toBe(0);
    expect(await store.increment('k', 60)).toBe(1);
    now += 30_000;
    expect(await store.increment('k', 60)).toBe(2);
    expect(await store.get('k')).toBe(2);
    now += 30_000; // the window started at the first increment
    expect(await store.get('k')).toBe(0);
    expect(await store.increment('k', 60)).toBe(1);
  });

  it('gives an attempt back, never below zero and never starting a window', async () => {
    const store = new MemoryCounterStore();
    await store.decrement('absent');
    expect(await store.get('absent')).toBe(0);
    await store.increment('k', 60);
    await store.increment('k', 60);
    await store.decrement('k');
    expect(await store.get('k')).toBe(1);
    await store.decrement('k');
    await store.decrement('k');
    expect(await store.get('k')).toBe(0);
  });

  it('resets one key only', async () => {
    const store = new MemoryCounterStore();
    await store.increment('a', 60);
    await store.increment('b', 60);
    await store.reset('a');
    expect(await store.get('a')).toBe(0);
    expect(await store.get('b')).toBe(1);
  });
});

const { redisUrl } = testServices();
if (redisUrl) {
  describe('RedisCounterStore', () => {
    const newStore = () => new RedisCounterStore(redisUrl, `dermis-test:${randomBytes(6).toString('hex')}:`);

    it('counts, resets, and expires with the window', async () => {
      const store = newStore();
      try {
        expect(await store.get('k')).toBe(0);
        expect(await store.increment('k', 1)).toBe(1);
        expect(await store.increment('k', 1)).toBe(2);
        expect(await store.get('k')).toBe(2);
        await store.increment('other', 60);
        await store.reset('other');
        expect(await store.get('other')).toBe(0);
        await new Promise((resolve) => setTimeout(resolve, 1_200));
        expect(await store.get('k')).toBe(0);
      } finally {
        await store.close();
      }
    });

    it('puts REDIS_KEY_PREFIX before every key, so two runs sharing one Redis never count into each other', async () => {
      const run = () => `dermis-test:${randomBytes(6).toString('hex')}:`;
      const [prefixA, prefixB] = [run(), run()];
      const a = createCounterStore({ redisUrl, redisKeyPrefix: prefixA });
      const b = createCounterStore({ redisUrl, redisKeyPrefix: prefixB });
      const raw = new Redis(redisUrl);
      try {
        expect(await a.increment('login:username:maria', 60)).toBe(1);
        expect(await a.increment('login:username:maria', 60)).toBe(2);
        expect(await b.increment('login:username:maria', 60)).toBe(1);
        expect(await raw.get(`${prefixA}login:username:maria`)).toBe('2');
        expect(await raw.get(`${prefixB}login:username:maria`)).toBe('1');
        expect(await raw.exists('login:username:maria')).toBe(0);
        await a.decrement('login:username:maria');
        expect(await a.get('login:username:maria')).toBe(1);
      } finally {
        await Promise.all([a.close(), b.close(), raw.quit()]);
      }
    });

    it('shares counts between instances (what several servers need)', async () => {
      const prefix = `dermis-test:${randomBytes(6).toString('hex')}:`;
      const a = new RedisCounterStore(redisUrl, prefix);
      const b = new RedisCounterStore(redisUrl, prefix);
      try {
        await a.increment('shared', 60);
        expect(await b.increment('shared', 60)).toBe(2);
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    });
  });
} else {
  console.info('RedisCounterStore tests not run: set REDIS_URL=redis://… to run them.');
}
