/**
 * `dermis reminders:run`: one reminder pass now (decisions 107 and 108), e.g. from cron when no
 * server instance runs the poller. It claims the same database lease as the servers' poller, so it
 * never runs beside another pass, and every reminder is still sent at most once.
 */
import { type Command, InvalidArgumentError } from 'commander';
import { setEncounterFollowUp } from '../features/reminders/follow-up.repository';
import type { ReminderPassSummary, ReminderTally } from '../features/reminders/reminders.service';
import { reminderJob } from '../features/reminders/reminders.service';
import { runJobIfDue, workerId } from '../lib/jobs/scheduled-jobs';
import { describeError } from '../lib/safe-error';
import { CliInputError } from './commands';
import type { InvitationCliIo } from './invitation-commands';

const positiveInteger = (value: string): number => {
  if (!/^\d+$/.test(value) || Number(value) < 1)
    throw new InvalidArgumentError('must be a positive whole number');
  return Number(value);
};
// 'none' stays a string here: commander turns a parser's null into ''.
const followUpDays = (value: string): number | 'none' => {
  if (value === 'none') return 'none';
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 3650)
    throw new InvalidArgumentError('must be a number of days from 1 to 3650, or none');
  return Number(value);
};

export function registerReminderCommands(program: Command, io: InvitationCliIo): void {
  program
    .command('encounter:follow-up')
    .description(
      'Set the days after a visit when the patient should come back (a reminder to schedule it is e-mailed once they have passed with no later visit), or none.',
    )
    .requiredOption('--practice <id>', 'practice id', positiveInteger)
    .requiredOption('--external-id <id>', "the clinic's encounter id")
    .requiredOption('--days <days|none>', 'days after the visit (1-3650), or none', followUpDays)
    .addHelpText('after', '\nExample:\n  dermis encounter:follow-up --practice 1 --external-id V-1 --days 90')
    .action((options: { practice: number; externalId: string; days: number | 'none' }) => {
      // With the services for the configuration: the due date is in REMINDER_TIME_ZONE when the
      // practice has no time zone of its own (decision 127).
      if (!io.withServices) throw new Error('this CLI cannot read the configuration');
      return io.withServices(async ({ db, config }) => {
        const saved = await setEncounterFollowUp(
          db,
          options.practice,
          options.externalId,
          options.days === 'none' ? null : options.days,
          config.reminderTimeZone,
        );
        if (!saved)
          throw new CliInputError(`Practice ${options.practice} has no encounter ${options.externalId}.`);
        return saved.followUpDueAt
          ? `Encounter ${saved.externalId}: follow-up after ${saved.followUpAfterDays} days, due ${saved.followUpDueAt}.`
          : `Encounter ${saved.externalId}: no follow-up.`;
      });
    });

  program
    .command('reminders:run')
    .description(
      'Send the due reminder e-mails now: appointment reminders and reminders to schedule a follow-up visit (each at most once; unsubscribed patients are skipped).',
    )
    .addHelpText('after', '\nExample:\n  dermis reminders:run')
    .action(async () => {
      if (!io.withServices) throw new Error('this CLI cannot open the mailer');
      await io.withServices(async ({ db, mailer, config }) => {
        let summary: ReminderPassSummary | undefined;
        const job = reminderJob({ db, mailer, config }, (s) => (summary = s));
        const outcome = await runJobIfDue(db, job, `cli:${workerId()}`, { force: true });
        if (outcome.status === 'SKIPPED')
          return 'Another instance is running the reminder pass right now; nothing was done.';
        if (outcome.status === 'FAILED') return `The reminder pass failed: ${describeError(outcome.error)}`;
        return [
          'Reminder pass finished.',
          `  appointment reminders: ${tally(summary!.appointment)}`,
          `  follow-up reminders: ${tally(summary!.followUp)}`,
        ].join('\n');
      });
    });
}

function tally(t: ReminderTally): string {
  return `${t.SENT} sent, ${t.SKIPPED_UNSUBSCRIBED} unsubscribed, ${t.NO_EMAIL} without e-mail address, ${t.ALREADY_SENT} sent by another instance, ${t.FAILED} failed`;
}
