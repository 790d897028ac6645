/**
 * Prescription calls (contract `prescriptionsCalls`): the patient's prescription history through the
 * guard, the drug information of the caller's practice, and the clinic's prescriptions and drug
 * monographs with its API key, idempotent by the clinic's prescription id and by (fdbId, fdbDrugType).
 */
import { prescriptionsCalls } from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/http-error';
import { patientIdByExternalId } from '../../lib/practice-patients';
import { registerCall } from '../../plugins/register-call';
import {
  findMonograph,
  listPrescriptions,
  upsertMonograph,
  upsertPrescription,
} from './prescriptions.repository';

export function registerPrescriptionsCalls(app: FastifyInstance): void {
  registerCall(app, prescriptionsCalls.getHistory, async ({ patient }) => ({
    patientId: patient.patientId,
    prescriptions: await listPrescriptions(app.db, patient.patientId),
  }));

  registerCall(app, prescriptionsCalls.getEducationMonograph, async ({ body, caller }) => {
    const { fdbId, fdbDrugType, monographFormat } = body;
    const found = await findMonograph(app.db, caller.practiceId, fdbId, fdbDrugType);
    if (!found) throw notFound('prescription.error.monograph');
    return {
      fdbId,
      fdbDrugType: found.fdbDrugType,
      monographFormat,
      title: found.title,
      monograph: found.monograph,
    };
  });

  registerCall(app, prescriptionsCalls.upsert, async ({ params, body, practiceId, reply }) => {
    const patientId = await patientIdByExternalId(app.db, practiceId, body.patientExternalId);
    const result = await upsertPrescription(app.db, practiceId, patientId, params.externalId, body);
    return reply.status(result.created ? 201 : 200).send(result);
  });

  registerCall(app, prescriptionsCalls.upsertMonograph, async ({ body, practiceId, reply }) => {
    const result = await upsertMonograph(app.db, practiceId, body);
    return reply.status(result.created ? 201 : 200).send(result);
  });
}
