/** Queries of account settings: the caller's account, username availability, credential updates. */
import { forgetCallers } from '../../plugins/caller-cache';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Language } from '@dermis/contract';
import type { Db } from '../../db/database';
import { userAccount } from '../../db/schema';

export async function findAccount(db: Db, userId: number) {
  const [row] = await db
    .select({
      id: userAccount.id,
      practiceId: userAccount.practiceId,
      username: userAccount.username,
      passwordHash: userAccount.passwordHash,
    })
    .from(userAccount)
    .where(eq(userAccount.id, userId))
    .limit(1);
  return row;
}

/** True when another account of the practice already uses the name (case-insensitive). */
export async function isUsernameTaken(
  db: Db,
  practiceId: number,
  username: string,
  exceptUserId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: userAccount.id })
    .from(userAccount)
    .where(
      and(
        eq(userAccount.practiceId, practiceId),
        eq(sql`lower(${userAccount.username})`, username.toLowerCase()),
        ne(userAccount.id, exceptUserId),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function updateUsername(db: Db, userId: number, username: string): Promise<void> {
  await db.update(userAccount).set({ username }).where(eq(userAccount.id, userId));
  // The cached caller carries the username: this process drops it at once (decision 286).
  forgetCallers({ userId });
}

export async function updatePassword(
  db: Db,
  userId: number,
  passwordHash: string,
  changedAt: Date,
): Promise<void> {
  await db
    .update(userAccount)
    .set({ passwordHash, lastChangePasswordDate: changedAt })
    .where(eq(userAccount.id, userId));
}

export async function updateLanguage(db: Db, userId: number, language: Language): Promise<void> {
  await db.update(userAccount).set({ language }).where(eq(userAccount.id, userId));
  forgetCallers({ userId });
}
