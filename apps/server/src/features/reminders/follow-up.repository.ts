import type { SetEncounterFollowUpResponse } from '@dermis/contract';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { encounter, practice } from '../../db/schema';

/** The practice's time zone, else the server's REMINDER_TIME_ZONE (decision 127). */
export function practiceZone(defaultZone: string): SQL<string> {
  return sql<string>`coalesce(${practice.timeZone}, ${defaultZone}::text)`;
}

/**
 * When an encounter's follow-up falls due: the visit's local time, that many calendar days later in
 * the practice's time zone (a day across a daylight-saving change is 23 or 25 hours), so the date
 * the e-mail names is the date the clinic meant. Needs encounter and practice in the query.
 */
export function followUpDueAt(zone: SQL<string>): SQL<Date> {
  return sql<Date>`(((${encounter.dateOfService} AT TIME ZONE ${zone}) + make_interval(days => ${encounter.followUpAfterDays})) AT TIME ZONE ${zone})`.mapWith(
    encounter.dateOfService,
  );
}

/** Sets an encounter's follow-up interval; undefined when the practice has no such encounter. */
export async function setEncounterFollowUp(
  db: Db,
  practiceId: number,
  externalId: string,
  followUpAfterDays: number | null,
  defaultZone: string,
): Promise<SetEncounterFollowUpResponse | undefined> {
  const where = and(eq(encounter.practiceId, practiceId), eq(encounter.externalId, externalId));
  const [updated] = await db
    .update(encounter)
    .set({ followUpAfterDays, updatedAt: sql`now()` })
    .where(where)
    .returning({ id: encounter.id });
  if (!updated) return undefined;
  const [row] = await db
    .select({ dueAt: followUpDueAt(practiceZone(defaultZone)) })
    .from(encounter)
    .innerJoin(practice, eq(practice.id, encounter.practiceId))
    .where(eq(encounter.id, updated.id));
  return {
    externalId,
    followUpAfterDays,
    followUpDueAt: followUpAfterDays === null || !row ? null : row.dueAt.toISOString(),
  };
}
