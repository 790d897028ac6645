/**
 * Creates or updates a patient by the clinic system's external id, atomically (one INSERT … ON
 * CONFLICT), and replaces the patient's contacts with the ones sent. Portal-side state (first-time
 * setup, avatar, account) is never touched by the feed. The sex assigned at birth, when sent, is
 * stored in the patient's profile.
 */
import type { UpsertPatientRequest } from '@dermis/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { patient, patientContact, patientProfile } from '../../db/schema';
import { forgetCallers } from '../../plugins/caller-cache';
import { assertPracticeExists } from './practice.service';

export async function upsertPatient(
  db: Db,
  practiceId: number,
  input: UpsertPatientRequest,
): Promise<{ id: number; externalId: string; created: boolean }> {
  await assertPracticeExists(db, practiceId);
  const upserted = await db.transaction(async (tx) => {
    const fields = {
      firstName: input.firstName,
      lastName: input.lastName,
      dateOfBirth: input.dateOfBirth,
      gender: input.gender,
      active: input.active,
      deceased: input.deceased,
    };
    const [row] = await tx
      .insert(patient)
      .values({ practiceId, externalId: input.externalId, ...fields })
      .onConflictDoUpdate({
        target: [patient.practiceId, patient.externalId],
        set: { ...fields, updatedAt: sql`now()` },
      })
      // xmax is 0 only for a row this statement inserted: PostgreSQL's way to tell insert from update.
      .returning({ id: patient.id, created: sql<boolean>`(xmax = 0)` });
    if (!row) throw new Error('patient upsert returned nothing');

    // The clinic's birth sex replaces the stored one; left out, the patient's own answer stays.
    if (input.birthSex !== undefined) {
      const birthSex = input.birthSex;
      await tx
        .insert(patientProfile)
        .values({ patientId: row.id, birthSex })
        .onConflictDoUpdate({ target: patientProfile.patientId, set: { birthSex, updatedAt: sql`now()` } });
    }

    await tx.delete(patientContact).where(eq(patientContact.patientId, row.id));
    if (input.contacts.length > 0) {
      await tx.insert(patientContact).values(
        input.contacts.map((c, position) => ({
          patientId: row.id,
          type: c.type,
          value: c.value,
          active: c.active,
          position,
        })),
      );
    }
    return { id: row.id, externalId: input.externalId, created: row.created };
  });
  // A patient deactivated or deceased ends its accounts' access: this process drops their cached
  // callers once the change is committed, the others on the database's announcement (decision 286).
  forgetCallers({ patientId: upserted.id });
  return upserted;
}
