/**
 * The activity-log recorder (spec 000 §2 "Activity Log", DESIGN "every view, download and transmit
 * of health information lands in the activity log"). Every health-record feature calls it for each
 * view, download and transmission, naming whose information it was (`patientId`, the id the
 * patient-access guard returned) and who acted (`actorUserId`, the caller's account).
 */
import type { Db } from '../db/database';
import { activityLog } from '../db/schema';
import type { activityActions } from '../db/schema';

export type ActivityAction = (typeof activityActions)[number];

export interface ActivityRecord {
  practiceId: number;
  patientId: number;
  actorUserId: number;
  action: ActivityAction;
  /** The target of a transmission (Direct or e-mail address); null otherwise. */
  toAddress?: string | null;
  /** How a transmission attempt ended; SUCCEEDED unless told. */
  outcome?: 'SUCCEEDED' | 'FAILED';
  /** For seeds and tests; the database clock otherwise. */
  createdAt?: Date;
}

export async function recordActivity(db: Db, record: ActivityRecord): Promise<void> {
  await db.insert(activityLog).values({
    practiceId: record.practiceId,
    patientId: record.patientId,
    actorUserId: record.actorUserId,
    action: record.action,
    toAddress: record.toAddress ?? null,
    outcome: record.outcome ?? 'SUCCEEDED',
    ...(record.createdAt ? { createdAt: record.createdAt } : {}),
  });
}
