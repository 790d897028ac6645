/**
 * The clinic side of encounters (integration API, API key), idempotent by the clinic's own id: a
 * second PUT with the same id updates the encounter and replaces its provider roles.
 */
import {
  errorResponse,
  externalIdParams,
  integrationRoutes as paths,
  upsertEncounterRequest,
  upsertEncounterResponse,
} from '@dermis/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clinic } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { patientIdByExternalId } from '../../lib/practice-patients';
import { apiKeyPracticeOf, authenticateApiKey } from '../../plugins/api-key';
import { storeProviderAvatars } from './provider-avatar';
import { upsertEncounter } from './encounters.service';

const failures = { 400: errorResponse, 401: errorResponse, 404: errorResponse, 409: errorResponse };
const security = [{ apiKey: [] }];

export function encounterIntegrationRoutes(instance: FastifyInstance): Promise<void> {
  const api = instance.withTypeProvider<ZodTypeProvider>();
  api.addHook('preHandler', authenticateApiKey);

  api.put(
    `/${paths.encounters}/:externalId`,
    {
      schema: {
        summary: 'Create or update an encounter (visit) by external id; its provider roles are replaced',
        security,
        params: externalIdParams,
        body: upsertEncounterRequest,
        response: { 200: upsertEncounterResponse, 201: upsertEncounterResponse, ...failures },
      },
    },
    async (request, reply) => {
      const practiceId = apiKeyPracticeOf(request);
      const patientId = await patientIdByExternalId(api.db, practiceId, request.body.patientExternalId);
      const body = { ...request.body };
      if (body.clinicExternalId !== null) {
        const [own] = await api.db
          .select({ id: clinic.id })
          .from(clinic)
          .where(and(eq(clinic.externalId, body.clinicExternalId), eq(clinic.practiceId, practiceId)))
          .limit(1);
        if (!own) throw notFound('integration.error.unknownClinic');
        body.clinicId = own.id;
      } else if (request.body.clinicId !== null) {
        const [own] = await api.db
          .select({ id: clinic.id })
          .from(clinic)
          .where(and(eq(clinic.id, request.body.clinicId), eq(clinic.practiceId, practiceId)))
          .limit(1);
        if (!own) throw notFound('integration.error.unknownClinic');
      }
      const avatars = await storeProviderAvatars(api.blobs, body.providers);
      const result = await upsertEncounter(
        api.db,
        practiceId,
        patientId,
        request.params.externalId,
        body,
        avatars,
      );
      return reply.status(result.created ? 201 : 200).send(result);
    },
  );

  return Promise.resolve();
}
