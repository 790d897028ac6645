/**
 * The authorization server on the portal's HTTP server: every request under `/oauth2` is handed to
 * oidc-provider (a Koa application) with Fastify's reply hijacked, and the SMART configuration is
 * served under the FHIR base. Around the provider this adds what the portal owns: CORS for the token,
 * revocation and introspection endpoints only for registered apps' origins, `no-store`, and a throttle
 * of the token endpoint per app and per address.
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { createAllowedOrigin } from './allowed-origin';
import type { AuthorizationServer } from './authorization-server';
import { oauthPathPrefix, oauthPaths } from './endpoints';
import { smartConfiguration } from './smart-configuration';

export interface OauthRoutesOptions {
  authorization: AuthorizationServer;
}

/** Endpoints an app's page calls from the browser with its credentials or tokens. */
const corsPaths = new Set<string>([oauthPaths.token, oauthPaths.revoke, oauthPaths.introspect]);
const noStorePaths = new Set<string>([...corsPaths, oauthPaths.userinfo, oauthPaths.register]);

const throttleWindowSeconds = 60;
/** Bodies the provider reads (its own limit is 56 KiB). */
const bodyLimit = 56 * 1024;

export async function oauthRoutes(
  app: FastifyInstance,
  { authorization }: OauthRoutesOptions,
): Promise<void> {
  // The provider's request handler, made once on the first request (the provider loads then).
  let callback: ReturnType<Provider['callback']> | undefined;
  const allowedOrigin = createAllowedOrigin(app.db);

  await app.register((scope) => {
    // The provider parses its own requests: form bodies are read here only to count the client,
    // then handed over as text; anything else is left unread for the provider.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit },
      (_request, body, done) => done(null, body),
    );
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.split('?')[0] ?? '';
      // A preflight names no app yet: any enabled app's origin passes it. The request itself is then
      // checked against the calling app's own origins (clientBasedCORS in authorization-server.ts).
      if (corsPaths.has(path) && request.method === 'OPTIONS')
        return preflight(reply, request.headers.origin, allowedOrigin);
      if (noStorePaths.has(path)) {
        reply.raw.setHeader('Cache-Control', 'no-store');
        reply.raw.setHeader('Pragma', 'no-cache');
      }
      const body = typeof request.body === 'string' ? request.body : undefined;
      if (path === oauthPaths.token && request.method === 'POST') {
        const limited = await throttled(app, request, body);
        if (limited) {
          return reply
            .code(429)
            .header('Retry-After', String(throttleWindowSeconds))
            .header('Cache-Control', 'no-store')
            .send({
              error: 'slow_down',
              error_description: 'Too many token requests; try again in a minute.',
            });
        }
      }

      callback ??= (await authorization.provider()).callback();
      reply.hijack();
      const raw = request.raw as IncomingMessage & { originalUrl?: string; body?: string };
      let url = raw.url ?? '/';
      if (request.method === 'GET' && path === oauthPaths.authorize) url = rewriteAuthorizationQuery(url);
      if (body !== undefined) raw.body = rewriteAuthorizationBody(path, body);
      // The provider computes its addresses from originalUrl minus url: its mount path is /oauth2.
      raw.originalUrl = url;
      const rest = url.slice(oauthPathPrefix.length);
      raw.url = rest.startsWith('/') ? rest : `/${rest}`;
      await callback(raw, reply.raw);
    };

    for (const url of [oauthPathPrefix, `${oauthPathPrefix}/*`]) {
      scope.route({ method: ['GET', 'POST', 'OPTIONS'], url, handler });
    }
    return Promise.resolve();
  });

  app.get(`${authorization.fhirBasePath}/.well-known/smart-configuration`, async (_request, reply) =>
    reply
      .header('Access-Control-Allow-Origin', '*')
      .header('Cache-Control', 'public, max-age=3600')
      .send(smartConfiguration(authorization)),
  );
}

async function preflight(
  reply: FastifyReply,
  origin: string | undefined,
  allowedOrigin: (origin: string) => Promise<boolean>,
) {
  reply.header('Vary', 'Origin');
  if (origin && (await allowedOrigin(origin))) {
    reply
      .header('Access-Control-Allow-Origin', origin)
      .header('Access-Control-Allow-Methods', 'POST')
      .header('Access-Control-Allow-Headers', 'Authorization, Content-Type, DPoP')
      .header('Access-Control-Max-Age', '600');
  }
  return reply.code(204).send();
}

/** Counts the request against its app and its address; true when either is over the limit. */
async function throttled(app: FastifyInstance, request: FastifyRequest, body: string | undefined) {
  const limit = app.config.healthAppsTokenRequestsPerMinute;
  const byAddress = await app.counters.increment(`oauth-token:address:${request.ip}`, throttleWindowSeconds);
  const clientId = clientIdOf(request, body);
  const byClient = clientId
    ? await app.counters.increment(`oauth-token:client:${clientId.slice(0, 128)}`, throttleWindowSeconds)
    : 0;
  return byAddress > limit || byClient > limit;
}

function clientIdOf(request: FastifyRequest, body: string | undefined): string | null {
  const authorization = request.headers.authorization;
  if (authorization?.toLowerCase().startsWith('basic ')) {
    const decoded = Buffer.from(authorization.slice(6).trim(), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon > 0) return safeDecode(decoded.slice(0, colon));
  }
  return body ? new URLSearchParams(body).get('client_id') : null;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return value;
  }
}

/**
 * OpenID Connect grants offline_access only with prompt=consent (Core §11); SMART apps ask for it
 * without. The portal asks the patient for consent on every request anyway, so the request says so.
 */
function withConsentPrompt(params: URLSearchParams): boolean {
  const scope = params.get('scope')?.split(' ') ?? [];
  if (!scope.includes('offline_access')) return false;
  const prompt = params.get('prompt')?.split(' ').filter(Boolean) ?? [];
  if (prompt.includes('consent') || prompt.includes('none')) return false;
  params.set('prompt', [...prompt, 'consent'].join(' '));
  return true;
}

function rewriteAuthorizationQuery(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const params = new URLSearchParams(url.slice(at + 1));
  return withConsentPrompt(params) ? `${url.slice(0, at)}?${params.toString()}` : url;
}

function rewriteAuthorizationBody(path: string, body: string): string {
  if (path !== oauthPaths.authorize) return body;
  const params = new URLSearchParams(body);
  return withConsentPrompt(params) ? params.toString() : body;
}
