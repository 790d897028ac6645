/**
 * Where a health app finds the practice's OAuth 2.0 server: the SMART configuration under the FHIR
 * base and the CapabilityStatement's security extension both list these, and the authorization
 * server is mounted at them, so the three can never disagree.
 */
export const oauthPathPrefix = '/oauth2';

export const oauthPaths = {
  authorize: `${oauthPathPrefix}/authorize`,
  token: `${oauthPathPrefix}/token`,
  revoke: `${oauthPathPrefix}/revoke`,
  introspect: `${oauthPathPrefix}/introspect`,
  jwks: `${oauthPathPrefix}/jwks`,
  userinfo: `${oauthPathPrefix}/userinfo`,
  register: `${oauthPathPrefix}/register`,
} as const;

export type OauthEndpoints = { issuer: string } & { [K in keyof typeof oauthPaths]: string };

/** The endpoints as absolute URLs on the portal's public origin (e.g. https://portal.example.org). */
export function oauthEndpoints(publicOrigin: string): OauthEndpoints {
  const origin = publicOrigin.replace(/\/+$/, '');
  const absolute = Object.fromEntries(
    Object.entries(oauthPaths).map(([name, path]) => [name, `${origin}${path}`]),
  ) as { [K in keyof typeof oauthPaths]: string };
  return { issuer: `${origin}${oauthPathPrefix}`, ...absolute };
}
