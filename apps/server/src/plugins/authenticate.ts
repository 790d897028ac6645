/**
 * The `authenticate` preHandler of every app-server call: a valid, unexpired ACCESS token (a refresh
 * or temporary token is refused) of an account that is still active, for a patient who is still
 * active and alive. Anything else is 401 UNAUTHORIZED, which makes the web client refresh once.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Language } from '@dermis/contract';
import type { AuthContext } from '../app-context';
import type { Db } from '../db/database';
import { preparedPerDatabase } from '../db/prepared';
import type { FreshCaller } from './caller-cache';
import { authSession, patient, userAccount } from '../db/schema';
import { unauthorized } from '../lib/http-error';
import { bearerToken } from '../lib/tokens';

export async function authenticate(request: FastifyRequest): Promise<void> {
  // Through the process's caller cache (decision 286): the statement at most once per session every
  // few seconds, while the database's announcements of revocations are heard.
  const { callers } = request.server;
  await authenticateWith(
    request,
    (db, params) => callers.read(params, () => readFreshCaller(db, params)),
    (caller) => caller,
  );
}

/** What a statement that reads the caller binds: the access token's claims. */
export type CallerParams = {
  userId: number;
  practiceId: number;
  sessionId: string;
};

/** The caller's account as authenticate needs it. */
export interface CallerRow {
  id: number;
  practiceId: number;
  username: string;
  patientId: number;
  language: Language | null;
}

/**
 * authenticate, with the caller read by `read`: a statement that applies `callerSessionJoin` and
 * `callerFilter` and may select more (a hot read folds its answer into the same round trip,
 * docs/decisions/045). No row means 401. Returns the row for the handler.
 */
export async function authenticateWith<Row>(
  request: FastifyRequest,
  read: (db: Db, params: CallerParams) => Promise<Row | undefined>,
  callerOf: (row: Row) => CallerRow,
): Promise<Row> {
  const token = bearerToken(request.headers.authorization);
  if (!token) throw unauthorized();
  const claims = await request.server.tokens.verify(token, 'access');
  if (!claims?.sid || !uuidPattern.test(claims.sid)) throw unauthorized();

  // Account, patient AND session in one prepared statement: the revocation check of sign-out and
  // credential changes (docs/decisions/043) costs no round trip of its own.
  const row = await read(request.server.db, {
    userId: claims.userId,
    practiceId: claims.practiceId,
    sessionId: claims.sid,
  });
  if (!row) throw unauthorized();
  const account = callerOf(row);
  request.auth = {
    userId: account.id,
    practiceId: account.practiceId,
    username: account.username,
    patientId: account.patientId,
    sessionId: claims.sid,
    language: account.language,
  };
  return row;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The session of the access token, joined to `userAccount`: live, not revoked, not past its end. */
export const callerSessionJoin = and(
  eq(authSession.id, sql.placeholder('sessionId')),
  eq(authSession.userId, userAccount.id),
  isNull(authSession.revokedAt),
  gt(authSession.expiresAt, sql`now()`),
);

/** The account of the token, active, of an active and living patient (joined as `patient`). */
export const callerFilter = and(
  eq(userAccount.id, sql.placeholder('userId')),
  eq(userAccount.practiceId, sql.placeholder('practiceId')),
  eq(userAccount.active, true),
  eq(patient.active, true),
  eq(patient.deceased, false),
);

/** The columns of a `CallerRow`, for statements that read the caller. */
export const callerColumns = {
  id: userAccount.id,
  practiceId: userAccount.practiceId,
  username: userAccount.username,
  patientId: userAccount.patientId,
  language: userAccount.language,
};

/** One prepared statement per database (PostgreSQL parses and plans it once per connection). */
const callerStatement = preparedPerDatabase((db) =>
  db
    .select({
      ...callerColumns,
      // Measured by the database's clock, so a cached entry never outlives the session whatever the
      // skew between this process's clock and the database's.
      sessionMillisecondsLeft: sql<number>`(extract(epoch from ${authSession.expiresAt} - now()) * 1000)::float8`,
    })
    .from(userAccount)
    .innerJoin(patient, eq(patient.id, userAccount.patientId))
    .innerJoin(authSession, callerSessionJoin)
    .where(callerFilter)
    .limit(1)
    .prepare('authenticate_caller'),
);

async function readFreshCaller(db: Db, params: CallerParams): Promise<FreshCaller | undefined> {
  const [found] = await callerStatement(db).execute(params);
  if (!found) return undefined;
  const { sessionMillisecondsLeft, ...row } = found;
  return { row, sessionMillisecondsLeft };
}

/** The caller, for handlers behind `authenticate`. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new Error('authOf() called on a route without the authenticate preHandler');
  return request.auth;
}
