/**
 * The security model's promise, read from the registry of described calls rather than from a list:
 * every call whose description says it acts on a patient refuses a stranger (403, audited) and an
 * anonymous caller (401), and lets the patient's active responsible person through the guard. The
 * request carries the victim's id (or the id of the victim's visit, consent, message or attachment,
 * when the call names one of those) exactly where the description says, and nothing else: the guard
 * runs before validation, so the answer is the guard's whatever the rest of the request holds.
 */
import { beforeEach, expect, it } from 'vitest';
import type { OwnedItem } from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import type { RouteEntry } from '../app-context';
import { auditEvent } from '../db/schema';
import { describeEachDatabase } from '../test/database';
import { useTestApp } from '../test/app';
import { givenOwnedItems, type OwnedItems } from '../test/owned-items';
import {
  bearer,
  givenPractice,
  givenResponsiblePerson,
  givenUser,
  signIn,
  type UserFixture,
} from '../test/fixtures';

type PatientRoute = RouteEntry & {
  call: { who: { kind: 'patient'; in: string; field: string; of?: OwnedItem } };
};

/** The victim's patient id, and the ids of the items of theirs a call may name instead. */
type Victim = OwnedItems & { patient: number };

/** A request naming the victim where the call's description says its patient (or item) is. */
function requestNaming(route: PatientRoute, victim: Victim | number) {
  const { in: location, field, of } = route.call.who;
  const named = typeof victim === 'number' ? victim : victim[of ?? 'patient'];
  const url = route.url.replace(/:(\w+)/g, (_, name: string) =>
    location === 'path' && name === field ? String(named) : '1',
  );
  const nested = (dotted: string) =>
    dotted.split('.').reduceRight<unknown>((inner, key) => ({ [key]: inner }), named) as Record<
      string,
      unknown
    >;
  const query = location === 'query' ? `?${field}=${named}` : '';
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  return {
    method: route.method as 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: `${url}${query}`,
    ...(hasBody ? { payload: location === 'body' ? nested(field) : {} } : {}),
  };
}

describeEachDatabase('every described patient-scoped call', (t) => {
  const newApp = useTestApp(t);
  let app: FastifyInstance;
  let victim: UserFixture;
  let stranger: UserFixture;
  let named: Victim;

  beforeEach(async () => {
    app = await newApp();
    const practiceId = await givenPractice(t.db);
    victim = await givenUser(t.db, practiceId, { username: `victim${Date.now()}` });
    stranger = await givenUser(t.db, practiceId, { username: `stranger${Date.now()}` });
    named = { patient: victim.patientId, ...(await givenOwnedItems(app, practiceId, victim.patientId)) };
  });

  const patientRoutes = () =>
    app.routeTable.filter((r): r is PatientRoute => r.call?.who.kind === 'patient' && r.method !== 'HEAD');

  it('finds the patient-scoped calls in the registry', () => {
    const found = patientRoutes().map((r) => `${r.method} ${r.url}`);
    expect(found).toContain('GET /api/app/insurance/getActivePatientInsuranceProfile/_rid/:id');
    expect(found).toEqual(
      expect.arrayContaining([
        'GET /api/app/patient/healthInfo/clinicalRecord/_rid/:id',
        'POST /api/app/patient/healthInfo/results/markRead',
      ]),
    );
    // Calls that name a visit, consent, message or attachment are guarded on its owner too.
    const owners = patientRoutes().flatMap((r) => (r.call.who.of ? [r.call.who.of] : []));
    expect(new Set(owners)).toEqual(new Set(['encounter', 'consent', 'message', 'attachment']));
  });

  it('registers every /api route from a description, so none escapes the guard by being left out', () => {
    // Addresses under /api that are not calls: they answer bytes or a generated document.
    const notCalls = [
      'GET /api/practice-branding/:practiceId/logo', // the logo's image bytes, public like a web site's
      'GET /api/integration/openapi.json', // the document generated from the descriptions themselves
    ];
    const undescribed = app.routeTable
      .filter((r) => r.url.startsWith('/api/') && !r.call && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`);
    expect(undescribed.sort()).toEqual(notCalls.sort());
  });

  it('refuses a stranger on each, and audits every refusal', async () => {
    const { accessToken } = await signIn(app, stranger.username, stranger.password);
    for (const route of patientRoutes()) {
      const response = await app.inject({
        ...requestNaming(route, named),
        headers: bearer(accessToken),
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
    const denied = (await t.db.select().from(auditEvent)).filter((e) => e.action === 'ACCESS_DENIED');
    expect(denied.length).toBeGreaterThanOrEqual(patientRoutes().length);
  });

  it('refuses an item id that names nothing like a stranger’s, and one that is no id as bad input', async () => {
    const { accessToken } = await signIn(app, victim.username, victim.password);
    for (const route of patientRoutes().filter((r) => r.call.who.of)) {
      const unknown = await app.inject({
        ...requestNaming(route, 2_147_483_647),
        headers: bearer(accessToken),
      });
      expect(unknown.statusCode, `${route.method} ${route.url}`).toBe(403);
      const notAnId = await app.inject({ ...requestNaming(route, -1), headers: bearer(accessToken) });
      expect(notAnId.statusCode, `${route.method} ${route.url}`).toBe(400);
    }
  });

  it('refuses an anonymous caller on each', async () => {
    for (const route of patientRoutes()) {
      const response = await app.inject(requestNaming(route, named));
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('lets the patient’s active responsible person past the guard on each', async () => {
    await givenResponsiblePerson(t.db, victim.patientId, stranger.patientId);
    const { accessToken } = await signIn(app, stranger.username, stranger.password);
    for (const route of patientRoutes()) {
      const response = await app.inject({
        ...requestNaming(route, named),
        headers: bearer(accessToken),
      });
      expect([401, 403], `${route.method} ${route.url}: ${response.body}`).not.toContain(response.statusCode);
    }
  });
});
