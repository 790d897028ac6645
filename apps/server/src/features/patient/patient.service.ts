/** Builds the contract's userProfile and patientProfile from the records of one patient. */
import type { PatientProfile, UserProfile } from '@dermis/contract';
import type { Db } from '../../db/database';
import { notFound } from '../../lib/http-error';
import type { findUserProfile } from './patient.repository';
import { findPatientWithContacts } from './patient.repository';

/**
 * What the portal's set-up adds to a profile: whether Direct messages can leave the portal (a HISP
 * is configured), which the screens need before sending to another domain.
 */
export interface ProfileSetup {
  directSendsOutside: boolean;
}

export async function buildPatientProfile(
  db: Db,
  patientId: number,
  setup: ProfileSetup,
): Promise<PatientProfile> {
  const row = await findPatientWithContacts(db, patientId);
  if (!row) throw notFound();
  return toPatientProfile(row, setup);
}

type PatientRow = NonNullable<Awaited<ReturnType<typeof findPatientWithContacts>>>;

function toPatientProfile(row: PatientRow, setup: ProfileSetup): PatientProfile {
  const { contacts, addresses } = row;
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    gender: row.gender,
    dateOfBirth: row.dateOfBirth,
    avatarS3Id: row.avatarS3Id,
    avatarContentLength: row.avatarContentLength,
    avatarMimeType: row.avatarMimeType,
    contactInfoList: contacts.map((c) => ({
      id: c.id,
      active: c.active,
      // The database holds only contract contact types (the integration API validates them).
      type: { type: c.type as PatientProfile['contactInfoList'][number]['type']['type'] },
      value: c.value,
    })),
    addressInformationInfoList: addresses.map((a) => ({
      id: a.id,
      active: a.active,
      addressLine1: a.addressLine1,
      addressLine2: a.addressLine2,
      city: a.city,
      state: a.state,
      zipCode: a.zipCode,
      country: a.country,
    })),
    bridgePatient: row.bridgePatient,
    directAddress: row.directAddress,
    directServiceEnabled: row.directServiceEnabled,
    directSendsOutside: setup.directSendsOutside,
    directDomain: row.directDomain,
    hasFhirPermission: row.hasFhirPermission,
    patientFhirInvite: row.patientFhirInvite,
    dermisFirstTimeSetupComplete: row.firstTimeSetupComplete,
  };
}

/** The contract's userProfile from a row of the user-profile columns (patient.repository.ts). */
export function toUserProfile(row: UserProfileRow, setup: ProfileSetup): UserProfile {
  return {
    ...toPatientProfile(row, setup),
    userId: row.userId,
    username: row.username,
    lastChangePasswordDate: row.lastChangePasswordDate?.toISOString() ?? null,
    language: row.language ?? null,
    responsibleForPatients: row.responsibleFor,
  };
}

type UserProfileRow = NonNullable<Awaited<ReturnType<typeof findUserProfile>>>;
