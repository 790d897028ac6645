/**
 * The FHIR API through app.inject on the demo practice: metadata, the error statuses (each an
 * OperationOutcome), one patient per token, SMART scopes, search parameters, paging, _revinclude,
 * Binary, and the activity log.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeEach, expect, it } from 'vitest';
import { activityLog } from '../../../db/schema';
import { seedDemo } from '../../../demo/seed';
import { useTestApp } from '../../../test/app';
import { describeEachDatabase } from '../../../test/database';
import { demoGrantSubjects, TestGrants } from '../../../test/fhir-grants';
import { oauthEndpoints } from '../authorization/endpoints';
import { fhirPatientId } from './ids';

interface Bundle {
  resourceType: 'Bundle';
  type: string;
  total: number;
  link: { relation: string; url: string }[];
  entry?: {
    fullUrl: string;
    resource: { resourceType: string; id: string; [k: string]: unknown };
    search: { mode: string };
  }[];
}

const fhirJson = 'application/fhir+json';

describeEachDatabase('the FHIR API', (t) => {
  const newApp = useTestApp(t);
  let grants: TestGrants;
  let app: FastifyInstance;
  let maria: Awaited<ReturnType<typeof demoGrantSubjects>>[number];
  let emma: Awaited<ReturnType<typeof demoGrantSubjects>>[number];

  beforeEach(async () => {
    await seedDemo(t.db);
    grants = new TestGrants();
    app = await newApp({}, undefined, { resolveFhirGrant: grants.resolve });
    const subjects = await demoGrantSubjects(t.db);
    maria = subjects.find((s) => s.name === 'Maria Lopez')!;
    emma = subjects.find((s) => s.name === 'Emma Reed')!;
  });

  const get = (url: string, token?: string, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'GET',
      url,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    });
  const search = async (url: string, token: string): Promise<Bundle> => {
    const response = await get(url, token);
    expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(200);
    return response.json<Bundle>();
  };
  const expectOutcome = (response: Awaited<ReturnType<typeof get>>, status: number, label = '') => {
    expect(response.statusCode, `${label} ${response.body.slice(0, 300)}`).toBe(status);
    expect(response.headers['content-type'], label).toContain(fhirJson);
    expect(response.headers['cache-control'], label).toBe('no-store');
    expect(response.json(), label).toMatchObject({
      resourceType: 'OperationOutcome',
      issue: [{ severity: 'error' }],
    });
  };

  it('answers the CapabilityStatement without a token, with the SMART endpoints', async () => {
    const response = await get('/fhir/r4/metadata');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain(fhirJson);
    expect(response.headers['cache-control']).toBe('no-store');
    const statement = response.json<{
      fhirVersion: string;
      rest: {
        security: {
          extension: { url: string; extension: { url: string; valueUri: string }[] }[];
          service: { coding: { code: string }[] }[];
        };
      }[];
    }>();
    expect(statement).toMatchObject({
      resourceType: 'CapabilityStatement',
      fhirVersion: '4.0.1',
      format: ['json'],
    });
    const security = statement.rest[0]!.security;
    const uris = Object.fromEntries(security.extension[0]!.extension.map((e) => [e.url, e.valueUri]));
    const expected = oauthEndpoints('http://localhost:80');
    expect(uris).toMatchObject({ authorize: expected.authorize, token: expected.token });
    expect(security.extension[0]!.url).toBe(
      'http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris',
    );
    expect(security.service[0]!.coding[0]!.code).toBe('SMART-on-FHIR');
  });

  it('names the endpoints on the configured public origin when FHIR_BASE_URL is set', async () => {
    const configured = await newApp({ fhirBaseUrl: 'https://portal.example.org/fhir/r4' });
    const response = await configured.inject({ method: 'GET', url: '/fhir/r4/metadata' });
    expect(response.body).toContain('https://portal.example.org/oauth2/authorize');
    expect(response.json()).toMatchObject({ implementation: { url: 'https://portal.example.org/fhir/r4' } });
  });

  it('refuses every call without a valid token with 401 and WWW-Authenticate', async () => {
    for (const url of [
      '/fhir/r4/Patient',
      `/fhir/r4/Patient/${fhirPatientId(maria.patientId)}`,
      '/fhir/r4/Binary/x',
    ]) {
      const none = await get(url);
      expectOutcome(none, 401, url);
      expect(none.headers['www-authenticate']).toMatch(
        /^Bearer realm="http:\/\/localhost:80\/fhir\/r4", error="invalid_token"/,
      );
      expectOutcome(await get(url, 'not-a-token'), 401, url);
    }
    // Until the authorization server is wired, the app as built refuses every token.
    const bare = await newApp();
    const response = await bare.inject({
      method: 'GET',
      url: '/fhir/r4/Patient',
      headers: { authorization: 'Bearer x' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toContain('error="invalid_token"');
  });

  it('answers 404 for unknown types, ids, interactions and addresses', async () => {
    const token = grants.issue(maria);
    // The types served are public: an unknown one is 404 with or without a token.
    expectOutcome(await get('/fhir/r4/Nonsense'), 404);
    expectOutcome(await get('/fhir/r4/.well-known/unknown'), 404);
    expectOutcome(await get('/fhir/r4/Nonsense', token), 404);
    expectOutcome(await get('/fhir/r4/Nonsense/1', token), 404);
    // Names every JavaScript object inherits are not resource types either.
    for (const inherited of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      expectOutcome(await get(`/fhir/r4/${inherited}?x=1`, token), 404);
      expectOutcome(await get(`/fhir/r4/${inherited}/1`, token), 404);
    }
    expectOutcome(await get('/fhir/r4/Patient/patient-999999', token), 404);
    expectOutcome(await get('/fhir/r4/AllergyIntolerance/allergy-999999', token), 404);
    expectOutcome(await get('/fhir/r4/Binary/summary-999999', token), 404);
    expectOutcome(await get(`/fhir/r4/Patient/${fhirPatientId(maria.patientId)}/_history`, token), 404);
    expectOutcome(await get('/fhir/r4/Patient/bad%20id!', token), 404);
  });

  it('answers 405 to every write', async () => {
    const token = grants.issue(maria);
    for (const [method, url] of [
      ['POST', '/fhir/r4/Patient'],
      ['PUT', `/fhir/r4/Patient/${fhirPatientId(maria.patientId)}`],
      ['DELETE', '/fhir/r4/Observation/social-1'],
      ['PATCH', '/fhir/r4/Patient/x'],
      ['POST', '/fhir/r4'],
      ['POST', '/fhir/r4/DocumentReference/_search'],
    ] as const) {
      const response = await app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/fhir+json' },
        payload: '{"resourceType":"Patient"}',
      });
      expectOutcome(response, 405, `${method} ${url}`);
      expect(response.headers.allow).toBe('GET, HEAD');
    }
  });

  it('answers 400 for unknown parameters and unreadable values', async () => {
    const token = grants.issue(maria);
    const patient = `patient=${fhirPatientId(maria.patientId)}`;
    for (const query of [
      `Observation?${patient}&nonsense=1`,
      `Observation?${patient}&date=yesterday`,
      `Observation?${patient}&date=ap2024`,
      `Observation?${patient}&date=2024-13-01`,
      `Observation?${patient}&code:text=smoking`,
      `Observation?${patient}&_count=0`,
      `Observation?${patient}&_count=x`,
      `Observation?${patient}&_revinclude=Provenance:entity`,
      `Observation?${patient}&_sort=date`,
      `Observation?${patient}&_cursor=nonsense`,
      `Observation?${patient}&category=`,
      `Observation?${patient}&_format=xml`,
      `Observation?patient=Practitioner/x`,
      'Binary',
    ]) {
      expectOutcome(await get(`/fhir/r4/${query}`, token), 400, query);
    }
  });

  it("keeps each token to its patient: another patient's ids are absent and patient= of another is 403", async () => {
    const mariaToken = grants.issue(maria);
    const emmaToken = grants.issue(emma);
    const emmaAll = await Promise.all(
      [
        'Patient',
        'AllergyIntolerance',
        'Condition',
        'MedicationRequest',
        'Observation',
        'Encounter',
        'DocumentReference',
      ].map((type) => search(`/fhir/r4/${type}`, emmaToken)),
    );
    const emmaIds = emmaAll.flatMap((b) =>
      (b.entry ?? []).map((e) => `${e.resource.resourceType}/${e.resource.id}`),
    );
    expect(emmaIds.length).toBeGreaterThan(3);
    for (const id of emmaIds) {
      // The practice is shared; everything else of Emma's is absent for Maria's token.
      expectOutcome(await get(`/fhir/r4/${id}`, mariaToken), 404, id);
    }
    expectOutcome(await get(`/fhir/r4/Binary/summary-${emma.patientId}`, mariaToken), 404);
    expectOutcome(await get(`/fhir/r4/Condition?patient=${fhirPatientId(emma.patientId)}`, mariaToken), 403);
    expectOutcome(
      await get(`/fhir/r4/Condition?patient=Patient/${fhirPatientId(emma.patientId)}`, mariaToken),
      403,
    );
    // Her own patient, in each form a client may write it.
    for (const form of [
      fhirPatientId(maria.patientId),
      `Patient/${fhirPatientId(maria.patientId)}`,
      `http://localhost/fhir/r4/Patient/${fhirPatientId(maria.patientId)}`,
    ])
      expect(
        (await get(`/fhir/r4/Condition?patient=${encodeURIComponent(form)}`, mariaToken)).statusCode,
        form,
      ).toBe(200);
    const patients = await search('/fhir/r4/Patient', mariaToken);
    expect(patients.entry?.map((e) => e.resource.id)).toEqual([fhirPatientId(maria.patientId)]);
  });

  it('enforces SMART v1 and v2 scopes by type, and granular category scopes', async () => {
    const onlyPatient = grants.issue({ ...maria, scopes: ['patient/Patient.read'] });
    expect((await get(`/fhir/r4/Patient/${fhirPatientId(maria.patientId)}`, onlyPatient)).statusCode).toBe(
      200,
    );
    const refused = await get('/fhir/r4/Observation', onlyPatient);
    expectOutcome(refused, 403);
    expect(refused.headers['www-authenticate']).toContain('insufficient_scope');

    const full = grants.issue(maria);
    const observations = await search('/fhir/r4/Observation', full);
    const smoking = observations.entry!.find((e) =>
      JSON.stringify(e.resource.code).includes('72166-2'),
    )!.resource;
    expect(observations.total).toBeGreaterThan(1);

    const readOnly = grants.issue({ ...maria, scopes: ['patient/Observation.r'] });
    expect((await get(`/fhir/r4/Observation/${smoking.id}`, readOnly)).statusCode).toBe(200);
    expectOutcome(await get('/fhir/r4/Observation', readOnly), 403);

    const labOnly = grants.issue({
      ...maria,
      scopes: [
        'patient/Observation.rs?category=http://terminology.hl7.org/CodeSystem/observation-category|laboratory',
      ],
    });
    // Her liver panels' results only: the search is filtered to them, a read of another category refused.
    const labs = await search('/fhir/r4/Observation', labOnly);
    const categoryCodes = (r: Record<string, unknown>) =>
      (r.category as { coding: { code: string }[] }[]).flatMap((c) => c.coding.map((x) => x.code));
    expect(labs.total).toBe(20);
    expect(labs.entry!.every((e) => categoryCodes(e.resource).includes('laboratory'))).toBe(true);
    expect((await get(`/fhir/r4/Observation/${labs.entry![0]!.resource.id}`, labOnly)).statusCode).toBe(200);
    expectOutcome(await get(`/fhir/r4/Observation/${smoking.id}`, labOnly), 403);
    expectOutcome(await get('/fhir/r4/Observation?category=social-history', labOnly), 403);

    const socialOnly = grants.issue({ ...maria, scopes: ['patient/Observation.rs?category=social-history'] });
    const social = await search('/fhir/r4/Observation', socialOnly);
    expect(social.total).toBeGreaterThan(1);
    expect(social.entry!.every((e) => categoryCodes(e.resource).includes('social-history'))).toBe(true);
    expectOutcome(await get(`/fhir/r4/Condition`, socialOnly), 403);

    const v1All = grants.issue({ ...maria, scopes: ['patient/*.read'] });
    expect((await search('/fhir/r4/Condition', v1All)).total).toBeGreaterThan(0);
  });

  it('searches by the US Core parameters', async () => {
    const token = grants.issue(maria);
    const p = `patient=${fhirPatientId(maria.patientId)}`;
    const conditions = await search(
      `/fhir/r4/Condition?${p}&category=problem-list-item&clinical-status=active`,
      token,
    );
    expect(conditions.total).toBeGreaterThan(0);
    expect((await search(`/fhir/r4/Condition?${p}&category=encounter-diagnosis`, token)).total).toBe(0);
    const smoking = await search(`/fhir/r4/Observation?${p}&code=http://loinc.org|72166-2`, token);
    expect(smoking.total).toBe(1);
    const social = await search(
      `/fhir/r4/Observation?${p}&category=http://terminology.hl7.org/CodeSystem/observation-category|social-history&date=ge2000-01-01&date=le2100`,
      token,
    );
    expect(social.total).toBeGreaterThan(1);
    expect((await search(`/fhir/r4/Observation?${p}&category=social-history&date=lt2000`, token)).total).toBe(
      0,
    );
    const encounters = await search(`/fhir/r4/Encounter?${p}&date=ge2000-01-01`, token);
    expect(encounters.total).toBeGreaterThan(0);
    expect((await search(`/fhir/r4/Encounter?${p}&date=gt2999-01-01`, token)).total).toBe(0);
    const one = encounters.entry![0]!.resource;
    expect(
      (await search(`/fhir/r4/Encounter?_id=${one.id}`, token)).entry?.map((e) => e.resource.id),
    ).toEqual([one.id]);
    const meds = await search(`/fhir/r4/MedicationRequest?${p}&intent=order,plan`, token);
    const stopped = await search(`/fhir/r4/MedicationRequest?${p}&intent=plan&status=stopped`, token);
    expect(meds.total).toBeGreaterThan(stopped.total);
    for (const entry of stopped.entry ?? [])
      expect(entry.resource).toMatchObject({ status: 'stopped', reportedReference: {} });
    const summaries = await search(`/fhir/r4/DocumentReference?${p}&type=http://loinc.org|34133-9`, token);
    expect(summaries.total).toBe(1);
    expect(
      (await search(`/fhir/r4/DocumentReference?${p}&category=clinical-note&date=ge2000`, token)).total,
    ).toBeGreaterThan(1);
    expect((await search('/fhir/r4/Patient?name=mar&birthdate=1984-03-12', token)).total).toBe(1);
    expect((await search('/fhir/r4/Patient?name=nobody', token)).total).toBe(0);
    expect((await search('/fhir/r4/Patient?gender=female&name=LOPEZ', token)).total).toBe(1);
    expect((await search(`/fhir/r4/CareTeam?${p}&status=active`, token)).total).toBe(1);
  });

  it('pages a searchset with total, self and next links, and includes Provenance on request', async () => {
    const token = grants.issue(maria);
    const all = await search('/fhir/r4/Observation?_count=1000', token);
    expect(all.total).toBeGreaterThan(2);
    const seen: string[] = [];
    let url: string | undefined = '/fhir/r4/Observation?_count=2&_revinclude=Provenance:target';
    let pages = 0;
    while (url) {
      const page: Bundle = await search(url.replace('http://localhost:80', ''), token);
      pages += 1;
      expect(page.type).toBe('searchset');
      expect(page.total).toBe(all.total);
      expect(page.link.find((l) => l.relation === 'self')?.url).toMatch(
        /^http:\/\/localhost:80\/fhir\/r4\/Observation\?/,
      );
      const matches = (page.entry ?? []).filter((e) => e.search.mode === 'match');
      const included = (page.entry ?? []).filter((e) => e.search.mode === 'include');
      expect(matches.length).toBeLessThanOrEqual(2);
      expect(included.map((e) => (e.resource.target as { reference: string }[])[0]!.reference)).toEqual(
        matches.map((e) => `Observation/${e.resource.id}`),
      );
      seen.push(...matches.map((e) => e.resource.id));
      url = page.link.find((l) => l.relation === 'next')?.url;
    }
    expect(pages).toBe(Math.ceil(all.total / 2));
    expect(seen).toEqual(all.entry!.map((e) => e.resource.id));
    // Provenance is read by id too.
    const provenance = await get(`/fhir/r4/Provenance/prov-observation-${seen[0]}`, token);
    expect(provenance.statusCode).toBe(200);
  });

  it("serves documents' content as Binary, as FHIR JSON or as the bytes", async () => {
    const token = grants.issue(maria);
    const documents = await search('/fhir/r4/DocumentReference', token);
    const urls = documents.entry!.map(
      (e) => (e.resource.content as { attachment: { url: string } }[])[0]!.attachment.url,
    );
    expect(urls.length).toBeGreaterThan(1);
    for (const url of urls) {
      const path = url.replace('http://localhost:80', '');
      const raw = await get(path, token);
      expect(raw.statusCode, path).toBe(200);
      expect(raw.rawPayload.length, path).toBeGreaterThan(0);
      const json = await get(path, token, { accept: fhirJson });
      const binary = json.json<{ resourceType: string; contentType: string }>();
      expect(binary.resourceType, path).toBe('Binary');
      expect(binary.contentType.split(';')[0], path).toBe(raw.headers['content-type']?.split(';')[0]);
    }
    const summary = await get(`/fhir/r4/Binary/summary-${maria.patientId}`, token);
    expect(summary.body).toContain('<ClinicalDocument');
    const noDocuments = grants.issue({ ...maria, scopes: ['patient/Patient.rs'] });
    expectOutcome(await get(`/fhir/r4/Binary/summary-${maria.patientId}`, noDocuments), 403);
  });

  it("writes 'Health information accessed by {app}' to the patient's activity log, once a minute per app", async () => {
    // The apps of this test (the demo's own seeded entry names another app).
    const entries = () =>
      t.db
        .select()
        .from(activityLog)
        .where(
          and(
            eq(activityLog.patientId, maria.patientId),
            eq(activityLog.action, 'HEALTH_APP_ACCESS'),
            inArray(activityLog.toAddress, ['Blue Button Viewer', 'Med Tracker']),
          ),
        );
    const token = grants.issue({ ...maria, clientId: 'app-1', clientName: 'Blue Button Viewer' });
    await get('/fhir/r4/metadata');
    expect(await entries()).toHaveLength(0);
    await search('/fhir/r4/Condition', token);
    await search('/fhir/r4/Observation', token);
    expect((await get(`/fhir/r4/Patient/${fhirPatientId(maria.patientId)}`, token)).statusCode).toBe(200);
    expect((await entries()).map((e) => [e.toAddress, e.actorUserId])).toEqual([
      ['Blue Button Viewer', maria.userId],
    ]);
    // A refused call records nothing; another app records its own entry.
    const other = grants.issue({
      ...maria,
      clientId: 'app-2',
      clientName: 'Med Tracker',
      scopes: ['patient/Patient.rs'],
    });
    expect((await get('/fhir/r4/Condition', other)).statusCode).toBe(403);
    expect(await entries()).toHaveLength(1);
    await search('/fhir/r4/Patient', other);
    expect((await entries()).map((e) => e.toAddress).sort()).toEqual(['Blue Button Viewer', 'Med Tracker']);
  });

  it('answers CORS preflights for browser apps', async () => {
    const response = await app.inject({
      method: 'OPTIONS',
      url: '/fhir/r4/Patient',
      headers: { origin: 'https://app.example', 'access-control-request-method': 'GET' },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-allow-headers']).toContain('Authorization');
  });
});
