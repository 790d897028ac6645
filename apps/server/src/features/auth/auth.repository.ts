/** Queries of the auth feature: accounts by sign-in name, and the refresh-token store. */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { patient, refreshToken, userAccount } from '../../db/schema';

export interface LoginCandidate {
  userId: number;
  practiceId: number;
  patientId: number;
  username: string;
  passwordHash: string;
  /** Account active, and its patient active and alive. */
  maySignIn: boolean;
}

/**
 * Usernames are unique per practice, and sign-in carries no practice, so one name may match an
 * account in each of several practices; the password decides (oldest account first).
 */
export async function findLoginCandidates(db: Db, username: string): Promise<LoginCandidate[]> {
  const rows = await db
    .select({
      userId: userAccount.id,
      practiceId: userAccount.practiceId,
      patientId: userAccount.patientId,
      username: userAccount.username,
      passwordHash: userAccount.passwordHash,
      accountActive: userAccount.active,
      patientActive: patient.active,
      deceased: patient.deceased,
    })
    .from(userAccount)
    .innerJoin(patient, eq(patient.id, userAccount.patientId))
    .where(eq(sql`lower(${userAccount.username})`, username.trim().toLowerCase()))
    .orderBy(userAccount.id)
    .limit(5);
  return rows.map(({ accountActive, patientActive, deceased, ...rest }) => ({
    ...rest,
    maySignIn: accountActive && patientActive && !deceased,
  }));
}

/** The account behind a token, when it may still sign in. */
export async function findActiveAccount(db: Db, userId: number, practiceId: number) {
  const [row] = await db
    .select({
      userId: userAccount.id,
      practiceId: userAccount.practiceId,
      patientId: userAccount.patientId,
      username: userAccount.username,
    })
    .from(userAccount)
    .innerJoin(patient, eq(patient.id, userAccount.patientId))
    .where(
      and(
        eq(userAccount.id, userId),
        eq(userAccount.practiceId, practiceId),
        eq(userAccount.active, true),
        eq(patient.active, true),
        eq(patient.deceased, false),
      ),
    )
    .limit(1);
  return row;
}

export async function insertRefreshToken(
  db: Db,
  row: { id: string; userId: number; familyId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(refreshToken).values(row);
}

export async function findRefreshToken(db: Db, id: string) {
  const [row] = await db.select().from(refreshToken).where(eq(refreshToken.id, id)).limit(1);
  return row;
}

/** Marks a token spent; false when another request spent (or revoked) it first. */
export async function markRefreshTokenUsed(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(refreshToken)
    .set({ usedAt: new Date() })
    .where(and(eq(refreshToken.id, id), isNull(refreshToken.usedAt), isNull(refreshToken.revokedAt)))
    .returning({ id: refreshToken.id });
  return rows.length === 1;
}

export async function revokeFamily(db: Db, familyId: string): Promise<void> {
  await db
    .update(refreshToken)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshToken.familyId, familyId), isNull(refreshToken.revokedAt)));
}

export async function findFamilyByTokenHash(db: Db, tokenHash: string): Promise<string | undefined> {
  const [row] = await db
    .select({ familyId: refreshToken.familyId })
    .from(refreshToken)
    .where(eq(refreshToken.tokenHash, tokenHash))
    .limit(1);
  return row?.familyId;
}
