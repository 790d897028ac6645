/**
 * Test plumbing for the health apps' authorization server: an app listening on 127.0.0.1 (the issuer
 * needs its real address), a browser's cookie jar, PKCE, and the steps of a standalone launch.
 */
import { createHash, randomBytes } from 'node:crypto';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import { healthAppsCalls, routePath } from '@dermis/contract';
import type { Config } from '../../../config/env';
import type { Db } from '../../../db/database';
import { fhirInvite, patient } from '../../../db/schema';
import { bearer } from '../../../test/fixtures';
import { registerHealthApp, type RegisterHealthApp } from './health-apps.repository';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Builds an app whose public address is the one it then listens on. */
export async function listeningApp(
  build: (overrides: Partial<Config>) => Promise<FastifyInstance>,
  overrides: Partial<Config> = {},
): Promise<{ app: FastifyInstance; origin: string }> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const app = await build({ publicUrl: origin, fhirBaseUrl: `${origin}/fhir/r4`, ...overrides });
  await app.listen({ port, host: '127.0.0.1' });
  return { app, origin };
}

/** A browser's cookies for one origin, enough for the provider's interaction and session cookies. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

export function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

export async function givenInvite(db: Db, patientId: number, code = 'ABCD-EFGH-JKLM'): Promise<string> {
  await db.insert(fhirInvite).values({ patientId, code });
  await db
    .update(patient)
    .set({ hasFhirPermission: true, patientFhirInvite: true })
    .where(eq(patient.id, patientId));
  return code;
}

export async function revokeInviteOf(db: Db, patientId: number): Promise<void> {
  await db
    .update(fhirInvite)
    .set({ revokedAt: new Date() })
    .where(and(eq(fhirInvite.patientId, patientId), isNull(fhirInvite.revokedAt)));
  await db
    .update(patient)
    .set({ hasFhirPermission: false, patientFhirInvite: false })
    .where(eq(patient.id, patientId));
}

export const demoLikeApp: RegisterHealthApp = {
  clientId: 'test-app',
  name: 'Test Health App',
  redirectUris: ['http://127.0.0.1/callback'],
  tokenEndpointAuthMethod: 'none',
  loopbackAnyPort: true,
};

export async function givenHealthApp(db: Db, practiceId: number, overrides: Partial<RegisterHealthApp> = {}) {
  return registerHealthApp(db, practiceId, { ...demoLikeApp, ...overrides });
}

export const standaloneScope = 'launch/patient openid fhirUser offline_access patient/*.rs';

export interface LaunchOptions {
  clientId?: string;
  redirectUri?: string;
  scope?: string;
  challengeMethod?: string;
  aud?: string;
}

/**
 * One standalone launch in a browser: the authorization request, the portal's approval (through the
 * portal API, as the consent page calls it), and the redirect back to the app with its code.
 */
export class Launch {
  readonly jar = new CookieJar();
  readonly pkce = pkcePair();
  readonly state = randomBytes(8).toString('hex');
  readonly redirectUri: string;
  readonly clientId: string;
  uid = '';

  constructor(
    readonly origin: string,
    private readonly options: LaunchOptions = {},
  ) {
    this.redirectUri = options.redirectUri ?? 'http://127.0.0.1:61234/callback';
    this.clientId = options.clientId ?? 'test-app';
  }

  /** The authorization request; the response (a redirect to the consent page, or an error). */
  async authorize(): Promise<Response> {
    const params = new URLSearchParams({
      response_type: 'code',
      client_id: this.clientId,
      redirect_uri: this.redirectUri,
      scope: this.options.scope ?? standaloneScope,
      state: this.state,
      aud: this.options.aud ?? `${this.origin}/fhir/r4`,
      code_challenge: this.pkce.challenge,
      code_challenge_method: this.options.challengeMethod ?? 'S256',
    });
    const response = await fetch(`${this.origin}/oauth2/authorize?${params.toString()}`, {
      redirect: 'manual',
    });
    this.jar.take(response);
    const location = response.headers.get('location') ?? '';
    const match = /\/health-apps\/authorize\/([^/?#]+)$/.exec(location);
    if (match?.[1]) this.uid = match[1];
    return response;
  }

  /** A portal call; `path` is whole, as the contract describes it (`healthAppsCalls.x.path`). */
  async portal(accessToken: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<Response> {
    return fetch(`${this.origin}${path}`, {
      method,
      headers: { ...bearer(accessToken), ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  }

  details(accessToken: string) {
    return this.portal(
      accessToken,
      'GET',
      routePath(healthAppsCalls.getAuthorization.path, { uid: this.uid }),
    );
  }

  approve(accessToken: string, body: { patientId: number; resourceTypes: string[]; inviteCode?: string }) {
    return this.portal(accessToken, 'POST', healthAppsCalls.approve.path, { uid: this.uid, ...body });
  }

  /** Follows `redirectTo` back into the provider; the app's redirect address with code or error. */
  async resume(redirectTo: string): Promise<URL> {
    const response = await fetch(redirectTo, { redirect: 'manual', headers: { cookie: this.jar.header() } });
    this.jar.take(response);
    const location = response.headers.get('location');
    if (!location) throw new Error(`resume answered ${response.status}: ${await response.text()}`);
    return new URL(location, this.origin);
  }

  /** Exchanges the code; `extra` carries client authentication for confidential clients. */
  token(code: string, extra: Record<string, string> = {}, headers: Record<string, string> = {}) {
    return postForm(
      `${this.origin}/oauth2/token`,
      {
        grant_type: 'authorization_code',
        code,
        redirect_uri: this.redirectUri,
        code_verifier: this.pkce.verifier,
        ...(headers.authorization ? {} : { client_id: this.clientId }),
        ...extra,
      },
      headers,
    );
  }
}

export function postForm(url: string, form: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(form).toString(),
  });
}

export interface TokenResponse {
  access_token: string;
  refresh_token?: string;
  id_token?: string;
  token_type: string;
  expires_in: number;
  scope: string;
  patient?: string;
}

/** A whole launch for `patientId`, approved by the account of `accessToken`; the token response. */
export async function launchAndApprove(
  origin: string,
  accessToken: string,
  approval: { patientId: number; resourceTypes: string[]; inviteCode?: string },
  options: LaunchOptions & {
    tokenExtra?: Record<string, string>;
    tokenHeaders?: Record<string, string>;
  } = {},
): Promise<{ launch: Launch; tokens: TokenResponse }> {
  const launch = new Launch(origin, options);
  const authorized = await launch.authorize();
  if (authorized.status !== 303 || !launch.uid)
    throw new Error(`authorize answered ${authorized.status}: ${await authorized.text()}`);
  const approved = await launch.approve(accessToken, approval);
  if (approved.status !== 200)
    throw new Error(`approve answered ${approved.status}: ${await approved.text()}`);
  const { redirectTo } = (await approved.json()) as { redirectTo: string };
  const back = await launch.resume(redirectTo);
  const code = back.searchParams.get('code');
  if (!code) throw new Error(`no code: ${back.toString()}`);
  const response = await launch.token(code, options.tokenExtra, options.tokenHeaders);
  if (response.status !== 200) throw new Error(`token answered ${response.status}: ${await response.text()}`);
  return { launch, tokens: (await response.json()) as TokenResponse };
}
