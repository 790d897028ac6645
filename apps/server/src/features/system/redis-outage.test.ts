/**
 * A real Redis outage (docs/decisions/173): the app reaches Redis through a TCP proxy the test cuts
 * and restores. Sign-in refuses clearly (503, Retry-After, the message) instead of counting nowhere
 * or answering 500 after seconds; a send refuses the same way; /readyz reports Redis while /healthz
 * stays live; once Redis is back, sign-in and sends work again by themselves.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testServices } from '../../config/env';
import { testConfig } from '../../test/config';
import type { CuttableProxy } from '../../test/cuttable-proxy';
import { startCuttableProxy } from '../../test/cuttable-proxy';
import { useTestDatabase } from '../../test/database';
import { hasRedisServer, startOwnRedis } from '../../test/own-redis';
import { givenDirectAddress, givenDirectPractice } from '../../test/direct';
import { bearer, givenPractice, givenUser } from '../../test/fixtures';
import { expectUnavailable } from '../../test/outage';

// REDIS_URL's server when one is named, else a redis-server of the test's own.
const { redisUrl } = testServices();

if (redisUrl || hasRedisServer()) {
  describe('a Redis outage [Redis through a proxy that is cut]', () => {
    const t = useTestDatabase('PGlite');
    const opened: { close(): Promise<void> }[] = [];
    afterEach(async () => {
      for (const resource of opened.splice(0).reverse()) await resource.close();
    });

    async function start(): Promise<{ app: FastifyInstance; proxy: CuttableProxy }> {
      let url = redisUrl;
      if (!url) {
        const own = await startOwnRedis();
        opened.push(own);
        url = own.url;
      }
      const direct = new URL(url);
      const proxy = await startCuttableProxy({ host: direct.hostname, port: Number(direct.port || 6379) });
      opened.push(proxy);
      const proxied = new URL(direct);
      proxied.host = proxy.address;
      // The counters are built from REDIS_URL as in production, each run under its own prefix.
      const app = await buildApp(
        testConfig({
          redisUrl: proxied.toString(),
          redisKeyPrefix: `dermis-test:${randomBytes(6).toString('hex')}:`,
        }),
        { database: t.database },
      );
      opened.push(app);
      return { app, proxy };
    }

    it('refuses sign-in and sends with 503 and Retry-After while Redis is away, and recovers by itself', async () => {
      const practiceId = await givenPractice(t.db);
      const domain = 'direct.outage.example.org';
      await givenDirectPractice(t.db, practiceId, domain, `clinic@${domain}`);
      const maria = await givenUser(t.db, practiceId, { username: 'maria', password: 'Secret123' });
      const bob = await givenUser(t.db, practiceId, { username: 'bob', password: 'Secret123' });
      await givenDirectAddress(t.db, maria.patientId, `maria@${domain}`);
      await givenDirectAddress(t.db, bob.patientId, `bob@${domain}`);
      const { app, proxy } = await start();

      const login = (language = 'en') =>
        app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: maria.username, password: maria.password },
          headers: { 'accept-language': language },
        });
      const send = (token: string, subject: string) =>
        app.inject({
          method: 'POST',
          url: '/api/app/directMessage/send',
          headers: bearer(token),
          payload: {
            directMessageInfo: {
              patientId: maria.patientId,
              fromPatientId: maria.patientId,
              to: `bob@${domain}`,
              subject,
              content: 'Hi',
            },
          },
        });
      const readiness = () => app.inject({ method: 'GET', url: '/readyz' });

      const signedIn = await login();
      expect(signedIn.statusCode).toBe(200);
      const { accessToken } = signedIn.json<{ accessToken: string }>();
      expect((await send(accessToken, 'Before')).statusCode).toBe(200);
      expect((await readiness()).json()).toEqual({
        status: 'ready',
        checks: { database: 'ok', redis: 'ok', blobStore: 'ok' },
      });

      await proxy.cut();
      expectUnavailable(await login());
      expectUnavailable(await login('es'), 'es');
      expectUnavailable(await send(accessToken, 'During'));
      const notReady = await readiness();
      expect(notReady.statusCode).toBe(503);
      expect(notReady.json()).toEqual({
        status: 'unavailable',
        checks: { database: 'ok', redis: 'unavailable', blobStore: 'ok' },
      });
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

      await proxy.restore();
      await expect.poll(async () => (await login()).statusCode, { timeout: 15_000 }).toBe(200);
      expect((await readiness()).statusCode).toBe(200);
      expect((await send(accessToken, 'After')).statusCode).toBe(200);
    });
  });
} else {
  console.info('Redis outage test not run: set REDIS_URL=redis://… or install redis-server to run it.');
}
