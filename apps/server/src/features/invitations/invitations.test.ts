import { eq } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { accountToken, patientContact, patientProfile, userAccount, verifiedEmail } from '../../db/schema';
import { sha256Hex } from '../../lib/secrets';
import { useTestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/database';
import { givenUser } from '../../test/fixtures';
import {
  expireTokensOf,
  givenPatientWithEmail,
  givenPracticeWithKey,
  invite,
  outboxTo,
  secretFromMail,
} from './invitations.test-helpers';

describeEachDatabase('staff invitations', (t) => {
  const newApp = useTestApp(t);
  let app: Awaited<ReturnType<typeof newApp>>;
  let key: string;
  let practiceId: number;

  beforeEach(async () => {
    ({ practiceId, key } = await givenPracticeWithKey(t.db));
    app = await newApp({ publicUrl: 'https://portal.example', accountInvitationTtlHours: 10 });
  });

  it('sends an account-creation link to the first active e-mail and stores only its hash', async () => {
    const ana = await givenPatientWithEmail(t.db, practiceId, 'ana@example.org');
    const before = Date.now();
    const res = await invite(app, key, ana.externalId, { kind: 'ACCOUNT_CREATION' });
    expect(res.statusCode).toBe(201);
    const body = res.json<{ id: number; kind: string; email: string; expiresAt: string }>();
    expect(body).toMatchObject({ kind: 'ACCOUNT_CREATION', email: 'ana@example.org' });
    const ttl = Date.parse(body.expiresAt) - before;
    expect(ttl).toBeGreaterThan(10 * 3_600_000 - 5_000);
    expect(ttl).toBeLessThan(10 * 3_600_000 + 5_000);

    const [mail] = await outboxTo(t.db, 'ana@example.org');
    expect(mail).toMatchObject({ category: 'ACCOUNT_INVITATION', practiceId });
    expect(mail!.subject).toBe('Sunshine Dermatology: Create your patient portal account');
    expect(mail!.textBody).toMatch(/https:\/\/portal\.example\/account\/create\/[A-Za-z0-9_-]{43}/);
    expect(mail!.textBody).not.toContain('Ana');
    const secret = await secretFromMail(t.db, 'ana@example.org', '/account/create');
    const [row] = await t.db.select().from(accountToken);
    expect(row!.tokenHash).toBe(sha256Hex(secret));
    expect(JSON.stringify(row)).not.toContain(secret);
  });

  it("writes the invitation of a patient without an account in their health profile's language (decision 157)", async () => {
    const ana = await givenPatientWithEmail(t.db, practiceId, 'ana@example.org');
    await t.db.insert(patientProfile).values({ patientId: ana.patientId, preferredLanguageIsoCode: 'es' });
    expect((await invite(app, key, ana.externalId, { kind: 'ACCOUNT_CREATION' })).statusCode).toBe(201);
    const [mail] = await outboxTo(t.db, 'ana@example.org');
    expect(mail!.subject).toBe('Sunshine Dermatology: Cree su cuenta del portal del paciente');
    expect(mail!.textBody).toContain('le invita a crear una cuenta');
    expect(mail!.textBody).toMatch(/hasta el \d{1,2} de [a-z]+ de \d{4}/);

    // A language the portal does not speak (French) falls back to English.
    const bea = await givenPatientWithEmail(t.db, practiceId, 'bea@example.org');
    await t.db.insert(patientProfile).values({ patientId: bea.patientId, preferredLanguageIsoCode: 'fr' });
    await invite(app, key, bea.externalId, { kind: 'ACCOUNT_CREATION' });
    expect((await outboxTo(t.db, 'bea@example.org'))[0]!.subject).toBe(
      'Sunshine Dermatology: Create your patient portal account',
    );
  });

  it("prefers the account's language to the health profile's for an e-mail verification", async () => {
    const user = await givenUser(t.db, practiceId);
    await t.db.update(userAccount).set({ language: 'en' }).where(eq(userAccount.id, user.userId));
    await t.db.insert(patientProfile).values({ patientId: user.patientId, preferredLanguageIsoCode: 'spa' });
    const externalId = (await t.db.query.patient.findFirst({
      where: (x, { eq: e }) => e(x.id, user.patientId),
    }))!.externalId;
    await invite(app, key, externalId, { kind: 'EMAIL_VERIFICATION', email: 'user@example.org' });
    expect((await outboxTo(t.db, 'user@example.org'))[0]!.subject).toBe(
      'Sunshine Dermatology: Verify your e-mail address',
    );
    await t.db.update(userAccount).set({ language: null }).where(eq(userAccount.id, user.userId));
    await invite(app, key, externalId, { kind: 'EMAIL_VERIFICATION', email: 'user@example.org' });
    expect((await outboxTo(t.db, 'user@example.org'))[1]!.subject).toBe(
      'Sunshine Dermatology: Verifique su dirección de correo electrónico',
    );
  });

  it('sends an e-mail-verification link to an explicit address, also to a patient with an account', async () => {
    const user = await givenUser(t.db, practiceId);
    const [p] = await t.db.select().from(userAccount).where(eq(userAccount.id, user.userId));
    const externalId = (await t.db.query.patient.findFirst({
      where: (x, { eq: e }) => e(x.id, p!.patientId),
    }))!.externalId;
    const res = await invite(app, key, externalId, { kind: 'EMAIL_VERIFICATION', email: 'new@example.org' });
    expect(res.statusCode).toBe(201);
    const [mail] = await outboxTo(t.db, 'new@example.org');
    expect(mail!.category).toBe('EMAIL_VERIFICATION');
    expect(mail!.textBody).toMatch(/https:\/\/portal\.example\/verify\/email\/[A-Za-z0-9_-]{43}/);
    // An account-creation link makes no sense for this patient.
    const conflict = await invite(app, key, externalId, {
      kind: 'ACCOUNT_CREATION',
      email: 'new@example.org',
    });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toMatchObject({
      error: 'CONFLICT',
      message: 'This patient already has a portal account; send an e-mail verification link instead.',
    });
  });

  it('answers 404 for an unknown patient, 400 when no e-mail is known, 401 without a key', async () => {
    expect((await invite(app, key, 'NOPE', { kind: 'ACCOUNT_CREATION' })).statusCode).toBe(404);
    const other = await givenPracticeWithKey(t.db, 'Other');
    const ana = await givenPatientWithEmail(t.db, practiceId, 'ana@example.org');
    // Another practice's key does not see this patient.
    expect((await invite(app, other.key, ana.externalId, { kind: 'ACCOUNT_CREATION' })).statusCode).toBe(404);
    await t.db.delete(patientContact).where(eq(patientContact.patientId, ana.patientId));
    const noEmail = await invite(app, key, ana.externalId, { kind: 'EMAIL_VERIFICATION' });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json()).toMatchObject({ validationMessages: [{ field: 'email' }] });
    expect((await invite(app, 'dermis_wrong', ana.externalId, { kind: 'ACCOUNT_CREATION' })).statusCode).toBe(
      401,
    );
    expect((await invite(app, key, ana.externalId, { kind: 'OTHER' })).statusCode).toBe(400);
  });
});

