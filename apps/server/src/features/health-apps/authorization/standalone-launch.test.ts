/**
 * A SMART standalone patient launch over real HTTP: authorization request with PKCE, the portal's
 * approval, the code exchange, the FHIR grant the token carries, refresh rotation, introspection and
 * revocation.
 */
import { decodeJwt } from 'jose';
import type { FastifyRequest } from 'fastify';
import type { HealthAppAuthorizationResponse } from '@dermis/contract';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/database';
import { useTestApp } from '../../../test/app';
import { givenFamily, givenPractice, signIn } from '../../../test/fixtures';
import { FhirAuthError } from '../fhir/fhir-grant';
import { createAuthorizationServer } from './authorization-server';
import { createFhirGrantResolver } from './grant-resolver';
import {
  Launch,
  givenHealthApp,
  givenInvite,
  launchAndApprove,
  listeningApp,
  postForm,
  type TokenResponse,
} from './oauth-test-support';

type OauthError = { error: string };

const asRequest = (token: string) => ({ headers: { authorization: `Bearer ${token}` } }) as FastifyRequest;

describeEachDatabase('SMART standalone launch', (t) => {
  const build = useTestApp(t);

  async function setUp() {
    const { app, origin } = await listeningApp(build);
    const practiceId = await givenPractice(t.db);
    const family = await givenFamily(t.db, practiceId);
    await givenHealthApp(t.db, practiceId);
    const inviteCode = await givenInvite(t.db, family.minorId);
    const session = await signIn(app, family.guardian.username, family.guardian.password);
    const authorization = await createAuthorizationServer(t.db, app.config, app.log);
    const resolve = createFhirGrantResolver(t.db, authorization);
    return { app, origin, practiceId, family, inviteCode, session, resolve };
  }

  it('runs code + PKCE through the portal approval and hands the app a token for the chosen patient', async () => {
    const { origin, family, inviteCode, session, resolve } = await setUp();
    const launch = new Launch(origin);
    const authorized = await launch.authorize();
    expect(authorized.status).toBe(303);
    expect(launch.uid).not.toBe('');

    const details = await launch.details(session.accessToken);
    expect(details.status).toBe(200);
    const described = (await details.json()) as HealthAppAuthorizationResponse;
    expect(described.app).toEqual({ clientId: 'test-app', name: 'Test Health App' });
    expect(described.offlineAccess).toBe(true);
    expect(described.resourceTypes).toContain('Observation');
    expect(described.patients).toEqual([
      expect.objectContaining({ patientId: family.guardian.patientId, self: true, inviteRequired: true }),
      expect.objectContaining({
        patientId: family.minorId,
        firstName: 'Emma',
        self: false,
        inviteRequired: true,
      }),
    ]);

    const approved = await launch.approve(session.accessToken, {
      patientId: family.minorId,
      resourceTypes: ['Patient', 'Observation'],
      inviteCode: inviteCode.toLowerCase(),
    });
    expect(approved.status).toBe(200);
    const back = await launch.resume(((await approved.json()) as { redirectTo: string }).redirectTo);
    expect(back.origin + back.pathname).toBe(launch.redirectUri);
    expect(back.searchParams.get('state')).toBe(launch.state);
    const code = back.searchParams.get('code') ?? '';

    const response = await launch.token(code);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const tokens = (await response.json()) as TokenResponse;
    expect(tokens.patient).toBe(`patient-${family.minorId}`);
    expect(tokens.scope.split(' ').sort()).toEqual(
      [
        'fhirUser',
        'launch/patient',
        'offline_access',
        'openid',
        'patient/Observation.rs',
        'patient/Patient.rs',
      ].sort(),
    );
    expect(tokens.refresh_token).toBeTruthy();
    const idToken = decodeJwt(tokens.id_token ?? '');
    expect(idToken.fhirUser).toBe(`${origin}/fhir/r4/Patient/patient-${family.guardian.patientId}`);
    expect(idToken.iss).toBe(`${origin}/oauth2`);

    const grant = await resolve(asRequest(tokens.access_token));
    expect(grant).toMatchObject({
      patientId: family.minorId,
      userId: family.guardian.userId,
      clientId: 'test-app',
      clientName: 'Test Health App',
    });
    expect([...grant.scopes].sort()).toEqual(tokens.scope.split(' ').sort());

    // A code is good once.
    expect((await launch.token(code)).status).toBe(400);
  });

  it('rotates refresh tokens: the new one works, the used one is refused', async () => {
    const { origin, family, inviteCode, session } = await setUp();
    const { tokens } = await launchAndApprove(origin, session.accessToken, {
      patientId: family.minorId,
      resourceTypes: ['Patient'],
      inviteCode,
    });
    const refresh = (refreshToken: string, clientId = 'test-app') =>
      postForm(`${origin}/oauth2/token`, {
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: clientId,
      });

    const first = await refresh(tokens.refresh_token ?? '');
    expect(first.status).toBe(200);
    const rotated = (await first.json()) as TokenResponse;
    expect(rotated.refresh_token).toBeTruthy();
    expect(rotated.refresh_token).not.toBe(tokens.refresh_token);
    expect(rotated.patient).toBe(`patient-${family.minorId}`);

    const reused = await refresh(tokens.refresh_token ?? '');
    expect(reused.status).toBe(400);
    expect(((await reused.json()) as OauthError).error).toBe('invalid_grant');
  });

  it('binds a refresh token to its app', async () => {
    const { origin, practiceId, family, inviteCode, session } = await setUp();
    await givenHealthApp(t.db, practiceId, { clientId: 'other-app', name: 'Other App' });
    const { tokens } = await launchAndApprove(origin, session.accessToken, {
      patientId: family.minorId,
      resourceTypes: ['Patient'],
      inviteCode,
    });
    const stolen = await postForm(`${origin}/oauth2/token`, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token ?? '',
      client_id: 'other-app',
    });
    expect(stolen.status).toBe(400);
    expect(((await stolen.json()) as OauthError).error).toBe('invalid_grant');
  });

  it('introspects (RFC 7662) and revokes (RFC 7009) the app’s own tokens', async () => {
    const { origin, family, inviteCode, session, resolve } = await setUp();
    const { tokens } = await launchAndApprove(origin, session.accessToken, {
      patientId: family.minorId,
      resourceTypes: ['Patient'],
      inviteCode,
    });
    const introspect = async (token: string) => {
      const response = await postForm(`${origin}/oauth2/introspect`, { token, client_id: 'test-app' });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      return response.json();
    };
    expect(await introspect(tokens.access_token)).toMatchObject({
      active: true,
      client_id: 'test-app',
      aud: `${origin}/fhir/r4`,
    });

    const revoked = await postForm(`${origin}/oauth2/revoke`, {
      token: tokens.access_token,
      client_id: 'test-app',
    });
    expect(revoked.status).toBe(200);
    expect(await introspect(tokens.access_token)).toEqual({ active: false });
    await expect(resolve(asRequest(tokens.access_token))).rejects.toBeInstanceOf(FhirAuthError);
  });

  it('refuses plain PKCE and a request without a code challenge', async () => {
    const { origin } = await setUp();
    const plain = new Launch(origin, { challengeMethod: 'plain' });
    const refused = await plain.authorize();
    const location = new URL(refused.headers.get('location') ?? '', origin);
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(plain.uid).toBe('');
  });

  it('refuses an aud that is not this FHIR server', async () => {
    const { origin } = await setUp();
    const launch = new Launch(origin, { aud: 'https://elsewhere.example.org/fhir' });
    const refused = await launch.authorize();
    const location = new URL(refused.headers.get('location') ?? '', origin);
    expect(location.searchParams.get('error')).toBe('invalid_request');
  });

  it('serves the SMART configuration under the FHIR base and the OpenID configuration under the issuer', async () => {
    const { origin } = await setUp();
    const smart = await fetch(`${origin}/fhir/r4/.well-known/smart-configuration`);
    expect(smart.status).toBe(200);
    const configuration = (await smart.json()) as Record<string, unknown> & { capabilities: string[] };
    expect(configuration).toMatchObject({
      issuer: `${origin}/oauth2`,
      authorization_endpoint: `${origin}/oauth2/authorize`,
      token_endpoint: `${origin}/oauth2/token`,
      revocation_endpoint: `${origin}/oauth2/revoke`,
      introspection_endpoint: `${origin}/oauth2/introspect`,
      jwks_uri: `${origin}/oauth2/jwks`,
      code_challenge_methods_supported: ['S256'],
    });
    expect(configuration.capabilities).toContain('launch-standalone');
    expect(configuration.registration_endpoint).toBeUndefined();

    const openid = (await (
      await fetch(`${origin}/oauth2/.well-known/openid-configuration`)
    ).json()) as Record<string, unknown>;
    expect(openid).toMatchObject({
      issuer: `${origin}/oauth2`,
      authorization_endpoint: `${origin}/oauth2/authorize`,
      token_endpoint: `${origin}/oauth2/token`,
      userinfo_endpoint: `${origin}/oauth2/userinfo`,
      jwks_uri: `${origin}/oauth2/jwks`,
    });
    expect(openid.registration_endpoint).toBeUndefined();
    const jwks = (await (await fetch(`${origin}/oauth2/jwks`)).json()) as { keys: object[] };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).not.toHaveProperty('d');
  });
});
