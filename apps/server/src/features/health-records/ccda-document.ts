/**
 * The C-CDA of a patient for an export range: the record (./record) rendered as a Continuity of Care
 * Document (./ccda). Without a start the range begins at the patient's birth, so the document's
 * service period covers the whole record.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database';
import { buildContinuityOfCareDocument } from './ccda/continuity-of-care';
import { findPatientHeader, type ExportRange } from './health-info.repository';
import { loadHealthRecord } from '../../lib/health-record/health-record';
import { noData } from './export.service';

export async function buildCcdaDocument(
  db: Db,
  patientId: number,
  range: ExportRange,
  generatedAt: Date,
): Promise<string> {
  let start = range.from;
  if (!start) {
    const header = await findPatientHeader(db, patientId);
    if (!header) throw noData();
    start = new Date(`${header.dateOfBirth}T00:00:00Z`);
  }
  const record = await loadHealthRecord(db, patientId, { start, ...(range.to ? { end: range.to } : {}) });
  return buildContinuityOfCareDocument(record, { generatedAt, documentId: randomUUID() });
}