describeEachDatabase('POST patient/verifyEmail', (t) => {
  const newApp = useTestApp(t);
  let app: Awaited<ReturnType<typeof newApp>>;
  let key: string;
  let practiceId: number;

  beforeEach(async () => {
    ({ practiceId, key } = await givenPracticeWithKey(t.db));
    app = await newApp();
  });

  const verify = (token: string) =>
    app.inject({ method: 'POST', url: '/api/app/patient/verifyEmail', payload: { token } });

  async function verificationFor(email: string) {
    const ana = await givenPatientWithEmail(t.db, practiceId, email);
    await invite(app, key, ana.externalId, { kind: 'EMAIL_VERIFICATION' });
    return { ...ana, secret: await secretFromMail(t.db, email, '/verify/email') };
  }

  it('answers INVALID for an unknown token and for an account-creation token', async () => {
    expect((await verify('nope')).json()).toEqual({
      tokenStatus: 'INVALID',
      isDermisActive: false,
      username: null,
      createAccountToken: null,
    });
    const ana = await givenPatientWithEmail(t.db, practiceId, 'ana@example.org');
    await invite(app, key, ana.externalId, { kind: 'ACCOUNT_CREATION' });
    const createSecret = await secretFromMail(t.db, 'ana@example.org', '/account/create');
    expect((await verify(createSecret)).json()).toMatchObject({ tokenStatus: 'INVALID' });
  });

  it('answers EXPIRED for an expired token', async () => {
    const ana = await verificationFor('ana@example.org');
    await expireTokensOf(t.db, ana.patientId);
    expect((await verify(ana.secret)).json()).toMatchObject({
      tokenStatus: 'EXPIRED',
      createAccountToken: null,
    });
  });

  it('verifies the address and issues a working account-creation token when there is no account; then USED', async () => {
    const ana = await verificationFor('ana@example.org');
    const res = await verify(ana.secret);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ tokenStatus: string; isDermisActive: boolean; createAccountToken: string }>();
    expect(body).toMatchObject({ tokenStatus: 'UNUSED', isDermisActive: false, username: null });
    expect(body.createAccountToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await t.db.select().from(verifiedEmail)).toMatchObject([
      { patientId: ana.patientId, email: 'ana@example.org' },
    ]);

    const created = await app.inject({
      method: 'POST',
      url: '/api/app/patient/createAccount',
      payload: {
        token: body.createAccountToken,
        username: 'ana.new',
        password: 'Secret123',
        rePassword: 'Secret123',
        dateOfBirth: '1984-03-12',
      },
    });
    expect(created.json()).toEqual({ tokenStatus: 'UNUSED', username: 'ana.new' });
    expect((await verify(ana.secret)).json()).toMatchObject({
      tokenStatus: 'USED',
      createAccountToken: null,
    });
  });

  it('tells a patient with an active account their username', async () => {
    const user = await givenUser(t.db, practiceId, { username: 'maria.l' });
    const externalId = (await t.db.query.patient.findFirst({
      where: (x, { eq: e }) => e(x.id, user.patientId),
    }))!.externalId;
    await invite(app, key, externalId, { kind: 'EMAIL_VERIFICATION', email: 'Maria@Example.org' });
    const secret = await secretFromMail(t.db, 'Maria@Example.org', '/verify/email');
    expect((await verify(secret)).json()).toEqual({
      tokenStatus: 'UNUSED',
      isDermisActive: true,
      username: 'maria.l',
      createAccountToken: null,
    });
    // The verified address became one of the patient's contacts.
    const contacts = await t.db
      .select()
      .from(patientContact)
      .where(eq(patientContact.patientId, user.patientId));
    expect(contacts.map((c) => c.value)).toEqual(['Maria@Example.org']);
  });

  it('refuses a request without a token', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/app/patient/verifyEmail', payload: {} });
    expect(res.statusCode).toBe(400);
  });
});
