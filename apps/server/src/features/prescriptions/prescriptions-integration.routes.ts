/**
 * The clinic side of prescriptions and drug monographs (integration API, API key), idempotent by the
 * clinic's prescription id and by (fdbId, fdbDrugType) for monographs.
 */
import {
  errorResponse,
  externalIdParams,
  integrationRoutes as paths,
  upsertMonographRequest,
  upsertMonographResponse,
  upsertPrescriptionRequest,
  upsertPrescriptionResponse,
} from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { patientIdByExternalId } from '../../lib/practice-patients';
import { apiKeyPracticeOf, authenticateApiKey } from '../../plugins/api-key';
import { upsertMonograph, upsertPrescription } from './prescriptions.repository';

const failures = { 400: errorResponse, 401: errorResponse, 404: errorResponse, 409: errorResponse };
const security = [{ apiKey: [] }];

export function prescriptionIntegrationRoutes(instance: FastifyInstance): Promise<void> {
  const api = instance.withTypeProvider<ZodTypeProvider>();
  api.addHook('preHandler', authenticateApiKey);

  api.put(
    `/${paths.prescriptions}/:externalId`,
    {
      schema: {
        summary: 'Create or update a prescription by external id',
        security,
        params: externalIdParams,
        body: upsertPrescriptionRequest,
        response: { 200: upsertPrescriptionResponse, 201: upsertPrescriptionResponse, ...failures },
      },
    },
    async (request, reply) => {
      const practiceId = apiKeyPracticeOf(request);
      const patientId = await patientIdByExternalId(api.db, practiceId, request.body.patientExternalId);
      const result = await upsertPrescription(
        api.db,
        practiceId,
        patientId,
        request.params.externalId,
        request.body,
      );
      return reply.status(result.created ? 201 : 200).send(result);
    },
  );

  api.put(
    `/${paths.drugMonographs}`,
    {
      schema: {
        summary: 'Create or update the patient education monograph of a drug (by fdbId and fdbDrugType)',
        security,
        body: upsertMonographRequest,
        response: { 200: upsertMonographResponse, 201: upsertMonographResponse, ...failures },
      },
    },
    async (request, reply) => {
      const result = await upsertMonograph(api.db, apiKeyPracticeOf(request), request.body);
      return reply.status(result.created ? 201 : 200).send(result);
    },
  );

  return Promise.resolve();
}
