/**
 * The demo practice's `dermis-demo-app` works end to end (Daniel connects it to Emma's record with
 * her invite code, from a loopback redirect on any port, and Maria sees her seeded connection), and
 * dynamic registration (RFC 7591) answers only when configured.
 */
import type { ConnectedHealthAppsResponse } from '@dermis/contract';
import { healthAppsCalls, routePath } from '@dermis/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { fhirInvite, patient } from '../../../db/schema';
import { demoAccounts } from '../../../demo/demo-accounts';
import { seedDemo } from '../../../demo/seed';
import { useTestApp } from '../../../test/app';
import { describeEachDatabase } from '../../../test/database';
import { bearer, givenPractice, signIn } from '../../../test/fixtures';
import { demoHealthAppClientId } from './health-apps.demo';
import { launchAndApprove, listeningApp } from './oauth-test-support';

describeEachDatabase('health apps in the demo practice', (t) => {
  const build = useTestApp(t);

  it('lets the demo guardian connect the demo app to his daughter’s record', async () => {
    await seedDemo(t.db);
    const { app, origin } = await listeningApp(build);
    const [emma] = await t.db
      .select({ id: patient.id, code: fhirInvite.code })
      .from(patient)
      .innerJoin(fhirInvite, and(eq(fhirInvite.patientId, patient.id), isNull(fhirInvite.revokedAt)))
      .where(eq(patient.firstName, 'Emma'));
    expect(emma).toBeDefined();
    const guardian = await signIn(app, demoAccounts.guardian.username, demoAccounts.guardian.password);
    const { tokens } = await launchAndApprove(
      origin,
      guardian.accessToken,
      { patientId: emma!.id, resourceTypes: ['Patient', 'AllergyIntolerance'], inviteCode: emma!.code },
      { clientId: demoHealthAppClientId, redirectUri: 'http://localhost:8765/callback' },
    );
    expect(tokens.patient).toBe(`patient-${emma!.id}`);

    const maria = await signIn(app, demoAccounts.patient.username, demoAccounts.patient.password);
    const mariaId = (
      await t.db.select({ id: patient.id }).from(patient).where(eq(patient.firstName, 'Maria'))
    )[0]!.id;
    const connected = await app.inject({
      method: 'GET',
      url: routePath(healthAppsCalls.listConnected.path, { id: mariaId }),
      headers: bearer(maria.accessToken),
    });
    expect(connected.json<ConnectedHealthAppsResponse>().apps).toEqual([
      expect.objectContaining({
        clientId: demoHealthAppClientId,
        name: 'Dermis Demo App',
        patientId: mariaId,
      }),
    ]);
  });

  it('answers dynamic registration only when a practice is configured for it', async () => {
    const { origin } = await listeningApp(build);
    const register = () =>
      fetch(`${origin}/oauth2/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          redirect_uris: ['https://self.example.org/cb'],
          client_name: 'Self-registered',
          token_endpoint_auth_method: 'none',
        }),
      });
    expect((await register()).status).toBe(404);

    const practiceId = await givenPractice(t.db);
    const configured = await listeningApp(build, { healthAppsDynamicRegistrationPracticeId: practiceId });
    const response = await fetch(`${configured.origin}/oauth2/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        redirect_uris: ['https://self.example.org/cb'],
        client_name: 'Self-registered',
        token_endpoint_auth_method: 'none',
      }),
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const client = (await response.json()) as { client_id: string };
    const smart = (await (
      await fetch(`${configured.origin}/fhir/r4/.well-known/smart-configuration`)
    ).json()) as {
      registration_endpoint?: string;
    };
    expect(smart.registration_endpoint).toBe(`${configured.origin}/oauth2/register`);
    const openid = (await (
      await fetch(`${configured.origin}/oauth2/.well-known/openid-configuration`)
    ).json()) as { registration_endpoint?: string };
    expect(openid.registration_endpoint).toBe(`${configured.origin}/oauth2/register`);
    expect(client.client_id).toBeTruthy();
  });
});
