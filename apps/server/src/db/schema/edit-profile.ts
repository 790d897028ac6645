// The edit-profile details of a patient (0040_patient_profile.sql).
import type {
  BirthSex,
  CodesByGroup,
  GenderIdentity,
  PreferredContact,
  SexualOrientation,
} from '@dermis/contract';
import { boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { patient } from './core';

export const patientProfile = pgTable('patient_profile', {
  patientId: integer('patient_id')
    .primaryKey()
    .references(() => patient.id, { onDelete: 'cascade' }),
  middleName: text('middle_name'),
  suffix: text('suffix'),
  previousName: text('previous_name'),
  driversLicenceNumber: text('drivers_licence_number'),
  preferredContact: text('preferred_contact').$type<PreferredContact>(),
  genderIdentity: text('gender_identity').$type<GenderIdentity>(),
  genderIdentityOther: text('gender_identity_other'),
  sexualOrientation: text('sexual_orientation').$type<SexualOrientation>(),
  sexualOrientationOther: text('sexual_orientation_other'),
  /** Sex assigned at birth: F, M or UNK (asked, unknown); null when not given (0420, 0460). */
  birthSex: text('birth_sex').$type<BirthSex>(),
  races: text('races').array().notNull().default([]),
  ethnicities: text('ethnicities').array().notNull().default([]),
  racesByGroup: jsonb('races_by_group').$type<CodesByGroup>().notNull().default([]),
  ethnicitiesByGroup: jsonb('ethnicities_by_group').$type<CodesByGroup>().notNull().default([]),
  preferredLanguageIsoCode: text('preferred_language_iso_code'),
  lkPatient: boolean('lk_patient').notNull().default(false),
  demographicsImported: boolean('demographics_imported').notNull().default(false),
  nonUsa: boolean('non_usa').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
