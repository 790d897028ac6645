/** Reads of patient records for the app server. Callers pass only ids that passed the guard. */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { patient, patientAddress, patientContact, responsiblePerson, userAccount } from '../../db/schema';

/** The patient behind a sign-in name in one practice (case-insensitive). */
export async function findPatientIdByUsername(
  db: Db,
  practiceId: number,
  username: string,
): Promise<number | null> {
  const [row] = await db
    .select({ patientId: userAccount.patientId })
    .from(userAccount)
    .where(
      and(
        eq(userAccount.practiceId, practiceId),
        eq(sql`lower(${userAccount.username})`, username.trim().toLowerCase()),
      ),
    )
    .limit(1);
  return row?.patientId ?? null;
}

export async function findPatient(db: Db, patientId: number) {
  const [row] = await db.select().from(patient).where(eq(patient.id, patientId)).limit(1);
  return row;
}

export function findContacts(db: Db, patientId: number) {
  return db
    .select()
    .from(patientContact)
    .where(eq(patientContact.patientId, patientId))
    .orderBy(asc(patientContact.position), asc(patientContact.id));
}

export function findAddresses(db: Db, patientId: number) {
  return db
    .select()
    .from(patientAddress)
    .where(eq(patientAddress.patientId, patientId))
    .orderBy(asc(patientAddress.position), asc(patientAddress.id));
}

export async function findAccount(db: Db, patientId: number) {
  const [row] = await db.select().from(userAccount).where(eq(userAccount.patientId, patientId)).limit(1);
  return row;
}

/** The active patients this patient is an active responsible person for (same rule as the guard). */
export function findResponsibleFor(db: Db, responsiblePatientId: number, practiceId: number) {
  return db
    .select({
      id: patient.id,
      firstName: patient.firstName,
      lastName: patient.lastName,
      gender: patient.gender,
      relationship: responsiblePerson.relationship,
    })
    .from(responsiblePerson)
    .innerJoin(patient, eq(patient.id, responsiblePerson.patientId))
    .where(
      and(
        eq(responsiblePerson.responsiblePatientId, responsiblePatientId),
        eq(responsiblePerson.active, true),
        eq(patient.active, true),
        eq(patient.practiceId, practiceId),
      ),
    )
    .orderBy(asc(patient.lastName), asc(patient.firstName), asc(patient.id));
}
