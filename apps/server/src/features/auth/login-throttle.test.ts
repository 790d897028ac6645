import { randomBytes } from 'node:crypto';
import { translate } from '@dermis/contract';
import { describe, expect, it } from 'vitest';
import { testServices } from '../../config/env';
import type { CounterStore } from '../../lib/counters/counter-store';
import { MemoryCounterStore } from '../../lib/counters/memory-counter-store';
import { RedisCounterStore } from '../../lib/counters/redis-counter-store';
import { useTestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/database';
import { givenPractice, givenUser } from '../../test/fixtures';

const throttled = { error: 'TOO_MANY_ATTEMPTS', message: translate('login.error.throttled') };

describeEachDatabase('sign-in throttling', (t) => {
  const newApp = useTestApp(t);
  const redisUrl = testServices().redisUrl;
  const stores: [string, () => CounterStore][] = [['in-process counters', () => new MemoryCounterStore()]];
  if (redisUrl)
    stores.push([
      'Redis counters',
      () => new RedisCounterStore(redisUrl, `dermis-test:${randomBytes(6).toString('hex')}:`),
    ]);

  for (const [storeName, makeStore] of stores) {
    describe(storeName, () => {
      const setUp = async (limits: { perUsername: number; perAddress: number }) => {
        const practiceId = await givenPractice(t.db);
        const user = await givenUser(t.db, practiceId, { username: 'maria', password: 'Secret123' });
        const store = makeStore();
        const app = await newApp(
          { loginMaxFailuresPerUsername: limits.perUsername, loginMaxFailuresPerAddress: limits.perAddress },
          store,
        );
        app.addHook('onClose', () => store.close());
        const login = (username: string, password: string, address = '10.0.0.1') =>
          app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { username, password },
            remoteAddress: address,
          });
        return { user, login };
      };

      it('answers 429 per username after N failures, before checking the password', async () => {
        const { login } = await setUp({ perUsername: 3, perAddress: 100 });
        for (let i = 0; i < 3; i++)
          expect((await login('maria', 'Wrong1234', `10.0.0.${i}`)).statusCode).toBe(401);
        const blocked = await login('MARIA', 'Secret123', '10.9.9.9');
        expect(blocked.statusCode).toBe(429);
        expect(blocked.json()).toEqual(throttled);
        // Another account from the same addresses is unaffected.
        expect((await login('someone-else', 'Wrong1234', '10.0.0.1')).statusCode).toBe(401);
      });

      it('throttles unknown usernames exactly like existing ones', async () => {
        const { login } = await setUp({ perUsername: 2, perAddress: 100 });
        expect((await login('ghost', 'Wrong1234')).statusCode).toBe(401);
        expect((await login('ghost', 'Wrong1234')).statusCode).toBe(401);
        const blocked = await login('ghost', 'Wrong1234');
        expect(blocked.statusCode).toBe(429);
        expect(blocked.json()).toEqual(throttled);
      });

      it('answers 429 per address after N failures across usernames', async () => {
        const { login } = await setUp({ perUsername: 100, perAddress: 3 });
        for (const name of ['a1', 'a2', 'a3'])
          expect((await login(name, 'Wrong1234', '192.0.2.7')).statusCode).toBe(401);
        expect((await login('maria', 'Secret123', '192.0.2.7')).statusCode).toBe(429);
        expect((await login('maria', 'Secret123', '192.0.2.8')).statusCode).toBe(200);
      });

      it('resets the username count on success', async () => {
        const { login } = await setUp({ perUsername: 3, perAddress: 100 });
        for (let i = 0; i < 2; i++) expect((await login('maria', 'Wrong1234')).statusCode).toBe(401);
        expect((await login('maria', 'Secret123')).statusCode).toBe(200);
        for (let i = 0; i < 2; i++) expect((await login('maria', 'Wrong1234')).statusCode).toBe(401);
        // Four failures in all, but only two since the success: still allowed.
        expect((await login('maria', 'Secret123')).statusCode).toBe(200);
      });
    });
  }
});
