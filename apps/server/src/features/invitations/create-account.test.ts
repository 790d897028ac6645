import { eq } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { accountToken, userAccount } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/database';
import { givenUser, signIn } from '../../test/fixtures';
import { maxDateOfBirthAttempts } from './create-account.service';
import {
  expireTokensOf,
  givenPatientWithEmail,
  givenPracticeWithKey,
  invite,
  secretFromMail,
} from './invitations.test-helpers';

describeEachDatabase('POST patient/createAccount', (t) => {
  const newApp = useTestApp(t);
  let app: Awaited<ReturnType<typeof newApp>>;
  let key: string;
  let practiceId: number;

  beforeEach(async () => {
    ({ practiceId, key } = await givenPracticeWithKey(t.db));
    app = await newApp();
  });

  async function invitation(email = 'ana@example.org') {
    const ana = await givenPatientWithEmail(t.db, practiceId, email, '1984-03-12');
    await invite(app, key, ana.externalId, { kind: 'ACCOUNT_CREATION' });
    return { ...ana, token: await secretFromMail(t.db, email, '/account/create') };
  }

  const form = (token: string, overrides: Record<string, unknown> = {}) => ({
    token,
    username: 'ana.diaz',
    password: 'Secret123',
    rePassword: 'Secret123',
    dateOfBirth: '1984-03-12',
    ...overrides,
  });
  const create = (payload: object) =>
    app.inject({ method: 'POST', url: '/api/app/patient/createAccount', payload });

  it('creates the account, marks the link used, and the new user can sign in', async () => {
    const ana = await invitation();
    const res = await create(form(ana.token, { appServer: '/api/app' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ tokenStatus: 'UNUSED', username: 'ana.diaz' });
    const [account] = await t.db.select().from(userAccount).where(eq(userAccount.patientId, ana.patientId));
    expect(account!.passwordHash).toMatch(/^\$argon2id\$/);
    const [token] = await t.db.select().from(accountToken);
    expect(token!.usedAt).not.toBeNull();
    const session = await signIn(app, 'ana.diaz', 'Secret123');
    expect(session.accessToken.length).toBeGreaterThan(20);
    // The same link again: USED.
    expect((await create(form(ana.token, { username: 'other.name' }))).json()).toEqual({
      tokenStatus: 'USED',
    });
  });

  it('answers INVALID for an unknown token and for an e-mail-verification token', async () => {
    expect((await create(form('unknown-token'))).json()).toEqual({ tokenStatus: 'INVALID' });
    const ana = await givenPatientWithEmail(t.db, practiceId, 'v@example.org');
    await invite(app, key, ana.externalId, { kind: 'EMAIL_VERIFICATION' });
    const verifySecret = await secretFromMail(t.db, 'v@example.org', '/verify/email');
    expect((await create(form(verifySecret))).json()).toEqual({ tokenStatus: 'INVALID' });
    expect(await t.db.select().from(userAccount)).toHaveLength(0);
  });

  it('answers EXPIRED for an expired link and creates nothing', async () => {
    const ana = await invitation();
    await expireTokensOf(t.db, ana.patientId);
    expect((await create(form(ana.token))).json()).toEqual({ tokenStatus: 'EXPIRED' });
    expect(await t.db.select().from(userAccount)).toHaveLength(0);
  });

  it('answers WRONG_DATE_OF_BIRTH and keeps the link usable; at the limit the link expires', async () => {
    const ana = await invitation();
    expect((await create(form(ana.token, { dateOfBirth: '1984-12-03' }))).json()).toEqual({
      tokenStatus: 'UNUSED',
      error: 'WRONG_DATE_OF_BIRTH',
    });
    expect((await create(form(ana.token))).json()).toEqual({ tokenStatus: 'UNUSED', username: 'ana.diaz' });

    const ben = await invitation('ben@example.org');
    for (let i = 0; i < maxDateOfBirthAttempts; i++) {
      expect(
        (await create(form(ben.token, { username: 'ben', dateOfBirth: '2000-01-01' }))).json(),
      ).toMatchObject({
        error: 'WRONG_DATE_OF_BIRTH',
      });
    }
    // Even the right date no longer helps: the patient needs a new link.
    expect((await create(form(ben.token, { username: 'ben' }))).json()).toEqual({ tokenStatus: 'EXPIRED' });
  });

  it('answers USERNAME_EXISTS for a username taken in the practice, whatever its case', async () => {
    await givenUser(t.db, practiceId, { username: 'Ana.Diaz' });
    const ana = await invitation();
    expect((await create(form(ana.token))).json()).toEqual({
      tokenStatus: 'UNUSED',
      error: 'USERNAME_EXISTS',
    });
    // The link stays usable with another name.
    expect((await create(form(ana.token, { username: 'ana.d2' }))).json()).toEqual({
      tokenStatus: 'UNUSED',
      username: 'ana.d2',
    });
  });

  it('refuses invalid input with the rules’ messages and keeps the link', async () => {
    const ana = await invitation();
    const res = await create(
      form(ana.token, { username: 'a!', password: 'weak', rePassword: 'other', dateOfBirth: '03/12/1984' }),
    );
    expect(res.statusCode).toBe(400);
    const fields = res.json<{ validationMessages: { field: string; description: string }[] }>()
      .validationMessages;
    expect(fields).toEqual(
      expect.arrayContaining([
        {
          field: 'username',
          description:
            'Username must contain alphanumeric or some of these special characters @. , - _ and + , 3-35 characters in length',
        },
        {
          field: 'password',
          description:
            'Password must be at least 8 characters long, contain at least one uppercase letter and one number.',
        },
        { field: 'dateOfBirth', description: 'Please enter a valid date in the format MM/DD/YYYY.' },
      ]),
    );
    const mismatch = await create(form(ana.token, { rePassword: 'Secret124' }));
    expect(mismatch.json()).toMatchObject({
      validationMessages: [{ field: 'rePassword', description: 'The password confirmation does not match.' }],
    });
    expect((await create(form(ana.token))).json()).toEqual({ tokenStatus: 'UNUSED', username: 'ana.diaz' });
  });
});
