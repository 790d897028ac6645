import { eq } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { auditEvent, userAccount } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/database';
import type { Session, UserFixture } from '../../test/fixtures';
import {
  bearer,
  givenPatient,
  givenPractice,
  givenResponsiblePerson,
  givenUser,
  signIn,
} from '../../test/fixtures';

describeEachDatabase('account settings: changeUsername and changePassword', (t) => {
  const newApp = useTestApp(t);
  let app: Awaited<ReturnType<typeof newApp>>;
  let practiceId: number;
  let maria: UserFixture;
  let session: Session;

  beforeEach(async () => {
    practiceId = await givenPractice(t.db);
    maria = await givenUser(t.db, practiceId, { username: 'maria' });
    app = await newApp();
    session = await signIn(app, 'maria', maria.password);
  });

  const post = (url: string, token: string, payload: object) =>
    app.inject({ method: 'POST', url: `/api/app/${url}`, headers: bearer(token), payload });
  const changeUsername = (token: string, username: string, profileId = maria.patientId) =>
    post('profile/changeUsername', token, { username, profileId });
  const changePassword = (token: string, body: Partial<Record<string, string>> = {}) =>
    post('profile/changePassword', token, {
      username: 'maria',
      oldPassword: maria.password,
      newPassword: 'Changed123',
      confirmNewPassword: 'Changed123',
      ...body,
    });
  const refresh = (refreshToken: string) =>
    app.inject({
      method: 'GET',
      url: '/api/auth/refreshToken/getAccessToken',
      headers: bearer(refreshToken),
    });
  const loginStatus = async (username: string, password: string) =>
    (await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } }))
      .statusCode;

  it('changes the username, answers a fresh session carrying it, and signs out the old sessions', async () => {
    const other = await signIn(app, 'maria', maria.password);
    const response = await changeUsername(session.accessToken, 'maria.lopez');
    expect(response.statusCode).toBe(200);
    const body = response.json<{ username: string; accessToken: string; refreshToken: string }>();
    expect(body.username).toBe('maria.lopez');
    const claims = await app.tokens.verify(body.accessToken, 'access');
    expect(claims?.username).toBe('maria.lopez');

    expect((await refresh(other.refreshToken)).statusCode).toBe(401);
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
    expect((await refresh(body.refreshToken)).statusCode).toBe(200);
    expect(await loginStatus('maria.lopez', maria.password)).toBe(200);
    expect(await loginStatus('maria', maria.password)).toBe(401);
  });

  it('refuses a taken username case-insensitively with CHANGE_USERNAME_EXCEPTION', async () => {
    await givenUser(t.db, practiceId, { username: 'Daniel' });
    const response = await changeUsername(session.accessToken, 'daniel');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: 'CHANGE_USERNAME_EXCEPTION',
      message: 'Username has been already taken',
    });
    const [row] = await t.db.select().from(userAccount).where(eq(userAccount.id, maria.userId));
    expect(row?.username).toBe('maria');
  });

  it('allows a name taken only in another practice, and a new spelling of one’s own name', async () => {
    const otherPractice = await givenPractice(t.db, 'Other');
    await givenUser(t.db, otherPractice, { username: 'daniel' });
    expect((await changeUsername(session.accessToken, 'daniel')).statusCode).toBe(200);
    const again = await signIn(app, 'daniel', maria.password).catch(() => null);
    expect(again).not.toBeNull();
  });

  it('applies the username rule', async () => {
    for (const bad of ['ab', 'has space', 'x'.repeat(36), '']) {
      const response = await changeUsername(session.accessToken, bad);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: string }>().error).toBe('VALIDATION_ERROR');
    }
    const response = await changeUsername(session.accessToken, 'no spaces');
    expect(
      response.json<{ validationMessages: { description: string }[] }>().validationMessages[0]?.description,
    ).toBe(
      'Username must contain alphanumeric or some of these special characters @. , - _ and + , 3-35 characters in length',
    );
  });

  it('refuses another patient’s profileId: a stranger 403, a responsible person 403 too (audited)', async () => {
    const minorId = await givenPatient(t.db, practiceId);
    await givenResponsiblePerson(t.db, minorId, maria.patientId);
    const stranger = await givenUser(t.db, practiceId, { username: 'eve' });
    expect((await changeUsername(session.accessToken, 'emma.new', minorId)).statusCode).toBe(403);
    expect((await changeUsername(session.accessToken, 'eve.new', stranger.patientId)).statusCode).toBe(403);
    const denied = await t.db.select().from(auditEvent).where(eq(auditEvent.action, 'ACCESS_DENIED'));
    expect(denied.map((e) => e.patientId).sort()).toEqual([minorId, stranger.patientId].sort());
    const [eve] = await t.db.select().from(userAccount).where(eq(userAccount.id, stranger.userId));
    expect(eve?.username).toBe('eve');
  });

  it('requires a sign-in', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/app/profile/changeUsername',
      payload: { username: 'x.y.z', profileId: maria.patientId },
    });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a new password equal to the current one', async () => {
    const response = await changePassword(session.accessToken, {
      newPassword: maria.password,
      confirmNewPassword: maria.password,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(
      'The new password must be different from the current password.',
    );
    expect(await loginStatus('maria', maria.password)).toBe(200);
  });

  it('changes the password: stamp format, old refused, other sessions revoked, the answered session works', async () => {
    const other = await signIn(app, 'maria', maria.password);
    const response = await changePassword(session.accessToken);
    expect(response.statusCode).toBe(200);
    const body = response.json<{
      lastChangePasswordDate: string;
      accessToken: string;
      refreshToken: string;
    }>();
    expect(body.lastChangePasswordDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const [row] = await t.db.select().from(userAccount).where(eq(userAccount.id, maria.userId));
    expect(row?.lastChangePasswordDate?.toISOString()).toBe(body.lastChangePasswordDate);

    expect((await refresh(other.refreshToken)).statusCode).toBe(401);
    expect((await refresh(body.refreshToken)).statusCode).toBe(200);
    expect(await loginStatus('maria', maria.password)).toBe(401);
    expect(await loginStatus('maria', 'Changed123')).toBe(200);
  });

  it('refuses a wrong old password with CHANGE_PASSWORD_EXCEPTION and its message', async () => {
    const response = await changePassword(session.accessToken, { oldPassword: 'Wrong1234' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'CHANGE_PASSWORD_EXCEPTION',
      message: 'The old password is not correct.',
    });
    expect(await loginStatus('maria', maria.password)).toBe(200);
  });

  it('refuses a weak new password and a mismatched confirmation', async () => {
    const weak = await changePassword(session.accessToken, {
      newPassword: 'weakpass',
      confirmNewPassword: 'weakpass',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({
      error: 'CHANGE_PASSWORD_EXCEPTION',
      message:
        'Password must be at least 8 characters long, contain at least one uppercase letter and one number.',
    });
    const mismatch = await changePassword(session.accessToken, { confirmNewPassword: 'Changed124' });
    expect(mismatch.json()).toEqual({
      error: 'CHANGE_PASSWORD_EXCEPTION',
      message: 'New password does not match retyped password',
    });
    const missing = await changePassword(session.accessToken, { oldPassword: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ error: string }>().error).toBe('VALIDATION_ERROR');
    expect(await loginStatus('maria', maria.password)).toBe(200);
  });

  it('throttles wrong old passwords per account', async () => {
    for (let i = 0; i < 5; i += 1) await changePassword(session.accessToken, { oldPassword: `Wrong${i}xyz` });
    const blocked = await changePassword(session.accessToken);
    expect(blocked.statusCode).toBe(429);
    expect(await loginStatus('maria', 'Changed123')).toBe(401);
  });
});
