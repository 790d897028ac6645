/**
 * The portal's side of a health app connection: the consent calls, invite codes, Connected apps and
 * disconnect, and every way access ends at once (disconnect, a deactivated responsible-person link,
 * a revoked invite, a disabled app).
 */
import type {
  ConnectedHealthAppsResponse,
  ErrorResponse,
  HealthAppAuthorizationResponse,
} from '@dermis/contract';
import { healthAppsCalls, routePath } from '@dermis/contract';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { expect, it } from 'vitest';
import { activityLog, patient, responsiblePerson, userAccount } from '../../../db/schema';
import { useTestApp } from '../../../test/app';
import { describeEachDatabase } from '../../../test/database';
import { givenFamily, givenPractice, givenUser, signIn } from '../../../test/fixtures';
import { FhirAuthError } from '../fhir/fhir-grant';
import { createAuthorizationServer } from './authorization-server';
import { createFhirGrantResolver } from './grant-resolver';
import { disableHealthAppEverywhere } from './health-apps.service';
import { maxWrongInviteCodes } from './interactions';
import {
  Launch,
  givenHealthApp,
  givenInvite,
  launchAndApprove,
  listeningApp,
  postForm,
  revokeInviteOf,
} from './oauth-test-support';

const asRequest = (token: string) => ({ headers: { authorization: `Bearer ${token}` } }) as FastifyRequest;

async function statusOf(promise: Promise<unknown>): Promise<number | 'ok'> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    if (error instanceof FhirAuthError) return error.status;
    throw error;
  }
}

