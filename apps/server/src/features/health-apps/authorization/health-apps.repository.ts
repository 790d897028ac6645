/**
 * The practice's registered apps (decision 214): registered by the CLI or the integration API,
 * listed, disabled. A client id is unique across the deployment (the issuer is per deployment); an
 * app belongs to one practice and is granted only that practice's patients.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import {
  errorCodes,
  healthAppSummary,
  type registerHealthAppRequest,
  type HealthAppSummary,
  type RegisterHealthAppResponse,
} from '@dermis/contract';
import type { z } from 'zod';
import type { Db } from '../../../db/database';
import { healthApp } from '../../../db/schema';
import { httpError, invalidField } from '../../../lib/http-error';
import { sha256Hex } from '../../../lib/secrets';
import type { HealthAppRow } from './client-metadata';
import { allPatientScopes, contextScopes, parsePatientScope } from './smart-scopes';

export type RegisterHealthApp = z.output<typeof registerHealthAppRequest>;

const loopbackHosts = new Set(['127.0.0.1', 'localhost', '[::1]']);

function redirectUriAcceptable(uri: string): boolean {
  const url = URL.parse(uri);
  if (!url || url.hash) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && loopbackHosts.has(url.hostname);
}

export function toSummary(row: HealthAppRow): HealthAppSummary {
  return healthAppSummary.parse({
    clientId: row.clientId,
    name: row.name,
    redirectUris: row.redirectUris,
    tokenEndpointAuthMethod: row.tokenEndpointAuthMethod,
    jwksUri: row.jwksUri,
    allowedScopes: row.allowedScopes,
    loopbackAnyPort: row.loopbackAnyPort,
    disabled: row.disabledAt !== null,
    createdAt: row.createdAt.toISOString(),
  });
}

/** Registers an app for the practice; a `client_secret_basic` app gets its secret here, once. */
export async function registerHealthApp(
  db: Db,
  practiceId: number,
  input: RegisterHealthApp,
): Promise<RegisterHealthAppResponse> {
  input.redirectUris.forEach((uri, index) => {
    if (!redirectUriAcceptable(uri))
      throw invalidField(`redirectUris.${index}`, 'server.error.healthAppRedirectUri');
  });
  if (input.tokenEndpointAuthMethod === 'private_key_jwt' && !input.jwksUri && !input.jwks)
    throw invalidField('jwksUri', 'server.error.healthAppJwksRequired');
  const allowedScopes = input.allowedScopes ?? allPatientScopes;
  for (const [index, scope] of allowedScopes.entries()) {
    if (!parsePatientScope(scope) && !(contextScopes as readonly string[]).includes(scope))
      throw invalidField(`allowedScopes.${index}`, 'server.error.healthAppScopeUnknown', { scope });
  }
  const clientId = input.clientId ?? `app-${randomBytes(12).toString('base64url')}`;
  const secret =
    input.tokenEndpointAuthMethod === 'client_secret_basic'
      ? randomBytes(32).toString('base64url')
      : undefined;

  const [row] = await db
    .insert(healthApp)
    .values({
      practiceId,
      clientId,
      name: input.name,
      redirectUris: input.redirectUris,
      tokenEndpointAuthMethod: input.tokenEndpointAuthMethod,
      clientSecretHash: secret ? sha256Hex(secret) : null,
      jwksUri: input.tokenEndpointAuthMethod === 'private_key_jwt' ? (input.jwksUri ?? null) : null,
      jwks:
        input.tokenEndpointAuthMethod === 'private_key_jwt' && !input.jwksUri ? (input.jwks ?? null) : null,
      allowedScopes: allowedScopes.filter((scope) => parsePatientScope(scope)),
      loopbackAnyPort: input.loopbackAnyPort,
    })
    .onConflictDoNothing({ target: healthApp.clientId })
    .returning();
  if (!row) throw httpError(409, errorCodes.conflict, 'server.error.healthAppClientExists');
  return { ...toSummary(row), ...(secret ? { clientSecret: secret } : {}) };
}

export async function listHealthApps(db: Db, practiceId: number): Promise<HealthAppSummary[]> {
  const rows = await db
    .select()
    .from(healthApp)
    .where(eq(healthApp.practiceId, practiceId))
    .orderBy(asc(healthApp.createdAt), asc(healthApp.id));
  return rows.map(toSummary);
}

/** Disables the practice's app; its row, or null when the practice has no app by that id. */
export async function disableHealthApp(
  db: Db,
  practiceId: number,
  clientId: string,
): Promise<HealthAppRow | null> {
  const [existing] = await db
    .select()
    .from(healthApp)
    .where(and(eq(healthApp.practiceId, practiceId), eq(healthApp.clientId, clientId)))
    .limit(1);
  if (!existing) return null;
  if (existing.disabledAt) return existing;
  const [row] = await db
    .update(healthApp)
    .set({ disabledAt: new Date() })
    .where(and(eq(healthApp.id, existing.id), isNull(healthApp.disabledAt)))
    .returning();
  return row ?? existing;
}

export async function findHealthAppByClientId(db: Db, clientId: string): Promise<HealthAppRow | undefined> {
  const [row] = await db.select().from(healthApp).where(eq(healthApp.clientId, clientId)).limit(1);
  return row;
}

/** The patient scopes an app's registration allows (context scopes are always allowed). */
export async function allowedScopesOf(db: Db, clientId: string): Promise<string[]> {
  const row = await findHealthAppByClientId(db, clientId);
  return row && !row.disabledAt ? row.allowedScopes : [];
}
