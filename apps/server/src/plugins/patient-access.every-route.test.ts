/**
 * The security model's promise, checked over the whole app: no call lets a signed-in patient read or
 * write another patient's data. Calls that carry a patient id in the path are found in the route
 * table, so a new one cannot be added without passing through here; calls that carry it in the body
 * are listed. A stranger gets 403 from every one, and the same calls succeed for the patient's
 * active responsible person, so the 403 comes from the guard and not from a broken request.
 */
import { beforeEach, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { auditEvent } from '../db/schema';
import { describeEachDatabase } from '../test/database';
import { useTestApp } from '../test/app';
import {
  bearer,
  givenPractice,
  givenResponsiblePerson,
  givenUser,
  signIn,
  type UserFixture,
} from '../test/fixtures';

const patientIdParams = /:(id|patientId|responsibleId|profileId)\b/;

/** Patient-scoped calls whose patient (or account) is named in the body. */
const bodyScoped = (victim: UserFixture) => [
  { method: 'POST', url: '/api/app/patient/getByUsername', payload: { username: victim.username } },
  {
    method: 'POST',
    url: '/api/app/profile/changeUsername',
    payload: { username: 'taken.over', profileId: victim.patientId },
  },
  {
    method: 'POST',
    url: '/api/app/mfa/userProfiles/add',
    payload: { type: 'EMAIL', value: 'x@example.org', userId: victim.userId, preferred: true },
  },
];

describeEachDatabase('the patient-access guard on every call', (t) => {
  const newApp = useTestApp(t);
  let app: FastifyInstance;
  let victim: UserFixture;
  let stranger: UserFixture;

  beforeEach(async () => {
    app = await newApp();
    const practiceId = await givenPractice(t.db);
    victim = await givenUser(t.db, practiceId, { username: `victim${Date.now()}` });
    stranger = await givenUser(t.db, practiceId, { username: `stranger${Date.now()}` });
  });

  function pathScopedRoutes() {
    return app.routeTable.filter(
      (r) => r.url.startsWith('/api/app/') && patientIdParams.test(r.url) && r.method !== 'HEAD',
    );
  }

  it('knows the path-scoped calls it checks', () => {
    expect(pathScopedRoutes().map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        'GET /api/app/patient/getDermisPatientById/_rid/:id',
        'GET /api/app/patient/activityLog/_rid/:id',
        'GET /api/app/patient/responsiblePersons/_rid/:id',
      ]),
    );
  });

  it('refuses a stranger on every patient-scoped call, and audits it', async () => {
    const { accessToken } = await signIn(app, stranger.username, stranger.password);
    const calls = [
      ...pathScopedRoutes().map((r) => ({
        method: r.method,
        url: r.url.replace(patientIdParams, String(victim.patientId)),
        payload: r.method === 'GET' ? undefined : {},
      })),
      ...bodyScoped(victim),
    ];
    for (const call of calls) {
      const response = await app.inject({
        method: call.method as 'GET' | 'POST',
        url: call.url,
        headers: bearer(accessToken),
        ...(call.payload === undefined ? {} : { payload: call.payload }),
      });
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(403);
    }
    const audited = await t.db.select().from(auditEvent);
    expect(audited.filter((e) => e.action === 'ACCESS_DENIED').length).toBeGreaterThanOrEqual(calls.length);
  });

  it('lets an active responsible person make the same read calls', async () => {
    await givenResponsiblePerson(t.db, victim.patientId, stranger.patientId);
    const { accessToken } = await signIn(app, stranger.username, stranger.password);
    for (const route of pathScopedRoutes().filter((r) => r.method === 'GET')) {
      const url = route.url.replace(patientIdParams, String(victim.patientId));
      const response = await app.inject({ method: 'GET', url, headers: bearer(accessToken) });
      expect(response.statusCode, url).toBe(200);
    }
  });
});
