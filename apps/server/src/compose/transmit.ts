/**
 * The transmit calls (contract `messagesCalls.transmitDirect`, `.transmitEmail`) composed from three
 * features that do not import each other: the transmit rules, the health-records feature, which owns
 * the C-CDA and its ZIP (the transmit calls attach exactly the ZIP that TRANSMIT_VALIDATION answers),
 * and the messages feature, whose one send path (local Direct, HISP, mail) delivers it.
 */
import type { FastifyInstance } from 'fastify';
import { messagesCalls } from '@dermis/contract';
import type { AuthContext, PatientAccess } from '../app-context';
import { buildCcdaDocument } from '../features/health-records/ccda-document';
import { healthSummaryZip, noData } from '../features/health-records/export.service';
import { encountersInRange, findPatientHeader } from '../features/health-records/health-info.repository';
import {
  transmitByDirect,
  transmitByEmail,
  type HealthSummaryZipBuilder,
  type TransmitActor,
  type TransmitDeps,
} from '../features/message-transport/transmit.service';
import { sendGeneratedMessage } from '../features/messages/messages.service';
import { registerCall } from '../plugins/register-call';

export const transmittedSummaryZip: HealthSummaryZipBuilder = async (db, patientId, range, now) => {
  const header = await findPatientHeader(db, patientId);
  if (!header) throw noData();
  // Spec 002 §4 Transmit check: valid only when the range has encounters.
  if ((await encountersInRange(db, patientId, range)).length === 0) throw noData();
  const xml = await buildCcdaDocument(db, patientId, range, now);
  const { fileName, zip } = healthSummaryZip(header, range, xml);
  return {
    practiceId: header.practiceId,
    practiceName: header.practiceName,
    patientName: `${header.firstName} ${header.lastName}`,
    fileName,
    zip: Buffer.from(zip),
  };
};

export function registerTransmitCalls(app: FastifyInstance): void {
  const deps: TransmitDeps = {
    db: app.db,
    counters: app.counters,
    config: app.config,
    mailFrom: app.config.mailFrom,
    healthSummaryZip: transmittedSummaryZip,
    send: (input) => sendGeneratedMessage(app, input),
  };
  const actorOf = (patient: PatientAccess, caller: AuthContext): TransmitActor => ({
    patientId: patient.patientId,
    userId: caller.userId,
    callerPatientId: caller.patientId,
    practiceId: caller.practiceId,
  });

  registerCall(app, messagesCalls.transmitDirect, ({ patient, caller, body }) => {
    const { directMessageInfo: info, startDate, endDate } = body;
    return transmitByDirect(deps, actorOf(patient, caller), {
      to: info.to,
      subject: info.subject,
      content: info.content,
      startDate,
      endDate,
    });
  });

  registerCall(app, messagesCalls.transmitEmail, ({ patient, caller, body }) => {
    const { patientEmailInfo: info, startDate, endDate } = body;
    return transmitByEmail(deps, actorOf(patient, caller), {
      to: info.to,
      subject: info.subject,
      content: info.content,
      startDate,
      endDate,
    });
  });
}
