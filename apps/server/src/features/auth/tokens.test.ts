import { accessTokenResponse, serversResponse } from '@dermis/contract';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { beforeEach, expect, it } from 'vitest';
import { refreshToken, userAccount } from '../../db/schema';
import { sha256Hex } from '../../lib/secrets';
import { useTestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/database';
import type { UserFixture } from '../../test/fixtures';
import { bearer, givenPractice, givenUser, signIn } from '../../test/fixtures';

describeEachDatabase('refresh, logout and servers', (t) => {
  const newApp = useTestApp(t);
  let user: UserFixture;
  let app: Awaited<ReturnType<typeof newApp>>;

  beforeEach(async () => {
    user = await givenUser(t.db, await givenPractice(t.db));
    app = await newApp();
  });

  const refresh = (token: string) =>
    app.inject({ method: 'GET', url: '/api/auth/refreshToken/getAccessToken', headers: bearer(token) });
  const profile = (accessToken: string) =>
    app.inject({
      method: 'POST',
      url: '/api/app/patient/getByUsername',
      headers: bearer(accessToken),
      payload: { username: user.username },
    });
  const familyRows = async (token: string) => {
    const [row] = await t.db
      .select()
      .from(refreshToken)
      .where(eq(refreshToken.tokenHash, sha256Hex(token)));
    return t.db.select().from(refreshToken).where(eq(refreshToken.familyId, row!.familyId));
  };

  it('stores only a hash of the refresh token', async () => {
    const session = await signIn(app, user.username, user.password);
    const rows = await t.db.select().from(refreshToken);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(sha256Hex(session.refreshToken));
    expect(JSON.stringify(rows)).not.toContain(session.refreshToken);
    expect(rows[0]!.id).toBe(decodeJwt(session.refreshToken).jti);
  });

  it('exchanges a refresh token for a working access token and a new refresh token of the same family', async () => {
    const session = await signIn(app, user.username, user.password);
    const response = await refresh(session.refreshToken);
    expect(response.statusCode).toBe(200);
    const next = accessTokenResponse.parse(response.json());
    expect(next.refreshToken).not.toBe(session.refreshToken);
    expect(decodeJwt(next.accessToken)).toMatchObject({ userId: user.userId, typ: 'access' });
    expect((await profile(next.accessToken)).statusCode).toBe(200);

    const family = await familyRows(session.refreshToken);
    expect(family).toHaveLength(2);
    expect(family.filter((r) => r.usedAt !== null)).toHaveLength(1);
    // The new token works in its turn.
    expect((await refresh(next.refreshToken)).statusCode).toBe(200);
  });

  it('treats a second use of a spent token as theft: 401 and the whole family revoked', async () => {
    const session = await signIn(app, user.username, user.password);
    const next = accessTokenResponse.parse((await refresh(session.refreshToken)).json());

    const replay = await refresh(session.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ error: 'UNAUTHORIZED' });
    expect((await familyRows(session.refreshToken)).every((r) => r.revokedAt !== null)).toBe(true);
    // The legitimate newest token is revoked too.
    expect((await refresh(next.refreshToken)).statusCode).toBe(401);
  });

  it('does not revoke other sign-ins of the same user', async () => {
    const a = await signIn(app, user.username, user.password);
    const b = await signIn(app, user.username, user.password);
    await refresh(a.refreshToken);
    await refresh(a.refreshToken); // reuse: family A revoked
    expect((await refresh(b.refreshToken)).statusCode).toBe(200);
  });

  it('refuses an access token as a refresh token, and a refresh token as an access token', async () => {
    const session = await signIn(app, user.username, user.password);
    expect((await refresh(session.accessToken)).statusCode).toBe(401);
    const asAccess = await profile(session.refreshToken);
    expect(asAccess.statusCode).toBe(401);
    expect(asAccess.json()).toMatchObject({ error: 'UNAUTHORIZED' });
  });

  it('refuses expired, forged, unknown and missing refresh tokens', async () => {
    const subject = { practiceId: user.practiceId, userId: user.userId, username: user.username };
    const expired = app.tokens.sign('refresh', subject, {
      jti: crypto.randomUUID(),
      now: Date.now() - 29_000_000,
    });
    expect((await refresh(expired.token)).statusCode).toBe(401);
    const unknown = app.tokens.sign('refresh', subject, { jti: crypto.randomUUID() });
    expect((await refresh(unknown.token)).statusCode).toBe(401);
    const session = await signIn(app, user.username, user.password);
    const forged = `${session.refreshToken.slice(0, -4)}AAAA`;
    expect((await refresh(forged)).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'GET', url: '/api/auth/refreshToken/getAccessToken' })).statusCode,
    ).toBe(401);
  });

  it('refuses to refresh for an account that was deactivated', async () => {
    const session = await signIn(app, user.username, user.password);
    await t.db.update(userAccount).set({ active: false }).where(eq(userAccount.id, user.userId));
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
  });

  it('logout revokes the sign-in (204) and is idempotent', async () => {
    const session = await signIn(app, user.username, user.password);
    const next = accessTokenResponse.parse((await refresh(session.refreshToken)).json());
    const logout = (refreshToken: string) =>
      app.inject({ method: 'POST', url: '/api/auth/logout', payload: { refreshToken } });

    const first = await logout(session.refreshToken); // an older token of the family is enough
    expect(first.statusCode).toBe(204);
    expect(first.body).toBe('');
    expect((await refresh(next.refreshToken)).statusCode).toBe(401);
    expect((await logout(session.refreshToken)).statusCode).toBe(204);
    expect((await logout('not-a-token')).statusCode).toBe(204);
    expect((await app.inject({ method: 'POST', url: '/api/auth/logout', payload: {} })).statusCode).toBe(400);
  });

  it('answers servers with the configured app server', async () => {
    const custom = await newApp({ appServerUrl: 'https://app2.example/api/app' });
    const response = await custom.inject({ method: 'GET', url: '/api/auth/servers' });
    expect(response.statusCode).toBe(200);
    expect(serversResponse.parse(response.json())).toEqual({
      servers: { app: 'https://app2.example/api/app', ws: 'https://app2.example/api/app' },
    });
  });
});
