/**
 * The practice's OAuth 2.0 / OpenID Connect server for health apps (SMART App Launch 2.x), built on
 * oidc-provider (decision 214). The portal signs the patient in and asks for consent: every
 * authorization request becomes an interaction the portal page `/health-apps/authorize/:uid` finishes
 * (interactions.ts). Access tokens are opaque, stored, and bound to the FHIR base as their audience,
 * so the FHIR API finds and re-checks each one on every request (grant-resolver.ts).
 */
import { hkdfSync, timingSafeEqual } from 'node:crypto';
import type { Configuration, KoaContextWithOIDC, default as Provider } from 'oidc-provider';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config/env';
import type { Db } from '../../../db/database';
import { sha256Hex } from '../../../lib/secrets';
import { originMatches } from './allowed-origin';
import { approverAccount, connectionHolds, findConnection } from './connections';
import { databaseAdapterFactory } from './database-adapter';
import { oauthEndpoints, oauthPathPrefix, oauthPaths, type OauthEndpoints } from './endpoints';
import { allowedScopesOf } from './health-apps.repository';
import { smartPatientId } from './patient-context';
import { loadSigningKey } from './signing-key';
import { contextScopes, scopeAllowed } from './smart-scopes';

export interface AuthorizationServer {
  /**
   * The provider, built on the first call: oidc-provider (and Koa under it) is loaded then, so a
   * server no health app talks to never holds it in memory (decision 262). Later calls return the same one.
   */
  provider: () => Promise<Provider>;
  endpoints: OauthEndpoints;
  /** The FHIR base URL: the access tokens' audience and resource indicator. */
  fhirBaseUrl: string;
  /** Path of the FHIR base on this server (`/fhir/r4`), where the SMART configuration is served. */
  fhirBasePath: string;
  dynamicRegistration: boolean;
}

/** Lifetimes (seconds). An access token is short; the FHIR API re-checks the grant on every use anyway. */
export const oauthLifetimes = {
  accessToken: 60 * 60,
  authorizationCode: 60,
  idToken: 60 * 60,
  refreshToken: 90 * 24 * 60 * 60,
  grant: 365 * 24 * 60 * 60,
  interaction: 30 * 60,
  session: 30 * 60,
} as const;

type Source = Pick<Config, 'publicUrl' | 'fhirBaseUrl' | 'jwtSecret' | 'trustProxy'> & {
  healthAppsDynamicRegistrationPracticeId: number | null;
};

export function fhirBaseOf(config: Pick<Config, 'publicUrl' | 'fhirBaseUrl'>): string {
  return config.fhirBaseUrl ?? `${config.publicUrl.replace(/\/+$/, '')}/fhir/r4`;
}

export interface AuthorizationServerOptions {
  /**
   * How the provider fetches an app's JWKS URL. The default is the provider's own, which refuses
   * loopback and private addresses (SSRF); a test's loopback JWKS server needs a fetch that allows it.
   */
  fetch?: (url: URL | string | Request, init?: RequestInit) => Promise<Response>;
}

