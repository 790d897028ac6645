/**
 * The reminder pass (decisions 107 and 108): appointment reminders (unsubscribe type 1) before a
 * visit, and reminders to schedule a follow-up (type 3) once the clinic's follow-up interval after a
 * visit has passed with no later visit. Each e-mail is queued in its own transaction together with
 * its recipient's reminder_recipient row, so each recipient gets a reminder once however many workers
 * run the pass at once and however often it is retried (decision 163); reminder_sent marks the
 * reminder finished when every recipient has been reached or refused for good.
 */
import type { Language } from '@dermis/contract';
import { formatPharmacyPhone, webRoutes } from '@dermis/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env';
import type { Db } from '../../db/database';
import type { JobDefinition } from '../../lib/jobs/scheduled-jobs';
import { translatorFor } from '../../lib/i18n';
import type { Mailer } from '../../lib/mail/mailer';
import { RecipientRefusedError } from '../../lib/mail/mailer';
import { MailOutbox } from '../../lib/mail/mail-outbox';
import { OutboxMailer } from '../../lib/mail/outbox-mailer';
import type { ReminderAbout, ReminderMail, ReminderResult } from '../../lib/mail/reminder-mail';
import { prepareReminderMails } from '../../lib/mail/reminder-mail';
import type { MailContent } from '../../lib/mail/template';
import { describeError } from '../../lib/safe-error';
import type { ReminderCandidate, ReminderKind } from './reminders.repository';
import { clearRetries, clearRetry, recordTemporaryFailure, retryWaits } from './reminder-retry.repository';
import {
  appointmentCandidates,
  claimRecipient,
  followUpCandidates,
  markRecipientRefused,
  recordReminder,
} from './reminders.repository';

/** A follow-up reminder is sent only while its due date is at most this many days old. */
export const followUpWindowDays = 30;

export const reminderJobName = 'reminders';

export type ReminderConfig = Pick<
  Config,
  'publicUrl' | 'jwtSecret' | 'reminderIntervalSeconds' | 'reminderAppointmentLeadHours' | 'reminderTimeZone'
>;

export interface ReminderPassDeps {
  db: Db;
  mailer: Mailer;
  config: ReminderConfig;
  logger?: Pick<FastifyBaseLogger, 'info' | 'error'>;
}

/**
 * What a pass did with one reminder. SENT: it handed at least one e-mail over and none waits for a
 * retry. FAILED: an e-mail failed and waits for the next pass, or every e-mail this pass tried was
 * refused for good. ALREADY_SENT: each recipient had been reached before (another worker, an earlier
 * pass). SKIPPED_UNSUBSCRIBED and NO_EMAIL: nothing sent and nothing recorded.
 */
export type ReminderOutcome = ReminderResult | 'ALREADY_SENT' | 'FAILED';

export type ReminderTally = Record<ReminderOutcome, number>;

export interface ReminderPassSummary {
  appointment: ReminderTally;
  followUp: ReminderTally;
}

const emptyTally = (): ReminderTally => ({
  SENT: 0,
  SKIPPED_UNSUBSCRIBED: 0,
  NO_EMAIL: 0,
  ALREADY_SENT: 0,
  FAILED: 0,
});

/**
 * One pass over every due reminder. `now` is for tests; the default is the clock. An aborted `signal`
 * ends the pass between two e-mails (what is left is found again by the next pass).
 */
export async function runReminderPass(
  deps: ReminderPassDeps,
  now: Date = new Date(),
  signal?: AbortSignal,
): Promise<ReminderPassSummary> {
  const summary: ReminderPassSummary = { appointment: emptyTally(), followUp: emptyTally() };
  const lead = deps.config.reminderAppointmentLeadHours;

  for (let after = 0; !signal?.aborted;) {
    const page = await appointmentCandidates(deps.db, now, lead, after, deps.config.reminderTimeZone);
    for (const candidate of page) {
      if (signal?.aborted) break;
      summary.appointment[await remindOnce(deps, candidate, 'APPOINTMENT', now)]++;
    }
    if (page.length === 0) break;
    after = page[page.length - 1]!.encounterId;
  }
  for (let after = 0; !signal?.aborted;) {
    const page = await followUpCandidates(
      deps.db,
      now,
      followUpWindowDays,
      after,
      deps.config.reminderTimeZone,
    );
    for (const candidate of page) {
      if (signal?.aborted) break;
      summary.followUp[await remindOnce(deps, candidate, 'FOLLOW_UP', now)]++;
    }
    if (page.length === 0) break;
    after = page[page.length - 1]!.encounterId;
  }
  return summary;
}

