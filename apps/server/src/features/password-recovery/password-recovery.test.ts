import { desc, eq } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { mailOutbox, passwordResetToken, patientContact, refreshToken, userAccount } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/database';
import type { UserFixture } from '../../test/fixtures';
import { givenPractice, givenUser, signIn } from '../../test/fixtures';
import { resendAfterMs } from './password-recovery.service';

describeEachDatabase('password recovery: forgotPassword and resetPassword', (t) => {
  const newApp = useTestApp(t);
  let app: Awaited<ReturnType<typeof newApp>>;
  let practiceId: number;
  let maria: UserFixture;

  beforeEach(async () => {
    practiceId = await givenPractice(t.db, 'Sunshine Dermatology');
    maria = await givenUser(t.db, practiceId, { username: 'maria', firstName: 'Maria' });
    await givenEmail(maria.patientId, 'maria@example.com');
    app = await newApp({ publicUrl: 'https://portal.example.org' });
  });

  async function givenEmail(patientId: number, value: string, active = true) {
    await t.db.insert(patientContact).values({ patientId, type: 'EMAIL_ADDRESS', value, active });
  }
  const forgot = (username: string, remoteAddress = '10.0.0.1') =>
    app.inject({
      method: 'POST',
      url: '/api/app/patient/forgotPassword',
      payload: { username },
      remoteAddress,
    });
  const reset = (token: string, password: string) =>
    app.inject({ method: 'POST', url: '/api/app/patient/resetPassword', payload: { token, password } });
  const mailsTo = (address: string) =>
    t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address)).orderBy(desc(mailOutbox.id));
  async function secretFromMail(address: string): Promise<string> {
    const [mail] = await mailsTo(address);
    const match = /https:\/\/portal\.example\.org\/password\/reset\/([A-Za-z0-9_-]+)/.exec(
      mail?.textBody ?? '',
    );
    if (!match?.[1]) throw new Error('no reset link in the e-mail');
    return match[1];
  }
  const loginStatus = async (username: string, password: string) =>
    (await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } }))
      .statusCode;

  it('mails a reset link to the first active e-mail and answers only a non-secret reference', async () => {
    const response = await forgot('MARIA');
    expect(response.statusCode).toBe(200);
    const { resetPasswordToken } = response.json<{ resetPasswordToken: string }>();
    const [row] = await t.db.select().from(passwordResetToken);
    expect(resetPasswordToken).toBe(row?.publicId);

    const [mail] = await mailsTo('maria@example.com');
    expect(mail?.category).toBe('PASSWORD_RESET');
    expect(mail?.subject).toBe('Sunshine Dermatology: Reset your password');
    const secret = await secretFromMail('maria@example.com');
    expect(secret).not.toBe(resetPasswordToken);
    expect(mail?.textBody).not.toContain(resetPasswordToken);
    // Only a hash of the secret is stored.
    expect(JSON.stringify(row)).not.toContain(secret);
  });

  it('the reference in the answer cannot reset anything', async () => {
    const { resetPasswordToken } = (await forgot('maria')).json<{ resetPasswordToken: string }>();
    const response = await reset(resetPasswordToken, 'Takeover123');
    expect(response.json()).toEqual({ tokenStatus: 'INVALID' });
    expect(await loginStatus('maria', maria.password)).toBe(200);
    expect(await loginStatus('maria', 'Takeover123')).toBe(401);
  });

  it('answers NO_PATIENT_FOR_USERNAME for an unknown username', async () => {
    const response = await forgot('nobody');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'NO_PATIENT_FOR_USERNAME', message: 'Username is not valid.' });
  });

  it('answers PATIENT_INACTIVE_OR_DECEASED for an inactive or deceased patient', async () => {
    await givenUser(t.db, practiceId, { username: 'gone', active: false });
    await givenUser(t.db, practiceId, { username: 'late', deceased: true });
    for (const username of ['gone', 'late']) {
      const response = await forgot(username);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'PATIENT_INACTIVE_OR_DECEASED',
        message: 'This account is inactive.',
      });
    }
  });

  it('answers PORTAL_ACCOUNT_INACTIVE for an inactive portal account', async () => {
    const user = await givenUser(t.db, practiceId, { username: 'locked', accountActive: false });
    await givenEmail(user.patientId, 'locked@example.com');
    const response = await forgot('locked');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'PORTAL_ACCOUNT_INACTIVE',
      message: 'This Dermis account is inactive, please contact system support.',
    });
    expect(await mailsTo('locked@example.com')).toHaveLength(0);
  });

  it('answers NO_EMAIL_ON_FILE when the patient has no active e-mail', async () => {
    const user = await givenUser(t.db, practiceId, { username: 'nomail' });
    await givenEmail(user.patientId, 'old@example.com', false);
    const response = await forgot('nomail');
    expect(response.statusCode).toBe(400);
    expect(response.json<{ error: string }>().error).toBe('NO_EMAIL_ON_FILE');
    expect(await mailsTo('old@example.com')).toHaveLength(0);
  });

  it('answers RESET_PASSWORD_MAIL_ALREADY_SENT for a second request within five minutes, not after', async () => {
    expect((await forgot('maria')).statusCode).toBe(200);
    const second = await forgot('maria');
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      error: 'RESET_PASSWORD_MAIL_ALREADY_SENT',
      message: 'The reset password mail has already been sent.',
    });
    expect(await mailsTo('maria@example.com')).toHaveLength(1);

    await t.db.update(passwordResetToken).set({ createdAt: new Date(Date.now() - resendAfterMs - 1000) });
    expect((await forgot('maria')).statusCode).toBe(200);
    expect(await mailsTo('maria@example.com')).toHaveLength(2);
  });

  it('throttles requests per username and per address', async () => {
    for (let i = 0; i < 5; i += 1) await forgot('nobody', '10.0.0.2');
    const byUsername = await forgot('nobody', '10.0.0.3');
    expect(byUsername.statusCode).toBe(429);
    expect(byUsername.json<{ error: string }>().error).toBe('TOO_MANY_ATTEMPTS');

    for (let i = 0; i < 20; i += 1) await forgot(`someone${i}`, '10.0.0.9');
    expect((await forgot('maria', '10.0.0.9')).statusCode).toBe(429);
    expect((await forgot('maria', '10.0.0.8')).statusCode).toBe(200);
  });

  it('resets with the e-mailed secret: new password works, old refused, sessions revoked, link then USED', async () => {
    const session = await signIn(app, 'maria', maria.password);
    await forgot('maria');
    const secret = await secretFromMail('maria@example.com');

    const response = await reset(secret, 'BrandNew123');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ tokenStatus: 'UNUSED', username: 'maria' });

    expect(await loginStatus('maria', maria.password)).toBe(401);
    expect(await loginStatus('maria', 'BrandNew123')).toBe(200);
    const refreshed = await app.inject({
      method: 'GET',
      url: '/api/auth/refreshToken/getAccessToken',
      headers: { authorization: `Bearer ${session.refreshToken}` },
    });
    expect(refreshed.statusCode).toBe(401);
    const [account] = await t.db.select().from(userAccount).where(eq(userAccount.id, maria.userId));
    expect(account?.lastChangePasswordDate).toBeInstanceOf(Date);
    const tokens = await t.db.select().from(refreshToken).where(eq(refreshToken.userId, maria.userId));
    expect(tokens.filter((r) => !r.revokedAt).length).toBe(1); // only the sign-in just above

    expect((await reset(secret, 'Another123')).json()).toEqual({ tokenStatus: 'USED' });
    expect(await loginStatus('maria', 'Another123')).toBe(401);
  });

  it('answers EXPIRED for a link past its lifetime, INVALID for an unknown one', async () => {
    await forgot('maria');
    const secret = await secretFromMail('maria@example.com');
    await t.db.update(passwordResetToken).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await reset(secret, 'BrandNew123')).json()).toEqual({ tokenStatus: 'EXPIRED' });
    expect((await reset('not-a-token', 'BrandNew123')).json()).toEqual({ tokenStatus: 'INVALID' });
    expect((await reset('', 'BrandNew123')).json()).toEqual({ tokenStatus: 'INVALID' });
    expect(await loginStatus('maria', maria.password)).toBe(200);
  });

  it('refuses a weak password with the rule message and keeps the link usable', async () => {
    await forgot('maria');
    const secret = await secretFromMail('maria@example.com');
    const weak = await reset(secret, 'weak');
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({
      error: 'VALIDATION_ERROR',
      validationMessages: [
        {
          field: 'password',
          description:
            'Password must be at least 8 characters long, contain at least one uppercase letter and one number.',
        },
      ],
    });
    expect((await reset(secret, 'BrandNew123')).json()).toEqual({ tokenStatus: 'UNUSED', username: 'maria' });
  });

  it('sets the link lifetime from RESET_PASSWORD_TTL_MINUTES', async () => {
    app = await newApp({ resetPasswordTtlMinutes: 15 });
    const before = Date.now();
    await forgot('maria');
    const [row] = await t.db.select().from(passwordResetToken);
    const minutes = ((row?.expiresAt.getTime() ?? 0) - before) / 60_000;
    expect(minutes).toBeGreaterThan(14.9);
    expect(minutes).toBeLessThan(15.1);
    const [mail] = await mailsTo('maria@example.com');
    expect(mail?.textBody).toContain('expires in 15 minutes');
  });

  it('says "1 minute", not "1 minutes", for a lifetime of one minute (decision 164)', async () => {
    app = await newApp({ resetPasswordTtlMinutes: 1 });
    await forgot('maria');
    const [mail] = await mailsTo('maria@example.com');
    expect(mail?.textBody).toContain('expires in 1 minute.');
  });
});
