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

export async function loadClinicalRecord(db: Db, patientId: number): Promise<ClinicalRecord> {
  const whole = { from: null, to: null };
  const [results, vitalSigns, immunizations, notes, carePlan] = await Promise.all([
    resultsInRange(db, patientId, whole),
    vitalSignsInRange(db, patientId, whole),
    immunizationsInRange(db, patientId, whole),
    clinicalNotesInRange(db, patientId, whole),
    carePlanInRange(db, patientId, whole),
  ]);
  return { results, vitalSigns, immunizations, notes, carePlan };
}
