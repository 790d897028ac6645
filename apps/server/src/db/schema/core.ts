// Practices, patients, accounts, responsible persons, tokens, API keys and the audit trail (0001).
import type { Language } from '@dermis/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const practice = pgTable('practice', {
  id: id(),
  name: text('name').notNull(),
  mfaRequiredByPracticeAdmin: boolean('mfa_required_by_practice_admin').notNull().default(false),
  // Branding (0025): see features/practice-branding.
  phone: text('phone'),
  brandColor: text('brand_color'),
  logoBase64: text('logo_base64'),
  logoMimeType: text('logo_mime_type', { enum: ['image/png', 'image/jpeg', 'image/svg+xml'] }),
  brandingUpdatedAt: timestamp('branding_updated_at', { withTimezone: true }).notNull().defaultNow(),
  createdAt: createdAt(),
  /** IANA time zone of reminder e-mails (0093, decision 127); null: REMINDER_TIME_ZONE. */
  timeZone: text('time_zone'),
  // Direct messaging (0080): see features/messages.
  directServiceEnabled: boolean('direct_service_enabled').notNull().default(false),
  directDomain: text('direct_domain'),
  directAddress: text('direct_address'),
  /** The practice's organisation (type 2) NPI (0450): the C-CDA names the practice by it. */
  npi: text('npi'),
});

export const clinic = pgTable('clinic', {
  id: id(),
  practiceId: integer('practice_id')
    .notNull()
    .references(() => practice.id),
  name: text('name').notNull(),
  phone: text('phone'),
  addressLine1: text('address_line1'),
  city: text('city'),
  state: text('state'),
  zipCode: text('zip_code'),
  createdAt: createdAt(),
  /** The clinic system's own id, website and second address line (0070). */
  externalId: text('external_id'),
  website: text('website'),
  addressLine2: text('address_line2'),
});

export const provider = pgTable('provider', {
  id: id(),
  practiceId: integer('practice_id')
    .notNull()
    .references(() => practice.id),
  clinicId: integer('clinic_id').references(() => clinic.id),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  credentials: text('credentials'),
  /** The clinic's own id (0035); encounters name their providers by it. */
  externalId: text('external_id'),
  createdAt: createdAt(),
  /** The provider's photo in the blob store (provider-avatars/{id}), 0070. */
  avatarS3Id: text('avatar_s3_id'),
  avatarMimeType: text('avatar_mime_type', { enum: ['image/png', 'image/jpeg'] }),
});

export const patient = pgTable('patient', {
  id: id(),
  practiceId: integer('practice_id')
    .notNull()
    .references(() => practice.id),
  externalId: text('external_id').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
  gender: text('gender', { enum: ['MALE', 'FEMALE', 'UNKNOWN', 'OTHER', 'UNDIFFERENTIATED'] })
    .notNull()
    .default('UNKNOWN'),
  active: boolean('active').notNull().default(true),
  deceased: boolean('deceased').notNull().default(false),
  bridgePatient: boolean('bridge_patient').notNull().default(false),
  directAddress: text('direct_address'),
  directServiceEnabled: boolean('direct_service_enabled').notNull().default(false),
  hasFhirPermission: boolean('has_fhir_permission').notNull().default(false),
  patientFhirInvite: boolean('patient_fhir_invite').notNull().default(false),
  firstTimeSetupComplete: boolean('first_time_setup_complete').notNull().default(false),
  avatarS3Id: text('avatar_s3_id'),
  avatarContentLength: integer('avatar_content_length'),
  avatarMimeType: text('avatar_mime_type'),
  /**
   * Moves on with every change to what patient/getByUsername answers for this patient; kept by the
   * database's triggers (0100), never written by the server (docs/decisions/162).
   */
  profileRevision: bigint('profile_revision', { mode: 'number' }).notNull().default(0),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const patientContact = pgTable(
  'patient_contact',
  {
    id: id(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patient.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    value: text('value').notNull(),
    active: boolean('active').notNull().default(true),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('patient_contact_patient_idx').on(t.patientId, t.position)],
);

export const patientAddress = pgTable(
  'patient_address',
  {
    id: id(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patient.id, { onDelete: 'cascade' }),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2'),
    city: text('city').notNull(),
    /** Null outside the United States and Canada (0040). */
    state: text('state'),
    zipCode: text('zip_code').notNull(),
    country: text('country').notNull().default('UNITED_STATES'),
    active: boolean('active').notNull().default(true),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('patient_address_patient_idx').on(t.patientId, t.position)],
);

export const userAccount = pgTable(
  'user_account',
  {
    id: id(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practice.id),
    patientId: integer('patient_id')
      .notNull()
      .unique('user_account_patient_unique')
      .references(() => patient.id),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    lastChangePasswordDate: timestamp('last_change_password_date', { withTimezone: true }),
    active: boolean('active').notNull().default(true),
    /** 'en' | 'es' (migration 0020); null until the patient chooses. */
    language: text('language').$type<Language>(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('user_account_username_unique').on(t.practiceId, sql`lower(${t.username})`)],
);

export const responsiblePerson = pgTable('responsible_person', {
  id: id(),
  /** The person cared for. */
  patientId: integer('patient_id')
    .notNull()
    .references(() => patient.id),
  /** The responsible person's own patient record. */
  responsiblePatientId: integer('responsible_patient_id')
    .notNull()
    .references(() => patient.id),
  relationship: integer('relationship').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const refreshToken = pgTable('refresh_token', {
  id: uuid('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => userAccount.id),
  familyId: uuid('family_id').notNull(),
  tokenHash: text('token_hash').notNull().unique('refresh_token_hash_unique'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const apiKey = pgTable('api_key', {
  id: id(),
  practiceId: integer('practice_id')
    .notNull()
    .references(() => practice.id),
  keyHash: text('key_hash').notNull().unique('api_key_hash_unique'),
  label: text('label'),
  createdAt: createdAt(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

export const auditEvent = pgTable('audit_event', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  practiceId: integer('practice_id')
    .notNull()
    .references(() => practice.id),
  userId: integer('user_id'),
  patientId: integer('patient_id'),
  action: text('action').notNull(),
  detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
  address: text('address'),
  createdAt: createdAt(),
});
