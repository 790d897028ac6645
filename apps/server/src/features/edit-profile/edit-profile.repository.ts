/** Reads and writes of the edit-profile details. Callers pass only ids that passed the guard. */
import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  accountToken,
  patient,
  patientAddress,
  patientContact,
  patientProfile,
  verifiedEmail,
} from '../../db/schema';

export type ProfileRow = typeof patientProfile.$inferSelect;
export type ContactRow = typeof patientContact.$inferSelect;
export type AddressRow = typeof patientAddress.$inferSelect;

export async function findPatient(db: Db, patientId: number) {
  const [row] = await db.select().from(patient).where(eq(patient.id, patientId)).limit(1);
  return row;
}

export async function findProfileDetails(db: Db, patientId: number): Promise<ProfileRow | undefined> {
  const [row] = await db
    .select()
    .from(patientProfile)
    .where(eq(patientProfile.patientId, patientId))
    .limit(1);
  return row;
}

/** Active contacts in the clinic's order: the first of each type is the one the form edits. */
export function findContacts(db: Db, patientId: number): Promise<ContactRow[]> {
  return db
    .select()
    .from(patientContact)
    .where(and(eq(patientContact.patientId, patientId), eq(patientContact.active, true)))
    .orderBy(asc(patientContact.position), asc(patientContact.id));
}

/** Active addresses in order: the first is address 1, the second address 2 (spec 001 §3). */
export function findAddresses(db: Db, patientId: number): Promise<AddressRow[]> {
  return db
    .select()
    .from(patientAddress)
    .where(and(eq(patientAddress.patientId, patientId), eq(patientAddress.active, true)))
    .orderBy(asc(patientAddress.position), asc(patientAddress.id));
}

/** Whether the address was verified (a followed link), or a link for it is still open. */
export async function emailVerification(
  db: Db,
  patientId: number,
  email: string,
): Promise<'VERIFIED' | 'PENDING' | 'NOT_VERIFIED'> {
  const [verified] = await db
    .select({ email: verifiedEmail.email })
    .from(verifiedEmail)
    .where(
      and(
        eq(verifiedEmail.patientId, patientId),
        eq(sql`lower(${verifiedEmail.email})`, email.toLowerCase()),
      ),
    )
    .limit(1);
  if (verified) return 'VERIFIED';
  const [pending] = await db
    .select({ id: accountToken.id })
    .from(accountToken)
    .where(
      and(
        eq(accountToken.patientId, patientId),
        eq(accountToken.kind, 'EMAIL_VERIFICATION'),
        eq(sql`lower(${accountToken.email})`, email.toLowerCase()),
        isNull(accountToken.usedAt),
        gt(accountToken.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(accountToken.id))
    .limit(1);
  return pending ? 'PENDING' : 'NOT_VERIFIED';
}

export async function upsertProfileDetails(
  db: Db,
  patientId: number,
  values: Partial<Omit<ProfileRow, 'patientId' | 'updatedAt'>>,
): Promise<ProfileRow> {
  const [row] = await db
    .insert(patientProfile)
    .values({ patientId, ...values })
    .onConflictDoUpdate({ target: patientProfile.patientId, set: { ...values, updatedAt: sql`now()` } })
    .returning();
  return row!;
}
