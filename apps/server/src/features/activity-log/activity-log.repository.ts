/** Reads the activity log of one patient (the recorder is plugins/activity-log.ts). */
import { desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ActivityLogEntry } from '@dermis/contract';
import type { Db } from '../../db/database';
import { activityLog, patient, userAccount } from '../../db/schema';

/** Enough for years of a patient's use; older entries stay in the table. */
export const activityLogLimit = 1000;

/** Whose record it is: the log names them, as spec 000 §2's "Patient Name" column says. */
const subject = alias(patient, 'subject_patient');

/**
 * Entries about `patientId`'s information, newest first: the patient's name, and the full name of
 * whoever acted when that was someone else (a responsible person acting for them).
 */
export async function listActivity(db: Db, patientId: number): Promise<ActivityLogEntry[]> {
  const rows = await db
    .select({
      firstName: subject.firstName,
      lastName: subject.lastName,
      actorPatientId: patient.id,
      actorFirstName: patient.firstName,
      actorLastName: patient.lastName,
      action: activityLog.action,
      createdAt: activityLog.createdAt,
      toAddress: activityLog.toAddress,
      outcome: activityLog.outcome,
    })
    .from(activityLog)
    .innerJoin(subject, eq(subject.id, activityLog.patientId))
    .innerJoin(userAccount, eq(userAccount.id, activityLog.actorUserId))
    .innerJoin(patient, eq(patient.id, userAccount.patientId))
    .where(eq(activityLog.patientId, patientId))
    .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
    .limit(activityLogLimit);
  return rows.map(({ createdAt, actorPatientId, actorFirstName, actorLastName, ...row }) => ({
    ...row,
    date: createdAt.toISOString(),
    actedByFullName: actorPatientId === patientId ? null : `${actorFirstName} ${actorLastName}`.trim(),
  }));
}
