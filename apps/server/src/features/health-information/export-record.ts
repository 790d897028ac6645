/**
 * The health record of an export range, the one source of the C-CDA and the PDF, with what the
 * clinic recorded in it (results released by now, vital signs, immunizations, notes, the plan of
 * care with its goals and health concerns): without a start the
 * range begins at the patient's birth, so the document's service period covers the whole record.
 * Null when the patient does not exist.
 */
import type { Db } from '../../db/database';
import { findPatientHeader, type ExportRange } from './health-info.repository';
import { loadHealthRecord, type HealthRecord } from '../../lib/health-record/health-record';
import {
  carePlanInRange,
  clinicalNotesInRange,
  immunizationsInRange,
  resultsInRange,
  vitalSignsInRange,
} from './clinical-record/clinical-record.repository';

export async function loadExportRecord(
  db: Db,
  patientId: number,
  range: ExportRange,
): Promise<HealthRecord | null> {
  let start = range.from;
  if (!start) {
    const header = await findPatientHeader(db, patientId);
    if (!header) return null;
    start = new Date(`${header.dateOfBirth}T00:00:00Z`);
  }
  const [record, results, vitalSigns, immunizations, notes, carePlan] = await Promise.all([
    loadHealthRecord(db, patientId, { start, ...(range.to ? { end: range.to } : {}) }),
    resultsInRange(db, patientId, range),
    vitalSignsInRange(db, patientId, range),
    immunizationsInRange(db, patientId, range),
    clinicalNotesInRange(db, patientId, range),
    carePlanInRange(db, patientId, range),
  ]);
  return { ...record, clinical: { results, vitalSigns, immunizations, notes, carePlan } };
}
