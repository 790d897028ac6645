import { beforeEach, expect, it } from 'vitest';
import { emailPreference, mailOutbox } from '../../db/schema';
import { sendReminderMail } from '../../lib/mail/reminder-mail';
import { unsubscribeLink } from '../../lib/mail/unsubscribe-link';
import { useTestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/database';
import { givenPatientWithEmail, givenPracticeWithKey, outboxTo } from './invitations.test-helpers';

describeEachDatabase('unsubscribe and reminder-type e-mail', (t) => {
  const newApp = useTestApp(t);
  let app: Awaited<ReturnType<typeof newApp>>;
  let key: string;
  let practiceId: number;

  beforeEach(async () => {
    ({ practiceId, key } = await givenPracticeWithKey(t.db));
    app = await newApp({ publicUrl: 'https://portal.example' });
  });

  const message = (externalId: string) =>
    app.inject({
      method: 'POST',
      url: `/api/integration/patients/${externalId}/messages`,
      headers: { 'x-api-key': key },
      payload: {
        subject: 'Office closed on Friday',
        body: 'Our office is closed on Friday.\n\nHave a nice weekend.',
      },
    });
  const unsubscribe = (query: string) =>
    app.inject({ method: 'POST', url: `/api/app/patient/unsubscribe?${query}` });
  const queryOf = (link: string) => new URL(link).search.slice(1);

  it('sends a custom message with a signed unsubscribe link; following it stops type 4 but not type 1', async () => {
    const ana = await givenPatientWithEmail(t.db, practiceId, 'ana@example.org');
    const sent = await message(ana.externalId);
    expect(sent.json()).toEqual({ status: 'SENT' });
    const [mail] = await outboxTo(t.db, 'ana@example.org');
    expect(mail).toMatchObject({
      category: 'CUSTOM_MESSAGE',
      subject: 'Sunshine Dermatology: Office closed on Friday',
    });
    const link = /https:\/\/portal\.example\/unsubscribe\?\S+/.exec(mail!.textBody)![0];
    expect(new URL(link).searchParams.get('type')).toBe('4');
    expect(mail!.htmlBody).toContain('Unsubscribe');

    const res = await unsubscribe(queryOf(link));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ unsubscribed: true, type: 4 });
    // Twice is fine.
    expect((await unsubscribe(queryOf(link))).statusCode).toBe(200);
    expect(await t.db.select().from(emailPreference)).toHaveLength(1);

    await t.db.delete(mailOutbox);
    expect((await message(ana.externalId)).json()).toEqual({ status: 'SKIPPED_UNSUBSCRIBED' });
    expect(await outboxTo(t.db, 'ana@example.org')).toHaveLength(0);

    const reminder = await sendReminderMail(app, {
      patientId: ana.patientId,
      type: 1,
      content: {
        subject: 'Appointment reminder',
        greeting: 'Hello,',
        paragraphs: ['You have an appointment.'],
      },
    });
    expect(reminder).toBe('SENT');
    expect((await outboxTo(t.db, 'ana@example.org')).map((m) => m.category)).toEqual([
      'APPOINTMENT_REMINDER',
    ]);
  });

  it('refuses a bad signature, a tampered type or patient, and an unknown patient', async () => {
    const ana = await givenPatientWithEmail(t.db, practiceId, 'ana@example.org');
    const link = new URL(unsubscribeLink(app.config, { patientId: ana.patientId, userId: 0, type: 1 }));
    const p = link.searchParams;
    const cases = [
      `pid=${p.get('pid')}&uid=0&type=1&token=${p.get('token')!.slice(0, -2)}xx`,
      `pid=${p.get('pid')}&uid=0&type=3&token=${p.get('token')}`,
      `pid=${ana.patientId + 1}&uid=0&type=1&token=${p.get('token')}`,
      `pid=${p.get('pid')}&uid=7&type=1&token=${p.get('token')}`,
    ];
    for (const query of cases) {
      const res = await unsubscribe(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ error: 'INVALID_UNSUBSCRIBE_LINK' });
    }
    const ghost = new URL(unsubscribeLink(app.config, { patientId: 999, userId: 0, type: 1 }));
    expect((await unsubscribe(ghost.search.slice(1))).json()).toMatchObject({
      error: 'INVALID_UNSUBSCRIBE_LINK',
    });
    // Missing values and unknown types fail validation.
    expect((await unsubscribe(`pid=${p.get('pid')}&uid=0&type=1`)).statusCode).toBe(400);
    expect((await unsubscribe(`pid=${p.get('pid')}&uid=0&type=2&token=${p.get('token')}`)).statusCode).toBe(
      400,
    );
    expect(await t.db.select().from(emailPreference)).toHaveLength(0);
  });

  it('answers 404 for a message to an unknown patient and NO_EMAIL when there is no address', async () => {
    expect((await message('NOPE')).statusCode).toBe(404);
    const ana = await givenPatientWithEmail(t.db, practiceId, 'ana@example.org');
    await t.db.delete(mailOutbox);
    const { patientContact } = await import('../../db/schema');
    await t.db.delete(patientContact);
    expect((await message(ana.externalId)).json()).toEqual({ status: 'NO_EMAIL' });
  });
});
