/** The reminders demo: `dermis demo:seed`, then one `dermis reminders:run`, as an operator runs them. */
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { buildProgram } from '../../cli/program';
import { encounter, mailOutbox } from '../../db/schema';
import { OutboxMailer } from '../../lib/mail/outbox-mailer';
import { testConfig } from '../../test/config';
import { describeEachDatabase } from '../../test/database';
import { demoFollowUp } from './reminders.demo';
import { formatVisit, runReminderPass } from './reminders.service';

describeEachDatabase('reminders demo', (t) => {
  const config = testConfig({ publicUrl: 'https://portal.example' });
  const run = async (...args: string[]) => {
    const printed: string[] = [];
    const program = buildProgram({
      withDatabase: async (fn) => void printed.push(await fn(t.db)),
      withServices: async (fn) =>
        void printed.push(await fn({ db: t.db, mailer: new OutboxMailer(t.db), config })),
    });
    await program.parseAsync(['node', 'dermis', ...args]);
    return printed.join('\n');
  };
  const visitOn = async (externalId: string) => {
    const [row] = await t.db
      .select({ dateOfService: encounter.dateOfService })
      .from(encounter)
      .where(eq(encounter.externalId, externalId));
    return row!.dateOfService;
  };

  it('sends Maria an appointment reminder and Daniel a follow-up reminder, once', async () => {
    await run('demo:seed');
    expect(await run('reminders:run')).toBe(
      [
        'Reminder pass finished.',
        '  appointment reminders: 1 sent, 0 unsubscribed, 0 without e-mail address, 0 sent by another instance, 0 failed',
        '  follow-up reminders: 1 sent, 0 unsubscribed, 0 without e-mail address, 0 sent by another instance, 0 failed',
      ].join('\n'),
    );
    const mails = await t.db.select().from(mailOutbox).orderBy(mailOutbox.id);
    expect(mails.map((m) => [m.toAddress, m.category, m.subject])).toEqual([
      ['maria.lopez@example.com', 'APPOINTMENT_REMINDER', 'Sunshine Dermatology: Appointment reminder'],
      [
        'daniel.reed@example.com',
        'SCHEDULE_REMINDER',
        'Sunshine Dermatology: Time to schedule your follow-up visit',
      ],
    ]);
    const [appointment, followUp] = mails;
    const zone = config.reminderTimeZone;
    expect(appointment!.textBody).toContain(
      `your appointment on ${formatVisit(await visitOn('DEMO-ENC-UP-0'), null, zone, true)}.`,
    );
    expect(appointment!.textBody).toContain('Place: Sunshine Dermatology – Naples');
    expect(appointment!.textBody).toContain('please call (239) 555 - 0142');
    const skinCheck = await visitOn('DEMO-ENC-DANIEL-1');
    const due = new Date(skinCheck.getTime() + demoFollowUp.followUpAfterDays * 86_400_000);
    expect(followUp!.textBody).toContain(
      `After your visit on ${formatVisit(skinCheck, null, zone, false)}, the clinic asked to see you again for a follow-up visit around ${formatVisit(due, null, zone, false)}.`,
    );
    expect(followUp!.textBody).toMatch(
      /https:\/\/portal\.example\/unsubscribe\?pid=\d+&uid=\d+&type=3&token=/,
    );
    expect(appointment!.textBody).toMatch(
      /https:\/\/portal\.example\/unsubscribe\?pid=\d+&uid=\d+&type=1&token=/,
    );

    // Each reminder once: the next pass finds nothing to send.
    expect(await run('reminders:run')).toMatch(
      /appointment reminders: 0 sent[^]*follow-up reminders: 0 sent/,
    );
    expect(await t.db.select().from(mailOutbox)).toHaveLength(2);
  });

  it("reminds Daniel of Emma's visit, naming her, once it is a day away: she has no e-mail address (decision 156)", async () => {
    await run('demo:seed');
    await run('reminders:run');
    const emmaVisit = await visitOn('DEMO-ENC-UP-EMMA');
    const deps = { db: t.db, mailer: new OutboxMailer(t.db), config };
    const dayBefore = new Date(emmaVisit.getTime() - 24 * 3_600_000);
    expect((await runReminderPass(deps, dayBefore)).appointment).toMatchObject({ SENT: 1, NO_EMAIL: 0 });

    const mails = await t.db.select().from(mailOutbox).orderBy(mailOutbox.id);
    expect(mails).toHaveLength(3);
    const emma = mails[2]!;
    expect([emma.toAddress, emma.category, emma.subject]).toEqual([
      'daniel.reed@example.com',
      'APPOINTMENT_REMINDER',
      'Sunshine Dermatology: Appointment reminder for Emma Reed',
    ]);
    expect(emma.textBody).toContain(
      `This is a reminder of Emma Reed's appointment on ${formatVisit(emmaVisit, null, config.reminderTimeZone, true)}.`,
    );
    expect(emma.textBody).toContain('You receive this reminder as a responsible person of Emma Reed.');
    expect(emma.textBody).toMatch(/https:\/\/portal\.example\/\d+\/appointments/);

    expect((await runReminderPass(deps, new Date(dayBefore.getTime() + 3_600_000))).appointment.SENT).toBe(0);
    expect(await t.db.select().from(mailOutbox)).toHaveLength(3);
  });
});
