// The clinical record a clinic feeds (0400, decision 220): results, vital signs, immunizations,
// clinical notes and the plan of care. Prescriptions' structured dose is in health-history.ts.
import { sql } from 'drizzle-orm';
import {
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { patient, practice, userAccount } from './core';
import { encounter } from './health-history';

export type ResultCategory = 'lab' | 'pathology';
export type ResultStatus = 'preliminary' | 'final' | 'corrected';
export type ResultInterpretation = 'H' | 'L' | 'N' | 'A' | 'HH' | 'LL';
export type ImmunizationStatus = 'completed' | 'not-done';
export type CarePlanKind = 'visit' | 'procedure' | 'medication' | 'education';
export type CarePlanStatus = 'active' | 'completed' | 'cancelled';
export type CarePlanCodeSystem = 'SNOMED' | 'CPT' | 'LOINC' | 'RXNORM';
export type CareGoalStatus = 'active' | 'achieved' | 'cancelled';
export type CareGoalPriority = 'high' | 'normal' | 'delayed';
export type HealthConcernStatus = 'active' | 'inactive' | 'resolved';
export type HealthConcernCodeSystem = 'SNOMED' | 'ICD10';
export type HealthStatusStatus = 'final' | 'entered-in-error';

const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Who recorded an item, for whom, and when (every table of the record carries them). */
const recordColumns = () => ({
  practiceId: integer('practice_id')
    .notNull()
    .references(() => practice.id),
  patientId: integer('patient_id')
    .notNull()
    .references(() => patient.id, { onDelete: 'cascade' }),
  externalId: text('external_id').notNull(),
  encounterId: integer('encounter_id').references(() => encounter.id, { onDelete: 'set null' }),
});
const provenanceColumns = () => ({
  authorName: text('author_name').notNull(),
  authorNpi: text('author_npi'),
  /** NUCC taxonomy code of the author's specialty (0450), when the clinic sent it. */
  authorTaxonomyCode: text('author_taxonomy_code'),
  authorOrganization: text('author_organization').notNull(),
  recordedAt: instant('recorded_at').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const resultReport = pgTable(
  'result_report',
  {
    id: id(),
    ...recordColumns(),
    category: text('category').$type<ResultCategory>().notNull(),
    /** LOINC code of the panel or report. */
    code: text('code').notNull(),
    name: text('name').notNull(),
    status: text('status').$type<ResultStatus>().notNull(),
    /** When the specimen was taken. */
    effectiveAt: instant('effective_at').notNull(),
    issuedAt: instant('issued_at').notNull(),
    specimen: text('specimen'),
    narrative: text('narrative'),
    /** SNOMED CT code of a pathology diagnosis. */
    diagnosisCode: text('diagnosis_code'),
    diagnosisDisplay: text('diagnosis_display'),
    ...provenanceColumns(),
    /** Moves on with every change the clinic sends. */
    version: integer('version').notNull().default(1),
    /** When the patient may see this version (receipt plus the practice's delay then). */
    releasedAt: instant('released_at').notNull(),
    /** The version the patient was e-mailed about. */
    notifiedVersion: integer('notified_version').notNull().default(0),
  },
  (t) => [
    unique('result_report_external_id_unique').on(t.practiceId, t.externalId),
    // Newest first, ties by id (0479): a limited list stops at its limit.
    index('result_report_patient_idx').on(t.patientId, t.effectiveAt.desc(), t.id.desc()),
    index('result_report_notice_due_idx')
      .on(t.releasedAt)
      .where(sql`${t.notifiedVersion} < ${t.version}`),
  ],
);

export const resultReportStatus = pgTable(
  'result_report_status',
  {
    id: id(),
    reportId: integer('report_id')
      .notNull()
      .references(() => resultReport.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    status: text('status').$type<ResultStatus>().notNull(),
    issuedAt: instant('issued_at').notNull(),
    receivedAt: instant('received_at').notNull().defaultNow(),
  },
  (t) => [unique('result_report_status_unique').on(t.reportId, t.version)],
);

export const resultObservation = pgTable(
  'result_observation',
  {
    id: id(),
    reportId: integer('report_id')
      .notNull()
      .references(() => resultReport.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** LOINC code of the test. */
    code: text('code').notNull(),
    name: text('name').notNull(),
    valueNumeric: doublePrecision('value_numeric'),
    valueText: text('value_text'),
    /** UCUM unit. */
    unit: text('unit'),
    referenceLow: doublePrecision('reference_low'),
    referenceHigh: doublePrecision('reference_high'),
    referenceText: text('reference_text'),
    interpretation: text('interpretation').$type<ResultInterpretation>(),
  },
  (t) => [
    unique('result_observation_position_unique').on(t.reportId, t.position),
    // A test's values, report by report (the trend chart's series).
    index('result_observation_report_code_idx').on(t.reportId, t.code),
  ],
);

/**
 * Each lab test's numeric values of a patient, summed up (decision 298): kept by the database's
 * triggers on `result_observation` and `result_report` (migrations 0486, 0487), read by the trend chart.
 */
export const labTestSummary = pgTable(
  'lab_test_summary',
  {
    patientId: integer('patient_id')
      .notNull()
      .references(() => patient.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    valueCount: integer('value_count').notNull(),
    flaggedCount: integer('flagged_count').notNull(),
    /** The first value's instant, report, place in it and name. */
    firstAt: instant('first_at').notNull(),
    firstReportId: integer('first_report_id').notNull(),
    firstPosition: integer('first_position').notNull(),
    firstName: text('first_name').notNull(),
    lastAt: instant('last_at').notNull(),
    lastReleasedAt: instant('last_released_at').notNull(),
    /** The test's chart as the page answers it (`chosen`), as JSON text (decision 305). */
    chartJson: text('chart_json').notNull(),
  },
  (t) => [primaryKey({ columns: [t.patientId, t.code] })],
);

/**
 * The revision of a patient's clinical record, moved on by migration 0492's triggers with every change
 * of what the Health Information page shows (decision 314); no row is revision 0.
 */
export const clinicalRecordRevision = pgTable('clinical_record_revision', {
  patientId: integer('patient_id')
    .primaryKey()
    .references(() => patient.id, { onDelete: 'cascade' }),
  revision: integer('revision').notNull(),
});

export const resultRead = pgTable(
  'result_read',
  {
    reportId: integer('report_id')
      .notNull()
      .references(() => resultReport.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => userAccount.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    readAt: instant('read_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.reportId, t.userId] })],
);

export const resultReleaseDelay = pgTable(
  'result_release_delay',
  {
    practiceId: integer('practice_id')
      .notNull()
      .references(() => practice.id),
    category: text('category').$type<ResultCategory>().notNull(),
    delayHours: integer('delay_hours').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.practiceId, t.category] })],
);

export const vitalSignSet = pgTable(
  'vital_sign_set',
  {
    id: id(),
    ...recordColumns(),
    effectiveAt: instant('effective_at').notNull(),
    ...provenanceColumns(),
  },
  (t) => [
    unique('vital_sign_set_external_id_unique').on(t.practiceId, t.externalId),
    // Newest first, ties by id (0479): a limited list stops at its limit.
    index('vital_sign_set_patient_idx').on(t.patientId, t.effectiveAt.desc(), t.id.desc()),
  ],
);

export const vitalSign = pgTable(
  'vital_sign',
  {
    id: id(),
    setId: integer('set_id')
      .notNull()
      .references(() => vitalSignSet.id, { onDelete: 'cascade' }),
    /** One of the LOINC codes of vitalSignCodes (contract). */
    code: text('code').notNull(),
    value: doublePrecision('value').notNull(),
    unit: text('unit').notNull(),
  },
  (t) => [unique('vital_sign_code_unique').on(t.setId, t.code)],
);

export const immunization = pgTable(
  'immunization',
  {
    id: id(),
    ...recordColumns(),
    cvxCode: text('cvx_code').notNull(),
    vaccineName: text('vaccine_name').notNull(),
    occurredAt: instant('occurred_at').notNull(),
    status: text('status').$type<ImmunizationStatus>().notNull(),
    statusReason: text('status_reason'),
    lotNumber: text('lot_number'),
    manufacturer: text('manufacturer'),
    performerName: text('performer_name'),
    /** The dose given, in a UCUM unit (0450). */
    doseQuantity: doublePrecision('dose_quantity'),
    doseUnit: text('dose_unit'),
    /** Which dose of its series it was (0451). */
    doseNumber: integer('dose_number'),
    ...provenanceColumns(),
  },
  (t) => [
    unique('immunization_external_id_unique').on(t.practiceId, t.externalId),
    // Newest first, ties by id (0479): a limited list stops at its limit.
    index('immunization_patient_idx').on(t.patientId, t.occurredAt.desc(), t.id.desc()),
  ],
);

export const clinicalNote = pgTable(
  'clinical_note',
  {
    id: id(),
    ...recordColumns(),
    /** LOINC document type, e.g. 11506-3 progress note. */
    noteTypeCode: text('note_type_code').notNull(),
    noteTypeName: text('note_type_name').notNull(),
    title: text('title').notNull(),
    text: text('text'),
    /** A PDF note in the blob store (clinical-notes/{uuid}), like patient documents. */
    contentS3Id: text('content_s3_id'),
    contentLength: integer('content_length'),
    fileName: text('file_name'),
    authoredAt: instant('authored_at').notNull(),
    ...provenanceColumns(),
  },
  (t) => [
    unique('clinical_note_external_id_unique').on(t.practiceId, t.externalId),
    // Newest first, ties by id (0479): a limited list stops at its limit.
    index('clinical_note_patient_idx').on(t.patientId, t.authoredAt.desc(), t.id.desc()),
  ],
);

export const carePlanItem = pgTable(
  'care_plan_item',
  {
    id: id(),
    ...recordColumns(),
    kind: text('kind').$type<CarePlanKind>().notNull(),
    description: text('description').notNull(),
    code: text('code'),
    codeSystem: text('code_system').$type<CarePlanCodeSystem>(),
    plannedAt: instant('planned_at'),
    status: text('status').$type<CarePlanStatus>().notNull(),
    ...provenanceColumns(),
  },
  (t) => [
    unique('care_plan_item_external_id_unique').on(t.practiceId, t.externalId),
    index('care_plan_item_patient_idx').on(t.patientId, t.recordedAt),
  ],
);

export const careGoal = pgTable(
  'care_goal',
  {
    id: id(),
    ...recordColumns(),
    description: text('description').notNull(),
    targetDate: date('target_date', { mode: 'string' }),
    status: text('status').$type<CareGoalStatus>().notNull(),
    /** How the clinic weighs the goal (0451); null when it did not say. */
    priority: text('priority').$type<CareGoalPriority>(),
    ...provenanceColumns(),
  },
  (t) => [
    unique('care_goal_external_id_unique').on(t.practiceId, t.externalId),
    index('care_goal_patient_idx').on(t.patientId, t.recordedAt),
  ],
);

export const healthConcern = pgTable(
  'health_concern',
  {
    id: id(),
    ...recordColumns(),
    code: text('code'),
    codeSystem: text('code_system').$type<HealthConcernCodeSystem>(),
    description: text('description').notNull(),
    status: text('status').$type<HealthConcernStatus>().notNull(),
    onsetDate: date('onset_date', { mode: 'string' }),
    ...provenanceColumns(),
  },
  (t) => [
    unique('health_concern_external_id_unique').on(t.practiceId, t.externalId),
    index('health_concern_patient_idx').on(t.patientId, t.recordedAt),
  ],
);

/** The clinician's assessment of the patient's overall health status (0470, decision 251). */
export const healthStatus = pgTable(
  'health_status',
  {
    id: id(),
    ...recordColumns(),
    /** SNOMED CT code of the HL7 HealthStatus value set (checked by the migration's CHECK). */
    code: text('code').notNull(),
    status: text('status').$type<HealthStatusStatus>().notNull(),
    ...provenanceColumns(),
  },
  (t) => [
    unique('health_status_external_id_unique').on(t.practiceId, t.externalId),
    index('health_status_patient_idx').on(t.patientId, t.recordedAt),
  ],
);
