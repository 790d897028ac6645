/** Reads of patient records for the app server. Callers pass only ids that passed the guard. */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { preparedPerDatabase } from '../../db/prepared';
import {
  authSession,
  patient,
  patientAddress,
  patientContact,
  practice,
  responsiblePerson,
  userAccount,
} from '../../db/schema';
import {
  callerColumns,
  callerFilter,
  callerSessionJoin,
  type CallerParams,
} from '../../plugins/authenticate';

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
  state: string | null;
  zipCode: string;
  country: string;
  active: boolean;
}

/** The contacts of "patient", as one JSON array (a correlated subquery of the same statement). */
const contactsJson = sql<ContactRow[]>`(
  SELECT coalesce(json_agg(json_build_object(
    'id', c.id, 'type', c.type, 'value', c.value, 'active', c.active
  ) ORDER BY c.position, c.id), '[]'::json)
  FROM ${patientContact} c WHERE c.patient_id = "patient"."id")`;

const addressesJson = sql<AddressRow[]>`(
  SELECT coalesce(json_agg(json_build_object(
    'id', a.id, 'addressLine1', a.address_line1, 'addressLine2', a.address_line2, 'city', a.city,
    'state', a.state, 'zipCode', a.zip_code, 'country', a.country, 'active', a.active
  ) ORDER BY a.position, a.id), '[]'::json)
  FROM ${patientAddress} a WHERE a.patient_id = "patient"."id")`;

/**
 * The columns of the contract's patientProfile, and no more: the hottest read pays for every column
 * it reads (the driver parses and maps each, every call).
 */
const patientProfileFields = {
  id: patient.id,
  firstName: patient.firstName,
  lastName: patient.lastName,
  gender: patient.gender,
  dateOfBirth: patient.dateOfBirth,
  avatarS3Id: patient.avatarS3Id,
  avatarContentLength: patient.avatarContentLength,
  avatarMimeType: patient.avatarMimeType,
  bridgePatient: patient.bridgePatient,
  directAddress: patient.directAddress,
  directServiceEnabled: patient.directServiceEnabled,
  // A subquery, not a join: the outer table stays alone, as the contact subqueries expect.
  directDomain: sql<
    string | null
  >`(SELECT pr.direct_domain FROM ${practice} pr WHERE pr.id = "patient"."practice_id")`,
  hasFhirPermission: patient.hasFhirPermission,
  patientFhirInvite: patient.patientFhirInvite,
  firstTimeSetupComplete: patient.firstTimeSetupComplete,
  contacts: contactsJson,
  addresses: addressesJson,
};

/**
 * The patient with contacts and addresses in one statement (the outer table is named in full: inside
 * the subqueries Drizzle would print a bare "id", which binds to the inner table): every profile read pays for it, and on
 * the embedded database each round trip costs about a millisecond.
 */
export async function findPatientWithContacts(db: Db, patientId: number) {
  const [row] = await db.select(patientProfileFields).from(patient).where(eq(patient.id, patientId)).limit(1);
  return row;
}

interface ResponsibleForRow {
  id: number;
  firstName: string;
  lastName: string;
  gender: 'MALE' | 'FEMALE' | 'UNKNOWN';
  relationship: number;
}

/** Everything `patient/getByUsername` answers, as the columns of one statement. */
const userProfileFields = {
  ...patientProfileFields,
  userId: userAccount.id,
  username: userAccount.username,
  lastChangePasswordDate: userAccount.lastChangePasswordDate,
  language: userAccount.language,
  // Not answered: the revision this answer is valid for (patient-profile-cache.ts).
  profileRevision: patient.profileRevision,
  // The same rule as the guard: active links to active patients of the caller's practice.
  responsibleFor: sql<ResponsibleForRow[]>`(
        SELECT coalesce(json_agg(json_build_object(
          'id', p.id, 'firstName', p.first_name, 'lastName', p.last_name, 'gender', p.gender,
          'relationship', r.relationship
        ) ORDER BY p.last_name, p.first_name, p.id), '[]'::json)
        FROM ${responsiblePerson} r JOIN ${patient} p ON p.id = r.patient_id
        WHERE r.responsible_patient_id = "patient"."id" AND r.active AND p.active
          AND p.practice_id = ${sql.placeholder('practiceId')})`,
};

const userProfileStatement = preparedPerDatabase((db) =>
  db
    .select(userProfileFields)
    .from(patient)
    .innerJoin(userAccount, eq(userAccount.patientId, patient.id))
    .where(eq(patient.id, sql.placeholder('patientId')))
    .limit(1)
    .prepare('user_profile'),
);

/**
 * Everything `patient/getByUsername` answers, in ONE prepared statement: the patient, contacts,
 * addresses, account and the patients they are responsible for (docs/decisions/045).
 */
export async function findUserProfile(db: Db, patientId: number, practiceId: number) {
  const [row] = await userProfileStatement(db).execute({ patientId, practiceId });
  return row;
}

const callerProfileRevisionStatement = preparedPerDatabase((db) =>
  db
    .select({ ...callerColumns, profileRevision: patient.profileRevision })
    .from(userAccount)
    .innerJoin(patient, eq(patient.id, userAccount.patientId))
    .innerJoin(authSession, callerSessionJoin)
    .where(callerFilter)
    .limit(1)
    .prepare('authenticate_caller_profile_revision'),
);

/**
 * The caller as `authenticate` reads them (live session, active account of an active, living
 * patient) with the revision of their own profile, in ONE round trip: enough for
 * `patient/getByUsername` to answer the caller's own name from its cache (docs/decisions/162).
 */
export async function findCallerProfileRevision(db: Db, params: CallerParams) {
  const [row] = await callerProfileRevisionStatement(db).execute(params);
  return row;
}

export type CallerProfileRevisionRow = NonNullable<Awaited<ReturnType<typeof findCallerProfileRevision>>>;
