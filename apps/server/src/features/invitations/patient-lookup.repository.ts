/** The patient facts this area needs: identity, practice name, existing account. */
import type { Language } from '@dermis/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { patient, patientContact, practice, userAccount, verifiedEmail } from '../../db/schema';

export interface PatientFacts {
  id: number;
  practiceId: number;
  practiceName: string;
  practiceBrandColor: string | null;
  practiceLogoMimeType: string | null;
  firstName: string;
  dateOfBirth: string;
  active: boolean;
  deceased: boolean;
}

const facts = {
  id: patient.id,
  practiceId: patient.practiceId,
  practiceName: practice.name,
  practiceBrandColor: practice.brandColor,
  practiceLogoMimeType: practice.logoMimeType,
  firstName: patient.firstName,
  dateOfBirth: patient.dateOfBirth,
  active: patient.active,
  deceased: patient.deceased,
};

export async function patientByExternalId(
  db: Db,
  practiceId: number,
  externalId: string,
): Promise<PatientFacts | undefined> {
  const [row] = await db
    .select(facts)
    .from(patient)
    .innerJoin(practice, eq(practice.id, patient.practiceId))
    .where(and(eq(patient.practiceId, practiceId), eq(patient.externalId, externalId)))
    .limit(1);
  return row;
}

export async function patientById(db: Db, patientId: number): Promise<PatientFacts | undefined> {
  const [row] = await db
    .select(facts)
    .from(patient)
    .innerJoin(practice, eq(practice.id, patient.practiceId))
    .where(eq(patient.id, patientId))
    .limit(1);
  return row;
}

export async function accountOfPatient(
  db: Db,
  patientId: number,
): Promise<{ id: number; username: string; active: boolean; language: Language | null } | undefined> {
  const [row] = await db
    .select({
      id: userAccount.id,
      username: userAccount.username,
      active: userAccount.active,
      language: userAccount.language,
    })
    .from(userAccount)
    .where(eq(userAccount.patientId, patientId))
    .limit(1);
  return row;
}

export async function usernameTaken(db: Db, practiceId: number, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: userAccount.id })
    .from(userAccount)
    .where(
      and(
        eq(userAccount.practiceId, practiceId),
        eq(sql`lower(${userAccount.username})`, username.toLowerCase()),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Records that the patient proved to own `email`, and makes it one of the patient's contacts when it
 * was not already, so later e-mail (reminders, two-step codes) can reach it.
 */
export async function recordVerifiedEmail(db: Db, patientId: number, email: string): Promise<void> {
  const normalized = email.trim().toLowerCase();
  await db.insert(verifiedEmail).values({ patientId, email: normalized }).onConflictDoNothing();
  const [known] = await db
    .select({ id: patientContact.id })
    .from(patientContact)
    .where(
      and(
        eq(patientContact.patientId, patientId),
        eq(patientContact.type, 'EMAIL_ADDRESS'),
        eq(sql`lower(${patientContact.value})`, normalized),
      ),
    )
    .limit(1);
  if (known) {
    await db.update(patientContact).set({ active: true }).where(eq(patientContact.id, known.id));
  } else {
    const [last] = await db
      .select({ position: sql<number>`coalesce(max(${patientContact.position}), -1)` })
      .from(patientContact)
      .where(eq(patientContact.patientId, patientId));
    await db.insert(patientContact).values({
      patientId,
      type: 'EMAIL_ADDRESS',
      value: email.trim(),
      position: Number(last?.position ?? -1) + 1,
    });
  }
}
