/**
 * The practice registers, lists and disables its health apps: through the integration API (API key,
 * the key's practice only, in the OpenAPI document) and the `dermis apps:*` commands.
 */
import type { ErrorResponse, HealthAppListResponse, RegisterHealthAppResponse } from '@dermis/contract';
import { expect, it } from 'vitest';
import { cliRunner } from '../../../test/cli';
import { useTestApp } from '../../../test/app';
import { describeEachDatabase } from '../../../test/database';
import { givenPractice, givenPracticeWithKey } from '../../../test/fixtures';

describeEachDatabase('health app registration', (t) => {
  const newApp = useTestApp(t);
  const run = cliRunner(() => t.db);

  it('registers, lists and disables apps through the integration API, for the key’s practice only', async () => {
    const app = await newApp();
    const { apiKey } = await givenPracticeWithKey(t.db);
    const other = await givenPracticeWithKey(t.db, 'Other Practice');
    const call = (method: 'GET' | 'POST', url: string, payload?: object, key = apiKey) =>
      app.inject({
        method,
        url: `/api/integration/${url}`,
        headers: { 'x-api-key': key },
        ...(payload === undefined ? {} : { payload }),
      });

    const clinicApp = {
      clientId: 'clinic-app',
      name: 'Clinic App',
      redirectUris: ['https://app.example.org/callback'],
      tokenEndpointAuthMethod: 'client_secret_basic',
    };
    const created = await call('POST', 'health-apps', clinicApp);
    expect(created.statusCode).toBe(201);
    const registered = created.json<RegisterHealthAppResponse>();
    expect(registered).toMatchObject({
      clientId: 'clinic-app',
      allowedScopes: ['patient/*.read', 'patient/*.rs'],
      disabled: false,
    });
    expect(registered.clientSecret).toBeTruthy();

    expect((await call('POST', 'health-apps', clinicApp)).statusCode).toBe(409);
    const badRedirect = await call('POST', 'health-apps', {
      name: 'Plain HTTP',
      redirectUris: ['http://app.example.org/callback'],
    });
    expect(badRedirect.statusCode).toBe(400);
    expect(badRedirect.json<ErrorResponse>().validationMessages?.[0]?.field).toBe('redirectUris.0');
    const noKeys = await call('POST', 'health-apps', {
      name: 'No keys',
      redirectUris: ['https://app.example.org/cb'],
      tokenEndpointAuthMethod: 'private_key_jwt',
    });
    expect(noKeys.statusCode).toBe(400);

    const listed = (await call('GET', 'health-apps')).json<HealthAppListResponse>();
    expect(listed.apps.map((a) => a.clientId)).toEqual(['clinic-app']);
    expect(listed.apps[0]).not.toHaveProperty('clientSecret');
    expect(
      (await call('GET', 'health-apps', undefined, other.apiKey)).json<HealthAppListResponse>().apps,
    ).toEqual([]);

    expect((await call('POST', 'health-apps/clinic-app/disable', undefined, other.apiKey)).statusCode).toBe(
      404,
    );
    const disabled = await call('POST', 'health-apps/clinic-app/disable');
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json<{ disabled: boolean }>().disabled).toBe(true);
    expect((await call('GET', 'health-apps', undefined, 'dermis_not-a-key')).statusCode).toBe(401);

    const openapi = (await app.inject({ method: 'GET', url: '/api/integration/openapi.json' })).json<{
      paths: Record<string, unknown>;
    }>();
    expect(Object.keys(openapi.paths)).toEqual(
      expect.arrayContaining([
        '/api/integration/health-apps',
        '/api/integration/health-apps/{clientId}/disable',
      ]),
    );
  });

  it('registers, lists and disables apps from the command line', async () => {
    const practiceId = await givenPractice(t.db);
    const practice = String(practiceId);
    const registered = await run(
      'apps:register',
      '--practice',
      practice,
      '--name',
      'Native App',
      '--client-id',
      'native-app',
      '--redirect-uri',
      'http://127.0.0.1/callback',
      '--loopback-any-port',
      '--scope',
      'patient/Observation.rs',
    );
    expect(registered).toContain('client id: native-app');
    expect(registered).toContain('(any loopback port)');
    expect(registered).not.toContain('client secret');

    const secret = await run(
      'apps:register',
      '--practice',
      practice,
      '--name',
      'Web App',
      '--redirect-uri',
      'https://web.example.org/cb',
      '--auth',
      'client_secret_basic',
    );
    expect(secret).toMatch(/client secret \(shown only now\): [A-Za-z0-9_-]{43}/);

    expect(await run('apps:list', '--practice', practice)).toMatch(/^native-app\tNative App\tnone\tenabled/);
    expect(await run('apps:disable', '--practice', practice, '--client-id', 'native-app')).toBe(
      'Health app native-app disabled.',
    );
    expect(await run('apps:list', '--practice', practice)).toMatch(/^native-app\tNative App\tnone\tdisabled/);

    await expect(
      run('apps:register', '--practice', practice, '--name', 'X', '--redirect-uri', 'not a url'),
    ).rejects.toThrow(/redirectUris/);
    await expect(run('apps:disable', '--practice', practice, '--client-id', 'nope')).rejects.toThrow(
      /No app with this client id/,
    );
  });
});
