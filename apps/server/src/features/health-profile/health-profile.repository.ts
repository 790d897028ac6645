/** The patient row as the health history feature writes it: the end of first-time set-up. */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { patient } from '../../db/schema';

/** Marks the patient's first-time set-up done, so sign-in no longer sends them to the wizard. */
export async function markFirstTimeSetupComplete(db: Db, patientId: number): Promise<void> {
  await db
    .update(patient)
    .set({ firstTimeSetupComplete: true, updatedAt: sql`now()` })
    .where(eq(patient.id, patientId));
}
