/**
 * The whole clinical record a clinic feeds (decision 220) for one patient, for readers that serve the
 * record as it stands rather than an export range (the FHIR API): results released by now, vital
 * signs, immunizations, clinical notes and the plan of care. The release rule stays in the
 * repository's reads, so what a patient may see is decided in one place.
 */
import type { Db } from '../../db/database';
import {
  carePlanInRange,
  clinicalNotesInRange,
  immunizationsInRange,
  resultsInRange,
  vitalSignsInRange,
  type RecordCarePlan,
  type RecordImmunization,
  type RecordNote,
  type RecordResult,
  type RecordVitalSigns,
} from '../../features/health-information/clinical-record/clinical-record.repository';

export type {
  RecordCarePlan,
  RecordCarePlanItem,
  RecordGoal,
  RecordHealthConcern,
  RecordHealthStatus,
  RecordImmunization,
  RecordNote,
  RecordObservation,
  RecordResult,
  RecordVitalSigns,
} from '../../features/health-information/clinical-record/clinical-record.repository';

export interface ClinicalRecord {
  /** Newest specimen first. */
  results: RecordResult[];
  vitalSigns: RecordVitalSigns[];
  immunizations: RecordImmunization[];
  notes: RecordNote[];
  carePlan: RecordCarePlan;
}

const whole = { from: null, to: null };

/**
 * Each piece of the whole clinical record, read on its own: a reader that serves only some of it
 * (one FHIR type) reads only those.
 */
export const clinicalRecordPieces: {
  [K in keyof ClinicalRecord]: (db: Db, patientId: number) => Promise<ClinicalRecord[K]>;
} = {
  results: (db, patientId) => resultsInRange(db, patientId, whole),
  vitalSigns: (db, patientId) => vitalSignsInRange(db, patientId, whole),
  immunizations: (db, patientId) => immunizationsInRange(db, patientId, whole),
  notes: (db, patientId) => clinicalNotesInRange(db, patientId, whole),
  carePlan: (db, patientId) => carePlanInRange(db, patientId, whole),
};

export async function loadClinicalRecord(db: Db, patientId: number): Promise<ClinicalRecord> {
  const [results, vitalSigns, immunizations, notes, carePlan] = await Promise.all([
    clinicalRecordPieces.results(db, patientId),
    clinicalRecordPieces.vitalSigns(db, patientId),
    clinicalRecordPieces.immunizations(db, patientId),
    clinicalRecordPieces.notes(db, patientId),
    clinicalRecordPieces.carePlan(db, patientId),
  ]);
  return { results, vitalSigns, immunizations, notes, carePlan };
}
