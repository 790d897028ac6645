/**
 * Authentication of the integration API: an `X-Api-Key` header whose SHA-256 matches a key that is
 * not revoked. The request then acts for that key's practice, and only that practice.
 */
import { errorCodes } from '@dermis/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { apiKey } from '../db/schema';
import { httpError } from '../lib/http-error';
import { sha256Hex } from '../lib/secrets';

const invalidKey = () => httpError(401, errorCodes.unauthorized, 'server.error.apiKey');

export async function authenticateApiKey(request: FastifyRequest): Promise<void> {
  const header = request.headers['x-api-key'];
  const key = typeof header === 'string' ? header.trim() : '';
  if (!key || key.length > 200) throw invalidKey();
  const [row] = await request.server.db
    .select({ practiceId: apiKey.practiceId })
    .from(apiKey)
    .where(and(eq(apiKey.keyHash, sha256Hex(key)), isNull(apiKey.revokedAt)))
    .limit(1);
  if (!row) throw invalidKey();
  request.apiKeyPracticeId = row.practiceId;
}

export function apiKeyPracticeOf(request: FastifyRequest): number {
  if (request.apiKeyPracticeId === null)
    throw new Error('apiKeyPracticeOf() called on a route without authenticateApiKey');
  return request.apiKeyPracticeId;
}
