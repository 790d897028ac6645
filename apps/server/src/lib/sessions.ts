/**
 * Sign-in sessions (docs/decisions/043). A session is one sign-in: it starts with a right password
 * (or code), ends at an absolute time (SESSION_MAX_LIFETIME_SECONDS later) however often it is
 * refreshed, and can be revoked. Its id is the refresh family of the refresh tokens and the `sid` of
 * every access token issued in it, so revoking it ends the refresh tokens and the access tokens at
 * once (authenticate checks the session in the statement that loads the account). Only a SHA-256 of
 * each refresh token is stored.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Config } from '../config/env';
import type { Db } from '../db/database';
import { preparedPerDatabase } from '../db/prepared';
import { activityLog, authSession, refreshToken } from '../db/schema';
import type { ActivityAction } from '../plugins/activity-log';
import { forgetCallers } from '../plugins/caller-cache';
import { unauthorized } from './http-error';
import { sha256Hex } from './secrets';
import type { TokenService, TokenSubject } from './tokens';

export interface SessionDeps {
  db: Db;
  tokens: TokenService;
  config: Pick<Config, 'sessionMaxLifetimeSeconds'>;
}

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

export interface SessionRef {
  id: string;
  expiresAt: Date;
}

/** Who signs in: the tokens' subject, and the patient whose activity log records the sign-in. */
export interface SignInSubject extends TokenSubject {
  patientId: number;
}

/**
 * A new sign-in: a session ending SESSION_MAX_LIFETIME_SECONDS from now, and its first token pair.
 * The privacy policy promises a log of sign-ins: the patient sees each in the activity log.
 * The session, its first refresh token and the SIGN_IN entry of the activity log are stored by ONE
 * statement: round trips and commits are most of what a sign-in costs beside the password hash
 * (docs/decisions/045).
 */
export async function startSession(deps: SessionDeps, subject: SignInSubject): Promise<TokenPair> {
  const session = {
    id: randomUUID(),
    expiresAt: new Date(Date.now() + deps.config.sessionMaxLifetimeSeconds * 1000),
  };
  const pair = signTokenPair(deps.tokens, subject, session);
  await startSessionStatement(deps.db).execute({
    sessionId: session.id,
    sessionExpiresAt: session.expiresAt.toISOString(),
    practiceId: subject.practiceId,
    patientId: subject.patientId,
    userId: subject.userId,
    refreshId: pair.refresh.id,
    refreshHash: sha256Hex(pair.refresh.token),
    refreshExpiresAt: pair.refresh.expiresAt.toISOString(),
  });
  return { accessToken: pair.accessToken, refreshToken: pair.refresh.token };
}

/** startSession's statement, prepared: PostgreSQL plans it once per connection. */
const startSessionStatement = preparedPerDatabase((db) => {
  const value = (name: string) => sql.placeholder(name);
  const signInAction: ActivityAction = 'SIGN_IN';
  const started = db.$with('started', {}).as(sql`
    INSERT INTO ${authSession} (id, user_id, expires_at)
    VALUES (${value('sessionId')}, ${value('userId')}, ${value('sessionExpiresAt')}::timestamptz)`);
  const recorded = db.$with('recorded', {}).as(sql`
    INSERT INTO ${activityLog} (practice_id, patient_id, actor_user_id, action)
    VALUES (${value('practiceId')}, ${value('patientId')}, ${value('userId')}, ${signInAction})`);
  return db
    .with(started, recorded)
    .insert(refreshToken)
    .values({
      id: value('refreshId'),
      userId: value('userId'),
      familyId: value('sessionId'),
      tokenHash: value('refreshHash'),
      expiresAt: sql`${value('refreshExpiresAt')}::timestamptz`,
    })
    .prepare('start_session');
});

/** A token pair inside an existing session; neither token outlives the session's absolute end. */
export async function issueInSession(
  deps: Pick<SessionDeps, 'db' | 'tokens'>,
  subject: TokenSubject,
  session: SessionRef,
): Promise<TokenPair> {
  const pair = signTokenPair(deps.tokens, subject, session);
  await deps.db.insert(refreshToken).values({
    id: pair.refresh.id,
    userId: subject.userId,
    familyId: session.id,
    tokenHash: sha256Hex(pair.refresh.token),
    expiresAt: pair.refresh.expiresAt,
  });
  return { accessToken: pair.accessToken, refreshToken: pair.refresh.token };
}

