/**
 * Health history calls of the app server (spec 001 §7): subjective/getPatientSubjectiveAndTemplateItems,
 * subjective/savePatientSubjectiveItems (through the patient-access guard, patientId in the body) and
 * patient/dermis/completeFirstTimeSetup (the caller's own patient only).
 */
import {
  appRoutes as paths,
  completeFirstTimeSetupRequest,
  completeFirstTimeSetupResponse,
  errorResponse,
  getPatientSubjectiveAndTemplateItemsRequest,
  patientSubjectiveItemsResponse,
  savePatientSubjectiveItemsRequest,
  savePatientSubjectiveItemsResponse,
} from '@dermis/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { patient } from '../../db/schema';
import { authenticate, authOf } from '../../plugins/authenticate';
import { accessedPatient, requirePatientAccess } from '../../plugins/patient-access';
import { loadPatientItems, resolveContext, savePatientItems } from './health-history.service';

const failures = { 400: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };

export async function healthHistoryRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.addHook('preHandler', authenticate);

  app.post(
    `/${paths.getPatientSubjectiveAndTemplateItems}`,
    {
      schema: {
        body: getPatientSubjectiveAndTemplateItemsRequest,
        response: { 200: patientSubjectiveItemsResponse, ...failures },
      },
      preHandler: requirePatientAccess(),
    },
    async (request) => {
      const { patientId } = accessedPatient(request);
      await resolveContext(app.db, patientId, request.body.complaintId, request.body.providerId);
      return loadPatientItems(app.db, patientId, request.body.type);
    },
  );

  app.post(
    `/${paths.savePatientSubjectiveItems}`,
    {
      schema: {
        body: savePatientSubjectiveItemsRequest,
        response: { 200: savePatientSubjectiveItemsResponse, ...failures },
      },
      preHandler: requirePatientAccess(),
    },
    async (request) => savePatientItems(app.db, accessedPatient(request).patientId, request.body),
  );

  app.post(
    `/${paths.completeFirstTimeSetup}`,
    { schema: { body: completeFirstTimeSetupRequest, response: { 200: completeFirstTimeSetupResponse } } },
    async (request) => {
      // Set-up belongs to the signed-in account: its own patient, never one it acts for.
      const { patientId } = authOf(request);
      await app.db
        .update(patient)
        .set({ firstTimeSetupComplete: true, updatedAt: sql`now()` })
        .where(eq(patient.id, patientId));
      return { patientId, dermisFirstTimeSetupComplete: true as const };
    },
  );

  return Promise.resolve();
}
