/**
 * "Health information accessed by {app}" in the patient's activity log, for each read or search an
 * app makes. An app syncing a record makes dozens of calls in a second, so the entry is written once
 * per app and patient per minute (decision 213): the counter store (shared by every instance in
 * production) says whether this minute already has one.
 */
import type { Db } from '../../../db/database';
import type { CounterStore } from '../../../lib/counters/counter-store';
import { recordActivity } from '../../../plugins/activity-log';
import type { FhirGrant } from './fhir-grant';

export const accessLogWindowSeconds = 60;

export async function recordAppAccess(db: Db, counters: CounterStore, grant: FhirGrant): Promise<void> {
  const key = `fhir-access:${grant.patientId}:${grant.clientId}`;
  const count = await counters.increment(key, accessLogWindowSeconds);
  if (count > 1) return;
  await recordActivity(db, {
    practiceId: grant.practiceId,
    patientId: grant.patientId,
    actorUserId: grant.userId,
    action: 'HEALTH_APP_ACCESS',
    // The log's "to whom" column: the app the information went to, by its registered name.
    toAddress: grant.clientName,
  });
}
