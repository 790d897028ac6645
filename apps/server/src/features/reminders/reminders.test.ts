import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  emailPreference,
  encounter,
  patient,
  patientContact,
  practice,
  reminderRetry,
  reminderSent,
  scheduledJob,
  apiKey,
  userAccount,
} from '../../db/schema';
import { runJobIfDue, startJobPoller } from '../../lib/jobs/scheduled-jobs';
import type { Mailer, MailMessage } from '../../lib/mail/mailer';
import { OutboxMailer } from '../../lib/mail/outbox-mailer';
import { verifyUnsubscribeToken } from '../../lib/mail/unsubscribe-link';
import { buildProgram } from '../../cli/program';
import { newApiKey, sha256Hex } from '../../lib/secrets';
import { useTestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/database';
import { givenPractice, givenUser } from '../../test/fixtures';
import { day, hour, reminderConfig, reminderNow, useReminderSetup } from '../../test/reminders';
import type { ReminderPassDeps } from './reminders.service';
import { reminderJob, reminderJobName, runReminderPass } from './reminders.service';

const now = reminderNow;
const config = reminderConfig;

describeEachDatabase('reminder e-mails', (t) => {
  const setup = useReminderSetup(t);
  const { givenPatientWithEmail, givenVisit, outbox } = setup;
  const appFactory = useTestApp(t);

  it('sends an appointment reminder for a visit within 48 hours, in the practice branding, with a type 1 unsubscribe link', async () => {
    const ana = await givenPatientWithEmail('ana@example.org');
    const visit = await givenVisit(ana.patientId, new Date(now.getTime() + 30 * hour));

    const summary = await runReminderPass(setup.deps, now);
    expect(summary.appointment).toMatchObject({ SENT: 1, FAILED: 0 });

    const [mail, ...more] = await outbox();
    expect(more).toHaveLength(0);
    expect(mail).toMatchObject({
      practiceId: setup.practiceId,
      toAddress: 'ana@example.org',
      category: 'APPOINTMENT_REMINDER',
      subject: 'Sunshine Dermatology: Appointment reminder',
    });
    // 30 h after 10:00 EDT on Tuesday is 16:00 EDT on Wednesday (DST began on March 8).
    expect(mail!.textBody).toContain(
      'This is a reminder of your appointment on Wednesday, March 11, 2026 at 4:00 PM EDT.',
    );
    expect(mail!.textBody).toContain('Place: Naples Clinic, 100 Main St, Naples, FL 34102.');
    expect(mail!.textBody).toContain('please call (239) 555 - 0199.');
    expect(mail!.textBody).toContain('View your appointments: https://portal.example/appointments');
    expect(mail!.htmlBody).toContain('#b45309');

    const link = new URL(/https:\/\/portal\.example\/unsubscribe\?\S+/.exec(mail!.textBody)![0]);
    expect(link.searchParams.get('type')).toBe('1');
    expect(link.searchParams.get('pid')).toBe(String(ana.patientId));
    expect(
      verifyUnsubscribeToken(
        config,
        { patientId: ana.patientId, userId: 0, type: 1 },
        link.searchParams.get('token')!,
      ),
    ).toBe(true);

    expect(await t.db.select().from(reminderSent)).toEqual([
      expect.objectContaining({ encounterId: visit, kind: 'APPOINTMENT', patientId: ana.patientId }),
    ]);
    // A second pass finds nothing to do.
    expect((await runReminderPass(setup.deps, new Date(now.getTime() + hour))).appointment.SENT).toBe(0);
    expect(await outbox()).toHaveLength(1);
  });

  it('states times and counts follow-up days in the practice’s own time zone, not the server’s (decision 127)', async () => {
    await t.db
      .update(practice)
      .set({ timeZone: 'America/Los_Angeles' })
      .where(eq(practice.id, setup.practiceId));
    const ana = await givenPatientWithEmail('ana@example.org');
    await givenVisit(ana.patientId, new Date('2026-03-11T17:30:00Z'));
    // 23:30 on December 9 in Los Angeles (already December 10 in New York). 90 days of Los Angeles's
    // calendar end at 23:30 PDT on March 9; 90 times 24 hours would end at 00:30 PDT on March 10.
    const ben = await givenPatientWithEmail('ben@example.org');
    await givenVisit(ben.patientId, new Date('2025-12-10T07:30:00Z'), 90);

    const summary = await runReminderPass(setup.deps, now);
    expect([summary.appointment.SENT, summary.followUp.SENT]).toEqual([1, 1]);
    const [appointment, followUp] = await outbox();
    expect(appointment!.textBody).toContain(
      'This is a reminder of your appointment on Wednesday, March 11, 2026 at 10:30 AM PDT.',
    );
    expect(followUp!.textBody).toContain(
      'After your visit on December 9, 2025, the clinic asked to see you again for a follow-up visit around March 9, 2026.',
    );
  });

  it('sends nothing for a visit further than 48 hours away, a past visit, or an inactive or deceased patient; the far visit is reminded once it comes within 48 hours', async () => {
    const ana = await givenPatientWithEmail('ana@example.org');
    await givenVisit(ana.patientId, new Date(now.getTime() + 49 * hour));
    await givenVisit(ana.patientId, new Date(now.getTime() - 2 * hour));
    const gone = await givenPatientWithEmail('gone@example.org');
    await givenVisit(gone.patientId, new Date(now.getTime() + 5 * hour));
    await t.db.update(patient).set({ deceased: true }).where(eq(patient.id, gone.patientId));

    const summary = await runReminderPass(setup.deps, now);
    expect(summary.appointment.SENT).toBe(0);
    expect(summary.followUp.SENT).toBe(0);
    expect(await outbox()).toHaveLength(0);

    expect((await runReminderPass(setup.deps, new Date(now.getTime() + 2 * hour))).appointment.SENT).toBe(1);
    expect((await outbox()).map((m) => m.toAddress)).toEqual(['ana@example.org']);
  });

  it('honours an unsubscribe from appointment reminders (type 1) without touching follow-up reminders (type 3), and the other way round', async () => {
    const ana = await givenPatientWithEmail('ana@example.org');
    await givenVisit(ana.patientId, new Date(now.getTime() - 95 * day), 90);
    await givenVisit(ana.patientId, new Date(now.getTime() + 10 * hour));
    // A visit after the follow-up visit... would cancel the follow-up, so Ana's upcoming one is what
    // the follow-up asked for: use a second patient for the follow-up side.
    const ben = await givenPatientWithEmail('ben@example.org');
    await givenVisit(ben.patientId, new Date(now.getTime() - 95 * day), 90);
    await givenVisit(ben.patientId, new Date(now.getTime() + 200 * day));
    const cy = await givenPatientWithEmail('cy@example.org');
    await givenVisit(cy.patientId, new Date(now.getTime() - 100 * day), 90);

    await t.db.insert(emailPreference).values([
      { patientId: ana.patientId, type: 1 },
      { patientId: cy.patientId, type: 3 },
    ]);

    const summary = await runReminderPass(setup.deps, now);
    expect(summary.appointment.SENT).toBe(0);
    expect(summary.followUp.SENT).toBe(0);
    expect(await outbox()).toHaveLength(0);

    // Cy unsubscribed from follow-up reminders only: an upcoming visit is still reminded.
    await givenVisit(cy.patientId, new Date(now.getTime() + 20 * hour));
    await runReminderPass(setup.deps, now);
    expect((await outbox()).map((m) => [m.toAddress, m.category])).toEqual([
      ['cy@example.org', 'APPOINTMENT_REMINDER'],
    ]);
  });

  it('reminds to schedule a follow-up once the interval has passed with no later visit, in Spanish for a Spanish account, with a type 3 link', async () => {
    const user = await givenUser(t.db, setup.practiceId);
    const ana = { patientId: user.patientId };
    await t.db
      .insert(patientContact)
      .values({ patientId: ana.patientId, type: 'EMAIL_ADDRESS', value: 'ana@example.org' });
    await t.db.update(userAccount).set({ language: 'es' }).where(eq(userAccount.id, user.userId));
    await givenVisit(ana.patientId, new Date('2025-12-09T15:00:00Z'), 90);

    // Due on 2026-03-09: not yet on March 8, sent on March 10.
    expect((await runReminderPass(setup.deps, new Date('2026-03-08T12:00:00Z'))).followUp.SENT).toBe(0);
    expect((await runReminderPass(setup.deps, now)).followUp.SENT).toBe(1);
    const [mail] = await outbox();
    expect(mail).toMatchObject({
      toAddress: 'ana@example.org',
      category: 'SCHEDULE_REMINDER',
      subject: 'Sunshine Dermatology: Es momento de programar su visita de seguimiento',
    });
    expect(mail!.textBody).toContain('Después de su visita del 9 de diciembre de 2025');
    expect(mail!.textBody).toContain('alrededor del 9 de marzo de 2026');
    const link = new URL(/https:\/\/portal\.example\/unsubscribe\?\S+/.exec(mail!.textBody)![0]);
    expect(link.searchParams.get('type')).toBe('3');
    expect(link.searchParams.get('uid')).toBe(String(user.userId));

    expect((await runReminderPass(setup.deps, new Date(now.getTime() + 5 * day))).followUp.SENT).toBe(0);
    expect(await outbox()).toHaveLength(1);
  });

  it('sends no follow-up reminder when a later visit exists, when no interval was set, or when it fell due more than 30 days ago', async () => {
    const ana = await givenPatientWithEmail('ana@example.org');
    await givenVisit(ana.patientId, new Date(now.getTime() - 100 * day), 90);
    await givenVisit(ana.patientId, new Date(now.getTime() - 3 * day));
    const ben = await givenPatientWithEmail('ben@example.org');
    await givenVisit(ben.patientId, new Date(now.getTime() - 100 * day));
    const cy = await givenPatientWithEmail('cy@example.org');
    await givenVisit(cy.patientId, new Date(now.getTime() - 125 * day), 90);

    expect((await runReminderPass(setup.deps, now)).followUp.SENT).toBe(0);
    expect(await outbox()).toHaveLength(0);
  });

  it('records nothing when the patient has no e-mail address, so an address added later still gets the reminder', async () => {
    const ana = await givenPatientWithEmail('ana@example.org');
    await t.db.delete(patientContact).where(eq(patientContact.patientId, ana.patientId));
    await givenVisit(ana.patientId, new Date(now.getTime() + 10 * hour));

    expect((await runReminderPass(setup.deps, now)).appointment).toMatchObject({ SENT: 0, NO_EMAIL: 1 });
    expect(await t.db.select().from(reminderSent)).toHaveLength(0);

    await t.db
      .insert(patientContact)
      .values({ patientId: ana.patientId, type: 'EMAIL_ADDRESS', value: 'ana@example.org' });
    expect((await runReminderPass(setup.deps, now)).appointment.SENT).toBe(1);
  });

  it('reminds again for the new time when the clinic moves a visit, but never twice for the same time', async () => {
    const ana = await givenPatientWithEmail('ana@example.org');
    const visit = await givenVisit(ana.patientId, new Date(now.getTime() + 30 * hour));
    await runReminderPass(setup.deps, now);
    await t.db
      .update(encounter)
      .set({ dateOfService: new Date(now.getTime() + 40 * hour) })
      .where(eq(encounter.id, visit));
    await runReminderPass(setup.deps, now);
    await runReminderPass(setup.deps, now);
    expect((await outbox()).map((m) => m.category)).toEqual(['APPOINTMENT_REMINDER', 'APPOINTMENT_REMINDER']);
  });

  it('sends each reminder exactly once when two workers run the pass at the same time', async () => {
    for (let i = 0; i < 6; i++) {
      const coming = await givenPatientWithEmail(`coming${i}@example.org`);
      await givenVisit(coming.patientId, new Date(now.getTime() + (5 + i) * hour));
      const due = await givenPatientWithEmail(`due${i}@example.org`);
      await givenVisit(due.patientId, new Date(now.getTime() - 100 * day), 95);
    }
    // Two instances: each its own mailer over the shared database.
    const other: ReminderPassDeps = { db: t.db, mailer: new OutboxMailer(t.db), config };
    const [a, b] = await Promise.all([runReminderPass(setup.deps, now), runReminderPass(other, now)]);

    if (t.variant === 'PGlite') {
      // PGlite runs one statement at a time in the order given, so both workers listed all six visits
      // before either committed one: the race certainly happened, and the loser found each recorded.
      // (On PostgreSQL the interleaving is up to the server; the counts below hold either way.)
      expect(a.appointment.SENT + a.appointment.ALREADY_SENT).toBe(6);
      expect(b.appointment.SENT + b.appointment.ALREADY_SENT).toBe(6);
    }
    expect(a.appointment.SENT + b.appointment.SENT).toBe(6);
    expect(a.followUp.SENT + b.followUp.SENT).toBe(6);
    expect(a.appointment.FAILED + b.appointment.FAILED + a.followUp.FAILED + b.followUp.FAILED).toBe(0);
    const mails = await outbox();
    expect(mails).toHaveLength(12);
    expect(new Set(mails.map((m) => m.toAddress)).size).toBe(12);
  });

  it('runs the scheduled pass on one of two racing workers only, and the schedule survives a restart', async () => {
    const ana = await givenPatientWithEmail('ana@example.org');
    await givenVisit(ana.patientId, new Date(Date.now() + 10 * hour));
    const job = reminderJob(setup.deps);

    const outcomes = await Promise.all([
      runJobIfDue(t.db, job, 'instance-a'),
      runJobIfDue(t.db, job, 'instance-b'),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['RAN', 'SKIPPED']);
    expect(await outbox()).toHaveLength(1);

    const [row] = await t.db.select().from(scheduledJob).where(eq(scheduledJob.name, reminderJobName));
    expect(row).toMatchObject({ lockedBy: null, lockedUntil: null, runCount: 1, lastError: null });
    expect(row!.nextRunAt.getTime()).toBeGreaterThan(Date.now() + 200_000);

    // A restarted instance (new worker id, nothing in memory) reads the schedule from the database:
    // not due yet, so it does nothing, and a forced run still sends nothing twice.
    expect((await runJobIfDue(t.db, job, 'instance-a-restarted')).status).toBe('SKIPPED');
    expect((await runJobIfDue(t.db, job, 'instance-a-restarted', { force: true })).status).toBe('RAN');
    expect(await outbox()).toHaveLength(1);
  });

  it("takes over a crashed worker's pass once its lease has expired, not before", async () => {
    const job = reminderJob(setup.deps);
    await t.db.insert(scheduledJob).values({
      name: reminderJobName,
      nextRunAt: new Date(Date.now() - 60_000),
      lockedBy: 'crashed',
      lockedUntil: new Date(Date.now() + 60_000),
    });
    expect((await runJobIfDue(t.db, job, 'survivor')).status).toBe('SKIPPED');
    expect((await runJobIfDue(t.db, job, 'survivor', { force: true })).status).toBe('SKIPPED');

    await t.db
      .update(scheduledJob)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(scheduledJob.name, reminderJobName));
    expect((await runJobIfDue(t.db, job, 'survivor')).status).toBe('RAN');
  });

  it('keeps an e-mail that failed for a later pass, waiting longer after each failure (decision 166)', async () => {
    const ana = await givenPatientWithEmail('ana@example.org');
    await givenVisit(ana.patientId, new Date(now.getTime() + 20 * hour));
    const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
    let minute = 0;
    const tried: number[] = [];
    const failing: Mailer = {
      send: (_: MailMessage) => {
        tried.push(minute);
        return Promise.reject(new Error('421 4.3.2 service not available, try again later'));
      },
      close: () => Promise.resolve(),
    };
    // A pass every five minutes for nine hours, the mail server failing every time.
    for (; minute <= 560; minute += 5) {
      const pass = await runReminderPass({ ...setup.deps, mailer: failing }, at(minute));
      // Tried or waiting, the reminder is still due and counted as failed.
      expect(pass.appointment).toMatchObject({ SENT: 0, FAILED: 1 });
    }
    // Waits of 5, 10, 20, 40, 80 and 160 minutes, then 4 hours at most.
    expect(tried).toEqual([0, 5, 15, 35, 75, 155, 315, 555]);
    expect(await t.db.select().from(reminderSent)).toHaveLength(0);
    expect(await t.db.select().from(reminderRetry)).toEqual([
      expect.objectContaining({ address: 'ana@example.org', failures: 8, nextAttemptAt: at(795) }),
    ]);

    // The mail server is back: the reminder goes when the wait is over, and its failures are forgotten.
    expect((await runReminderPass(setup.deps, at(790))).appointment).toMatchObject({ SENT: 0, FAILED: 1 });
    expect((await runReminderPass(setup.deps, at(795))).appointment).toMatchObject({ SENT: 1, FAILED: 0 });
    expect(await outbox()).toHaveLength(1);
    expect(await t.db.select().from(reminderRetry)).toEqual([]);
    expect((await runReminderPass(setup.deps, at(800))).appointment.SENT).toBe(0);
  });

  it('is driven by the poller without anyone calling it', async () => {
    const ana = await givenPatientWithEmail('ana@example.org');
    await givenVisit(ana.patientId, new Date(Date.now() + 10 * hour));
    const poller = startJobPoller({ db: t.db, jobs: [reminderJob(setup.deps)], pollSeconds: 1 });
    try {
      const deadline = Date.now() + 15_000;
      while ((await outbox()).length === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    } finally {
      await poller.stop();
    }
    expect((await outbox()).map((m) => m.category)).toEqual(['APPOINTMENT_REMINDER']);
  });

  it('lets the clinic set and clear the follow-up interval of its own encounters through the integration API', async () => {
    const newApp = appFactory;
    const app = await newApp({ publicUrl: 'https://portal.example' });
    const key = newApiKey();
    await t.db
      .insert(apiKey)
      .values({ practiceId: setup.practiceId, keyHash: sha256Hex(key), label: 'test' });
    const ana = await givenPatientWithEmail('ana@example.org');
    const visit = await givenVisit(ana.patientId, new Date('2026-01-05T15:00:00Z'));
    const [{ externalId }] = (await t.db
      .select({ externalId: encounter.externalId })
      .from(encounter)
      .where(eq(encounter.id, visit))) as [{ externalId: string }];
    const put = (id: string, payload: unknown, headers: Record<string, string> = { 'x-api-key': key }) =>
      app.inject({
        method: 'PUT',
        url: `/api/integration/encounters/${encodeURIComponent(id)}/follow-up`,
        headers,
        payload: payload as object,
      });

    const set = await put(externalId, { followUpAfterDays: 90 });
    expect(set.statusCode).toBe(200);
    // 90 days of the practice's calendar (New York, the server default): 10:00 EST on January 5 is
    // followed by 10:00 EDT on April 5, one hour less than 90 times 24 hours.
    expect(set.json()).toEqual({
      externalId,
      followUpAfterDays: 90,
      followUpDueAt: '2026-04-05T14:00:00.000Z',
    });
    const [row] = await t.db.select().from(encounter).where(eq(encounter.id, visit));
    expect(row!.followUpAfterDays).toBe(90);

    const cleared = await put(externalId, { followUpAfterDays: null });
    expect(cleared.json()).toEqual({ externalId, followUpAfterDays: null, followUpDueAt: null });

    for (const bad of [
      { followUpAfterDays: 0 },
      { followUpAfterDays: 3651 },
      { followUpAfterDays: 1.5 },
      { followUpAfterDays: '90' },
      {},
    ]) {
      const res = await put(externalId, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await put('NO-SUCH-VISIT', { followUpAfterDays: 30 })).statusCode).toBe(404);
    expect((await put(externalId, { followUpAfterDays: 30 }, {})).statusCode).toBe(401);

    // Another practice's key does not reach this practice's encounter.
    const otherPractice = await givenPractice(t.db, 'Other Practice');
    const otherKey = newApiKey();
    await t.db
      .insert(apiKey)
      .values({ practiceId: otherPractice, keyHash: sha256Hex(otherKey), label: 'other' });
    expect((await put(externalId, { followUpAfterDays: 30 }, { 'x-api-key': otherKey })).statusCode).toBe(
      404,
    );
    const [after] = await t.db.select().from(encounter).where(eq(encounter.id, visit));
    expect(after!.followUpAfterDays).toBeNull();
  });

  it('sets a follow-up and runs one pass from the command line: `dermis encounter:follow-up`, `dermis reminders:run`', async () => {
    const ana = await givenPatientWithEmail('ana@example.org');
    await givenVisit(ana.patientId, new Date(Date.now() + 10 * hour));
    const run = async (...args: string[]) => {
      const printed: string[] = [];
      const program = buildProgram({
        withDatabase: async (fn) => void printed.push(await fn(t.db)),
        withServices: async (fn) =>
          void printed.push(await fn({ db: t.db, mailer: new OutboxMailer(t.db), config })),
        print: (text) => void printed.push(text),
      });
      for (const command of [program, ...program.commands]) {
        command
          .exitOverride()
          .configureOutput({ writeErr: (s) => printed.push(s), writeOut: (s) => printed.push(s) });
      }
      await program.parseAsync(['node', 'dermis', ...args]);
      return printed.join('\n');
    };

    const [{ externalId }] = (await t.db
      .select({ externalId: encounter.externalId })
      .from(encounter)
      .where(eq(encounter.patientId, ana.patientId))) as [{ externalId: string }];
    const visitAt = (await t.db.select().from(encounter))[0]!.dateOfService.getTime();
    // A practice on UTC: its 30 calendar days are 30 times 24 hours whatever the date of the run
    // (the server default, New York, may cross a daylight-saving change).
    await t.db.update(practice).set({ timeZone: 'UTC' }).where(eq(practice.id, setup.practiceId));
    expect(
      await run(
        'encounter:follow-up',
        '--practice',
        String(setup.practiceId),
        '--external-id',
        externalId,
        '--days',
        '30',
      ),
    ).toBe(
      `Encounter ${externalId}: follow-up after 30 days, due ${new Date(visitAt + 30 * day).toISOString()}.`,
    );
    expect(
      await run(
        'encounter:follow-up',
        '--practice',
        String(setup.practiceId),
        '--external-id',
        externalId,
        '--days',
        'none',
      ),
    ).toBe(`Encounter ${externalId}: no follow-up.`);
    await expect(
      run(
        'encounter:follow-up',
        '--practice',
        String(setup.practiceId),
        '--external-id',
        'NOPE',
        '--days',
        '30',
      ),
    ).rejects.toThrow(`Practice ${setup.practiceId} has no encounter NOPE.`);
    await expect(
      run(
        'encounter:follow-up',
        '--practice',
        String(setup.practiceId),
        '--external-id',
        externalId,
        '--days',
        '0',
      ),
    ).rejects.toThrow(/1 to 3650, or none/);

    expect(await run('reminders:run')).toBe(
      [
        'Reminder pass finished.',
        '  appointment reminders: 1 sent, 0 unsubscribed, 0 without e-mail address, 0 sent by another instance, 0 failed',
        '  follow-up reminders: 0 sent, 0 unsubscribed, 0 without e-mail address, 0 sent by another instance, 0 failed',
      ].join('\n'),
    );
    expect(await run('reminders:run')).toContain('appointment reminders: 0 sent');
    expect(await outbox()).toHaveLength(1);

    // A server instance holds the pass: the command does not run beside it.
    await t.db
      .update(scheduledJob)
      .set({ lockedBy: 'server-1', lockedUntil: new Date(Date.now() + 60_000) })
      .where(eq(scheduledJob.name, reminderJobName));
    expect(await run('reminders:run')).toBe(
      'Another instance is running the reminder pass right now; nothing was done.',
    );
  });
});
