import { loginResponse, loginTwoStepProfilesResponse } from '@dermis/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { beforeEach, expect, it, vi } from 'vitest';
import { apiKey, practice } from '../../db/schema';
import { newApiKey, sha256Hex } from '../../lib/secrets';
import { useTestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/database';
import type { UserFixture } from '../../test/fixtures';
import { bearer, givenPractice, givenUser, signIn } from '../../test/fixtures';
import { authenticatorCode, givenVerifiedProfile, newestCodeMailedTo } from './two-step-test-support';

const invalidOtp = { error: 'INVALID_OTP_CODE', message: 'Invalid OTP code.' };

describeEachDatabase('sign-in with two-step verification', (t) => {
  const newApp = useTestApp(t);
  let app: FastifyInstance;
  let user: UserFixture;
  let practiceId: number;

  beforeEach(async () => {
    app = await newApp();
    practiceId = await givenPractice(t.db, 'Sunrise Dermatology');
    user = await givenUser(t.db, practiceId, { username: 'maria.lopez' });
  });

  const passwordLogin = async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: user.username, password: user.password },
    });
    expect(response.statusCode).toBe(200);
    return loginResponse.parse(response.json());
  };
  const codeLogin = (payload: object) => app.inject({ method: 'POST', url: '/api/auth/login', payload });
  const withAuthenticator = async () => {
    const { accessToken } = await signIn(app, user.username, user.password);
    return givenVerifiedProfile(app, t.db, accessToken, user.userId, { type: 'AUTH_APP' });
  };

  it('answers a temporary token and no session after the password when the user has a profile', async () => {
    const profile = await withAuthenticator();
    const body = await passwordLogin();
    expect(body.accessToken).toBeUndefined();
    expect(body.refreshToken).toBeUndefined();
    expect(body).toMatchObject({
      available2FATypes: ['AUTH_APP'],
      preferredProfileId: profile.id,
      preferredProfileType: 'AUTH_APP',
      hasMoreProfiles: false,
    });
    const claims = decodeJwt(body.tempToken!);
    expect(claims).toMatchObject({ typ: 'temp', userId: user.userId });
    expect(claims.exp! - claims.iat!).toBe(600);
  });

  it('signs in with a right authenticator code, once: the temporary token and the code are then spent', async () => {
    const profile = await withAuthenticator();
    const { tempToken } = await passwordLogin();
    const code = authenticatorCode(profile.secret!, 1);
    const response = await codeLogin({ mfaProfileId: profile.id, otpCode: code, tempToken });
    expect(response.statusCode).toBe(200);
    const body = loginResponse.parse(response.json());
    expect(decodeJwt(body.accessToken!).typ).toBe('access');
    expect(body.refreshToken).toBeDefined();
    expect(body.servers).toBeDefined();

    const again = await codeLogin({ mfaProfileId: profile.id, otpCode: code, tempToken });
    expect(again.statusCode).toBe(401);
    // A spent temporary token means "start again", not "Failed!".
    expect(again.json()).toEqual({
      error: 'SIGN_IN_TIMED_OUT',
      message: 'Your sign-in timed out. Please sign in again.',
    });
    // A fresh temporary token does not make the used code (replay) acceptable either, and the
    // patient is told to wait for the next code rather than that the code is wrong.
    const fresh = await passwordLogin();
    const replay = await codeLogin({ mfaProfileId: profile.id, otpCode: code, tempToken: fresh.tempToken });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({
      error: 'OTP_CODE_USED',
      message:
        'That code was just used. Please wait for the next code in your authenticator app and enter it.',
    });
  });

  it('answers SIGN_IN_TIMED_OUT, not a bare failure, when the temporary token has expired', async () => {
    const profile = await withAuthenticator();
    const { tempToken } = await passwordLogin();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 11 * 60_000);
      const late = await codeLogin({
        mfaProfileId: profile.id,
        otpCode: authenticatorCode(profile.secret!, 0),
        tempToken,
      });
      expect(late.statusCode).toBe(401);
      expect(late.json()).toMatchObject({ error: 'SIGN_IN_TIMED_OUT' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a wrong code with 401 INVALID_OTP_CODE and throttles repeated failures', async () => {
    const profile = await withAuthenticator();
    const { tempToken } = await passwordLogin();
    const wrong = authenticatorCode(profile.secret!, 10);
    const response = await codeLogin({ mfaProfileId: profile.id, otpCode: wrong, tempToken });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(invalidOtp);
    for (let i = 0; i < 4; i += 1) await codeLogin({ mfaProfileId: profile.id, otpCode: wrong, tempToken });
    const throttled = await codeLogin({
      mfaProfileId: profile.id,
      otpCode: authenticatorCode(profile.secret!),
      tempToken,
    });
    expect(throttled.statusCode).toBe(429);
  });

  it("refuses a code for another user's profile", async () => {
    const other = await givenUser(t.db, practiceId, { username: 'john.other' });
    const otherToken = (await signIn(app, other.username, other.password)).accessToken;
    const theirs = await givenVerifiedProfile(app, t.db, otherToken, other.userId, { type: 'AUTH_APP' });
    await withAuthenticator();
    const { tempToken } = await passwordLogin();
    const response = await codeLogin({
      mfaProfileId: theirs.id,
      otpCode: authenticatorCode(theirs.secret!),
      tempToken,
    });
    expect(response.statusCode).toBe(401);
  });

  it('e-mails the code of a preferred e-mail profile with the temporary token, and signs in with it', async () => {
    const { accessToken } = await signIn(app, user.username, user.password);
    const profile = await givenVerifiedProfile(app, t.db, accessToken, user.userId, {
      type: 'EMAIL',
      value: 'maria@example.com',
    });
    const setupCode = await newestCodeMailedTo(t.db, 'maria@example.com');
    const { tempToken, preferredProfileType } = await passwordLogin();
    expect(preferredProfileType).toBe('EMAIL');
    const code = await newestCodeMailedTo(t.db, 'maria@example.com');
    expect(code).not.toBe(setupCode);
    const response = await codeLogin({ mfaProfileId: profile.id, otpCode: code, tempToken });
    expect(response.statusCode).toBe(200);
  });

  it('resends and sends e-mail codes with the temporary token; the list shows the profiles', async () => {
    const { accessToken } = await signIn(app, user.username, user.password);
    const email = await givenVerifiedProfile(app, t.db, accessToken, user.userId, {
      type: 'EMAIL',
      value: 'maria@example.com',
    });
    await givenVerifiedProfile(app, t.db, accessToken, user.userId, { type: 'AUTH_APP' });
    const { tempToken, hasMoreProfiles, available2FATypes } = await passwordLogin();
    expect(hasMoreProfiles).toBe(true);
    expect(available2FATypes).toEqual(['EMAIL', 'AUTH_APP']);

    const listed = await app.inject({
      method: 'GET',
      url: '/api/auth/mfa/api/userProfiles/getAll',
      headers: bearer(tempToken!),
    });
    expect(loginTwoStepProfilesResponse.parse(listed.json())).toMatchObject({
      mfaRequired: false,
      is2FASetupMandatory: false,
      setup2FATime: 10,
    });
    expect(listed.json<{ profiles: unknown[] }>().profiles).toHaveLength(2);

    for (const path of ['emailOtp/resend', 'emailOtp/send']) {
      const response = await app.inject({
        method: 'POST',
        url: `/api/auth/mfa/api/userProfiles/${path}`,
        headers: bearer(tempToken!),
        payload: { id: email.id },
      });
      expect(response.statusCode).toBe(200);
    }
    const code = await newestCodeMailedTo(t.db, 'maria@example.com');
    expect((await codeLogin({ mfaProfileId: email.id, otpCode: code, tempToken })).statusCode).toBe(200);
  });

  it('refuses a temporary token on app-server calls and an access token on login-time calls', async () => {
    await withAuthenticator();
    const { tempToken } = await passwordLogin();
    const app1 = await app.inject({
      method: 'GET',
      url: '/api/app/mfa/userProfiles/patient/getAll',
      headers: bearer(tempToken!),
    });
    expect(app1.statusCode).toBe(401);
    const other = await givenUser(t.db, practiceId, { username: 'plain.user' });
    const session = await signIn(app, other.username, other.password);
    const login1 = await app.inject({
      method: 'GET',
      url: '/api/auth/mfa/api/userProfiles/getAll',
      headers: bearer(session.accessToken),
    });
    expect(login1.statusCode).toBe(401);
    const login2 = await app.inject({
      method: 'POST',
      url: '/api/auth/mfa/api/userProfiles/add',
      headers: bearer(session.accessToken),
      payload: { type: 'AUTH_APP' },
    });
    expect(login2.statusCode).toBe(401);
  });

  it('does not let a temporary token add a profile when the user already has one', async () => {
    await withAuthenticator();
    const { tempToken } = await passwordLogin();
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/mfa/api/userProfiles/add',
      headers: bearer(tempToken!),
      payload: { type: 'EMAIL', value: 'thief@example.com' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('makes a user of a practice requiring two-step set up a profile at sign-in, then sign in with a code', async () => {
    const turnedOn = await app.inject({
      method: 'PUT',
      url: '/api/integration/practice/mfa',
      headers: { 'x-api-key': 'wrong' },
      payload: { required: true },
    });
    expect(turnedOn.statusCode).toBe(401);
    await t.db.update(practice).set({ mfaRequiredByPracticeAdmin: true }).where(eq(practice.id, practiceId));

    const first = await passwordLogin();
    expect(first).toMatchObject({ available2FATypes: [], preferredProfileId: null, hasMoreProfiles: false });
    expect(first.accessToken).toBeUndefined();
    const auth = bearer(first.tempToken!);

    const listed = await app.inject({
      method: 'GET',
      url: '/api/auth/mfa/api/userProfiles/getAll',
      headers: auth,
    });
    expect(listed.json()).toEqual({
      profiles: [],
      mfaRequired: true,
      available2FATypes: ['EMAIL', 'AUTH_APP'],
      is2FASetupMandatory: true,
      setup2FATime: 10,
    });

    const added = await app.inject({
      method: 'POST',
      url: '/api/auth/mfa/api/userProfiles/add',
      headers: auth,
      payload: { type: 'AUTH_APP' },
    });
    expect(added.statusCode).toBe(200);
    const { profileInfo, secret } = added.json<{ profileInfo: { id: number }; secret: string }>();
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/auth/mfa/api/userProfiles/verify',
      headers: auth,
      payload: { id: profileInfo.id, code: authenticatorCode(secret, 9) },
    });
    expect(wrong.json()).toEqual(invalidOtp);
    const verified = await app.inject({
      method: 'POST',
      url: '/api/auth/mfa/api/userProfiles/verify',
      headers: auth,
      payload: { id: profileInfo.id, code: authenticatorCode(secret, -1) },
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ profile: { id: profileInfo.id, preferred: true } });

    const response = await codeLogin({
      mfaProfileId: profileInfo.id,
      otpCode: authenticatorCode(secret, 1),
      tempToken: first.tempToken,
    });
    expect(response.statusCode).toBe(200);
    expect(loginResponse.parse(response.json()).accessToken).toBeDefined();
  });

  it('turns the practice requirement on and off through the integration API key', async () => {
    const key = newApiKey();
    await t.db.insert(apiKey).values({ practiceId, keyHash: sha256Hex(key) });
    const put = (required: boolean) =>
      app.inject({
        method: 'PUT',
        url: '/api/integration/practice/mfa',
        headers: { 'x-api-key': key },
        payload: { required },
      });
    const response = await put(true);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ practiceId, mfaRequiredByPracticeAdmin: true });
    expect((await passwordLogin()).tempToken).toBeDefined();
    await put(false);
    expect((await passwordLogin()).accessToken).toBeDefined();
  });
});
