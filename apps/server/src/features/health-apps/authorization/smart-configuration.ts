/**
 * `.well-known/smart-configuration` under the FHIR base (SMART App Launch 2.x §"Conformance"): where
 * the endpoints are and what this server supports, for apps to discover before they launch.
 */
import type { AuthorizationServer } from './authorization-server';
import { contextScopes, smartResourceTypes } from './smart-scopes';

export function smartConfiguration(server: AuthorizationServer) {
  const { endpoints } = server;
  return {
    issuer: endpoints.issuer,
    jwks_uri: endpoints.jwks,
    authorization_endpoint: endpoints.authorize,
    grant_types_supported: ['authorization_code', 'refresh_token'],
    token_endpoint: endpoints.token,
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'private_key_jwt', 'none'],
    token_endpoint_auth_signing_alg_values_supported: ['RS256', 'RS384', 'ES256', 'ES384'],
    ...(server.dynamicRegistration ? { registration_endpoint: endpoints.register } : {}),
    userinfo_endpoint: endpoints.userinfo,
    scopes_supported: [
      ...contextScopes,
      'patient/*.read',
      'patient/*.rs',
      ...smartResourceTypes.flatMap((type) => [`patient/${type}.read`, `patient/${type}.rs`]),
    ],
    response_types_supported: ['code'],
    introspection_endpoint: endpoints.introspect,
    revocation_endpoint: endpoints.revoke,
    code_challenge_methods_supported: ['S256'],
    capabilities: [
      'launch-standalone',
      'client-public',
      'client-confidential-symmetric',
      'client-confidential-asymmetric',
      'context-standalone-patient',
      'permission-offline',
      'permission-patient',
      'permission-v1',
      'permission-v2',
      'sso-openid-connect',
      'authorize-post',
    ],
  };
}
