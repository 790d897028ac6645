/** Links a responsible person (a patient record) to the patient they care for, or updates the link. */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { patient, responsiblePerson } from '../../db/schema';
import { invalidField, notFound } from '../../lib/http-error';
import { assertPracticeExists } from './practice.service';

export interface LinkInput {
  patientExternalId: string;
  responsibleExternalId: string;
  relationship: number;
  active: boolean;
}

export async function linkResponsiblePerson(
  db: Db,
  practiceId: number,
  input: LinkInput,
): Promise<{ id: number; active: boolean }> {
  await assertPracticeExists(db, practiceId);
  const patientId = await patientIdOf(db, practiceId, input.patientExternalId);
  const responsiblePatientId = await patientIdOf(db, practiceId, input.responsibleExternalId);
  if (patientId === responsiblePatientId)
    throw invalidField('responsibleExternalId', 'server.error.selfLink');

  const [row] = await db
    .insert(responsiblePerson)
    .values({ patientId, responsiblePatientId, relationship: input.relationship, active: input.active })
    .onConflictDoUpdate({
      target: [responsiblePerson.patientId, responsiblePerson.responsiblePatientId],
      set: { relationship: input.relationship, active: input.active, updatedAt: sql`now()` },
    })
    .returning({ id: responsiblePerson.id, active: responsiblePerson.active });
  if (!row) throw new Error('responsible person upsert returned nothing');
  return row;
}

async function patientIdOf(db: Db, practiceId: number, externalId: string): Promise<number> {
  const [row] = await db
    .select({ id: patient.id })
    .from(patient)
    .where(and(eq(patient.practiceId, practiceId), eq(patient.externalId, externalId)))
    .limit(1);
  if (!row) throw notFound('server.error.patientNotFound', { externalId });
  return row.id;
}
