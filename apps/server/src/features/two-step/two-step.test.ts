import { addProfileResponse, twoStepProfilesResponse } from '@dermis/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeEach, expect, it } from 'vitest';
import { mfaCode, mfaProfile, responsiblePerson } from '../../db/schema';
import { base32Decode } from '../../lib/totp';
import { useTestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/database';
import type { UserFixture } from '../../test/fixtures';
import { bearer, givenPractice, givenResponsiblePerson, givenUser, signIn } from '../../test/fixtures';
import { authenticatorCode, givenVerifiedProfile, newestCodeMailedTo } from './two-step-test-support';

const invalidOtp = { error: 'INVALID_OTP_CODE', message: 'Invalid OTP code.' };

describeEachDatabase('two-step profiles in account settings', (t) => {
  const newApp = useTestApp(t);
  let app: FastifyInstance;
  let user: UserFixture;
  let other: UserFixture;
  let token: string;

  beforeEach(async () => {
    app = await newApp();
    const practiceId = await givenPractice(t.db, 'Sunrise Dermatology');
    user = await givenUser(t.db, practiceId, { username: 'maria.lopez' });
    other = await givenUser(t.db, practiceId, { username: 'john.other' });
    token = (await signIn(app, user.username, user.password)).accessToken;
  });

  const call = (
    method: 'GET' | 'POST',
    path: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    app.inject({
      method,
      url: `/api/app/${path}`,
      headers: { ...bearer(token), ...headers },
      ...(payload ? { payload } : {}),
    });
  const list = async () =>
    twoStepProfilesResponse.parse((await call('GET', 'mfa/userProfiles/patient/getAll')).json());

  it('lists no profiles at first, with the practice flag, and both available types', async () => {
    expect(await list()).toEqual({ profiles: [], mfaRequired: false });
    const types = await call('GET', 'practice/available2FATypes');
    expect(types.json()).toEqual({ available2FATypes: ['EMAIL', 'AUTH_APP'] });
  });

  it('refuses every call without an access token', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/app/mfa/userProfiles/patient/getAll' });
    expect(response.statusCode).toBe(401);
  });

  it('adds an authenticator profile with a QR code, stores the secret encrypted and verifies it', async () => {
    const response = await call('POST', 'mfa/userProfiles/add', {
      type: 'AUTH_APP',
      userId: user.userId,
      preferred: false,
    });
    expect(response.statusCode).toBe(200);
    const body = addProfileResponse.parse(response.json());
    expect(body.profileInfo).toMatchObject({ type: 'AUTH_APP', value: null, verified: false });
    expect(body.qrCode).toMatch(/^data:image\/png;base64,/);
    expect(base32Decode(body.secret!)).toHaveLength(20);

    const [stored] = await t.db.select().from(mfaProfile).where(eq(mfaProfile.id, body.profileInfo.id));
    expect(stored!.secret).not.toContain(body.secret);
    expect(await list()).toEqual({ profiles: [], mfaRequired: false }); // unverified: not listed

    const wrong = await call('POST', 'mfa/userProfiles/verify', {
      id: body.profileInfo.id,
      code: authenticatorCode(body.secret!, 5),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(invalidOtp);

    const right = await call('POST', 'mfa/userProfiles/verify', {
      id: body.profileInfo.id,
      code: authenticatorCode(body.secret!),
    });
    expect(right.statusCode).toBe(200);
    expect((await list()).profiles).toEqual([
      { id: body.profileInfo.id, type: 'AUTH_APP', value: null, preferred: true },
    ]);
  });

  it('adds an e-mail profile by sending a six-digit code that verifies it', async () => {
    const response = await call('POST', 'mfa/userProfiles/add', {
      type: 'EMAIL',
      value: 'maria@example.com',
      userId: user.userId,
      preferred: true,
    });
    expect(response.statusCode).toBe(200);
    const body = addProfileResponse.parse(response.json());
    expect(body.qrCode).toBeUndefined();
    const code = await newestCodeMailedTo(t.db, 'maria@example.com');
    const [stored] = await t.db.select().from(mfaCode).where(eq(mfaCode.profileId, body.profileInfo.id));
    expect(stored!.codeHash).not.toContain(code);

    const verified = await call('POST', 'mfa/userProfiles/verify', { id: body.profileInfo.id, code });
    expect(verified.statusCode).toBe(200);
    expect((await list()).profiles).toEqual([
      { id: body.profileInfo.id, type: 'EMAIL', value: 'maria@example.com', preferred: true },
    ]);
    // Spent: the same code does not verify anything again.
    const again = await call('POST', 'mfa/userProfiles/verify', { id: body.profileInfo.id, code });
    expect(again.statusCode).toBe(400);
  });

  it('validates the e-mail address with the spec messages', async () => {
    const add = (value: string) =>
      call('POST', 'mfa/userProfiles/add', { type: 'EMAIL', value, userId: user.userId, preferred: false });
    expect((await add('not-an-address')).json()).toMatchObject({
      validationMessages: [{ field: 'value', description: 'Email is not valid' }],
    });
    expect((await add(`${'a'.repeat(250)}@example.com`)).json()).toMatchObject({
      validationMessages: [
        { field: 'value', description: 'This field can not contain more than 255 characters' },
      ],
    });
    expect((await add('')).statusCode).toBe(400);
  });

  it('refuses adding a profile for another user with 403', async () => {
    const response = await call('POST', 'mfa/userProfiles/add', {
      type: 'AUTH_APP',
      userId: other.userId,
      preferred: false,
    });
    expect(response.statusCode).toBe(403);
  });

  it("refuses to verify, prefer, resend or deactivate another user's profile with 403", async () => {
    const otherToken = (await signIn(app, other.username, other.password)).accessToken;
    const theirs = await givenVerifiedProfile(app, t.db, otherToken, other.userId, {
      type: 'EMAIL',
      value: 'john@example.com',
    });
    const confirmation = (await call('POST', 'password/validate', { password: user.password })).json<{
      confirmationToken: string;
    }>();
    const attempts = [
      await call('POST', 'mfa/userProfiles/verify', { id: theirs.id, code: '123456' }),
      await call('POST', 'mfa/userProfiles/setPreferred', { id: theirs.id, preferred: true }),
      await call('POST', 'mfa/userProfiles/resendOtpCode', { id: theirs.id }),
      await call(
        'POST',
        'mfa/userProfiles/deactivate',
        { id: theirs.id },
        { confirmationtoken: confirmation.confirmationToken },
      ),
    ];
    expect(attempts.map((r) => r.statusCode)).toEqual([403, 403, 403, 403]);
    const [row] = await t.db.select().from(mfaProfile).where(eq(mfaProfile.id, theirs.id));
    expect(row).toMatchObject({ active: true, preferred: true });
  });

  it("gives a responsible person no access to the cared-for patient's profiles (and none once revoked)", async () => {
    const minor = await givenUser(t.db, user.practiceId, { username: 'emma.reed' });
    const linkId = await givenResponsiblePerson(t.db, minor.patientId, user.patientId);
    const minorToken = (await signIn(app, minor.username, minor.password)).accessToken;
    const minors = await givenVerifiedProfile(app, t.db, minorToken, minor.userId, { type: 'AUTH_APP' });
    expect(
      (await call('POST', 'mfa/userProfiles/setPreferred', { id: minors.id, preferred: true })).statusCode,
    ).toBe(403);
    expect(
      (
        await call('POST', 'mfa/userProfiles/add', {
          type: 'AUTH_APP',
          userId: minor.userId,
          preferred: false,
        })
      ).statusCode,
    ).toBe(403);
    await t.db.update(responsiblePerson).set({ active: false }).where(eq(responsiblePerson.id, linkId));
    expect(
      (await call('POST', 'mfa/userProfiles/setPreferred', { id: minors.id, preferred: true })).statusCode,
    ).toBe(403);
  });

  it('makes the first verified profile preferred and moves preference on request', async () => {
    const email = await givenVerifiedProfile(app, t.db, token, user.userId, {
      type: 'EMAIL',
      value: 'maria@example.com',
    });
    const appProfile = await givenVerifiedProfile(app, t.db, token, user.userId, { type: 'AUTH_APP' });
    expect((await list()).profiles.map((p) => [p.id, p.preferred])).toEqual([
      [email.id, true],
      [appProfile.id, false],
    ]);

    expect(
      (await call('POST', 'mfa/userProfiles/setPreferred', { id: appProfile.id, preferred: true }))
        .statusCode,
    ).toBe(200);
    expect((await list()).profiles.map((p) => [p.id, p.preferred])).toEqual([
      [email.id, false],
      [appProfile.id, true],
    ]);
  });

  it('refuses a second profile of a type already set up', async () => {
    await givenVerifiedProfile(app, t.db, token, user.userId, { type: 'AUTH_APP' });
    const response = await call('POST', 'mfa/userProfiles/add', {
      type: 'AUTH_APP',
      userId: user.userId,
      preferred: false,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: 'CONFLICT',
      message: 'A 2-step verification profile of this type is already set up.',
    });
  });

  it('validates the password into a confirmation token, and refuses a wrong one with 401 BAD_CREDENTIALS', async () => {
    const wrong = await call('POST', 'password/validate', { password: 'Wrong1234' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ error: 'BAD_CREDENTIALS' });
    const right = await call('POST', 'password/validate', { password: user.password });
    expect(right.statusCode).toBe(200);
    expect(right.json<{ confirmationToken: string }>().confirmationToken).toMatch(/^ey/);
  });

  it('deactivates only with a valid confirmation token, then the first remaining profile becomes preferred', async () => {
    const email = await givenVerifiedProfile(app, t.db, token, user.userId, {
      type: 'EMAIL',
      value: 'maria@example.com',
    });
    const appProfile = await givenVerifiedProfile(app, t.db, token, user.userId, { type: 'AUTH_APP' });
    const deactivate = (headers: Record<string, string>) =>
      call('POST', 'mfa/userProfiles/deactivate', { id: email.id }, headers);

    const missing = await deactivate({});
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ error: 'BAD_CREDENTIALS' });
    expect((await deactivate({ confirmationtoken: 'not-a-token' })).statusCode).toBe(401);
    // An access token is not a confirmation.
    expect((await deactivate({ confirmationtoken: token })).statusCode).toBe(401);
    // Nor is another user's confirmation.
    const otherToken = (await signIn(app, other.username, other.password)).accessToken;
    const othersConfirmation = await app.inject({
      method: 'POST',
      url: '/api/app/password/validate',
      headers: bearer(otherToken),
      payload: { password: other.password },
    });
    expect(
      (
        await deactivate({
          ConfirmationToken: othersConfirmation.json<{ confirmationToken: string }>().confirmationToken,
        })
      ).statusCode,
    ).toBe(401);

    const { confirmationToken } = (
      await call('POST', 'password/validate', { password: user.password })
    ).json<{ confirmationToken: string }>();
    expect((await deactivate({ ConfirmationToken: confirmationToken })).statusCode).toBe(200);
    expect((await list()).profiles).toEqual([
      { id: appProfile.id, type: 'AUTH_APP', value: null, preferred: true },
    ]);
  });

  it('resends an e-mail code (the older one stops working) and refuses resend for an authenticator', async () => {
    const added = await call('POST', 'mfa/userProfiles/add', {
      type: 'EMAIL',
      value: 'maria@example.com',
      userId: user.userId,
      preferred: false,
    });
    const id = added.json<{ profileInfo: { id: number } }>().profileInfo.id;
    const first = await newestCodeMailedTo(t.db, 'maria@example.com');
    expect((await call('POST', 'mfa/userProfiles/resendOtpCode', { id })).statusCode).toBe(200);
    const second = await newestCodeMailedTo(t.db, 'maria@example.com');
    if (first !== second)
      expect((await call('POST', 'mfa/userProfiles/verify', { id, code: first })).statusCode).toBe(400);
    expect((await call('POST', 'mfa/userProfiles/verify', { id, code: second })).statusCode).toBe(200);

    const appProfile = await givenVerifiedProfile(app, t.db, token, user.userId, { type: 'AUTH_APP' });
    expect((await call('POST', 'mfa/userProfiles/resendOtpCode', { id: appProfile.id })).statusCode).toBe(
      400,
    );
  });

  it('refuses an expired e-mail code', async () => {
    const added = await call('POST', 'mfa/userProfiles/add', {
      type: 'EMAIL',
      value: 'maria@example.com',
      userId: user.userId,
      preferred: false,
    });
    const id = added.json<{ profileInfo: { id: number } }>().profileInfo.id;
    const code = await newestCodeMailedTo(t.db, 'maria@example.com');
    await t.db
      .update(mfaCode)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(mfaCode.profileId, id));
    const response = await call('POST', 'mfa/userProfiles/verify', { id, code });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(invalidOtp);
  });

  it('stops accepting a code after five wrong attempts', async () => {
    const added = await call('POST', 'mfa/userProfiles/add', {
      type: 'EMAIL',
      value: 'maria@example.com',
      userId: user.userId,
      preferred: false,
    });
    const id = added.json<{ profileInfo: { id: number } }>().profileInfo.id;
    const code = await newestCodeMailedTo(t.db, 'maria@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1)
      expect((await call('POST', 'mfa/userProfiles/verify', { id, code: wrong })).statusCode).toBe(400);
    expect((await call('POST', 'mfa/userProfiles/verify', { id, code })).json()).toEqual(invalidOtp);
  });

  it('throttles wrong codes per user with 429', async () => {
    const added = await call('POST', 'mfa/userProfiles/add', {
      type: 'AUTH_APP',
      userId: user.userId,
      preferred: false,
    });
    const body = added.json<{ profileInfo: { id: number }; secret: string }>();
    const wrong = authenticatorCode(body.secret, 10);
    for (let i = 0; i < 10; i += 1)
      await call('POST', 'mfa/userProfiles/verify', { id: body.profileInfo.id, code: wrong });
    const response = await call('POST', 'mfa/userProfiles/verify', {
      id: body.profileInfo.id,
      code: authenticatorCode(body.secret),
    });
    expect(response.statusCode).toBe(429);
  });
});
