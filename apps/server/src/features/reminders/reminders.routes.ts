/**
 * Reminder calls (contract `remindersCalls`): the clinic sets or clears the follow-up interval of one
 * of its encounters, by the clinic's own encounter id, with its API key (decision 108).
 */
import { remindersCalls } from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/http-error';
import { registerCall } from '../../plugins/register-call';
import { setEncounterFollowUp } from './follow-up.repository';

export function registerRemindersCalls(app: FastifyInstance): void {
  registerCall(app, remindersCalls.setFollowUp, async ({ params, body, practiceId }) => {
    const saved = await setEncounterFollowUp(
      app.db,
      practiceId,
      params.externalId,
      body.followUpAfterDays,
      app.config.reminderTimeZone,
    );
    if (!saved) throw notFound('integration.error.unknownEncounter');
    return saved;
  });
}