export async function createAuthorizationServer(
  db: Db,
  config: Source,
  logger: FastifyBaseLogger,
  options: AuthorizationServerOptions = {},
): Promise<AuthorizationServer> {
  const endpoints = oauthEndpoints(config.publicUrl);
  const fhirBaseUrl = fhirBaseOf(config);
  const fhirBasePath = new URL(fhirBaseUrl).pathname.replace(/\/+$/, '');
  const signingKey = await loadSigningKey(db, config.jwtSecret);
  const dynamicRegistration = config.healthAppsDynamicRegistrationPracticeId !== null;
  const cookieKey = Buffer.from(hkdfSync('sha256', config.jwtSecret, 'dermis', 'oauth-cookies', 32)).toString(
    'base64url',
  );
  const secure = endpoints.issuer.startsWith('https:');

  // Without a configured FHIR_BASE_URL or PUBLIC_URL the patient was given the FHIR base at whatever
  // address they opened the portal at; an app's `aud` then names that address.
  const audienceMatches = (aud: string) =>
    aud.replace(/\/+$/, '') === fhirBaseUrl ||
    (config.fhirBaseUrl === null && URL.parse(aud)?.pathname.replace(/\/+$/, '') === fhirBasePath);

  const build = async (): Promise<Provider> => {
    const { default: Provider, errors, interactionPolicy } = await import('oidc-provider');
    const policy = interactionPolicy.base();
    // The portal shows every request to the signed-in patient: no authorization is granted silently
    // from an earlier session, and the patient chooses whose record each time.
    policy
      .get('login')
      ?.checks.add(
        new interactionPolicy.Check('portal_approval', 'the patient approves the app in the portal', (ctx) =>
          ctx.oidc.result?.login
            ? interactionPolicy.Check.NO_NEED_TO_PROMPT
            : interactionPolicy.Check.REQUEST_PROMPT,
        ),
        0,
      );

    const routes = Object.fromEntries(
      Object.entries({
        authorization: oauthPaths.authorize,
        token: oauthPaths.token,
        revocation: oauthPaths.revoke,
        introspection: oauthPaths.introspect,
        jwks: oauthPaths.jwks,
        userinfo: oauthPaths.userinfo,
        registration: oauthPaths.register,
      }).map(([name, path]) => [name, path.slice(oauthPathPrefix.length)]),
    );

    const configuration: Configuration = {
      adapter: databaseAdapterFactory(db, {
        dynamicRegistrationPracticeId: config.healthAppsDynamicRegistrationPracticeId,
      }),
      clients: [],
      ...(options.fetch ? { fetch: options.fetch } : {}),
      jwks: { keys: [signingKey] },
      cookies: {
        keys: [cookieKey],
        long: { signed: true, secure, sameSite: 'lax' },
        short: { signed: true, secure, sameSite: 'lax' },
      },
      claims: { openid: ['sub'], fhirUser: ['fhirUser'] },
      scopes: [...contextScopes],
      clientAuthMethods: ['none', 'client_secret_basic', 'private_key_jwt'],
      responseTypes: ['code'],
      pkce: { required: () => true },
      routes,
      features: {
        devInteractions: { enabled: false },
        introspection: {
          enabled: true,
          // An app learns about its own tokens only, never another app's (or another practice's).
          allowedPolicy: (_ctx, client, token) => Promise.resolve(token.clientId === client.clientId),
        },
        revocation: {
          enabled: true,
          // An app revokes its own tokens only.
          allowedPolicy: (_ctx, client, token) => Promise.resolve(token.clientId === client.clientId),
        },
        registration: { enabled: dynamicRegistration, initialAccessToken: false },
        resourceIndicators: {
          enabled: true,
          defaultResource: () => fhirBaseUrl,
          useGrantedResource: () => true,
          getResourceServerInfo: async (ctx, resource, client) => {
            if (resource !== fhirBaseUrl) throw new errors.InvalidTarget();
            const allowed = await allowedScopesOf(db, client.clientId);
            const asked = new Set([
              ...(typeof ctx.oidc.params?.scope === 'string' ? ctx.oidc.params.scope.split(' ') : []),
              ...(ctx.oidc.entities.Grant?.getResourceScope(resource).split(' ') ?? []),
            ]);
            return {
              scope: [...asked].filter((scope) => scope && scopeAllowed(allowed, scope)).join(' '),
              audience: fhirBaseUrl,
              accessTokenFormat: 'opaque',
              accessTokenTTL: oauthLifetimes.accessToken,
            };
          },
        },
        userinfo: { enabled: true },
        rpInitiatedLogout: { enabled: false },
      },
      extraParams: {
        // SMART: the app names the FHIR server it means; a token for another server is never issued.
        aud: (ctx, value) => {
          if (ctx.oidc.route === 'authorization' && value !== undefined && !audienceMatches(value))
            throw new errors.InvalidRequest('aud is not this FHIR server');
        },
        launch: null as never,
      },
      interactions: {
        url: (_ctx, interaction) => `/health-apps/authorize/${interaction.uid}`,
        policy,
      },
      loadExistingGrant: async (ctx) => {
        const grantId = ctx.oidc.result?.consent?.grantId;
        return grantId ? ctx.oidc.provider.Grant.find(grantId) : undefined;
      },
      findAccount: async (_ctx, sub, token) => {
        const userId = Number(sub);
        if (!Number.isInteger(userId) || userId <= 0) return undefined;
        const grantId = token && 'grantId' in token ? token.grantId : undefined;
        if (grantId) {
          // Exchanging a code or a refresh token: the connection must still hold (not disconnected,
          // app enabled, the access rule and the invite still in force).
          const connection = await findConnection(db, grantId);
          if (!connection || connection.userId !== userId || !(await connectionHolds(db, connection)))
            return undefined;
        }
        const approver = await approverAccount(db, userId);
        if (!approver) return undefined;
        return {
          accountId: sub,
          claims: () => ({ sub, fhirUser: `${fhirBaseUrl}/Patient/${smartPatientId(approver.patientId)}` }),
        };
      },
      ttl: {
        AccessToken: oauthLifetimes.accessToken,
        AuthorizationCode: oauthLifetimes.authorizationCode,
        IdToken: oauthLifetimes.idToken,
        RefreshToken: oauthLifetimes.refreshToken,
        Grant: oauthLifetimes.grant,
        Interaction: oauthLifetimes.interaction,
        Session: oauthLifetimes.session,
      },
      // Every refresh returns a new refresh token; the old one is refused afterwards, and presenting a
      // used one again revokes the whole grant (oidc-provider's reuse detection).
      rotateRefreshToken: () => true,
      // Tokens live by their own lifetimes, not by the short provider session of the consent page.
      expiresWithSession: () => false,
      conformIdTokenClaims: false,
      // A browser app may call the token, revocation and introspection endpoints only from the origin
      // of one of its own redirect addresses.
      clientBasedCORS: (_ctx, origin, client) =>
        originMatches(origin, client.redirectUris ?? [], client.applicationType === 'native'),
      renderError: (ctx, out) => {
        ctx.type = 'json';
        ctx.body = out;
      },
    };

    const provider = new Provider(endpoints.issuer, configuration);
    provider.proxy = config.trustProxy !== false;

    // The stored client_secret is the secret's SHA-256 (health_app.client_secret_hash): compare hashes.
    provider.Client.prototype.compareClientSecret = function compareHashed(
      this: { clientSecret?: string },
      actual: string,
    ) {
      const stored = Buffer.from(this.clientSecret ?? '', 'utf8');
      const given = Buffer.from(sha256Hex(actual), 'utf8');
      return Promise.resolve(stored.length === given.length && timingSafeEqual(stored, given));
    };

    // SMART: the token response names the patient in context, as the FHIR API's Patient id.
    provider.use(async (ctx: KoaContextWithOIDC, next) => {
      await next();
      if ((ctx.oidc as KoaContextWithOIDC['oidc'] | undefined)?.route !== 'token' || ctx.status !== 200)
        return;
      const body = ctx.body as Record<string, unknown> | undefined;
      const grantId = ctx.oidc.entities.AccessToken?.grantId;
      if (!body || typeof body.access_token !== 'string' || !grantId) return;
      const connection = await findConnection(db, grantId);
      if (connection) ctx.body = { ...body, patient: smartPatientId(connection.patientId) };
    });

    // By class only: a provider error's message may quote a request parameter.
    provider.on('server_error', (_ctx: KoaContextWithOIDC, error: Error) => {
      logger.error({ err: { type: error.name } }, 'authorization server error');
    });
    // Koa prints errors it was not told to send elsewhere; they go to the log the same way.
    (provider as unknown as NodeJS.EventEmitter).on('error', (error: Error) => {
      logger.error({ err: { type: error.name } }, 'authorization server request failed');
    });
    return provider;
  };
  let building: Promise<Provider> | undefined;
  // A failed build (it should not fail: the configuration is fixed) is tried again by the next call.
  const provider = () =>
    (building ??= build().catch((error: unknown) => {
      building = undefined;
      throw error;
    }));

  return { provider, endpoints, fhirBaseUrl, fhirBasePath, dynamicRegistration };
}
