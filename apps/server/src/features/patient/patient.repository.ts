/** Reads of patient records for the app server. Callers pass only ids that passed the guard. */
import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
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

interface ContactRow {
  id: number;
  type: string;
  value: string;
  active: boolean;
}

interface AddressRow {
  id: number;
  addressLine1: string;
  addressLine2: string | null;
  city: string;
  state: string;
  zipCode: string;
  country: string;
  active: boolean;
}

/**
 * The patient with contacts and addresses in one statement (the outer table is named in full: inside
 * the subqueries Drizzle would print a bare "id", which binds to the inner table): every profile read pays for it, and on
 * the embedded database each round trip costs about a millisecond.
 */
export async function findPatientWithContacts(db: Db, patientId: number) {
  const [row] = await db
    .select({
      ...getTableColumns(patient),
      contacts: sql<ContactRow[]>`(
        SELECT coalesce(json_agg(json_build_object(
          'id', c.id, 'type', c.type, 'value', c.value, 'active', c.active
        ) ORDER BY c.position, c.id), '[]'::json)
        FROM ${patientContact} c WHERE c.patient_id = "patient"."id")`,
      addresses: sql<AddressRow[]>`(
        SELECT coalesce(json_agg(json_build_object(
          'id', a.id, 'addressLine1', a.address_line1, 'addressLine2', a.address_line2, 'city', a.city,
          'state', a.state, 'zipCode', a.zip_code, 'country', a.country, 'active', a.active
        ) ORDER BY a.position, a.id), '[]'::json)
        FROM ${patientAddress} a WHERE a.patient_id = "patient"."id")`,
    })
    .from(patient)
    .where(eq(patient.id, patientId))
    .limit(1);
  return row;
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
