// Sessions and throttles under concurrency: parallel requests through
// app.inject, on both counter stores and both databases.
import { randomBytes } from 'node:crypto';
import { accessTokenResponse } from '@dermis/contract';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { testServices } from '../../config/env';
import { authSession } from '../../db/schema';
import type { CounterStore } from '../../lib/counters/counter-store';
import { MemoryCounterStore } from '../../lib/counters/memory-counter-store';
import { RedisCounterStore } from '../../lib/counters/redis-counter-store';
import { useTestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/database';
import { bearer, givenPractice, givenUser, signIn } from '../../test/fixtures';

const redisUrl = testServices().redisUrl;
const stores: [string, () => CounterStore][] = [['in-process counters', () => new MemoryCounterStore()]];
if (redisUrl)
  stores.push([
    'Redis counters',
    () => new RedisCounterStore(redisUrl, `dermis-test:${randomBytes(6).toString('hex')}:`),
  ]);

describeEachDatabase('sessions and throttles under concurrency', (t) => {
  const newApp = useTestApp(t);

  const setUp = async (overrides: Parameters<typeof newApp>[0] = {}, store?: CounterStore) => {
    const practiceId = await givenPractice(t.db);
    const user = await givenUser(t.db, practiceId, { username: 'maria', password: 'Secret123' });
    const app = await newApp(overrides, store);
    if (store) app.addHook('onClose', () => store.close());
    const login = (username: string, password: string, options: { address?: string; cookie?: string } = {}) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username, password },
        remoteAddress: options.address ?? '10.0.0.1',
        headers: options.cookie ? { cookie: options.cookie } : {},
      });
    const refresh = (token: string) =>
      app.inject({ method: 'GET', url: '/api/auth/refreshToken/getAccessToken', headers: bearer(token) });
    const profile = (accessToken: string, username = user.username) =>
      app.inject({
        method: 'POST',
        url: '/api/app/patient/getByUsername',
        headers: bearer(accessToken),
        payload: { username },
      });
    return { app, user, login, refresh, profile };
  };

  for (const [storeName, makeStore] of stores) {
    describe(storeName, () => {
      it('checks at most the limit of 40 parallel wrong passwords (the attempt is counted first)', async () => {
        const { login } = await setUp(
          { loginMaxFailuresPerUsername: 5, loginMaxFailuresPerAddress: 1000 },
          makeStore(),
        );
        const answers = await Promise.all(
          Array.from({ length: 40 }, (_, i) => login('maria', `Wrong${i}pass`, { address: `10.1.0.${i}` })),
        );
        const checked = answers.filter((a) => a.statusCode === 401).length;
        expect(checked).toBeGreaterThan(0);
        expect(checked).toBeLessThanOrEqual(5);
        expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(40 - checked);
        expect((await login('maria', 'Secret123', { address: '10.2.0.1' })).statusCode).toBe(429);
      });

      it('keeps a browser that signed in before trying at its own limit during a storm from elsewhere', async () => {
        const { login } = await setUp(
          { loginMaxFailuresPerUsername: 5, loginMaxFailuresPerDevice: 3, loginMaxFailuresPerAddress: 1000 },
          makeStore(),
        );
        const home = await login('maria', 'Secret123', { address: '198.51.100.7' });
        expect(home.statusCode).toBe(200);
        const setCookie = String(home.headers['set-cookie']);
        expect(setCookie).toMatch(/^dermis_device=[^;]+; Path=\/api\/auth; .*HttpOnly; SameSite=Strict/);
        const cookie = setCookie.split(';')[0]!;

        // The storm: wrong passwords from many addresses, the name spelled in every case and spacing.
        const spellings = ['maria', 'MARIA', '  Maria ', 'mAria', 'maria  '];
        await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            login(spellings[i % spellings.length]!, 'Wrong1234', { address: `203.0.113.${i}` }),
          ),
        );
        // An unknown browser (even with the right password) is locked out, under any spelling…
        expect((await login('Maria', 'Secret123', { address: '192.0.2.50' })).statusCode).toBe(429);
        // …a forged or other-name cookie does not help…
        const forged = cookie.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
        expect(
          (await login('maria', 'Secret123', { address: '192.0.2.51', cookie: forged })).statusCode,
        ).toBe(429);
        // …but the patient's own browser signs in.
        expect((await login(' MARIA', 'Secret123', { address: '198.51.100.7', cookie })).statusCode).toBe(
          200,
        );

        // That browser has its own limit: 3 wrong passwords, then 429 for it too.
        for (let i = 0; i < 3; i++)
          expect((await login('maria', 'Wrong1234', { address: '198.51.100.7', cookie })).statusCode).toBe(
            401,
          );
        expect((await login('maria', 'Secret123', { address: '198.51.100.7', cookie })).statusCode).toBe(429);
      });

      it('lets a browser that signed in before through a storm of wrong passwords from its shared address', async () => {
        const { login } = await setUp(
          { loginMaxFailuresPerUsername: 100, loginMaxFailuresPerDevice: 3, loginMaxFailuresPerAddress: 5 },
          makeStore(),
        );
        // One address shared by a whole clinic or office (NAT, or a proxy without TRUST_PROXY).
        const shared = '198.51.100.20';
        const home = await login('maria', 'Secret123', { address: shared });
        expect(home.statusCode).toBe(200);
        const cookie = String(home.headers['set-cookie']).split(';')[0]!;

        // The storm: wrong passwords for many names from that address fill its limit.
        await Promise.all(
          Array.from({ length: 12 }, (_, i) => login(`guess${i}`, 'Wrong1234', { address: shared })),
        );
        expect((await login('maria', 'Secret123', { address: shared })).statusCode).toBe(429);
        // The browser that signed in before still gets in from that address, under its own limit…
        expect((await login('maria', 'Secret123', { address: shared, cookie })).statusCode).toBe(200);
        for (let i = 0; i < 3; i++)
          expect((await login('maria', 'Wrong1234', { address: shared, cookie })).statusCode).toBe(401);
        expect((await login('maria', 'Secret123', { address: shared, cookie })).statusCode).toBe(429);
      });
    });
  }

  it('lets exactly one of 10 concurrent refreshes with one token win, and then ends the whole session', async () => {
    const { user, refresh, profile, login } = await setUp();
    const session = (await login(user.username, user.password)).json<{
      accessToken: string;
      refreshToken: string;
    }>();
    const answers = await Promise.all(Array.from({ length: 10 }, () => refresh(session.refreshToken)));
    const winners = answers
      .filter((a) => a.statusCode === 200)
      .map((a) => accessTokenResponse.parse(a.json()));
    expect(winners.length).toBeLessThanOrEqual(1);
    expect(answers.filter((a) => a.statusCode === 401)).toHaveLength(10 - winners.length);
    // The reuse revoked the session: nothing issued in it works any more, the winner's tokens included.
    for (const issued of [session, ...winners]) {
      expect((await profile(issued.accessToken)).statusCode).toBe(401);
      expect((await refresh(issued.refreshToken)).statusCode).toBe(401);
    }
  });

  it('ends access at once on sign-out: the access token is refused by the very next request', async () => {
    const { app, user, profile } = await setUp();
    const session = await signIn(app, user.username, user.password);
    const other = await signIn(app, user.username, user.password);
    expect((await profile(session.accessToken)).statusCode).toBe(200);
    const out = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { refreshToken: session.refreshToken },
    });
    expect(out.statusCode).toBe(204);
    expect((await profile(session.accessToken)).statusCode).toBe(401);
    // Another sign-in of the same account is untouched.
    expect((await profile(other.accessToken)).statusCode).toBe(200);
  });

  it('ends every other sign-in at once on a password change, and keeps the caller signed in', async () => {
    const { app, user, profile } = await setUp();
    const elsewhere = await signIn(app, user.username, user.password);
    const here = await signIn(app, user.username, user.password);
    const changed = await app.inject({
      method: 'POST',
      url: '/api/app/profile/changePassword',
      headers: bearer(here.accessToken),
      payload: {
        username: user.username,
        oldPassword: user.password,
        newPassword: 'Changed456',
        confirmNewPassword: 'Changed456',
      },
    });
    expect(changed.statusCode).toBe(200);
    const renewed = changed.json<{ accessToken: string; refreshToken: string }>();
    expect((await profile(elsewhere.accessToken)).statusCode).toBe(401);
    expect((await profile(renewed.accessToken)).statusCode).toBe(200);
    expect(decodeJwt(renewed.accessToken).sid).toBe(decodeJwt(here.accessToken).sid);
  });

  it('ends a sign-in at its absolute end, however it is refreshed', async () => {
    const { app, user, refresh, profile } = await setUp({
      sessionMaxLifetimeSeconds: 3600,
      refreshTokenTtlSeconds: 28_800,
    });
    const session = await signIn(app, user.username, user.password);
    const claims = decodeJwt(session.refreshToken);
    expect(claims.exp! - claims.iat!).toBeLessThanOrEqual(3600);
    const next = accessTokenResponse.parse((await refresh(session.refreshToken)).json());
    expect(decodeJwt(next.refreshToken).exp).toBeLessThanOrEqual(claims.exp!);

    // The session reaches its end (moved into the past rather than waited for).
    await t.db
      .update(authSession)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authSession.id, String(claims.sid)));
    expect((await refresh(next.refreshToken)).statusCode).toBe(401);
    expect((await profile(next.accessToken)).statusCode).toBe(401);
  });

  it('does not mint a longer sign-in on a username change: the session keeps its start and end', async () => {
    const { app, user, refresh, profile } = await setUp({
      sessionMaxLifetimeSeconds: 3600,
      refreshTokenTtlSeconds: 28_800,
    });
    const session = await signIn(app, user.username, user.password);
    const sid = String(decodeJwt(session.accessToken).sid);
    const [before] = await t.db.select().from(authSession).where(eq(authSession.id, sid));
    const changed = await app.inject({
      method: 'POST',
      url: '/api/app/profile/changeUsername',
      headers: bearer(session.accessToken),
      payload: { username: 'maria.new', profileId: user.patientId },
    });
    expect(changed.statusCode).toBe(200);
    const renewed = changed.json<{ accessToken: string; refreshToken: string }>();
    expect(decodeJwt(renewed.refreshToken).sid).toBe(sid);
    expect(decodeJwt(renewed.refreshToken).exp).toBeLessThanOrEqual(before!.expiresAt.getTime() / 1000);
    expect(await t.db.select().from(authSession)).toHaveLength(1);
    // The earlier refresh token of this session is spent by the change.
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
    expect((await profile(renewed.accessToken, 'maria.new')).statusCode).toBe(200);
  });

  it('refuses an access token that names no session', async () => {
    const { app, user, profile } = await setUp();
    const bare = app.tokens.sign('access', {
      practiceId: user.practiceId,
      userId: user.userId,
      username: user.username,
    });
    expect((await profile(bare.token)).statusCode).toBe(401);
  });
});
