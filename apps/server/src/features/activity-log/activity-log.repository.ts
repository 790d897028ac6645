/** Reads the activity log of one patient (the recorder is plugins/activity-log.ts). */
import { desc, eq } from 'drizzle-orm';
import type { ActivityLogEntry } from '@dermis/contract';
import type { Db } from '../../db/database';
import { activityLog, patient, userAccount } from '../../db/schema';

/** Enough for years of a patient's use; older entries stay in the table. */
export const activityLogLimit = 1000;

/** Entries about `patientId`'s information, newest first, with the name of whoever acted. */
export async function listActivity(db: Db, patientId: number): Promise<ActivityLogEntry[]> {
  const rows = await db
    .select({
      firstName: patient.firstName,
      lastName: patient.lastName,
      action: activityLog.action,
      createdAt: activityLog.createdAt,
      toAddress: activityLog.toAddress,
    })
    .from(activityLog)
    .innerJoin(userAccount, eq(userAccount.id, activityLog.actorUserId))
    .innerJoin(patient, eq(patient.id, userAccount.patientId))
    .where(eq(activityLog.patientId, patientId))
    .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
    .limit(activityLogLimit);
  return rows.map(({ createdAt, ...row }) => ({ ...row, date: createdAt.toISOString() }));
}
