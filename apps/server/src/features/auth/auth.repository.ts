/** Queries of the auth feature: accounts by sign-in name, and the refresh-token store. */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { patient, userAccount } from '../../db/schema';
import { normalizeUsername } from '../../lib/usernames';

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
    .where(eq(sql`lower(${userAccount.username})`, normalizeUsername(username)))
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
