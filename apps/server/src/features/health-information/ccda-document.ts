/**
 * The C-CDA of a patient for an export range: the record of the range (export-record.ts) rendered as
 * a Continuity of Care Document (./ccda).
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database';
import { buildContinuityOfCareDocument } from './ccda/continuity-of-care';
import type { ExportRange } from './health-info.repository';
import { loadExportRecord } from './export-record';
import { noData } from './export.service';

export async function buildCcdaDocument(
  db: Db,
  patientId: number,
  range: ExportRange,
  generatedAt: Date,
): Promise<string> {
  const record = await loadExportRecord(db, patientId, range);
  if (!record) throw noData();
  return buildContinuityOfCareDocument(record, { generatedAt, documentId: randomUUID() });
}
