/**
 * GET insurance/getActivePatientInsuranceProfile/_rid/{id} (spec 001 §7, through the guard) and the
 * clinic's PUT /api/integration/patients/{externalId}/insurance-profiles/{profileExternalId}.
 */
import {
  appRoutes,
  errorResponse,
  insuranceProfileExternalIdParams,
  integrationRoutes,
  patientInsuranceResponse,
  ridParams,
  upsertInsuranceProfileRequest,
  upsertInsuranceProfileResponse,
} from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { invalidField } from '../../lib/http-error';
import { apiKeyPracticeOf, authenticateApiKey } from '../../plugins/api-key';
import { authenticate } from '../../plugins/authenticate';
import { accessedPatient, requirePatientAccess } from '../../plugins/patient-access';
import { patientIdByExternalId } from '../../lib/patient-by-external-id';
import { patientInsurance, upsertInsuranceProfile } from './insurance.repository';

export async function insuranceRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.addHook('preHandler', authenticate);

  app.get(
    `/${appRoutes.insuranceProfile}`,
    {
      schema: { params: ridParams, response: { 200: patientInsuranceResponse } },
      preHandler: requirePatientAccess(),
    },
    async (request) => patientInsurance(app.db, accessedPatient(request).patientId),
  );

  return Promise.resolve();
}

export async function insuranceIntegrationRoutes(instance: FastifyInstance): Promise<void> {
  const api = instance.withTypeProvider<ZodTypeProvider>();
  api.addHook('preHandler', authenticateApiKey);

  api.put(
    `/${integrationRoutes.patientInsuranceProfile}`,
    {
      schema: {
        summary: 'Create or replace an insurance profile of a patient with its complete set of policies',
        description:
          'Idempotent by the clinic’s own ids: the profile by profileExternalId, each policy by its externalId. Policies of the profile not listed are removed.',
        security: [{ apiKey: [] }],
        params: insuranceProfileExternalIdParams,
        body: upsertInsuranceProfileRequest,
        response: {
          200: upsertInsuranceProfileResponse,
          201: upsertInsuranceProfileResponse,
          400: errorResponse,
          401: errorResponse,
          404: errorResponse,
        },
      },
    },
    async (request, reply) => {
      const ids = request.body.policies.map((p) => p.externalId);
      if (new Set(ids).size !== ids.length) throw invalidField('policies', 'server.error.duplicatePolicy');
      const practiceId = apiKeyPracticeOf(request);
      const patientId = await patientIdByExternalId(api.db, practiceId, request.params.externalId);
      const result = await upsertInsuranceProfile(
        api.db,
        practiceId,
        patientId,
        request.params.profileExternalId,
        request.body,
      );
      return reply.status(result.created ? 201 : 200).send(result);
    },
  );

  return Promise.resolve();
}
