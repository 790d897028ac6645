// Uploads, patient documents and insurance profiles (0045): see features/avatar, documents, insurance.
import { boolean, date, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { patient, practice, userAccount } from './core';

const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity();

export const blobUpload = pgTable(
  'blob_upload',
  {
    id: id(),
    s3Id: text('s3_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => userAccount.id),
    purpose: text('purpose', { enum: ['AVATAR', 'DIRECT_MESSAGING', 'PATIENT_EMAIL'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the one PUT this address allows was accepted (0110); null until then. */
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
    registeredAt: timestamp('registered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('blob_upload_s3_id_unique').on(t.s3Id),
    index('blob_upload_user_idx').on(t.userId, t.createdAt),
  ],
);

export const patientDocument = pgTable(
  'patient_document',
  {
    id: id(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practice.id),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patient.id),
    externalId: text('external_id').notNull(),
    name: text('name').notNull(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    contentS3Id: text('content_s3_id').notNull(),
    contentLength: integer('content_length').notNull(),
    ownerFullName: text('owner_full_name'),
    dateCreated: timestamp('date_created', { withTimezone: true }).notNull(),
    addedOn: timestamp('added_on', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('patient_document_external_unique').on(t.patientId, t.externalId),
    index('patient_document_patient_idx').on(t.patientId, t.dateCreated),
  ],
);

export const insuranceProfile = pgTable(
  'insurance_profile',
  {
    id: id(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practice.id),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patient.id),
    externalId: text('external_id').notNull(),
    name: text('name'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('insurance_profile_external_unique').on(t.patientId, t.externalId)],
);

export const insurancePolicy = pgTable(
  'insurance_policy',
  {
    id: id(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => insuranceProfile.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    sortOrder: integer('sort_order').notNull(),
    name: text('name').notNull(),
    validFrom: date('valid_from', { mode: 'string' }),
    validThrough: date('valid_through', { mode: 'string' }),
    dateTerminated: date('date_terminated', { mode: 'string' }),
    title: text('title'),
    memberNumber: text('member_number'),
    groupName: text('group_name'),
    coInsurance: text('co_insurance'),
    coPayment: text('co_payment'),
    deductible: text('deductible'),
    companyName: text('company_name').notNull(),
    policyType: text('policy_type').notNull(),
    relationship: text('relationship'),
    responsibleFirstName: text('responsible_first_name'),
    responsibleMiddleName: text('responsible_middle_name'),
    responsibleLastName: text('responsible_last_name'),
    responsibleDateOfBirth: date('responsible_date_of_birth', { mode: 'string' }),
    responsibleGender: text('responsible_gender'),
    responsiblePhone: text('responsible_phone'),
    responsibleOtherContact: text('responsible_other_contact'),
    streetAddressLn1: text('street_address_ln1'),
    streetAddressLn2: text('street_address_ln2'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    country: text('country'),
  },
  (t) => [unique('insurance_policy_external_unique').on(t.profileId, t.externalId)],
);

/**
 * The revision of a patient's insurance, moved on by migration 0496's triggers with every change of
 * the patient's profiles or policies; the insurance read keeps its answer by it (decision 319). Never
 * written by the application.
 */
export const insuranceRevision = pgTable('insurance_revision', {
  patientId: integer('patient_id')
    .primaryKey()
    .references(() => patient.id, { onDelete: 'cascade' }),
  revision: integer('revision').notNull(),
});
