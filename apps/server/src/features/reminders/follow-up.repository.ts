import type { SetEncounterFollowUpResponse } from '@dermis/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { encounter } from '../../db/schema';

/** Sets an encounter's follow-up interval; undefined when the practice has no such encounter. */
export async function setEncounterFollowUp(
  db: Db,
  practiceId: number,
  externalId: string,
  followUpAfterDays: number | null,
): Promise<SetEncounterFollowUpResponse | undefined> {
  const [row] = await db
    .update(encounter)
    .set({ followUpAfterDays, updatedAt: sql`now()` })
    .where(and(eq(encounter.practiceId, practiceId), eq(encounter.externalId, externalId)))
    .returning({ dateOfService: encounter.dateOfService, followUpAfterDays: encounter.followUpAfterDays });
  if (!row) return undefined;
  return {
    externalId,
    followUpAfterDays: row.followUpAfterDays,
    followUpDueAt:
      row.followUpAfterDays === null
        ? null
        : new Date(row.dateOfService.getTime() + row.followUpAfterDays * 86_400_000).toISOString(),
  };
}
