/**
 * The health apps' authorization server, as app.ts registers it: the OAuth endpoints under /oauth2
 * and the SMART configuration, the portal's consent and Connected apps calls, and the practice's
 * integration calls. The FHIR API takes `createFhirGrantResolver(app.db, authorization)`.
 */
import type { FastifyInstance } from 'fastify';
import {
  createAuthorizationServer,
  type AuthorizationServer,
  type AuthorizationServerOptions,
} from './authorization-server';
import { registerConsentCalls } from './consent.routes';
import { registerHealthAppsIntegrationCalls } from './health-apps-integration.routes';
import { oauthRoutes } from './oauth.routes';

export { createAllowedOrigin } from './allowed-origin';
export type { AuthorizationServer, AuthorizationServerOptions } from './authorization-server';
export { createFhirGrantResolver } from './grant-resolver';

export async function registerHealthAppsAuthorization(
  app: FastifyInstance,
  options: AuthorizationServerOptions = {},
): Promise<AuthorizationServer> {
  const authorization = await createAuthorizationServer(app.db, app.config, app.log, options);
  await app.register(oauthRoutes, { authorization });
  registerConsentCalls(app, { authorization });
  registerHealthAppsIntegrationCalls(app);
  return authorization;
}
