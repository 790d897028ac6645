/**
 * The clinic side of appointments and consents (integration API, API key), idempotent by the
 * clinic's own ids: clinics (with website), consent profiles (a new version when title or text
 * change), and the read-back of consents with their signature evidence, image included.
 */
import {
  errorResponse,
  externalIdParams,
  integrationConsentsResponse,
  integrationRoutes as paths,
  upsertClinicRequest,
  upsertClinicResponse,
  upsertConsentProfileRequest,
  upsertConsentProfileResponse,
} from '@dermis/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { encounter } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { patientIdByExternalId } from '../../lib/practice-patients';
import { apiKeyPracticeOf, authenticateApiKey } from '../../plugins/api-key';
import { integrationConsents, upsertClinic, upsertConsentProfile } from './consents.service';

const failures = { 400: errorResponse, 401: errorResponse, 404: errorResponse, 409: errorResponse };
const security = [{ apiKey: [] }];

export function consentIntegrationRoutes(instance: FastifyInstance): Promise<void> {
  const api = instance.withTypeProvider<ZodTypeProvider>();
  api.addHook('preHandler', authenticateApiKey);

  api.put(
    `/${paths.clinic}`,
    {
      schema: {
        summary: 'Create or update a clinic by the clinic system’s id (name, address, phone, website)',
        security,
        params: externalIdParams,
        body: upsertClinicRequest,
        response: { 200: upsertClinicResponse, 201: upsertClinicResponse, ...failures },
      },
    },
    async (request, reply) => {
      const row = await upsertClinic(
        api.db,
        apiKeyPracticeOf(request),
        request.params.externalId,
        request.body,
      );
      return reply.status(row.created ? 201 : 200).send(row);
    },
  );

  api.put(
    `/${paths.consentProfile}`,
    {
      schema: {
        summary: 'Create or update a consent form; a changed title or text becomes a new version',
        security,
        params: externalIdParams,
        body: upsertConsentProfileRequest,
        response: { 200: upsertConsentProfileResponse, 201: upsertConsentProfileResponse, ...failures },
      },
    },
    async (request, reply) => {
      const row = await upsertConsentProfile(
        api.db,
        apiKeyPracticeOf(request),
        request.params.externalId,
        request.body,
      );
      return reply.status(row.created ? 201 : 200).send(row);
    },
  );

  api.get(
    `/${paths.encounterConsents}`,
    {
      schema: {
        summary: 'The consents of an encounter, with the signature evidence of those signed',
        security,
        params: externalIdParams,
        response: { 200: integrationConsentsResponse, ...failures },
      },
    },
    async (request) => {
      const practiceId = apiKeyPracticeOf(request);
      const [row] = await api.db
        .select({ id: encounter.id })
        .from(encounter)
        .where(and(eq(encounter.practiceId, practiceId), eq(encounter.externalId, request.params.externalId)))
        .limit(1);
      if (!row) throw notFound('integration.error.unknownEncounter');
      return integrationConsents(api.db, practiceId, { encounterId: row.id });
    },
  );

  api.get(
    `/${paths.patientConsents}`,
    {
      schema: {
        summary: 'Every consent of a patient, with the signature evidence of those signed',
        security,
        params: externalIdParams,
        response: { 200: integrationConsentsResponse, ...failures },
      },
    },
    async (request) => {
      const practiceId = apiKeyPracticeOf(request);
      const patientId = await patientIdByExternalId(api.db, practiceId, request.params.externalId);
      return integrationConsents(api.db, practiceId, { patientId });
    },
  );

  return Promise.resolve();
}
