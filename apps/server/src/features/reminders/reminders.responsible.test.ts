/**
 * Reminders for a patient without an e-mail address of their own, a minor as a rule: they go to the
 * responsible persons who act for the patient, each in their own language, naming the patient, once
 * per reminder (decision 156).
 */
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import {
  emailPreference,
  patientProfile,
  reminderRecipient,
  reminderSent,
  userAccount,
} from '../../db/schema';
import { SmtpMailer } from '../../lib/mail/smtp-mailer';
import { verifyUnsubscribeToken } from '../../lib/mail/unsubscribe-link';
import { describeEachDatabase } from '../../test/database';
import { givenPatient, givenPractice, givenResponsiblePerson, givenUser } from '../../test/fixtures';
import { day, hour, reminderConfig, reminderNow, useReminderSetup } from '../../test/reminders';
import { useSmtpListeners } from '../../test/smtp-listener';
import type { ReminderPassDeps } from './reminders.service';
import { runReminderPass } from './reminders.service';

const now = reminderNow;
const config = reminderConfig;

describeEachDatabase('reminders through responsible persons', (t) => {
  const setup = useReminderSetup(t);
  const { withEmail, givenVisit, outbox } = setup;
  const startSmtp = useSmtpListeners();

  /** Emma (no e-mail) with her father Daniel (account, English) and her mother Lucía (account, Spanish). */
  async function givenFamily() {
    const emma = await givenPatient(t.db, setup.practiceId, {
      firstName: 'Emma',
      lastName: 'Reed',
      dateOfBirth: '2015-05-09',
    });
    const daniel = await givenUser(t.db, setup.practiceId, { firstName: 'Daniel', lastName: 'Reed' });
    await withEmail(daniel.patientId, 'daniel@example.org');
    await givenResponsiblePerson(t.db, emma, daniel.patientId, { relationship: 2 });
    const lucia = await givenUser(t.db, setup.practiceId, { firstName: 'Lucía', lastName: 'Reed' });
    await t.db.update(userAccount).set({ language: 'es' }).where(eq(userAccount.id, lucia.userId));
    await withEmail(lucia.patientId, 'lucia@example.org');
    await givenResponsiblePerson(t.db, emma, lucia.patientId, { relationship: 1 });
    return { emma, daniel, lucia };
  }

  it("sends a minor's appointment reminder to each guardian, in each one's language, naming her, once", async () => {
    const { emma, daniel, lucia } = await givenFamily();
    const visit = await givenVisit(emma, new Date(now.getTime() + 30 * hour));

    expect((await runReminderPass(setup.deps, now)).appointment).toMatchObject({
      SENT: 1,
      NO_EMAIL: 0,
      FAILED: 0,
    });
    const mails = await outbox();
    expect(mails.map((m) => [m.toAddress, m.category, m.subject])).toEqual([
      [
        'daniel@example.org',
        'APPOINTMENT_REMINDER',
        'Sunshine Dermatology: Appointment reminder for Emma Reed',
      ],
      [
        'lucia@example.org',
        'APPOINTMENT_REMINDER',
        'Sunshine Dermatology: Recordatorio de cita de Emma Reed',
      ],
    ]);
    const [english, spanish] = mails;
    expect(english!.textBody).toContain(
      "This is a reminder of Emma Reed's appointment on Wednesday, March 11, 2026 at 4:00 PM EDT.",
    );
    expect(english!.textBody).toContain("Before the visit, please review Emma Reed's health profile");
    expect(english!.textBody).toContain(
      `View Emma Reed's appointments: https://portal.example/${emma}/appointments`,
    );
    expect(english!.textBody).toContain('You receive this reminder as a responsible person of Emma Reed.');
    expect(english!.textBody).not.toMatch(/your appointment/);
    expect(spanish!.textBody).toContain(
      'Le recordamos la cita de Emma Reed del miércoles, 11 de marzo de 2026',
    );
    expect(spanish!.textBody).toContain('Recibe este recordatorio como persona responsable de Emma Reed.');
    expect(spanish!.textBody).toContain(`https://portal.example/${emma}/appointments`);

    // Each link unsubscribes Emma (the patient the reminders are about), signed for its reader's account.
    for (const [mail, reader] of [
      [english!, daniel],
      [spanish!, lucia],
    ] as const) {
      const link = new URL(/https:\/\/portal\.example\/unsubscribe\?\S+/.exec(mail.textBody)![0]);
      expect(link.searchParams.get('pid')).toBe(String(emma));
      expect(link.searchParams.get('uid')).toBe(String(reader.userId));
      expect(
        verifyUnsubscribeToken(
          config,
          { patientId: emma, userId: reader.userId, type: 1 },
          link.searchParams.get('token')!,
        ),
      ).toBe(true);
    }

    expect(await t.db.select().from(reminderSent)).toEqual([
      expect.objectContaining({ encounterId: visit, kind: 'APPOINTMENT', patientId: emma }),
    ]);
    // A second pass sends nothing.
    expect((await runReminderPass(setup.deps, new Date(now.getTime() + hour))).appointment).toMatchObject({
      SENT: 0,
      NO_EMAIL: 0,
    });
    expect(await outbox()).toHaveLength(2);
  });

  it('writes to the patient alone when the patient has an e-mail address of their own', async () => {
    const { emma } = await givenFamily();
    await withEmail(emma, 'emma@example.org');
    await givenVisit(emma, new Date(now.getTime() + 30 * hour));

    expect((await runReminderPass(setup.deps, now)).appointment.SENT).toBe(1);
    const mails = await outbox();
    expect(mails.map((m) => [m.toAddress, m.subject])).toEqual([
      ['emma@example.org', 'Sunshine Dermatology: Appointment reminder'],
    ]);
    expect(mails[0]!.textBody).toContain('This is a reminder of your appointment on');
    expect(mails[0]!.textBody).not.toContain('responsible person');
  });

  it('leaves out inactive links, inactive, deceased or other-practice persons and those without an address; one e-mail per address', async () => {
    const emma = await givenPatient(t.db, setup.practiceId, { firstName: 'Emma', lastName: 'Reed' });
    const person = async (email: string | null, options: { active?: boolean; deceased?: boolean } = {}) => {
      const id = await givenPatient(t.db, setup.practiceId, options);
      if (email) await withEmail(id, email);
      return id;
    };
    await givenResponsiblePerson(t.db, emma, await person('unlinked@example.org'), { active: false });
    await givenResponsiblePerson(t.db, emma, await person('inactive@example.org', { active: false }));
    await givenResponsiblePerson(t.db, emma, await person('deceased@example.org', { deceased: true }));
    await givenResponsiblePerson(t.db, emma, await person(null));
    const noActiveAddress = await person(null);
    await withEmail(noActiveAddress, 'old@example.org', false);
    await givenResponsiblePerson(t.db, emma, noActiveAddress);
    const elsewhere = await givenPatient(t.db, await givenPractice(t.db, 'Other Practice'));
    await withEmail(elsewhere, 'elsewhere@example.org');
    await givenResponsiblePerson(t.db, emma, elsewhere);
    await givenResponsiblePerson(t.db, emma, await person('Grandma@example.org'));
    await givenResponsiblePerson(t.db, emma, await person('grandma@example.org'));
    await givenVisit(emma, new Date(now.getTime() + 10 * hour));

    expect((await runReminderPass(setup.deps, now)).appointment.SENT).toBe(1);
    expect((await outbox()).map((m) => m.toAddress)).toEqual(['Grandma@example.org']);
  });

  it('counts a patient with neither an address nor a guardian to write to as without e-mail, and records nothing', async () => {
    const emma = await givenPatient(t.db, setup.practiceId);
    const daniel = await givenPatient(t.db, setup.practiceId);
    await givenResponsiblePerson(t.db, emma, daniel);
    await givenVisit(emma, new Date(now.getTime() + 10 * hour));

    expect((await runReminderPass(setup.deps, now)).appointment).toMatchObject({ SENT: 0, NO_EMAIL: 1 });
    expect(await t.db.select().from(reminderSent)).toHaveLength(0);
    // The guardian's address arrives later: the reminder, still due, goes out then.
    await withEmail(daniel, 'daniel@example.org');
    expect((await runReminderPass(setup.deps, now)).appointment.SENT).toBe(1);
  });

  it("sends the follow-up reminder to a guardian without an account in their health profile's language", async () => {
    const emma = await givenPatient(t.db, setup.practiceId, { firstName: 'Emma', lastName: 'Reed' });
    const abuela = await givenPatient(t.db, setup.practiceId);
    await withEmail(abuela, 'abuela@example.org');
    await t.db.insert(patientProfile).values({ patientId: abuela, preferredLanguageIsoCode: 'spa' });
    await givenResponsiblePerson(t.db, emma, abuela, { relationship: 5 });
    await givenVisit(emma, new Date('2025-12-09T15:00:00Z'), 90);

    expect((await runReminderPass(setup.deps, now)).followUp.SENT).toBe(1);
    const [mail, ...more] = await outbox();
    expect(more).toHaveLength(0);
    expect(mail).toMatchObject({
      toAddress: 'abuela@example.org',
      category: 'SCHEDULE_REMINDER',
      subject: 'Sunshine Dermatology: Es momento de programar la visita de seguimiento de Emma Reed',
    });
    expect(mail!.textBody).toContain(
      'Después de la visita de Emma Reed del 9 de diciembre de 2025, la clínica pidió ver a Emma Reed de nuevo',
    );
    const link = new URL(/https:\/\/portal\.example\/unsubscribe\?\S+/.exec(mail!.textBody)![0]);
    expect(link.searchParams.get('uid')).toBe('0');
    expect(link.searchParams.get('type')).toBe('3');
    expect((await runReminderPass(setup.deps, new Date(now.getTime() + day))).followUp.SENT).toBe(0);
  });

  it("honours the patient's unsubscribe, whoever followed the link; a sibling's reminders still go out", async () => {
    const { emma, daniel } = await givenFamily();
    const leo = await givenPatient(t.db, setup.practiceId, { firstName: 'Leo', lastName: 'Reed' });
    await givenResponsiblePerson(t.db, leo, daniel.patientId);
    await t.db.insert(emailPreference).values({ patientId: emma, type: 1 });
    await givenVisit(emma, new Date(now.getTime() + 10 * hour));
    await givenVisit(leo, new Date(now.getTime() + 11 * hour));

    expect((await runReminderPass(setup.deps, now)).appointment).toMatchObject({
      SENT: 1,
      SKIPPED_UNSUBSCRIBED: 0,
    });
    expect((await outbox()).map((m) => [m.toAddress, m.subject])).toEqual([
      ['daniel@example.org', 'Sunshine Dermatology: Appointment reminder for Leo Reed'],
    ]);
  });

  describe('over SMTP', () => {
    /** The pass with an SMTP mailer to `url`, closed after `fn`. */
    async function overSmtp<T>(url: string, fn: (smtp: ReminderPassDeps) => Promise<T>): Promise<T> {
      const mailer = new SmtpMailer(url, 'Dermis <no-reply@dermis.test>');
      try {
        return await fn({ db: t.db, mailer, config });
      } finally {
        await mailer.close();
      }
    }

    it('delivers one e-mail per guardian to a real SMTP listener, and nothing on the next pass', async () => {
      const listener = await startSmtp();
      const { emma } = await givenFamily();
      await givenVisit(emma, new Date(now.getTime() + 30 * hour));
      await overSmtp(listener.url, async (smtp) => {
        expect((await runReminderPass(smtp, now)).appointment).toMatchObject({ SENT: 1, FAILED: 0 });
        expect((await runReminderPass(smtp, new Date(now.getTime() + hour))).appointment.SENT).toBe(0);
      });

      expect(listener.received.map((r) => r.to)).toEqual([['daniel@example.org'], ['lucia@example.org']]);
      const [english, spanish] = await Promise.all(listener.received.map((r) => simpleParser(r.raw)));
      expect(english!.subject).toBe('Sunshine Dermatology: Appointment reminder for Emma Reed');
      expect(english!.text).toContain(
        "This is a reminder of Emma Reed's appointment on Wednesday, March 11, 2026",
      );
      expect(spanish!.subject).toBe('Sunshine Dermatology: Recordatorio de cita de Emma Reed');
      expect(spanish!.text).toContain(
        'Le recordamos la cita de Emma Reed del miércoles, 11 de marzo de 2026',
      );
      expect(await t.db.select().from(reminderSent)).toHaveLength(1);
    });

    const recipients = () =>
      t.db
        .select({
          address: reminderRecipient.address,
          status: reminderRecipient.status,
          responseCode: reminderRecipient.responseCode,
        })
        .from(reminderRecipient)
        .orderBy(reminderRecipient.address);

    it("sends Daniel the reminder once when Lucía's address is refused after his was accepted and the reminder is retried (decision 163)", async () => {
      // Lucía's mail server is unavailable for now: a temporary refusal at RCPT TO, after Daniel's
      // e-mail went through on the same connection.
      const listener = await startSmtp((address) => (address === 'lucia@example.org' ? 451 : undefined));
      const { emma, daniel } = await givenFamily();
      await givenVisit(emma, new Date(now.getTime() + 30 * hour));
      await overSmtp(listener.url, async (smtp) => {
        expect((await runReminderPass(smtp, now)).appointment).toMatchObject({ SENT: 0, FAILED: 1 });
        expect(listener.received.flatMap((r) => r.to)).toEqual(['daniel@example.org']);
        // Daniel is recorded as reached; the reminder is not finished, so the next pass takes it up.
        expect(await recipients()).toEqual([
          { address: 'daniel@example.org', status: 'SENT', responseCode: null },
        ]);
        expect(await t.db.select().from(reminderRecipient)).toEqual([
          expect.objectContaining({ recipientPatientId: daniel.patientId, kind: 'APPOINTMENT' }),
        ]);
        expect(await t.db.select().from(reminderSent)).toHaveLength(0);

        // Lucía's server accepts again, but her address waits five minutes after its failure
        // (decision 166): a pass one minute later leaves her alone.
        listener.refuse = () => undefined;
        const minutesLater = (m: number) => new Date(now.getTime() + m * 60_000);
        expect((await runReminderPass(smtp, minutesLater(1))).appointment).toMatchObject({
          SENT: 0,
          FAILED: 1,
        });
        expect(listener.received).toHaveLength(1);
        expect((await runReminderPass(smtp, minutesLater(5))).appointment).toMatchObject({
          SENT: 1,
          FAILED: 0,
        });
        expect((await runReminderPass(smtp, new Date(now.getTime() + hour))).appointment).toMatchObject({
          SENT: 0,
          FAILED: 0,
        });
      });

      // The retry wrote to Lucía alone: Daniel has exactly one message.
      expect(listener.received.map((r) => r.to)).toEqual([['daniel@example.org'], ['lucia@example.org']]);
      const [first, retry] = await Promise.all(listener.received.map((r) => simpleParser(r.raw)));
      expect(first!.subject).toBe('Sunshine Dermatology: Appointment reminder for Emma Reed');
      expect(retry!.subject).toBe('Sunshine Dermatology: Recordatorio de cita de Emma Reed');
      expect(await recipients()).toEqual([
        { address: 'daniel@example.org', status: 'SENT', responseCode: null },
        { address: 'lucia@example.org', status: 'SENT', responseCode: null },
      ]);
      expect(await t.db.select().from(reminderSent)).toHaveLength(1);
    });

    it("still reaches Lucía when Daniel's address is refused for good, and never tries his address again", async () => {
      const tried: string[] = [];
      const listener = await startSmtp((address) => {
        tried.push(address);
        return address === 'daniel@example.org' ? 550 : undefined;
      });
      const { emma } = await givenFamily();
      await givenVisit(emma, new Date(now.getTime() + 30 * hour));
      await overSmtp(listener.url, async (smtp) => {
        // Daniel is refused, Lucía is reached: the reminder is finished.
        expect((await runReminderPass(smtp, now)).appointment).toMatchObject({ SENT: 1, FAILED: 0 });
        expect((await runReminderPass(smtp, new Date(now.getTime() + hour))).appointment).toMatchObject({
          SENT: 0,
          FAILED: 0,
        });
      });
      expect(listener.received.map((r) => r.to)).toEqual([['lucia@example.org']]);
      expect(tried).toEqual(['daniel@example.org', 'lucia@example.org']);
      expect(await recipients()).toEqual([
        { address: 'daniel@example.org', status: 'REFUSED', responseCode: 550 },
        { address: 'lucia@example.org', status: 'SENT', responseCode: null },
      ]);
      expect(await t.db.select().from(reminderSent)).toHaveLength(1);
    });

    it('counts a reminder whose every address is refused for good as failed, once, and does not retry it', async () => {
      const tried: string[] = [];
      const listener = await startSmtp((address) => {
        tried.push(address);
        return 550;
      });
      const { emma } = await givenFamily();
      await givenVisit(emma, new Date(now.getTime() + 30 * hour));
      await overSmtp(listener.url, async (smtp) => {
        expect((await runReminderPass(smtp, now)).appointment).toMatchObject({ SENT: 0, FAILED: 1 });
        expect((await runReminderPass(smtp, now)).appointment).toMatchObject({ SENT: 0, FAILED: 0 });
      });
      expect(listener.received).toEqual([]);
      expect(tried).toEqual(['daniel@example.org', 'lucia@example.org']);
      expect((await recipients()).map((r) => r.status)).toEqual(['REFUSED', 'REFUSED']);
    });
  });
});
