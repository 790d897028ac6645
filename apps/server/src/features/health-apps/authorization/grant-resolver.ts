/**
 * The FHIR API's view of a health app's access token (fhir/fhir-grant.ts). On every request the token
 * is found through the provider (unknown, expired or revoked: 401), its connection must not be
 * disconnected nor its app disabled (401), and the portal's own access rule must still let the
 * approving account act for the patient, with the account, both patients and the patient's invite
 * still in force (403). Nothing is cached: a change ends access on the next request.
 */
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../../db/database';
import { FhirAuthError, type FhirGrant, type FhirGrantResolver } from '../fhir/fhir-grant';
import type { AuthorizationServer } from './authorization-server';
import { connectionVerdict, findConnection, touchConnection } from './connections';

const tokenPattern = /^[A-Za-z0-9._~+/-]{10,512}=*$/;

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  const token = match?.[1];
  return token && tokenPattern.test(token) ? token : null;
}

export function createFhirGrantResolver(db: Db, authorization: AuthorizationServer): FhirGrantResolver {
  return async (request): Promise<FhirGrant> => {
    const value = bearerToken(request);
    if (!value) throw new FhirAuthError(401, 'invalid_token', 'An access token is required.');
    const token = await (await authorization.provider()).AccessToken.find(value);
    if (!token || token.isExpired || !token.grantId)
      throw new FhirAuthError(401, 'invalid_token', 'The access token is unknown, expired or revoked.');
    const audience = [token.aud].flat();
    if (!audience.includes(authorization.fhirBaseUrl))
      throw new FhirAuthError(401, 'invalid_token', 'The access token is not for this FHIR server.');

    const connection = await findConnection(db, token.grantId);
    if (!connection || connection.clientId !== token.clientId)
      throw new FhirAuthError(401, 'invalid_token', 'The access token is unknown, expired or revoked.');
    const verdict = await connectionVerdict(db, connection);
    if (verdict === 'ended')
      throw new FhirAuthError(401, 'invalid_token', 'The app was disconnected or disabled.');
    if (verdict === 'refused')
      throw new FhirAuthError(403, 'insufficient_scope', 'Access to this patient record has ended.');

    await touchConnection(db, connection.grantId);
    return {
      practiceId: connection.practiceId,
      patientId: connection.patientId,
      userId: connection.userId,
      clientId: connection.clientId,
      clientName: connection.clientName,
      scopes: (token.scope ?? '').split(' ').filter(Boolean),
    };
  };
}
