/**
 * The clinic side of history items (integration API, API key), idempotent by the clinic's own id: a
 * second PUT with the same id updates; DELETE removes the item.
 */
import {
  errorResponse,
  externalIdParams,
  integrationRoutes as paths,
  upsertHistoryItemRequest,
  upsertHistoryItemResponse,
} from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/http-error';
import { apiKeyPracticeOf, authenticateApiKey } from '../../plugins/api-key';
import { deleteHistoryItem, upsertHistoryItem } from './history-integration.service';

const failures = { 400: errorResponse, 401: errorResponse, 404: errorResponse, 409: errorResponse };
const security = [{ apiKey: [] }];

export function historyIntegrationRoutes(instance: FastifyInstance): Promise<void> {
  const api = instance.withTypeProvider<ZodTypeProvider>();
  api.addHook('preHandler', authenticateApiKey);

  api.put(
    `/${paths.historyItems}/:externalId`,
    {
      schema: {
        summary: 'Create or update a history item (allergy, medication, problem, …) by external id',
        security,
        params: externalIdParams,
        body: upsertHistoryItemRequest,
        response: { 200: upsertHistoryItemResponse, 201: upsertHistoryItemResponse, ...failures },
      },
    },
    async (request, reply) => {
      const result = await upsertHistoryItem(
        api.db,
        apiKeyPracticeOf(request),
        request.params.externalId,
        request.body,
      );
      return reply.status(result.created ? 201 : 200).send(result);
    },
  );

  api.delete(
    `/${paths.historyItems}/:externalId`,
    {
      schema: {
        summary: 'Remove a history item the clinic recorded',
        security,
        params: externalIdParams,
        response: { 200: z.object({ deleted: z.literal(true) }), ...failures },
      },
    },
    async (request) => {
      const deleted = await deleteHistoryItem(api.db, apiKeyPracticeOf(request), request.params.externalId);
      if (!deleted) throw notFound();
      return { deleted: true as const };
    },
  );

  return Promise.resolve();
}
