import { z } from 'zod';
import { describeCall, who } from './call';
import { errorResponse } from './errors';
import { apiPrefix } from './routes';
import { externalIdParams } from './integration';
import { int32 } from './rules';

/**
 * PUT /api/integration/encounters/{externalId}/follow-up (decision 108): after a visit the clinic
 * says in how many days it wants the patient back; the portal e-mails a reminder to schedule that
 * visit (unsubscribe type 3) once the days have passed with no later visit. null: no follow-up.
 */
export const setEncounterFollowUpRequest = z.object({
  followUpAfterDays: int32.min(1).max(3650).nullable(),
});

export const setEncounterFollowUpResponse = z.object({
  externalId: z.string(),
  followUpAfterDays: z.number().int().nullable(),
  /** The visit's date plus the days (ISO instant), when a follow-up is asked for. */
  followUpDueAt: z.string().nullable(),
});
export type SetEncounterFollowUpResponse = z.infer<typeof setEncounterFollowUpResponse>;

/** The reminder calls: the clinic sets the follow-up behind reminder e-mails (decision 108). */
export const remindersCalls = {
  setFollowUp: describeCall({
    method: 'PUT',
    path: `${apiPrefix.integration}/encounters/:externalId/follow-up`,
    who: who.apiKey,
    summary:
      'Set (or clear with null) the days after an encounter when the patient should come back; a reminder to schedule that visit is e-mailed once they have passed with no later visit',
    params: externalIdParams,
    body: setEncounterFollowUpRequest,
    response: setEncounterFollowUpResponse,
    answers: { 400: errorResponse, 401: errorResponse, 404: errorResponse },
  }),
};
