/** A registered app as oidc-provider's client metadata (RFC 7591 names). */
import type { AdapterPayload } from 'oidc-provider';
import type { healthApp } from '../../../db/schema';

export type HealthAppRow = typeof healthApp.$inferSelect;

export function clientMetadata(row: HealthAppRow): AdapterPayload {
  return {
    client_id: row.clientId,
    client_name: row.name,
    redirect_uris: row.redirectUris,
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: row.tokenEndpointAuthMethod,
    // Native (RFC 8252): oidc-provider then matches a loopback redirect address on any port (§7.3).
    application_type: row.loopbackAnyPort ? 'native' : 'web',
    // The stored value is the secret's hash; the provider compares hashes (authorization-server.ts).
    ...(row.tokenEndpointAuthMethod === 'client_secret_basic' && row.clientSecretHash
      ? { client_secret: row.clientSecretHash }
      : {}),
    ...(row.jwksUri ? { jwks_uri: row.jwksUri } : {}),
    ...(row.jwks ? { jwks: row.jwks } : {}),
  };
}