/** The pass as a scheduled job (lib/jobs), for the server's poller and `dermis reminders:run`. */
export function reminderJob(
  deps: ReminderPassDeps,
  onSummary?: (summary: ReminderPassSummary) => void,
): JobDefinition {
  return {
    name: reminderJobName,
    // The poller's interval, or the default when it is off and the CLI runs a pass by hand.
    intervalSeconds: deps.config.reminderIntervalSeconds || 300,
    leaseSeconds: 900,
    run: async (signal) => {
      const summary = await runReminderPass(deps, new Date(), signal);
      deps.logger?.info({ reminders: summary }, 'reminder pass finished');
      onSummary?.(summary);
    },
  };
}

async function remindOnce(
  deps: ReminderPassDeps,
  candidate: ReminderCandidate,
  kind: ReminderKind,
  now: Date,
): Promise<ReminderOutcome> {
  const log = (message: string, details: object) =>
    deps.logger?.error({ encounterId: candidate.encounterId, kind, ...details }, message);
  let mails: Awaited<ReturnType<typeof prepareReminderMails>>;
  try {
    mails = await prepareReminderMails(deps, {
      patientId: candidate.patientId,
      type: kind === 'APPOINTMENT' ? 1 : 3,
      // A minor without an address of their own is reminded through their guardians (decision 156).
      reachResponsiblePersons: true,
      content: (language, about) =>
        kind === 'APPOINTMENT'
          ? appointmentContent(deps.config, candidate, language, about)
          : followUpContent(deps.config, candidate, language, about),
    });
  } catch (error) {
    log('reminder e-mail failed', { error: describeError(error) });
    return 'FAILED';
  }
  // Not sent (unsubscribed, nobody to write to): nothing is recorded, so a patient who adds an
  // address or subscribes again still gets a reminder that is still due.
  if (typeof mails === 'string') return mails;

  const done = { SENT: 0, REFUSED: 0, ALREADY_SENT: 0, FAILED: 0 };
  for (const mail of mails) {
    const to = mail.message.to;
    try {
      // After a temporary failure the recipient waits its turn (decision 166): still failed, still due.
      if (await retryWaits(deps.db, candidate, kind, to, now)) {
        done.FAILED++;
        continue;
      }
      done[await remindRecipient(deps, candidate, kind, mail)]++;
    } catch (error) {
      // One failing e-mail (a temporary refusal, a lost connection) must not stop the others; its
      // recipient's record was rolled back with it, so a later pass writes to that recipient only,
      // once its wait is over.
      log('reminder e-mail failed', { error: describeError(error) });
      done.FAILED++;
      await recordTemporaryFailure(deps.db, candidate, kind, to, now).catch((failure: unknown) =>
        log('reminder retry record failed', { error: describeError(failure) }),
      );
    }
  }
  if (done.FAILED > 0) return 'FAILED';
  try {
    // Every recipient reached or refused for good: the candidate queries leave the reminder out now.
    await recordReminder(deps.db, candidate, kind);
    await clearRetries(deps.db, candidate, kind);
  } catch (error) {
    // Only costs a pass that finds each recipient recorded and tries again to finish the reminder.
    log('reminder record failed', { error: describeError(error) });
    return 'FAILED';
  }
  if (done.SENT > 0) return 'SENT';
  return done.REFUSED > 0 ? 'FAILED' : 'ALREADY_SENT';
}

/**
 * One recipient's e-mail, in its own transaction with the recipient's record: handed over (SENT),
 * refused for good by the mail server (REFUSED, recorded so that no pass tries that address again
 * and the reminder can finish), or reached before (ALREADY_SENT). Any other failure throws and
 * rolls the record back.
 */
async function remindRecipient(
  deps: ReminderPassDeps,
  candidate: ReminderCandidate,
  kind: ReminderKind,
  mail: ReminderMail,
): Promise<'SENT' | 'REFUSED' | 'ALREADY_SENT'> {
  return deps.db.transaction(async (tx) => {
    const recipient = { to: mail.message.to, patientId: mail.recipientPatientId };
    if (!(await claimRecipient(tx, candidate, kind, recipient))) return 'ALREADY_SENT';
    // Reached or refused for good, the recipient's failures are forgotten; a failure rolls this back.
    await clearRetry(tx, candidate, kind, recipient.to);
    try {
      await mailerInTransaction(deps.mailer, tx).send(mail.message);
      return 'SENT';
    } catch (error) {
      if (!(error instanceof RecipientRefusedError)) throw error;
      await markRecipientRefused(tx, candidate, kind, mail.message.to, error.responseCode);
      // The reply code only: the server's text may quote the address.
      deps.logger?.error(
        { encounterId: candidate.encounterId, kind, responseCode: error.responseCode },
        'reminder e-mail refused for good by the mail server',
      );
      return 'REFUSED';
    }
  });
}

