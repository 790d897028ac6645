/**
 * The integration API (/api/integration): how clinic systems feed Dermis, authenticated by a practice
 * API key. Its OpenAPI document (plugins/integration-openapi.ts) comes from the same contract schemas.
 */
import {
  clinicResponse,
  createClinicRequest,
  errorResponse,
  externalIdParams,
  integrationRoutes as paths,
  linkResponsiblePersonRequest,
  linkResponsiblePersonResponse,
  patientResponse,
  upsertPatientRequest,
} from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { invalidField } from '../../lib/http-error';
import { apiKeyPracticeOf, authenticateApiKey } from '../../plugins/api-key';
import { createClinic } from './clinic.service';
import { upsertPatient } from './patient-upsert.service';
import { linkResponsiblePerson } from './responsible-person.service';

const failures = { 400: errorResponse, 401: errorResponse, 404: errorResponse };
const security = [{ apiKey: [] }];

export async function integrationRoutes(instance: FastifyInstance): Promise<void> {
  // The OpenAPI document of these routes is served by plugins/integration-openapi.ts.
  await instance.register(keyedRoutes);
}

/** The calls that need an API key; the key's practice is the only one they touch. */
function keyedRoutes(scope: FastifyInstance): Promise<void> {
  const api = scope.withTypeProvider<ZodTypeProvider>();
  api.addHook('preHandler', authenticateApiKey);

  api.post(
    `/${paths.clinics}`,
    {
      schema: {
        summary: 'Create a clinic of the key’s practice',
        security,
        body: createClinicRequest,
        response: { 201: clinicResponse, ...failures },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createClinic(api.db, apiKeyPracticeOf(request), request.body)),
  );

  api.put(
    `/${paths.patients}/:externalId`,
    {
      schema: {
        summary: 'Create or update a patient by external id; contacts are replaced',
        security,
        params: externalIdParams,
        // The path names the patient; repeating externalId in the body is allowed if it matches.
        body: upsertPatientRequest.partial({ externalId: true }),
        response: { 200: patientResponse, 201: patientResponse, ...failures },
      },
    },
    async (request, reply) => {
      const { externalId } = request.params;
      if (request.body.externalId !== undefined && request.body.externalId !== externalId) {
        throw invalidField('externalId', 'server.error.externalIdMismatch');
      }
      const result = await upsertPatient(api.db, apiKeyPracticeOf(request), { ...request.body, externalId });
      return reply.status(result.created ? 201 : 200).send(result);
    },
  );

  api.post(
    `/${paths.responsiblePersons}`,
    {
      schema: {
        summary: 'Make one patient the responsible person of another, or update that link',
        security,
        body: linkResponsiblePersonRequest,
        response: { 200: linkResponsiblePersonResponse, ...failures },
      },
    },
    async (request) => linkResponsiblePerson(api.db, apiKeyPracticeOf(request), request.body),
  );
  return Promise.resolve();
}
