/**
 * The clinic side of follow-up reminders (integration API, API key): the clinic sets or clears the
 * follow-up interval of one of its encounters, by the clinic's own encounter id (decision 108).
 */
import {
  errorResponse,
  externalIdParams,
  integrationRoutes as paths,
  setEncounterFollowUpRequest,
  setEncounterFollowUpResponse,
} from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/http-error';
import { apiKeyPracticeOf, authenticateApiKey } from '../../plugins/api-key';
import { setEncounterFollowUp } from './follow-up.repository';

const failures = { 400: errorResponse, 401: errorResponse, 404: errorResponse };
const security = [{ apiKey: [] }];

export function reminderIntegrationRoutes(instance: FastifyInstance): Promise<void> {
  const api = instance.withTypeProvider<ZodTypeProvider>();
  api.addHook('preHandler', authenticateApiKey);

  api.put(
    `/${paths.encounterFollowUp}`,
    {
      schema: {
        summary:
          'Set (or clear with null) the days after an encounter when the patient should come back; a reminder to schedule that visit is e-mailed once they have passed with no later visit',
        security,
        params: externalIdParams,
        body: setEncounterFollowUpRequest,
        response: { 200: setEncounterFollowUpResponse, ...failures },
      },
    },
    async (request) => {
      const saved = await setEncounterFollowUp(
        api.db,
        apiKeyPracticeOf(request),
        request.params.externalId,
        request.body.followUpAfterDays,
        api.config.reminderTimeZone,
      );
      if (!saved) throw notFound('integration.error.unknownEncounter');
      return saved;
    },
  );

  return Promise.resolve();
}