describeEachDatabase('health app consent', (t) => {
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
    const refresh = (refreshToken: string) =>
      postForm(`${origin}/oauth2/token`, {
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: 'test-app',
      });
    const connect = () =>
      launchAndApprove(origin, session.accessToken, {
        patientId: family.minorId,
        resourceTypes: ['Patient', 'Condition'],
        inviteCode,
      });
    return { app, origin, practiceId, family, inviteCode, session, resolve, refresh, connect };
  }

  it('answers 404 with a clear message for an unknown authorization', async () => {
    const { origin, session } = await setUp();
    const launch = new Launch(origin);
    launch.uid = 'no-such-authorization';
    const response = await launch.details(session.accessToken);
    expect(response.status).toBe(404);
    expect(((await response.json()) as ErrorResponse).message).toBe(
      'This authorization request is unknown or has expired. Go back to the app and connect again.',
    );
  });

  it('asks for the invite code, refuses a wrong one in English and Spanish, then connects', async () => {
    const { origin, family, inviteCode, session } = await setUp();
    const launch = new Launch(origin);
    await launch.authorize();

    const missing = await launch.approve(session.accessToken, {
      patientId: family.minorId,
      resourceTypes: ['Patient'],
    });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as ErrorResponse).validationMessages?.[0]?.field).toBe('inviteCode');

    const wrong = await launch.approve(session.accessToken, {
      patientId: family.minorId,
      resourceTypes: ['Patient'],
      inviteCode: 'WXYZ-WXYZ-WXYZ',
    });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as ErrorResponse).validationMessages).toEqual([
      {
        field: 'inviteCode',
        description:
          "This invite code is not valid for this person's record. Check it on the Health Information page.",
      },
    ]);
    const spanish = await fetch(`${origin}${healthAppsCalls.approve.path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${session.accessToken}`,
        'content-type': 'application/json',
        'accept-language': 'es',
      },
      body: JSON.stringify({
        uid: launch.uid,
        patientId: family.minorId,
        resourceTypes: ['Patient'],
        inviteCode: 'WXYZ-WXYZ-WXYZ',
      }),
    });
    expect(((await spanish.json()) as ErrorResponse).validationMessages?.[0]?.description).toMatch(
      /^Este código de invitación no es válido/,
    );

    const notAsked = await launch.approve(session.accessToken, {
      patientId: family.minorId,
      resourceTypes: ['Immunization'],
      inviteCode,
    });
    expect(notAsked.status).toBe(400);

    const approved = await launch.approve(session.accessToken, {
      patientId: family.minorId,
      resourceTypes: ['Patient'],
      inviteCode,
    });
    expect(approved.status).toBe(200);

    // A second app launch for the same record needs no code any more.
    const again = new Launch(origin);
    await again.authorize();
    const described = (await (
      await again.details(session.accessToken)
    ).json()) as HealthAppAuthorizationResponse;
    expect(described.patients.find((p) => p.patientId === family.minorId)?.inviteRequired).toBe(false);
    const withoutCode = await again.approve(session.accessToken, {
      patientId: family.minorId,
      resourceTypes: ['Patient'],
    });
    expect(withoutCode.status).toBe(200);
  });

  it('refuses a patient the account may not act for, through the guard', async () => {
    const { origin, family, session } = await setUp();
    const launch = new Launch(origin);
    await launch.authorize();
    const response = await launch.approve(session.accessToken, {
      patientId: family.stranger.patientId,
      resourceTypes: ['Patient'],
      inviteCode: 'ABCD-EFGH-JKLM',
    });
    expect(response.status).toBe(403);
  });

  it('sends access_denied to the app when the patient denies', async () => {
    const { origin, session } = await setUp();
    const launch = new Launch(origin);
    await launch.authorize();
    const denied = await launch.portal(session.accessToken, 'POST', healthAppsCalls.deny.path, {
      uid: launch.uid,
    });
    expect(denied.status).toBe(200);
    const back = await launch.resume(((await denied.json()) as { redirectTo: string }).redirectTo);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe(launch.state);
  });

  it('makes an account that keeps entering wrong invite codes wait', async () => {
    const { origin, family, inviteCode, session } = await setUp();
    const launch = new Launch(origin);
    await launch.authorize();
    const tryCode = (code: string) =>
      launch.approve(session.accessToken, {
        patientId: family.minorId,
        resourceTypes: ['Patient'],
        inviteCode: code,
      });

    for (let attempt = 1; attempt <= maxWrongInviteCodes; attempt += 1)
      expect((await tryCode('WXYZ-WXYZ-WXYZ')).status).toBe(400);
    const throttled = await tryCode('WXYZ-WXYZ-WXYZ');
    expect(throttled.status).toBe(429);
    expect(((await throttled.json()) as ErrorResponse).message).toBe(
      'Too many wrong invite codes. Please wait a few minutes and try again.',
    );
    // Within the window even the right code waits: otherwise guessing could go on.
    expect((await tryCode(inviteCode)).status).toBe(429);
  });

  it('lists the connection, and a disconnect stops its tokens at once', async () => {
    const { family, session, resolve, refresh, connect } = await setUp();
    const { tokens, launch } = await connect();
    expect(await statusOf(resolve(asRequest(tokens.access_token)))).toBe('ok');

    const listed = await launch.portal(
      session.accessToken,
      'GET',
      routePath(healthAppsCalls.listConnected.path, { id: family.minorId }),
    );
    const { apps } = (await listed.json()) as ConnectedHealthAppsResponse;
    const [guardian] = await t.db
      .select({ firstName: patient.firstName, lastName: patient.lastName })
      .from(patient)
      .where(eq(patient.id, family.guardian.patientId));
    expect(apps).toEqual([
      expect.objectContaining({
        clientId: 'test-app',
        connectedBy: `${guardian?.firstName} ${guardian?.lastName}`,
        name: 'Test Health App',
        patientId: family.minorId,
        resourceTypes: ['Patient', 'Condition'],
      }),
    ]);
    expect(apps[0]?.lastUsedAt).not.toBeNull();

    const gone = await launch.portal(session.accessToken, 'POST', healthAppsCalls.disconnect.path, {
      patientId: family.minorId,
      grantId: apps[0]?.grantId,
    });
    expect(gone.status).toBe(200);
    expect(await statusOf(resolve(asRequest(tokens.access_token)))).toBe(401);
    expect((await refresh(tokens.refresh_token ?? '')).status).toBe(400);
    const after = await launch.portal(
      session.accessToken,
      'GET',
      routePath(healthAppsCalls.listConnected.path, { id: family.minorId }),
    );
    expect(((await after.json()) as ConnectedHealthAppsResponse).apps).toEqual([]);

    // The minor's activity log says who connected and disconnected which app, beside its reads.
    const logged = await t.db
      .select({
        action: activityLog.action,
        toAddress: activityLog.toAddress,
        actor: activityLog.actorUserId,
      })
      .from(activityLog)
      .where(eq(activityLog.patientId, family.minorId))
      .orderBy(activityLog.id);
    const guardianAccount = family.guardian.userId;
    expect(logged.filter((e) => e.action !== 'HEALTH_APP_ACCESS')).toEqual([
      { action: 'HEALTH_APP_CONNECTED', toAddress: 'Test Health App', actor: guardianAccount },
      { action: 'HEALTH_APP_DISCONNECTED', toAddress: 'Test Health App', actor: guardianAccount },
    ]);
  });

  it('ends access at once when the responsible-person link is deactivated', async () => {
    const { family, resolve, refresh, connect } = await setUp();
    const { tokens } = await connect();
    await t.db
      .update(responsiblePerson)
      .set({ active: false })
      .where(eq(responsiblePerson.id, family.linkId));
    expect(await statusOf(resolve(asRequest(tokens.access_token)))).toBe(403);
    expect((await refresh(tokens.refresh_token ?? '')).status).toBe(400);
  });

  it('ends access at once when the approving account is deactivated', async () => {
    const { family, resolve, connect } = await setUp();
    const { tokens } = await connect();
    await t.db.update(userAccount).set({ active: false }).where(eq(userAccount.id, family.guardian.userId));
    expect(await statusOf(resolve(asRequest(tokens.access_token)))).toBe(403);
  });

  it('a revoked invite ends existing connections and refuses new ones', async () => {
    const { origin, family, inviteCode, session, resolve, connect } = await setUp();
    const { tokens } = await connect();
    await revokeInviteOf(t.db, family.minorId);
    expect(await statusOf(resolve(asRequest(tokens.access_token)))).toBe(403);

    const launch = new Launch(origin);
    await launch.authorize();
    const refused = await launch.approve(session.accessToken, {
      patientId: family.minorId,
      resourceTypes: ['Patient'],
      inviteCode,
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as ErrorResponse).validationMessages?.[0]?.field).toBe('inviteCode');
  });

  it('a disabled app is refused at the authorization endpoint and its tokens stop', async () => {
    const { origin, practiceId, resolve, refresh, connect } = await setUp();
    const { tokens } = await connect();
    await disableHealthAppEverywhere(t.db, practiceId, 'test-app');
    expect(await statusOf(resolve(asRequest(tokens.access_token)))).toBe(401);
    expect((await refresh(tokens.refresh_token ?? '')).status).toBe(401);

    const launch = new Launch(origin);
    const refused = await launch.authorize();
    expect(refused.status).toBe(400);
    expect(launch.uid).toBe('');
  });

  it('does not show an app of another practice to its accounts', async () => {
    const { app, origin } = await setUp();
    const otherPractice = await givenPractice(t.db, 'Other Practice');
    const outsider = await givenUser(t.db, otherPractice, { username: 'outsider' });
    const session = await signIn(app, outsider.username, outsider.password);
    const launch = new Launch(origin);
    await launch.authorize();
    expect((await launch.details(session.accessToken)).status).toBe(404);
  });

  it('allows CORS on the token endpoint only from a registered redirect origin', async () => {
    const { origin } = await setUp();
    const preflight = (from: string) =>
      fetch(`${origin}/oauth2/token`, {
        method: 'OPTIONS',
        headers: { origin: from, 'access-control-request-method': 'POST' },
      });
    const allowed = await preflight('http://127.0.0.1:5173');
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
    const refused = await preflight('https://evil.example.org');
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();

    const fromEvil = await fetch(`${origin}/oauth2/token`, {
      method: 'POST',
      headers: { origin: 'https://evil.example.org', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: 'x',
        client_id: 'test-app',
      }).toString(),
    });
    expect(fromEvil.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('throttles the token endpoint per app and address', async () => {
    const { app, origin } = await listeningApp(build, { healthAppsTokenRequestsPerMinute: 2 });
    const practiceId = await givenPractice(t.db);
    await givenHealthApp(t.db, practiceId);
    const attempt = () =>
      postForm(`${origin}/oauth2/token`, {
        grant_type: 'refresh_token',
        refresh_token: 'nope',
        client_id: 'test-app',
      });
    expect((await attempt()).status).toBe(400);
    expect((await attempt()).status).toBe(400);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('60');
    await app.close();
  });
});
