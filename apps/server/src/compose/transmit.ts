/**
 * The health summary the messages feature's transmit calls attach, made by the health-information
 * feature, which owns the C-CDA and its ZIP (exactly the ZIP that TRANSMIT_VALIDATION answers).
 * Features do not import each other, so app.ts hands this to `registerMessagesCalls`.
 */
import { buildCcdaDocument } from '../features/health-information/ccda-document';
import { healthSummaryZip, noData } from '../features/health-information/export.service';
import { encountersInRange, findPatientHeader } from '../features/health-information/health-info.repository';
import type { HealthSummaryZipBuilder } from '../features/messages/messages.transmit';

export const transmittedSummaryZip: HealthSummaryZipBuilder = async (db, patientId, range, now) => {
  const header = await findPatientHeader(db, patientId);
  if (!header) throw noData();
  // Spec 002 §4 Transmit check: valid only when the range has encounters.
  if ((await encountersInRange(db, patientId, range)).length === 0) throw noData();
  const xml = await buildCcdaDocument(db, patientId, range, now);
  const { fileName, zip } = healthSummaryZip(header, range, xml, now);
  return {
    practiceId: header.practiceId,
    practiceName: header.practiceName,
    patientName: `${header.firstName} ${header.lastName}`,
    fileName,
    zip: Buffer.from(zip),
  };
};
