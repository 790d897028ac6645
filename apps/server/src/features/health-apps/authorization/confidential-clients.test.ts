/**
 * Confidential health apps at the token endpoint: `private_key_jwt` with an inline JWKS or a JWKS URL,
 * and `client_secret_basic` with the secret shown once at registration.
 */
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import type { FastifyInstance } from 'fastify';
import { afterEach, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import { MemoryCounterStore } from '../../../lib/counters/memory-counter-store';
import { testConfig } from '../../../test/config';
import { useTestApp } from '../../../test/app';
import { describeEachDatabase } from '../../../test/database';
import { givenFamily, givenPractice, signIn } from '../../../test/fixtures';
import { givenHealthApp, givenInvite, launchAndApprove, listeningApp, Launch } from './oauth-test-support';

const redirectUri = 'https://app.example.org/callback';
const assertionType = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

async function appKeys() {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  const kid = randomUUID();
  const jwks = { keys: [{ ...(await exportJWK(publicKey)), kty: 'EC', kid, alg: 'ES256', use: 'sig' }] };
  const assertion = (clientId: string, audience: string) =>
    new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid })
      .setIssuer(clientId)
      .setSubject(clientId)
      .setAudience(audience)
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime('2m')
      .sign(privateKey);
  return { jwks, assertion };
}

describeEachDatabase('confidential health apps', (t) => {
  const build = useTestApp(t);
  const servers: http.Server[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
  });

  const opened: FastifyInstance[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((app) => app.close()));
  });

  async function setUp(builder: Parameters<typeof listeningApp>[0] = build) {
    const { app, origin } = await listeningApp(builder);
    const practiceId = await givenPractice(t.db);
    const family = await givenFamily(t.db, practiceId);
    const inviteCode = await givenInvite(t.db, family.minorId);
    const session = await signIn(app, family.guardian.username, family.guardian.password);
    const approval = { patientId: family.minorId, resourceTypes: ['Patient'], inviteCode };
    return { origin, practiceId, family, session, approval };
  }

  it('accepts private_key_jwt with an inline JWKS, and refuses the same code without the assertion', async () => {
    const { origin, practiceId, session, approval } = await setUp();
    const keys = await appKeys();
    await givenHealthApp(t.db, practiceId, {
      clientId: 'jwt-app',
      redirectUris: [redirectUri],
      tokenEndpointAuthMethod: 'private_key_jwt',
      jwks: keys.jwks,
      loopbackAnyPort: false,
    });
    const { tokens } = await launchAndApprove(origin, session.accessToken, approval, {
      clientId: 'jwt-app',
      redirectUri,
      tokenExtra: {
        client_assertion_type: assertionType,
        client_assertion: await keys.assertion('jwt-app', `${origin}/oauth2/token`),
      },
    });
    expect(tokens.access_token).toBeTruthy();
    expect(tokens.patient).toBe(`patient-${approval.patientId}`);

    const unauthenticated = new Launch(origin, { clientId: 'jwt-app', redirectUri });
    const refused = await unauthenticated.token('no-code');
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: string }).error).toBe('invalid_client');
  });

  it('accepts private_key_jwt with the keys at a JWKS URL', async () => {
    // The provider refuses loopback addresses for JWKS URLs (SSRF); this app's fetch lets the
    // provider reach the test's JWKS server on 127.0.0.1.
    const loopbackFetch = (url: URL | string | Request, init: RequestInit = {}) => {
      const { dispatcher: _ssrfGuard, ...rest } = init as RequestInit & { dispatcher?: unknown };
      return fetch(url, rest);
    };
    const { origin, practiceId, session, approval } = await setUp((overrides) =>
      buildApp(testConfig(overrides), {
        database: t.database,
        counters: new MemoryCounterStore(),
        healthAppsFetch: loopbackFetch,
      }).then((app) => {
        opened.push(app);
        return app;
      }),
    );
    const keys = await appKeys();
    const jwksServer = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(keys.jwks));
    });
    servers.push(jwksServer);
    await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
    const address = jwksServer.address();
    const jwksUri = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/jwks.json`;
    await givenHealthApp(t.db, practiceId, {
      clientId: 'jwks-url-app',
      redirectUris: [redirectUri],
      tokenEndpointAuthMethod: 'private_key_jwt',
      jwksUri,
      loopbackAnyPort: false,
    });
    const { tokens } = await launchAndApprove(origin, session.accessToken, approval, {
      clientId: 'jwks-url-app',
      redirectUri,
      tokenExtra: {
        client_assertion_type: assertionType,
        client_assertion: await keys.assertion('jwks-url-app', `${origin}/oauth2`),
      },
    });
    expect(tokens.access_token).toBeTruthy();
  });

  it('accepts client_secret_basic with the secret given once, and refuses a wrong one', async () => {
    const { origin, practiceId, session, approval } = await setUp();
    const registered = await givenHealthApp(t.db, practiceId, {
      clientId: 'secret-app',
      redirectUris: [redirectUri],
      tokenEndpointAuthMethod: 'client_secret_basic',
      loopbackAnyPort: false,
    });
    expect(registered.clientSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const basic = (secret: string) => `Basic ${Buffer.from(`secret-app:${secret}`).toString('base64')}`;

    const { tokens } = await launchAndApprove(origin, session.accessToken, approval, {
      clientId: 'secret-app',
      redirectUri,
      tokenHeaders: { authorization: basic(registered.clientSecret ?? '') },
    });
    expect(tokens.access_token).toBeTruthy();

    const wrong = await new Launch(origin, { clientId: 'secret-app', redirectUri }).token(
      'no-code',
      {},
      { authorization: basic('not-the-secret') },
    );
    expect(wrong.status).toBe(401);
  });
});
