// Scheduled jobs and the record of reminder e-mails sent (0078, decisions 107 and 108), per
// recipient (0101, decision 163), and when a recipient may be tried again (0103, decision 166).
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { patient } from './core';
import { encounter } from './health-history';

export const scheduledJob = pgTable('scheduled_job', {
  name: text('name').primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  lockedBy: text('locked_by'),
  lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true, mode: 'date' }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true, mode: 'date' }),
  lastError: text('last_error'),
  runCount: integer('run_count').notNull().default(0),
});

export const reminderSent = pgTable(
  'reminder_sent',
  {
    encounterId: integer('encounter_id')
      .notNull()
      .references(() => encounter.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['APPOINTMENT', 'FOLLOW_UP'] }).notNull(),
    dateOfService: timestamp('date_of_service', { withTimezone: true, mode: 'date' }).notNull(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patient.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.encounterId, t.kind, t.dateOfService] }),
    index('reminder_sent_patient_idx').on(t.patientId, t.sentAt.desc()),
  ],
);

/**
 * The key of one recipient of one reminder: the reminder (its visit, kind and visit time, as in
 * reminder_sent) and the recipient's address. A new set of column builders for each table.
 */
function reminderRecipientKey() {
  return {
    encounterId: integer('encounter_id')
      .notNull()
      .references(() => encounter.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['APPOINTMENT', 'FOLLOW_UP'] }).notNull(),
    dateOfService: timestamp('date_of_service', { withTimezone: true, mode: 'date' }).notNull(),
    /** Trimmed and lower-cased. */
    address: text('address').notNull(),
  };
}

/** Per recipient address of a reminder: handed over, or refused for good by the mail server (0101). */
export const reminderRecipient = pgTable(
  'reminder_recipient',
  {
    ...reminderRecipientKey(),
    recipientPatientId: integer('recipient_patient_id').references(() => patient.id, {
      onDelete: 'set null',
    }),
    status: text('status', { enum: ['SENT', 'REFUSED'] }).notNull(),
    responseCode: integer('response_code'),
    recordedAt: timestamp('recorded_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.encounterId, t.kind, t.dateOfService, t.address] })],
);

/** Per recipient address of a reminder: when it may be tried again after temporary failures (0103). */
export const reminderRetry = pgTable(
  'reminder_retry',
  {
    ...reminderRecipientKey(),
    failures: integer('failures').notNull(),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.encounterId, t.kind, t.dateOfService, t.address] })],
);
