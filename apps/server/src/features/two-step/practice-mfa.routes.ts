/**
 * PUT /api/integration/practice/mfa {required}: the practice administrator's "two-step required"
 * switch, for the API key's own practice. Lives with two-step (not in features/integration) because
 * features do not import each other; the CLI's practice:set-mfa calls the same function.
 */
import { practiceMfaRequest, practiceMfaResponse, twoStepIntegrationRoutes as paths } from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiKeyPracticeOf, authenticateApiKey } from '../../plugins/api-key';
import { setPracticeMfa } from './practice-mfa.service';

export async function practiceMfaRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.addHook('preHandler', authenticateApiKey);

  app.put(
    `/${paths.practiceMfa}`,
    { schema: { body: practiceMfaRequest, response: { 200: practiceMfaResponse } } },
    (request) => setPracticeMfa(app.db, apiKeyPracticeOf(request), request.body.required),
  );

  return Promise.resolve();
}
