/**
 * Pins every FHIR answer to what the whole record gives: each type's search (with its Provenance
 * on _revinclude), the Provenance search, the read of every resource by id, and each document's
 * Binary, for every demo patient. The expected answers are made here from the whole patient's data
 * (`loadPatientData` with every part, `buildPatientResources` of every type), as the routes made
 * each answer before they learnt to load and build only the type asked; the routes must answer
 * the same bytes.
 */
import type { FastifyInstance } from 'fastify';
import { beforeEach, expect, it } from 'vitest';
import { seedDemo } from '../../../demo/seed';
import { useTestApp } from '../../../test/app';
import { describeEachDatabase } from '../../../test/database';
import { demoGrantSubjects, TestGrants } from '../../../test/fhir-grants';
import { loadPatientData, patientDataParts } from './patient-data';
import { buildPatientResources, partsOfType } from './resources';
import type { BuiltResource } from './resources/built';
import { buildProvenance } from './resources/provenance';
import { searchParams } from './search-params';

type Subject = Awaited<ReturnType<typeof demoGrantSubjects>>[number];

const searchableTypes = Object.keys(searchParams);
/** As the request link echoes the parameters: sorted, URL-encoded. */
const everyMatch = '_count=1000&_revinclude=Provenance%3Atarget';

describeEachDatabase('each FHIR answer, pinned to the whole record', (t) => {
  const newApp = useTestApp(t);
  let grants: TestGrants;
  let app: FastifyInstance;
  let subjects: Subject[];
  let maria: Subject;

  beforeEach(async () => {
    await seedDemo(t.db);
    grants = new TestGrants();
    app = await newApp({}, undefined, { resolveFhirGrant: grants.resolve });
    subjects = await demoGrantSubjects(t.db);
    maria = subjects.find((s) => s.name === 'Maria Lopez')!;
  });

  const get = (url: string, token: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, ...headers } });

  /** The FHIR base the app answers under, read from a self link. */
  const baseOf = async (token: string) => {
    const response = await get('/fhir/r4/Patient', token);
    expect(response.statusCode).toBe(200);
    return response.json<{ link: { url: string }[] }>().link[0]!.url.replace(/\/Patient$/, '');
  };

  /** Every resource of the subject's whole record, as the routes built them for every request. */
  const wholeRecord = async (subject: Subject, base: string) => {
    const ctx = { patientId: subject.patientId, practiceId: subject.practiceId, base };
    const data = await loadPatientData(t.db, subject.patientId);
    return { ctx, built: buildPatientResources(ctx, data!) };
  };

  const bundle = (base: string, type: string, query: string, entry: unknown[], total: number) =>
    JSON.stringify({
      resourceType: 'Bundle',
      type: 'searchset',
      total,
      link: [{ relation: 'self', url: `${base}/${type}?${query}` }],
      entry,
    });

  it("answers every type's search and the Provenance search as the whole record does, for every patient", async () => {
    const typesWithResources = new Set<string>();
    for (const subject of subjects) {
      const token = grants.issue(subject);
      const base = await baseOf(token);
      const { ctx, built } = await wholeRecord(subject, base);
      for (const type of searchableTypes) {
        const url = `/fhir/r4/${type}?_count=1000${type === 'Provenance' ? '' : '&_revinclude=Provenance:target'}`;
        const response = await get(url, token);
        expect(response.statusCode, `${subject.name} ${url}`).toBe(200);
        let expected: string;
        if (type === 'Provenance') {
          const provenances = built.map((b) => buildProvenance(ctx, b));
          const entry = provenances.map((resource) => ({
            fullUrl: `${base}/Provenance/${resource.id}`,
            resource,
            search: { mode: 'match' },
          }));
          expected = bundle(base, type, '_count=1000', entry, provenances.length);
        } else {
          const ofType = built.filter((b) => b.resource.resourceType === type);
          const entry: unknown[] = ofType.map((b) => ({
            fullUrl: `${base}/${type}/${b.resource.id}`,
            resource: b.resource,
            search: { mode: 'match' },
          }));
          for (const b of ofType) {
            const provenance = buildProvenance(ctx, b);
            entry.push({
              fullUrl: `${base}/Provenance/${provenance.id}`,
              resource: provenance,
              search: { mode: 'include' },
            });
          }
          expected = bundle(base, type, everyMatch, entry, ofType.length);
          if (ofType.length > 0) typesWithResources.add(type);
        }
        expect(response.body, `${subject.name} ${url}`).toBe(expected);
      }
    }
    // The demo holds something of every type, so each type's answer above pinned real resources.
    expect([...typesWithResources].sort()).toEqual(searchableTypes.filter((t) => t !== 'Provenance').sort());
  });

  it('answers the read of every resource, its Provenance and its Binary as the whole record does', async () => {
    const token = grants.issue(maria);
    const base = await baseOf(token);
    const { ctx, built } = await wholeRecord(maria, base);
    expect(built.length).toBeGreaterThan(50);
    const firstOfType = new Map<string, BuiltResource>();
    for (const b of built) {
      const { resourceType, id } = b.resource;
      if (!firstOfType.has(resourceType)) firstOfType.set(resourceType, b);
      const response = await get(`/fhir/r4/${resourceType}/${id}`, token);
      expect(response.statusCode, `${resourceType}/${id}`).toBe(200);
      expect(response.body, `${resourceType}/${id}`).toBe(JSON.stringify(b.resource));
    }
    for (const b of firstOfType.values()) {
      const provenance = buildProvenance(ctx, b);
      const response = await get(`/fhir/r4/Provenance/${provenance.id}`, token);
      expect(response.statusCode, provenance.id).toBe(200);
      expect(response.body, provenance.id).toBe(JSON.stringify(provenance));
    }

    const documents = built.filter((b) => b.resource.resourceType === 'DocumentReference');
    const kinds = new Set<string>();
    for (const { resource } of documents) {
      for (const { attachment } of resource.content as {
        attachment: { url: string; contentType: string };
      }[]) {
        const id = attachment.url.slice(`${base}/Binary/`.length);
        kinds.add(id.replace(/-\d+$/, ''));
        const response = await get(`/fhir/r4/Binary/${id}`, token, { accept: 'application/fhir+json' });
        expect(response.statusCode, id).toBe(200);
        expect(response.json(), id).toMatchObject({
          resourceType: 'Binary',
          id,
          contentType: attachment.contentType,
        });
      }
    }
    expect([...kinds].sort()).toEqual(['document', 'note', 'summary', 'visit-document']);
    // An id the record does not hold is still 404, under every type.
    for (const type of searchableTypes) {
      const response = await get(`/fhir/r4/${type}/no-such-id`, token);
      expect(response.statusCode, type).toBe(404);
    }
  });

  it('names the parts of every type the builder makes, and refuses to build from a part not loaded', async () => {
    const token = grants.issue(maria);
    const { built } = await wholeRecord(maria, await baseOf(token));
    const tabled = Object.keys(partsOfType).sort();
    const made = new Set(built.map((b) => b.resource.resourceType));
    for (const type of [...made, ...searchableTypes]) expect(tabled, type).toContain(type);

    // Each type's own parts are enough to build all its resources (what the routes now rely on).
    const ctx = { patientId: maria.patientId, practiceId: maria.practiceId, base: 'https://fhir.test' };
    const whole = buildPatientResources(ctx, (await loadPatientData(t.db, maria.patientId))!);
    for (const [type, parts] of Object.entries(partsOfType)) {
      if (type === 'Provenance') continue;
      const data = await loadPatientData(t.db, maria.patientId, parts);
      const own = buildPatientResources(ctx, data!, [type]);
      expect(JSON.stringify(own), type).toBe(
        JSON.stringify(whole.filter((b) => b.resource.resourceType === type)),
      );
    }
    // A part the table left out is an error, not a shorter answer.
    const withoutResults = await loadPatientData(
      t.db,
      maria.patientId,
      patientDataParts.filter((p) => p !== 'results'),
    );
    expect(() => buildPatientResources(ctx, withoutResults!, ['Observation'])).toThrow(/results/);
  });
});
