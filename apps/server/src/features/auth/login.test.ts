import { errorResponse, loginResponse, tokenClaims, translate } from '@dermis/contract';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { beforeEach, expect, it } from 'vitest';
import { patient, userAccount } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/database';
import type { UserFixture } from '../../test/fixtures';
import { givenPractice, givenUser } from '../../test/fixtures';

describeEachDatabase('POST /api/auth/login', (t) => {
  const newApp = useTestApp(t);
  let user: UserFixture;

  beforeEach(async () => {
    const practiceId = await givenPractice(t.db);
    user = await givenUser(t.db, practiceId, { username: 'Maria.Lopez', password: 'Secret123' });
  });

  const login = async (payload: unknown, app?: Awaited<ReturnType<typeof newApp>>) =>
    (app ?? (await newApp({ appServerUrl: 'https://app.example/api/app' }))).inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: payload as object,
    });

  it('signs in with the right password and answers tokens with the spec claims and the servers', async () => {
    const before = Math.floor(Date.now() / 1000);
    const response = await login({
      username: 'maria.lopez',
      password: 'Secret123',
      clientVersion: '1.8.0',
      timeZoneId: 'Europe/Berlin',
    });
    expect(response.statusCode).toBe(200);
    const body = loginResponse.parse(response.json());
    expect(body.servers).toEqual({ app: 'https://app.example/api/app', ws: 'https://app.example/api/app' });

    const access = decodeJwt(body.accessToken!);
    expect(tokenClaims.parse(access)).toMatchObject({
      practiceId: user.practiceId,
      userId: user.userId,
      username: 'Maria.Lopez',
    });
    expect(access.typ).toBe('access');
    expect(access.iat).toBeGreaterThanOrEqual(before);
    expect(access.exp! - access.iat!).toBe(300);

    const refresh = decodeJwt(body.refreshToken!);
    expect(refresh.typ).toBe('refresh');
    expect(refresh.jti).toMatch(/^[0-9a-f-]{36}$/);
    expect(refresh.exp! - refresh.iat!).toBe(28_800);
  });

  const badCredentials = { error: 'BAD_CREDENTIALS', message: 'Bad Credentials' };

  it('refuses an unknown username with 401 Bad Credentials', async () => {
    const response = await login({ username: 'nobody', password: 'Secret123' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(badCredentials);
  });

  it('refuses a wrong password with 401 Bad Credentials', async () => {
    const response = await login({ username: user.username, password: 'Secret124' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(badCredentials);
  });

  it('refuses an inactive account even with the right password', async () => {
    await t.db.update(userAccount).set({ active: false }).where(eq(userAccount.id, user.userId));
    const response = await login({ username: user.username, password: user.password });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(badCredentials);
  });

  it('refuses a deceased patient and an inactive patient even with the right password', async () => {
    await t.db.update(patient).set({ deceased: true }).where(eq(patient.id, user.patientId));
    expect((await login({ username: user.username, password: user.password })).json()).toEqual(
      badCredentials,
    );
    await t.db.update(patient).set({ deceased: false, active: false }).where(eq(patient.id, user.patientId));
    const response = await login({ username: user.username, password: user.password });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(badCredentials);
  });

  it('answers missing fields with 400 and the catalog messages per field', async () => {
    const response = await login({ username: '  ' });
    expect(response.statusCode).toBe(400);
    const body = errorResponse.parse(response.json());
    expect(body.error).toBe('VALIDATION_ERROR');
    expect(body.validationMessages).toEqual([
      { field: 'username', description: translate('validation.fieldRequired', { field: 'Username' }) },
      { field: 'password', description: 'Password is required' },
    ]);
  });

  it('answers a body that is not JSON with 400 in the error shape', async () => {
    const app = await newApp();
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(response.statusCode).toBe(400);
    expect(errorResponse.parse(response.json()).error).toBe('VALIDATION_ERROR');
  });

  it('refuses the two-step code variant with 401 when the temporary token is not valid', async () => {
    const response = await login({ mfaProfileId: 1, otpCode: '123456', tempToken: 'x' });
    expect(response.statusCode).toBe(401);
    // A temporary token that does not verify (expired, spent or forged): the patient starts again.
    expect(response.json()).toMatchObject({ error: 'SIGN_IN_TIMED_OUT' });
  });

  it('validates the code variant by its own rules', async () => {
    const response = await login({ mfaProfileId: 1, otpCode: '12', tempToken: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      validationMessages: [{ field: 'otpCode', description: 'Invalid OTP code.' }],
    });
  });

  it('finds the account whatever the case of the username, in every practice', async () => {
    const other = await givenPractice(t.db, 'Other');
    const twin = await givenUser(t.db, other, { username: 'maria.lopez', password: 'Different1' });
    const app = await newApp();
    const first = loginResponse.parse(
      (await login({ username: 'MARIA.LOPEZ', password: 'Secret123' }, app)).json(),
    );
    expect(decodeJwt(first.accessToken!).practiceId).toBe(user.practiceId);
    const second = loginResponse.parse(
      (await login({ username: 'maria.lopez', password: 'Different1' }, app)).json(),
    );
    expect(decodeJwt(second.accessToken!).userId).toBe(twin.userId);
  });
});