/** The signed access and refresh tokens of a session (the refresh token's id is its `jti`). */
function signTokenPair(tokens: TokenService, subject: TokenSubject, session: SessionRef) {
  const bound = { sid: session.id, notAfter: session.expiresAt };
  const access = tokens.sign('access', subject, bound);
  const id = randomUUID();
  const refresh = tokens.sign('refresh', subject, { ...bound, jti: id });
  return { accessToken: access.token, refresh: { id, token: refresh.token, expiresAt: refresh.expiresAt } };
}

/**
 * Spends a refresh token in ONE conditional statement: unspent, unrevoked, unexpired, with the right
 * hash, in a live session. Of two concurrent requests presenting the same token exactly one gets the
 * row; the other finds it spent and revokes the session (reuse means a copy), which also ends
 * whatever the winner was issued.
 */
export async function spendRefreshToken(
  db: Db,
  id: string,
  presented: string,
): Promise<{ userId: number; session: SessionRef } | null> {
  const tokenHash = sha256Hex(presented);
  const [spent] = await db
    .update(refreshToken)
    .set({ usedAt: sql`now()` })
    .from(authSession)
    .where(
      and(
        eq(refreshToken.id, id),
        eq(refreshToken.tokenHash, tokenHash),
        isNull(refreshToken.usedAt),
        isNull(refreshToken.revokedAt),
        gt(refreshToken.expiresAt, sql`now()`),
        eq(authSession.id, refreshToken.familyId),
        isNull(authSession.revokedAt),
        gt(authSession.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: refreshToken.userId, sessionId: authSession.id, expiresAt: authSession.expiresAt });
  if (spent) return { userId: spent.userId, session: { id: spent.sessionId, expiresAt: spent.expiresAt } };

  const [stored] = await db
    .select({ familyId: refreshToken.familyId, usedAt: refreshToken.usedAt })
    .from(refreshToken)
    .where(and(eq(refreshToken.id, id), eq(refreshToken.tokenHash, tokenHash)))
    .limit(1);
  // Only a token spent by a rotation signals a copy; one revoked by a credential change is merely dead.
  if (stored?.usedAt) await revokeSession(db, stored.familyId);
  return null;
}

/** Ends one sign-in: its refresh tokens and its access tokens stop working now. */
export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db
    .update(authSession)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(authSession.id, sessionId), isNull(authSession.revokedAt)));
  // This process drops its copy at once; the others when the database's announcement reaches them.
  forgetCallers({ sessionId });
  await db
    .update(refreshToken)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshToken.familyId, sessionId), isNull(refreshToken.revokedAt)));
}

/** Signs the account out everywhere (but in `except`, the caller's own sign-in, when given). */
export async function revokeAllSessions(db: Db, userId: number, except?: string): Promise<void> {
  const others = except ? ne(authSession.id, except) : undefined;
  await db
    .update(authSession)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(authSession.userId, userId), isNull(authSession.revokedAt), others));
  forgetCallers({ userId });
  await db
    .update(refreshToken)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(refreshToken.userId, userId),
        isNull(refreshToken.revokedAt),
        except ? ne(refreshToken.familyId, except) : undefined,
      ),
    );
}

/**
 * After a credential change: every other sign-in of the account ends, and the caller's own sign-in
 * gets a new token pair (carrying the new username) that keeps the session's original start and end.
 * An access token alone can never start a longer sign-in.
 */
export async function renewSession(
  deps: Pick<SessionDeps, 'db' | 'tokens'>,
  subject: TokenSubject,
  sessionId: string,
): Promise<TokenPair> {
  await revokeAllSessions(deps.db, subject.userId, sessionId);
  const [session] = await deps.db
    .select({ id: authSession.id, expiresAt: authSession.expiresAt })
    .from(authSession)
    .where(
      and(
        eq(authSession.id, sessionId),
        eq(authSession.userId, subject.userId),
        isNull(authSession.revokedAt),
        gt(authSession.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  if (!session) throw unauthorized();
  // The session's earlier refresh tokens carry the old credentials' moment: only the new one counts.
  await deps.db
    .update(refreshToken)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshToken.familyId, sessionId), isNull(refreshToken.revokedAt)));
  return issueInSession(deps, subject, session);
}

/** The session a refresh token belongs to (for sign-out), by the token's hash. */
export async function findSessionOfRefreshToken(db: Db, presented: string): Promise<string | undefined> {
  const [row] = await db
    .select({ familyId: refreshToken.familyId })
    .from(refreshToken)
    .where(eq(refreshToken.tokenHash, sha256Hex(presented)))
    .limit(1);
  return row?.familyId;
}
