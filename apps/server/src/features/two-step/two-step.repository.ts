/** Queries of the two-step feature itself (those sign-in shares live in lib/two-step). */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { practice, userAccount } from '../../db/schema';

export async function findPasswordHash(db: Db, userId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ passwordHash: userAccount.passwordHash })
    .from(userAccount)
    .where(eq(userAccount.id, userId))
    .limit(1);
  return row?.passwordHash;
}

/** Sets the practice's "two-step required" switch; false when there is no such practice. */
export async function setPracticeMfaRequired(
  db: Db,
  practiceId: number,
  required: boolean,
): Promise<boolean> {
  const rows = await db
    .update(practice)
    .set({ mfaRequiredByPracticeAdmin: required })
    .where(eq(practice.id, practiceId))
    .returning({ id: practice.id });
  return rows.length === 1;
}
