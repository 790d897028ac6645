// Encounters, history items, prescriptions (structured dose: 0400) and drug monographs (0035).
import type {
  AllergyCriticality,
  HistorySection,
  HistoryStatusCode,
  PrescriptionStatus,
  SpecialType,
} from '@dermis/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { clinic, patient, practice, provider } from './core';

const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const encounter = pgTable(
  'encounter',
  {
    id: id(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practice.id),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patient.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    clinicId: integer('clinic_id').references(() => clinic.id),
    dateOfService: timestamp('date_of_service', { withTimezone: true, mode: 'date' }).notNull(),
    durationMinutes: integer('duration_minutes').notNull().default(30),
    /** Days after the visit the clinic wants the patient back (0078); null: no follow-up reminder. */
    followUpAfterDays: integer('follow_up_after_days'),
    historyFinished: boolean('history_finished').notNull().default(false),
    historyFinishedAt: timestamp('history_finished_at', { withTimezone: true }),
    educationText: text('education_text'),
    educationNote: text('education_note'),
    /** At least one encounter role: kept by the roles' triggers (0489), never written by the app. */
    hasProvider: boolean('has_provider').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('encounter_external_id_unique').on(t.practiceId, t.externalId),
    // A patient's visit lists in their order, with the history and provider flags carried (0484,
    // 0489).
    index('encounter_patient_idx').on(t.patientId, t.dateOfService, t.id),
  ],
);

export const encounterRole = pgTable(
  'encounter_role',
  {
    id: id(),
    encounterId: integer('encounter_id')
      .notNull()
      .references(() => encounter.id, { onDelete: 'cascade' }),
    providerId: integer('provider_id')
      .notNull()
      .references(() => provider.id),
    role: text('role', { enum: ['PROVIDER'] })
      .notNull()
      .default('PROVIDER'),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    unique('encounter_role_unique').on(t.encounterId, t.providerId, t.role),
    // A visit's providers in the clinic's order, provider and role carried (0484).
    index('encounter_role_visit_idx').on(t.encounterId, t.position, t.id),
  ],
);

/** A fixed code of an order-3 attribute (reaction, relative) with the patient's own words for "Other". */
export interface HistoryDetail {
  code: string;
  customValue: string | null;
}

export const historyItem = pgTable(
  'history_item',
  {
    id: id(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practice.id),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patient.id, { onDelete: 'cascade' }),
    section: text('section').$type<HistorySection>().notNull(),
    specialType: text('special_type').$type<SpecialType>(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    customValue: text('custom_value'),
    status: text('status').$type<HistoryStatusCode>().notNull(),
    details: jsonb('details')
      .$type<HistoryDetail[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    active: boolean('active').notNull().default(true),
    discontinuationReason: text('discontinuation_reason'),
    /** An allergy's criticality as the clinic assessed it (0452); null when not assessed. */
    criticality: text('criticality').$type<AllergyCriticality>(),
    externalId: text('external_id'),
    /** The entry's identity in its section (duplicateKeyOf), unique per patient and section (0145). */
    duplicateKey: text('duplicate_key'),
    encounterId: integer('encounter_id').references(() => encounter.id, { onDelete: 'set null' }),
    providerId: integer('provider_id').references(() => provider.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('history_item_patient_idx').on(t.patientId, t.section),
    // The health history's read of each list's newest named items and their count (0473).
    index('history_item_named_newest_idx')
      .on(t.patientId, t.section, t.id)
      .where(sql`${t.name} ~ '[^[:space:]]'`),
    // The active, named entries newest first (0477): the health summary's first page.
    index('history_item_active_newest_idx')
      .on(t.patientId, t.section, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.active} AND ${t.specialType} IS NULL`),
    // The active medications by name, case aside (0489): is a prescription named by the history.
    index('history_item_medication_name_idx')
      .on(t.patientId, sql`lower(${t.name})`)
      .where(sql`${t.section} = 'MEDICATIONS' AND ${t.active} AND ${t.specialType} IS NULL`),
    uniqueIndex('history_item_external_id_unique').on(t.practiceId, t.externalId),
    unique('history_item_duplicate_unique').on(t.patientId, t.section, t.duplicateKey),
  ],
);

export const prescription = pgTable(
  'prescription',
  {
    id: id(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practice.id),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patient.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    fdbId: text('fdb_id').notNull(),
    fdbDescription: text('fdb_description').notNull(),
    fdbDrugType: text('fdb_drug_type').notNull().default(''),
    status: text('status').$type<PrescriptionStatus>().notNull(),
    sig: text('sig'),
    dateWritten: date('date_written', { mode: 'string' }),
    dateInactive: date('date_inactive', { mode: 'string' }),
    prescriberName: text('prescriber_name'),
    // Structured dose, route, frequency and provenance (0400): what a C-CDA medication entry carries.
    rxnormCode: text('rxnorm_code'),
    doseQuantity: doublePrecision('dose_quantity'),
    /** UCUM unit of the dose, e.g. mg, or {tbl} for a tablet. */
    doseUnit: text('dose_unit'),
    /** NCI Thesaurus route code (C-CDA's route value set), e.g. C38288 oral. */
    routeCode: text('route_code'),
    routeText: text('route_text'),
    /** Once every value+unit (h, d, wk, mo), e.g. 1 wk. */
    frequencyPeriodValue: doublePrecision('frequency_period_value'),
    frequencyPeriodUnit: text('frequency_period_unit').$type<'h' | 'd' | 'wk' | 'mo'>(),
    frequencyText: text('frequency_text'),
    prescriberNpi: text('prescriber_npi'),
    /** NUCC taxonomy code of the prescriber's specialty (0450). */
    prescriberTaxonomyCode: text('prescriber_taxonomy_code'),
    authorOrganization: text('author_organization'),
    recordedAt: timestamp('recorded_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('prescription_external_id_unique').on(t.practiceId, t.externalId),
    // In the history's order (0482): a page stops at its limit instead of sorting every prescription.
    index('prescription_patient_idx').on(
      t.patientId,
      t.status,
      sql`(COALESCE(${t.dateWritten}, '-infinity'::date)) DESC`,
      t.id.desc(),
    ),
  ],
);

/**
 * The health summary's totals of a patient (decision 307): kept by the database's triggers on
 * `history_item` and `prescription` (migration 0489), read by the summary's first page.
 */
export const healthListTotal = pgTable('health_list_total', {
  patientId: integer('patient_id')
    .primaryKey()
    .references(() => patient.id, { onDelete: 'cascade' }),
  allergies: integer('allergies').notNull(),
  /** Active medications of the history and active prescriptions no such medication names. */
  medications: integer('medications').notNull(),
  medicalProblems: integer('medical_problems').notNull(),
});

export const drugMonograph = pgTable(
  'drug_monograph',
  {
    id: id(),
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practice.id),
    fdbId: text('fdb_id').notNull(),
    fdbDrugType: text('fdb_drug_type').notNull().default(''),
    title: text('title').notNull(),
    monograph: text('monograph').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('drug_monograph_unique').on(t.practiceId, t.fdbId, t.fdbDrugType)],
);

/**
 * The revision of a patient's health history, moved on by migration 0494's triggers after every
 * statement that changes the patient's items (decision 316); no row is revision 0.
 */
export const healthHistoryRevision = pgTable('health_history_revision', {
  patientId: integer('patient_id')
    .primaryKey()
    .references(() => patient.id, { onDelete: 'cascade' }),
  revision: integer('revision').notNull(),
});
