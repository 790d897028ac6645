/**
 * The reminder pass (decisions 107 and 108): appointment reminders (unsubscribe type 1) before a
 * visit, and reminders to schedule a follow-up (type 3) once the clinic's follow-up interval after a
 * visit has passed with no later visit. Each e-mail is queued in its own transaction together with
 * its reminder_sent row, so a reminder is sent once however many workers run the pass at once.
 */
import type { Language } from '@dermis/contract';
import { formatPharmacyPhone, webRoutes } from '@dermis/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env';
import type { Db } from '../../db/database';
import type { JobDefinition } from '../../lib/jobs/scheduled-jobs';
import { translatorFor } from '../../lib/i18n';
import type { Mailer } from '../../lib/mail/mailer';
import { OutboxMailer } from '../../lib/mail/outbox-mailer';
import type { ReminderAbout, ReminderResult } from '../../lib/mail/reminder-mail';
import { sendReminderMail } from '../../lib/mail/reminder-mail';
import type { MailContent } from '../../lib/mail/template';
import { describeError } from '../../lib/safe-error';
import type { ReminderCandidate, ReminderKind } from './reminders.repository';
import { appointmentCandidates, followUpCandidates, recordReminder } from './reminders.repository';

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
      summary.appointment[await remindOnce(deps, candidate, 'APPOINTMENT')]++;
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
      summary.followUp[await remindOnce(deps, candidate, 'FOLLOW_UP')]++;
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

class NotSent extends Error {
  constructor(readonly result: ReminderResult) {
    super(result);
  }
}

async function remindOnce(
  deps: ReminderPassDeps,
  candidate: ReminderCandidate,
  kind: ReminderKind,
): Promise<ReminderOutcome> {
  try {
    return await deps.db.transaction(async (tx) => {
      if (!(await recordReminder(tx, candidate, kind))) return 'ALREADY_SENT';
      const result = await sendReminderMail(
        { db: tx, mailer: mailerInTransaction(deps.mailer, tx), config: deps.config },
        {
          patientId: candidate.patientId,
          type: kind === 'APPOINTMENT' ? 1 : 3,
          // A minor without an address of their own is reminded through their guardians (decision 156).
          reachResponsiblePersons: true,
          content: (language, about) =>
            kind === 'APPOINTMENT'
              ? appointmentContent(deps.config, candidate, language, about)
              : followUpContent(deps.config, candidate, language, about),
        },
      );
      // Not sent (unsubscribed meanwhile, no e-mail address): roll the record back, so a patient who
      // adds an address or subscribes again still gets a reminder that is still due.
      if (result !== 'SENT') throw new NotSent(result);
      return result;
    });
  } catch (error) {
    if (error instanceof NotSent) return error.result;
    // One failing e-mail (the SMTP server refused it) must not stop the others; it is retried at the
    // next pass because its record was rolled back with it.
    deps.logger?.error(
      { encounterId: candidate.encounterId, kind, error: describeError(error) },
      'reminder e-mail failed',
    );
    return 'FAILED';
  }
}

/**
 * The outbox mailer writes through the transaction, so the e-mail and its reminder_sent row commit
 * or roll back together. SMTP cannot join a transaction: it sends before the commit, so a crash
 * between the two could repeat one e-mail (decision 107), but a failed send never records one.
 */
function mailerInTransaction(mailer: Mailer, tx: Db): Mailer {
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
