/**
 * Transmit composed with the health-records feature, which owns the C-CDA and its ZIP (the
 * transmit calls attach exactly the ZIP that TRANSMIT_VALIDATION answers), and with the messages
 * feature, whose send delivers it (features do not import each other).
 */
import type { FastifyInstance } from 'fastify';
import { apiPrefix } from '@dermis/contract';
import { buildCcdaDocument } from '../features/health-records/ccda-document';
import { healthSummaryZip, noData } from '../features/health-records/export.service';
import { encountersInRange, findPatientHeader } from '../features/health-records/health-info.repository';
import type { HealthSummaryZipBuilder } from '../features/message-transport/transmit.service';
import { transmitRoutes } from '../features/message-transport/transmit.routes';
import { sendGeneratedMessage } from '../features/messages/messages.service';

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

export async function registerTransmit(app: FastifyInstance): Promise<void> {
  // The transmitted summary takes the messages feature's one send path (local Direct, HISP, mail).
  await app.register(transmitRoutes, {
    prefix: apiPrefix.app,
    healthSummaryZip: transmittedSummaryZip,
    send: (instance) => (input) => sendGeneratedMessage(instance, input),
  });
}
