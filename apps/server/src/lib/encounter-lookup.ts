/**
 * Encounters (visits) looked up by the calls that name one: the appointments and the consents
 * features both need the patient of an encounter, and the practice's encounter by the clinic's id.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { encounter } from '../db/schema';
import { notFound } from './http-error';

/** The patient of an encounter, or null when there is none (refused like a stranger's). */
export async function findEncounterPatient(db: Db, encounterId: number): Promise<number | null> {
  const [row] = await db
    .select({ patientId: encounter.patientId })
    .from(encounter)
    .where(eq(encounter.id, encounterId))
    .limit(1);
  return row?.patientId ?? null;
}

/** The practice's encounter with that external id; 404 (integration.error.unknownEncounter) otherwise. */
export async function encounterIdByExternalId(
  db: Db,
  practiceId: number,
  externalId: string,
): Promise<number> {
  const [row] = await db
    .select({ id: encounter.id })
    .from(encounter)
    .where(and(eq(encounter.practiceId, practiceId), eq(encounter.externalId, externalId)))
    .limit(1);
  if (!row) throw notFound('integration.error.unknownEncounter');
  return row.id;
}
