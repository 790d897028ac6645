import { desc, eq } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { mailOutbox, patientContact, userAccount } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/database';
import type { Session, UserFixture } from '../../test/fixtures';
import { bearer, givenPractice, givenUser, signIn } from '../../test/fixtures';

describeEachDatabase('language: profile/changeLanguage, answers and e-mails in Spanish', (t) => {
  const newApp = useTestApp(t);
  let app: Awaited<ReturnType<typeof newApp>>;
  let maria: UserFixture;
  let session: Session;

  beforeEach(async () => {
    const practiceId = await givenPractice(t.db, 'Sunshine Dermatology');
    maria = await givenUser(t.db, practiceId, { username: 'maria' });
    await t.db.insert(patientContact).values({
      patientId: maria.patientId,
      type: 'EMAIL_ADDRESS',
      value: 'maria@example.com',
      active: true,
    });
    app = await newApp({ publicUrl: 'https://portal.example.org' });
    session = await signIn(app, 'maria', maria.password);
  });

  const changeLanguage = (token: string, language: unknown) =>
    app.inject({
      method: 'POST',
      url: '/api/app/profile/changeLanguage',
      headers: bearer(token),
      payload: { language },
    });
  const profile = async (token: string) =>
    (
      await app.inject({
        method: 'POST',
        url: '/api/app/patient/getByUsername',
        headers: bearer(token),
        payload: { username: 'maria' },
      })
    ).json<{ language: string | null }>();

  it('stores the choice on the account and returns it in the user profile', async () => {
    expect((await profile(session.accessToken)).language).toBeNull();
    const response = await changeLanguage(session.accessToken, 'es');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ language: 'es' });
    expect((await profile(session.accessToken)).language).toBe('es');
    const [row] = await t.db.select().from(userAccount).where(eq(userAccount.id, maria.userId));
    expect(row?.language).toBe('es');
  });

  it('refuses a language Dermis does not speak, and a caller without a session', async () => {
    expect((await changeLanguage(session.accessToken, 'fr')).statusCode).toBe(400);
    expect((await changeLanguage('not-a-token', 'es')).statusCode).toBe(401);
  });

  it("answers a signed-in caller's errors in the account's language", async () => {
    await changeLanguage(session.accessToken, 'es');
    const response = await app.inject({
      method: 'POST',
      url: '/api/app/profile/changePassword',
      headers: { ...bearer(session.accessToken), 'accept-language': 'en' },
      payload: {
        username: 'maria',
        oldPassword: 'Wrong1234',
        newPassword: 'Changed123',
        confirmNewPassword: 'Changed123',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe('La contraseña anterior no es correcta.');
  });

  it('answers a caller without a session in the Accept-Language of the request', async () => {
    const login = (language: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'accept-language': language },
        payload: { username: 'maria', password: 'Wrong1234' },
      });
    expect((await login('es-US,es;q=0.9')).json<{ message: string }>().message).toBe(
      'Credenciales incorrectas',
    );
    expect((await login('fr-FR')).json<{ message: string }>().message).toBe('Bad Credentials');
    const invalid = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'accept-language': 'es' },
      payload: { username: '', password: 'x' },
    });
    expect(
      invalid.json<{ validationMessages: { description: string }[] }>().validationMessages[0]?.description,
    ).toBe('Nombre de usuario es obligatorio');
  });

  it("mails the password-reset link in the account's language", async () => {
    await changeLanguage(session.accessToken, 'es');
    const response = await app.inject({
      method: 'POST',
      url: '/api/app/patient/forgotPassword',
      payload: { username: 'maria' },
    });
    expect(response.statusCode).toBe(200);
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'maria@example.com'))
      .orderBy(desc(mailOutbox.id));
    expect(mail?.subject).toBe('Sunshine Dermatology: Restablezca su contraseña');
    expect(mail?.textBody).toContain('Portal del paciente de Sunshine Dermatology');
    expect(mail?.htmlBody).toContain('<html lang="es">');
  });
});
