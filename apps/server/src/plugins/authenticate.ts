/**
 * The `authenticate` preHandler of every app-server call: a valid, unexpired ACCESS token (a refresh
 * or temporary token is refused) of an account that is still active, for a patient who is still
 * active and alive. Anything else is 401 UNAUTHORIZED, which makes the web client refresh once.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../app-context';
import type { Db } from '../db/database';
import { authSession, patient, userAccount } from '../db/schema';
import { unauthorized } from '../lib/http-error';
import { bearerToken } from '../lib/tokens';

export async function authenticate(request: FastifyRequest): Promise<void> {
  const token = bearerToken(request.headers.authorization);
  if (!token) throw unauthorized();
  const claims = await request.server.tokens.verify(token, 'access');
  if (!claims?.sid || !uuidPattern.test(claims.sid)) throw unauthorized();

  // Account, patient AND session in one prepared statement: the revocation check of sign-out and
  // credential changes (docs/decisions/043) costs no round trip of its own.
  const [account] = await callerQuery(request.server.db).execute({
    userId: claims.userId,
    practiceId: claims.practiceId,
    sessionId: claims.sid,
  });
  if (!account) throw unauthorized();

  request.auth = {
    userId: account.id,
    practiceId: account.practiceId,
    username: account.username,
    patientId: account.patientId,
    sessionId: claims.sid,
    language: account.language,
  };
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function prepareCallerQuery(db: Db) {
  return db
    .select({
      id: userAccount.id,
      practiceId: userAccount.practiceId,
      username: userAccount.username,
      patientId: userAccount.patientId,
      language: userAccount.language,
    })
    .from(userAccount)
    .innerJoin(patient, eq(patient.id, userAccount.patientId))
    .innerJoin(
      authSession,
      and(
        eq(authSession.id, sql.placeholder('sessionId')),
        eq(authSession.userId, userAccount.id),
        isNull(authSession.revokedAt),
        gt(authSession.expiresAt, sql`now()`),
      ),
    )
    .where(
      and(
        eq(userAccount.id, sql.placeholder('userId')),
        eq(userAccount.practiceId, sql.placeholder('practiceId')),
        eq(userAccount.active, true),
        eq(patient.active, true),
        eq(patient.deceased, false),
      ),
    )
    .limit(1)
    .prepare('authenticate_caller');
}

const callerQueries = new WeakMap<Db, ReturnType<typeof prepareCallerQuery>>();

/** One prepared statement per database (PostgreSQL parses and plans it once per connection). */
function callerQuery(db: Db) {
  let query = callerQueries.get(db);
  if (!query) {
    query = prepareCallerQuery(db);
    callerQueries.set(db, query);
  }
  return query;
}

/** The caller, for handlers behind `authenticate`. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new Error('authOf() called on a route without the authenticate preHandler');
  return request.auth;
}