/**
 * The outbox mailers write through the transaction, so the e-mail and its recipient's row commit or
 * roll back together: the kept one, and the durable one to SMTP (decision 184), whose own retries
 * then take over. A bare SMTP mailer (the CLI's tests) cannot join a transaction: it sends before
 * the commit, so a crash between the two could repeat that one e-mail to that one recipient
 * (decision 107), but a failed send never records one.
 */
function mailerInTransaction(mailer: Mailer, tx: Db): Mailer {
  if (mailer instanceof MailOutbox) return mailer.within(tx);
  return mailer instanceof OutboxMailer ? new OutboxMailer(tx) : mailer;
}

type Content = Pick<MailContent, 'subject' | 'greeting' | 'paragraphs' | 'action'>;

/** The patient's appointments, or the page a responsible person sees them on (/{patientId}/appointments). */
function appointmentsUrl(config: ReminderConfig, about: ReminderAbout | null): string {
  return `${config.publicUrl}${about ? `/${about.patientId}` : ''}${webRoutes.appointments}`;
}

function appointmentContent(
  config: ReminderConfig,
  c: ReminderCandidate,
  language: Language | null,
  about: ReminderAbout | null,
): Content {
  const tr = translatorFor(language);
  const place = clinicLine(c);
  const phone = c.phone ? formatPharmacyPhone(c.phone) : null;
  const when = formatVisit(c.dateOfService, language, c.timeZone, true);
  const name = about?.name ?? '';
  return {
    subject: about
      ? tr('mail.reminder.appointment.subjectFor', { name })
      : tr('mail.reminder.appointment.subject'),
    greeting: tr('mail.greeting'),
    paragraphs: [
      about
        ? tr('mail.reminder.appointment.whenFor', { name, when })
        : tr('mail.reminder.appointment.when', { when }),
      ...(place ? [tr('mail.reminder.appointment.where', { clinic: place })] : []),
      about ? tr('mail.reminder.appointment.prepareFor', { name }) : tr('mail.reminder.appointment.prepare'),
      phone
        ? tr('mail.reminder.appointment.change', { phone })
        : tr('mail.reminder.appointment.changeNoPhone'),
    ],
    action: {
      label: about
        ? tr('mail.reminder.appointment.actionFor', { name })
        : tr('mail.reminder.appointment.action'),
      url: appointmentsUrl(config, about),
    },
  };
}

function followUpContent(
  config: ReminderConfig,
  c: ReminderCandidate,
  language: Language | null,
  about: ReminderAbout | null,
): Content {
  const tr = translatorFor(language);
  const phone = c.phone ? formatPharmacyPhone(c.phone) : null;
  const due = c.followUpDueAt ?? c.dateOfService;
  const zone = c.timeZone;
  const dates = {
    visitDate: formatVisit(c.dateOfService, language, zone, false),
    dueDate: formatVisit(due, language, zone, false),
  };
  return {
    subject: about
      ? tr('mail.reminder.followUp.subjectFor', { name: about.name })
      : tr('mail.reminder.followUp.subject'),
    greeting: tr('mail.greeting'),
    paragraphs: [
      about
        ? tr('mail.reminder.followUp.dueFor', { name: about.name, ...dates })
        : tr('mail.reminder.followUp.due', dates),
      phone ? tr('mail.reminder.followUp.schedule', { phone }) : tr('mail.reminder.followUp.scheduleNoPhone'),
      tr('mail.reminder.followUp.ignore'),
    ],
    action: {
      label: tr('mail.reminder.followUp.action'),
      url: appointmentsUrl(config, about),
    },
  };
}

/** "Naples Clinic, 100 Main St, Naples, FL 34102": the clinic's name and what is known of its address. */
function clinicLine(c: ReminderCandidate): string | null {
  const cityLine = [c.clinicCity, [c.clinicState, c.clinicZipCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  const parts = [c.clinicName, c.clinicAddress, cityLine].filter((p): p is string => Boolean(p));
  return parts.length > 0 ? parts.join(', ') : null;
}

/** The visit's date (and time with its zone) as the recipient reads it, in the practice's time zone (decision 127). */
export function formatVisit(
  date: Date,
  language: Language | null,
  timeZone: string,
  withTime: boolean,
): string {
  return new Intl.DateTimeFormat(language === 'es' ? 'es-US' : 'en-US', {
    timeZone,
    weekday: withTime ? 'long' : undefined,
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    ...(withTime ? { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' } : {}),
  }).format(date);
}
