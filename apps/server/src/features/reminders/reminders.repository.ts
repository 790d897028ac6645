/**
 * Which visits are due for a reminder e-mail (decision 108), and the records that send each once:
 * per recipient (reminder_recipient, decision 163) and per reminder (reminder_sent). Both queries
 * leave out what is already recorded in reminder_sent, patients who unsubscribed from that type, and inactive or deceased
 * patients; they page by encounter id so a pass never loads everything at once.
 */
import { and, asc, eq, gt, isNotNull, lte, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database';
import type { reminderRetry } from '../../db/schema';
import {
  clinic,
  emailPreference,
  encounter,
  patient,
  practice,
  reminderRecipient,
  reminderSent,
} from '../../db/schema';
import { followUpDueAt, practiceZone } from './follow-up.repository';

export type ReminderKind = 'APPOINTMENT' | 'FOLLOW_UP';

export interface ReminderCandidate {
  encounterId: number;
  patientId: number;
  dateOfService: Date;
  followUpAfterDays: number | null;
  clinicName: string | null;
  clinicAddress: string | null;
  clinicCity: string | null;
  clinicState: string | null;
  clinicZipCode: string | null;
  /** The clinic's phone, else the practice's help phone. */
  phone: string | null;
  /** The practice's time zone, else REMINDER_TIME_ZONE (decision 127): what the e-mail's times are in. */
  timeZone: string;
  /** Follow-up candidates: when the follow-up fell due (follow-up.repository.ts). */
  followUpDueAt?: Date;
}

const candidateColumns = (defaultZone: string) => ({
  encounterId: encounter.id,
  patientId: encounter.patientId,
  dateOfService: encounter.dateOfService,
  followUpAfterDays: encounter.followUpAfterDays,
  clinicName: clinic.name,
  clinicAddress: clinic.addressLine1,
  clinicCity: clinic.city,
  clinicState: clinic.state,
  clinicZipCode: clinic.zipCode,
  phone: sql<string | null>`coalesce(${clinic.phone}, ${practice.phone})`,
  timeZone: practiceZone(defaultZone),
});

const pageSize = 200;

function timestamp(value: Date) {
  return sql`${value.toISOString()}::timestamptz`;
}

function notYetSent(db: Db, kind: ReminderKind) {
  return notExists(
    db
      .select({ one: sql`1` })
      .from(reminderSent)
      .where(
        and(
          eq(reminderSent.encounterId, encounter.id),
          eq(reminderSent.kind, kind),
          eq(reminderSent.dateOfService, encounter.dateOfService),
        ),
      ),
  );
}

function subscribed(db: Db, type: 1 | 3) {
  return notExists(
    db
      .select({ one: sql`1` })
      .from(emailPreference)
      .where(and(eq(emailPreference.patientId, encounter.patientId), eq(emailPreference.type, type))),
  );
}

/** Visits starting after `now` and at most `leadHours` later, with no reminder for that time yet. */
export function appointmentCandidates(
  db: Db,
  now: Date,
  leadHours: number,
  afterEncounterId: number,
  defaultZone: string,
): Promise<ReminderCandidate[]> {
  const until = new Date(now.getTime() + leadHours * 3_600_000);
  return db
    .select(candidateColumns(defaultZone))
    .from(encounter)
    .innerJoin(patient, eq(patient.id, encounter.patientId))
    .innerJoin(practice, eq(practice.id, encounter.practiceId))
    .leftJoin(clinic, eq(clinic.id, encounter.clinicId))
    .where(
      and(
        gt(encounter.id, afterEncounterId),
        eq(patient.active, true),
        eq(patient.deceased, false),
        gt(encounter.dateOfService, now),
        lte(encounter.dateOfService, until),
        notYetSent(db, 'APPOINTMENT'),
        subscribed(db, 1),
      ),
    )
    .orderBy(asc(encounter.id))
    .limit(pageSize);
}

/**
 * Past visits whose follow-up interval has elapsed within the last `windowDays` days, with no later
 * visit of the patient (a later one, past or booked, means the follow-up is taken care of). The days
 * are the practice's calendar days (decision 127).
 */
export function followUpCandidates(
  db: Db,
  now: Date,
  windowDays: number,
  afterEncounterId: number,
  defaultZone: string,
): Promise<ReminderCandidate[]> {
  const later = alias(encounter, 'later_encounter');
  const dueAt = followUpDueAt(practiceZone(defaultZone));
  return db
    .select({ ...candidateColumns(defaultZone), followUpDueAt: dueAt })
    .from(encounter)
    .innerJoin(patient, eq(patient.id, encounter.patientId))
    .innerJoin(practice, eq(practice.id, encounter.practiceId))
    .leftJoin(clinic, eq(clinic.id, encounter.clinicId))
    .where(
      and(
        gt(encounter.id, afterEncounterId),
        eq(patient.active, true),
        eq(patient.deceased, false),
        isNotNull(encounter.followUpAfterDays),
        sql`${dueAt} <= ${timestamp(now)}`,
        // Not a flood of stale reminders when the feature is switched on or an interval set late.
        sql`${dueAt} > ${timestamp(now)} - make_interval(days => ${windowDays})`,
        notExists(
          db
            .select({ one: sql`1` })
            .from(later)
            .where(
              and(eq(later.patientId, encounter.patientId), gt(later.dateOfService, encounter.dateOfService)),
            ),
        ),
        notYetSent(db, 'FOLLOW_UP'),
        subscribed(db, 3),
      ),
    )
    .orderBy(asc(encounter.id))
    .limit(pageSize);
}

/** A recipient as reminder_recipient keys it: the mailbox, however the address was spelled. */
export function recipientAddress(to: string): string {
  return to.trim().toLowerCase();
}

/**
 * The condition on one recipient of a reminder (every recipient without `to`) in a table keyed by
 * recipient: reminder_recipient or reminder_retry.
 */
export function recipientKey(
  table: typeof reminderRecipient | typeof reminderRetry,
  candidate: ReminderCandidate,
  kind: ReminderKind,
  to?: string,
) {
  return and(
    eq(table.encounterId, candidate.encounterId),
    eq(table.kind, kind),
    eq(table.dateOfService, candidate.dateOfService),
    to === undefined ? undefined : eq(table.address, recipientAddress(to)),
  );
}

/**
 * Claims one recipient of a reminder inside the transaction that queues its e-mail, as reached.
 * False when the recipient has a row already: an earlier pass reached it (or the mail server refused
 * it for good), or a racing worker did; on PostgreSQL this waits for that worker's transaction, so an
 * attempt that rolled back leaves the recipient to whoever comes next.
 */
export async function claimRecipient(
  tx: Db,
  candidate: ReminderCandidate,
  kind: ReminderKind,
  recipient: { to: string; patientId: number },
): Promise<boolean> {
  const rows = await tx
    .insert(reminderRecipient)
    .values({
      encounterId: candidate.encounterId,
      kind,
      dateOfService: candidate.dateOfService,
      address: recipientAddress(recipient.to),
      recipientPatientId: recipient.patientId,
      status: 'SENT',
    })
    .onConflictDoNothing()
    .returning({ address: reminderRecipient.address });
  return rows.length === 1;
}

/** Turns a claimed recipient into one the mail server refused for good, so no pass tries it again. */
export async function markRecipientRefused(
  tx: Db,
  candidate: ReminderCandidate,
  kind: ReminderKind,
  to: string,
  responseCode: number,
): Promise<void> {
  await tx
    .update(reminderRecipient)
    .set({ status: 'REFUSED', responseCode })
    .where(recipientKey(reminderRecipient, candidate, kind, to));
}

/**
 * Records a reminder as finished once each of its recipients has a row, so the candidate queries
 * leave it out; a racing worker that finished it first has recorded it already.
 */
export async function recordReminder(
  db: Db,
  candidate: ReminderCandidate,
  kind: ReminderKind,
): Promise<void> {
  await db
    .insert(reminderSent)
    .values({
      encounterId: candidate.encounterId,
      kind,
      dateOfService: candidate.dateOfService,
      patientId: candidate.patientId,
    })
    .onConflictDoNothing();
}
