import { z } from 'zod';
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
