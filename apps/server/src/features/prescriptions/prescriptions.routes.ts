/**
 * prescription/getHistory (patient-scoped, through the guard) and
 * prescription/getPatientEducationMonograph (drug information of the caller's practice).
 */
import {
  appRoutes as paths,
  errorResponse,
  getPatientEducationMonographRequest,
  getPrescriptionHistoryRequest,
  patientEducationMonographResponse,
  prescriptionHistoryResponse,
} from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/http-error';
import { authenticate, authOf } from '../../plugins/authenticate';
import { accessedPatient, requirePatientAccess } from '../../plugins/patient-access';
import { findMonograph, listPrescriptions } from './prescriptions.repository';

export async function prescriptionRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.addHook('preHandler', authenticate);

  app.post(
    `/${paths.getPrescriptionHistory}`,
    {
      schema: {
        body: getPrescriptionHistoryRequest,
        response: { 200: prescriptionHistoryResponse, 400: errorResponse, 403: errorResponse },
      },
      preHandler: requirePatientAccess(),
    },
    async (request) => {
      const { patientId } = accessedPatient(request);
      return { patientId, prescriptions: await listPrescriptions(app.db, patientId) };
    },
  );

  app.post(
    `/${paths.getPatientEducationMonograph}`,
    {
      schema: {
        body: getPatientEducationMonographRequest,
        response: { 200: patientEducationMonographResponse, 400: errorResponse, 404: errorResponse },
      },
    },
    async (request) => {
      const { fdbId, fdbDrugType, monographFormat } = request.body;
      const found = await findMonograph(app.db, authOf(request).practiceId, fdbId, fdbDrugType);
      if (!found) throw notFound('prescription.error.monograph');
      return {
        fdbId,
        fdbDrugType: found.fdbDrugType,
        monographFormat,
        title: found.title,
        monograph: found.monograph,
      };
    },
  );

  return Promise.resolve();
}
