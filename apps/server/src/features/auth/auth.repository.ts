/** Queries of the auth feature: accounts by sign-in name, and the refresh-token store. */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { preparedPerDatabase } from '../../db/prepared';
import { mfaProfile, patient, practice, userAccount } from '../../db/schema';
import { normalizeUsername } from '../../lib/usernames';

export interface LoginCandidate {
  userId: number;
  practiceId: number;
  patientId: number;
  username: string;
  passwordHash: string;
  /** Account active, and its patient active and alive. */
  maySignIn: boolean;
  /**
   * The account has a verified two-step profile or its practice requires two-step: only then does a
   * right password need the second-step look-ups (most sign-ins skip two queries, decision 045).
   */
  mayNeedSecondStep: boolean;
}

/**
 * Usernames are unique per practice, and sign-in carries no practice, so one name may match an
 * account in each of several practices; the password decides (oldest account first).
 */
export async function findLoginCandidates(db: Db, username: string): Promise<LoginCandidate[]> {
  const rows = await loginCandidatesStatement(db).execute({ username: normalizeUsername(username) });
  return rows.map(({ accountActive, patientActive, deceased, ...rest }) => ({
    ...rest,
    maySignIn: accountActive && patientActive && !deceased,
  }));
}

// Prepared: every sign-in runs it, beside the password hash the largest part of a sign-in's cost.
const loginCandidatesStatement = preparedPerDatabase((db) =>
  db
    .select({
      userId: userAccount.id,
      practiceId: userAccount.practiceId,
      patientId: userAccount.patientId,
      username: userAccount.username,
      passwordHash: userAccount.passwordHash,
      accountActive: userAccount.active,
      patientActive: patient.active,
      deceased: patient.deceased,
      mayNeedSecondStep: sql<boolean>`(${practice.mfaRequiredByPracticeAdmin} OR EXISTS (
        SELECT 1 FROM ${mfaProfile} m WHERE m.user_id = ${userAccount.id} AND m.verified AND m.active))`,
    })
    .from(userAccount)
    .innerJoin(patient, eq(patient.id, userAccount.patientId))
    .innerJoin(practice, eq(practice.id, userAccount.practiceId))
    .where(eq(sql`lower(${userAccount.username})`, sql.placeholder('username')))
    .orderBy(userAccount.id)
    .limit(5)
    .prepare('login_candidates'),
);

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
