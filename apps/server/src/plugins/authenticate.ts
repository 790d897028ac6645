/**
 * The `authenticate` preHandler of every app-server call: a valid, unexpired ACCESS token (a refresh
 * or temporary token is refused) of an account that is still active, for a patient who is still
 * active and alive. Anything else is 401 UNAUTHORIZED, which makes the web client refresh once.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../app-context';
import { patient, userAccount } from '../db/schema';
import { unauthorized } from '../lib/http-error';
import { bearerToken } from '../lib/tokens';

export async function authenticate(request: FastifyRequest): Promise<void> {
  const token = bearerToken(request.headers.authorization);
  if (!token) throw unauthorized();
  const claims = await request.server.tokens.verify(token, 'access');
  if (!claims) throw unauthorized();

  const [account] = await request.server.db
    .select({
      id: userAccount.id,
      practiceId: userAccount.practiceId,
      username: userAccount.username,
      patientId: userAccount.patientId,
      language: userAccount.language,
    })
    .from(userAccount)
    .innerJoin(patient, eq(patient.id, userAccount.patientId))
    .where(
      and(
        eq(userAccount.id, claims.userId),
        eq(userAccount.practiceId, claims.practiceId),
        eq(userAccount.active, true),
        eq(patient.active, true),
        eq(patient.deceased, false),
      ),
    )
    .limit(1);
  if (!account) throw unauthorized();

  request.auth = {
    userId: account.id,
    practiceId: account.practiceId,
    username: account.username,
    patientId: account.patientId,
    language: account.language,
  };
}

/** The caller, for handlers behind `authenticate`. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new Error('authOf() called on a route without the authenticate preHandler');
  return request.auth;
}
