// Consent profiles, consents of a visit and signature evidence (0070, decision 101).
import type { ConsentFrequency, ConsentStatus } from '@dermis/contract';
import { index, integer, json, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { patient, practice, userAccount } from './core';
import { encounter } from './health-history';

const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const consentProfile = pgTable(
  'consent_profile',
  {
    id: id(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practice.id),
    externalId: text('external_id').notNull(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    version: integer('version').notNull().default(1),
    frequency: text('frequency').$type<ConsentFrequency>().notNull().default('EVERY_VISIT'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * The title and the consentProfileInfo as a visit page's JSON text writes them, and the form as
     * a visit list's consents column carries it, kept by a trigger on the form's own row (0491).
     * Never written by the application.
     */
    titleJson: text('title_json').notNull().default(''),
    infoJson: text('info_json').notNull().default(''),
    listedJson: json('listed_json').notNull().default({}),
  },
  (t) => [unique('consent_profile_external_id_unique').on(t.practiceId, t.externalId)],
);

export const consent = pgTable(
  'consent',
  {
    id: id(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practice.id),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patient.id, { onDelete: 'cascade' }),
    encounterId: integer('encounter_id')
      .notNull()
      .references(() => encounter.id, { onDelete: 'cascade' }),
    consentProfileId: integer('consent_profile_id')
      .notNull()
      .references(() => consentProfile.id),
    externalId: text('external_id').notNull(),
    status: text('status').$type<ConsentStatus>().notNull().default('PENDING'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('consent_external_id_unique').on(t.practiceId, t.externalId),
    index('consent_encounter_idx').on(t.encounterId),
    index('consent_patient_profile_idx').on(t.patientId, t.consentProfileId),
  ],
);

export const consentSignature = pgTable(
  'consent_signature',
  {
    id: id(),
    consentId: integer('consent_id')
      .notNull()
      .references(() => consent.id, { onDelete: 'cascade' }),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patient.id, { onDelete: 'cascade' }),
    consentProfileId: integer('consent_profile_id')
      .notNull()
      .references(() => consentProfile.id),
    frequency: text('frequency').$type<ConsentFrequency>().notNull(),
    profileVersion: integer('profile_version').notNull(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    /** Base64 of the PNG bytes. */
    signaturePng: text('signature_png').notNull(),
    signerKind: text('signer_kind').$type<'PATIENT' | 'RESPONSIBLE_PERSON'>().notNull(),
    signerUserId: integer('signer_user_id')
      .notNull()
      .references(() => userAccount.id),
    signerPatientId: integer('signer_patient_id')
      .notNull()
      .references(() => patient.id),
    signerFirstName: text('signer_first_name').notNull(),
    signerLastName: text('signer_last_name').notNull(),
    signerUsername: text('signer_username').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address').notNull(),
    userAgent: text('user_agent'),
    sha256: text('sha256').notNull(),
  },
  (t) => [
    unique('consent_signature_consent_unique').on(t.consentId),
    // The ONE_TIME signatures of a patient's form, read with every visit list (migration 0102).
    index('consent_signature_patient_profile_idx').on(t.patientId, t.consentProfileId),
  ],
);
