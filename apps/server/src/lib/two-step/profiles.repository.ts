/** Queries on two-step profiles and e-mailed codes. Shared by the two-step feature and sign-in. */
import { and, asc, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { mfaCode, mfaProfile, mfaSpentTempToken, practice, userAccount } from '../../db/schema';

export type ProfileRow = typeof mfaProfile.$inferSelect;

/** Verified, active profiles of a user, oldest first (the order "first remaining" refers to). */
export function findVerifiedProfiles(db: Db, userId: number): Promise<ProfileRow[]> {
  return db
    .select()
    .from(mfaProfile)
    .where(and(eq(mfaProfile.userId, userId), eq(mfaProfile.verified, true), eq(mfaProfile.active, true)))
    .orderBy(asc(mfaProfile.id));
}

/** An active profile of this user (verified or not); undefined for anyone else's. */
export async function findOwnProfile(db: Db, userId: number, id: number): Promise<ProfileRow | undefined> {
  const [row] = await db
    .select()
    .from(mfaProfile)
    .where(and(eq(mfaProfile.id, id), eq(mfaProfile.userId, userId), eq(mfaProfile.active, true)))
    .limit(1);
  return row;
}

export async function insertProfile(
  db: Db,
  row: {
    userId: number;
    type: 'EMAIL' | 'AUTH_APP';
    value: string | null;
    secret: string | null;
    preferred: boolean;
  },
): Promise<ProfileRow> {
  // Earlier unfinished attempts of the same type are dropped: only the newest can be verified.
  await db
    .update(mfaProfile)
    .set({ active: false })
    .where(
      and(
        eq(mfaProfile.userId, row.userId),
        eq(mfaProfile.type, row.type),
        eq(mfaProfile.verified, false),
        eq(mfaProfile.active, true),
      ),
    );
  const [inserted] = await db.insert(mfaProfile).values(row).returning();
  return inserted!;
}

export async function updateProfile(
  db: Db,
  id: number,
  values: Partial<Pick<ProfileRow, 'verified' | 'preferred' | 'active'>>,
): Promise<void> {
  await db.update(mfaProfile).set(values).where(eq(mfaProfile.id, id));
}

/** Makes `id` the user's only preferred profile (null: none). */
export async function setOnlyPreferred(db: Db, userId: number, id: number | null): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(mfaProfile).set({ preferred: false }).where(eq(mfaProfile.userId, userId));
    if (id !== null) await tx.update(mfaProfile).set({ preferred: true }).where(eq(mfaProfile.id, id));
  });
}

/**
 * Records the authenticator step just accepted, unless a concurrent request accepted this step or a
 * later one first: false then, and the code counts as already used.
 */
export async function claimTotpStep(db: Db, id: number, step: number): Promise<boolean> {
  const rows = await db
    .update(mfaProfile)
    .set({ lastUsedStep: step })
    .where(and(eq(mfaProfile.id, id), or(isNull(mfaProfile.lastUsedStep), lt(mfaProfile.lastUsedStep, step))))
    .returning({ id: mfaProfile.id });
  return rows.length === 1;
}

export async function insertCode(db: Db, row: { profileId: number; codeHash: string; expiresAt: Date }) {
  await db.insert(mfaCode).values(row);
}

/** Only the newest code of a profile counts: sending a new one retires the older ones. */
export async function findNewestCode(db: Db, profileId: number) {
  const [row] = await db
    .select()
    .from(mfaCode)
    .where(eq(mfaCode.profileId, profileId))
    .orderBy(desc(mfaCode.id))
    .limit(1);
  return row;
}

/** Counts one look at a code; false (and nothing counted) once it had `max` looks or was spent. */
export async function countCodeAttempt(db: Db, codeId: number, max: number): Promise<boolean> {
  const rows = await db
    .update(mfaCode)
    .set({ attempts: sql`${mfaCode.attempts} + 1` })
    .where(and(eq(mfaCode.id, codeId), lt(mfaCode.attempts, max), isNull(mfaCode.usedAt)))
    .returning({ id: mfaCode.id });
  return rows.length === 1;
}

/** Spends a code once: false when a concurrent request spent it first. */
export async function markCodeUsed(db: Db, codeId: number): Promise<boolean> {
  const rows = await db
    .update(mfaCode)
    .set({ usedAt: new Date() })
    .where(and(eq(mfaCode.id, codeId), isNull(mfaCode.usedAt)))
    .returning({ id: mfaCode.id });
  return rows.length === 1;
}

export async function findAccountContext(db: Db, userId: number) {
  const [row] = await db
    .select({
      username: userAccount.username,
      practiceId: userAccount.practiceId,
      practiceName: practice.name,
      mfaRequired: practice.mfaRequiredByPracticeAdmin,
      language: userAccount.language,
    })
    .from(userAccount)
    .innerJoin(practice, eq(practice.id, userAccount.practiceId))
    .where(eq(userAccount.id, userId))
    .limit(1);
  return row;
}

/** Marks a temporary token spent; false when it already was. */
export async function spendTempToken(db: Db, jti: string, expiresAt: Date): Promise<boolean> {
  const rows = await db
    .insert(mfaSpentTempToken)
    .values({ jti, expiresAt })
    .onConflictDoNothing()
    .returning({ jti: mfaSpentTempToken.jti });
  return rows.length === 1;
}

export async function isTempTokenSpent(db: Db, jti: string): Promise<boolean> {
  const [row] = await db
    .select({ jti: mfaSpentTempToken.jti })
    .from(mfaSpentTempToken)
    .where(eq(mfaSpentTempToken.jti, jti))
    .limit(1);
  return Boolean(row);
}
