// Two-step codes are throttled like passwords: counted before they are checked.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { testServices } from '../../config/env';
import type { CounterStore } from '../../lib/counters/counter-store';
import { MemoryCounterStore } from '../../lib/counters/memory-counter-store';
import { RedisCounterStore } from '../../lib/counters/redis-counter-store';
import { useTestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/database';
import { givenPractice, givenUser } from '../../test/fixtures';
import { authenticatorCode, givenVerifiedProfile } from './two-step-test-support';

const redisUrl = testServices().redisUrl;
const stores: [string, () => CounterStore][] = [['in-process counters', () => new MemoryCounterStore()]];
if (redisUrl)
  stores.push([
    'Redis counters',
    () => new RedisCounterStore(redisUrl, `dermis-test:${randomBytes(6).toString('hex')}:`),
  ]);

describeEachDatabase('two-step codes under concurrency', (t) => {
  const newApp = useTestApp(t);

  for (const [storeName, makeStore] of stores) {
    describe(storeName, () => {
      const setUp = async () => {
        const practiceId = await givenPractice(t.db);
        const user = await givenUser(t.db, practiceId, { username: 'maria', password: 'Secret123' });
        const store = makeStore();
        const app = await newApp({ loginMaxFailuresPerUsername: 5, loginMaxFailuresPerAddress: 1000 }, store);
        app.addHook('onClose', () => store.close());
        const login = (payload: object) => app.inject({ method: 'POST', url: '/api/auth/login', payload });
        return { app, user, login };
      };

      it('checks at most the limit of 40 parallel wrong two-step codes', async () => {
        const { app, user, login } = await setUp();
        const first = (await login({ username: 'maria', password: 'Secret123' })).json<{
          accessToken: string;
        }>();
        const added = await givenVerifiedProfile(app, t.db, first.accessToken, user.userId, {
          type: 'AUTH_APP',
        });
        const temp = (await login({ username: 'maria', password: 'Secret123' })).json<{
          tempToken: string;
        }>();
        const right = authenticatorCode(added.secret!);
        const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
        const answers = await Promise.all(
          Array.from({ length: 40 }, () =>
            app.inject({
              method: 'POST',
              url: '/api/auth/login',
              payload: { tempToken: temp.tempToken, mfaProfileId: added.id, otpCode: wrong },
            }),
          ),
        );
        const checked = answers.filter((a) => a.statusCode === 401).length;
        expect(checked).toBeGreaterThan(0);
        expect(checked).toBeLessThanOrEqual(5);
        expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(40 - checked);
      });
    });
  }
});
