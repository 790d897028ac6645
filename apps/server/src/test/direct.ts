/** Direct messaging turned on in tests: for a practice (its domain and own address) and a patient. */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { patient, practice } from '../db/schema';

export async function givenDirectPractice(
  db: Db,
  practiceId: number,
  domain: string,
  practiceAddress: string,
): Promise<void> {
  await db
    .update(practice)
    .set({ directServiceEnabled: true, directDomain: domain, directAddress: practiceAddress })
    .where(eq(practice.id, practiceId));
}

export async function givenDirectAddress(db: Db, patientId: number, address: string): Promise<void> {
  await db
    .update(patient)
    .set({ directAddress: address, directServiceEnabled: true })
    .where(eq(patient.id, patientId));
}
