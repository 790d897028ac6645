/**
 * The integration API for the practice's health apps (API key; the key's practice only): register an
 * app, list them, disable one. Described in the OpenAPI document like every integration call.
 */
import {
  errorResponse,
  healthAppClientParams,
  healthAppListResponse,
  healthAppSummary,
  integrationRoutes,
  registerHealthAppRequest,
  registerHealthAppResponse,
} from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiKeyPracticeOf, authenticateApiKey } from '../../../plugins/api-key';
import { disableHealthAppEverywhere } from './health-apps.service';
import { listHealthApps, registerHealthApp } from './health-apps.repository';

const failures = { 400: errorResponse, 401: errorResponse, 404: errorResponse, 409: errorResponse };
const security = [{ apiKey: [] }];

export function healthAppsIntegrationRoutes(instance: FastifyInstance): Promise<void> {
  const api = instance.withTypeProvider<ZodTypeProvider>();
  api.addHook('preHandler', authenticateApiKey);

  api.post(
    `/${integrationRoutes.healthApps}`,
    {
      schema: {
        summary: 'Register a health app (SMART on FHIR client) of the key’s practice',
        description:
          'A client_secret_basic app receives its clientSecret in this answer only; only its hash is kept.',
        security,
        body: registerHealthAppRequest,
        response: { 201: registerHealthAppResponse, ...failures },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await registerHealthApp(api.db, apiKeyPracticeOf(request), request.body)),
  );

  api.get(
    `/${integrationRoutes.healthApps}`,
    {
      schema: {
        summary: 'The key’s practice’s health apps',
        security,
        response: { 200: healthAppListResponse, ...failures },
      },
    },
    async (request) => ({ apps: await listHealthApps(api.db, apiKeyPracticeOf(request)) }),
  );

  api.post(
    `/${integrationRoutes.disableHealthApp}`,
    {
      schema: {
        summary: 'Disable a health app: it can no longer connect, and its connections end at once',
        security,
        params: healthAppClientParams,
        response: { 200: healthAppSummary, ...failures },
      },
    },
    async (request) => disableHealthAppEverywhere(api.db, apiKeyPracticeOf(request), request.params.clientId),
  );

  return Promise.resolve();
}
