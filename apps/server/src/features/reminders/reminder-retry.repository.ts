/**
 * When a reminder's recipient may be tried again after a temporary failure (decision 166): each
 * failure doubles the wait, from 5 minutes up to 4 hours, so a mail server that is down or a mailbox
 * that answers "try later" is not written to on every pass. Keyed like reminder_recipient.
 */
import { and, gt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { reminderRetry } from '../../db/schema';
import type { ReminderCandidate, ReminderKind } from './reminders.repository';
import { recipientAddress, recipientKey } from './reminders.repository';

/** The wait after the first failure; it doubles with each further one. */
export const firstRetryMinutes = 5;
/** The longest wait: an appointment reminder, due for 48 hours, is still tried some seventeen times. */
export const longestRetryMinutes = 240;

/** True while the recipient's last temporary failure asks this pass to leave it alone. */
export async function retryWaits(
  db: Db,
  candidate: ReminderCandidate,
  kind: ReminderKind,
  to: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .select({ waiting: sql<number>`1` })
    .from(reminderRetry)
    .where(and(recipientKey(reminderRetry, candidate, kind, to), gt(reminderRetry.nextAttemptAt, now)))
    .limit(1);
  return rows.length > 0;
}

/** Counts a temporary failure at `now` and sets when the recipient may be tried again. */
export async function recordTemporaryFailure(
  db: Db,
  candidate: ReminderCandidate,
  kind: ReminderKind,
  to: string,
  now: Date,
): Promise<void> {
  await db
    .insert(reminderRetry)
    .values({
      encounterId: candidate.encounterId,
      kind,
      dateOfService: candidate.dateOfService,
      address: recipientAddress(to),
      failures: 1,
      nextAttemptAt: nextAttemptAfter(now, sql`0`),
    })
    .onConflictDoUpdate({
      target: [
        reminderRetry.encounterId,
        reminderRetry.kind,
        reminderRetry.dateOfService,
        reminderRetry.address,
      ],
      set: {
        failures: sql`${reminderRetry.failures} + 1`,
        nextAttemptAt: nextAttemptAfter(now, sql`${reminderRetry.failures}`),
      },
    });
}

/**
 * When a recipient with `earlierFailures` before this one may be tried again: one formula for the
 * first failure and every later one. The exponent stops growing at 6 (5 × 64 minutes is past the
 * longest wait already), so a recipient that fails for weeks never asks for an interval PostgreSQL
 * cannot hold.
 */
function nextAttemptAfter(now: Date, earlierFailures: SQL): SQL {
  return sql`${now.toISOString()}::timestamptz + least(
    make_interval(mins => ${firstRetryMinutes}) * power(2, least(${earlierFailures}, 6)),
    make_interval(mins => ${longestRetryMinutes}))`;
}

/** Forgets a recipient's failures: it was reached or refused for good (in that transaction). */
export async function clearRetry(
  tx: Db,
  candidate: ReminderCandidate,
  kind: ReminderKind,
  to: string,
): Promise<void> {
  await tx.delete(reminderRetry).where(recipientKey(reminderRetry, candidate, kind, to));
}

/** Forgets the failures of every recipient of a finished reminder. */
export async function clearRetries(db: Db, candidate: ReminderCandidate, kind: ReminderKind): Promise<void> {
  await db.delete(reminderRetry).where(recipientKey(reminderRetry, candidate, kind));
}
