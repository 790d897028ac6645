/**
 * The clinical record through the FHIR API on the demo practice: Maria's results, vital signs,
 * immunizations, notes, plan of care and health status found by the search parameters US Core requires, narrowed
 * by granular category scopes, with their Provenance and their notes' content as Binary, and kept
 * from another patient's token.
 */
import type { FastifyInstance } from 'fastify';
import { beforeEach, expect, it } from 'vitest';
import { clinicalNote, resultReport } from '../../../db/schema';
import { seedDemo } from '../../../demo/seed';
import { blobKey, newBlobId } from '../../../lib/blob-store/blob-store';
import { useTestApp } from '../../../test/app';
import { describeEachDatabase } from '../../../test/database';
import { demoGrantSubjects, TestGrants } from '../../../test/fhir-grants';
import { fhirPatientId } from './ids';

interface Entry {
  resource: { resourceType: string; id: string; [k: string]: unknown };
  search: { mode: string };
}
interface Bundle {
  total: number;
  entry?: Entry[];
}

const categoryCodes = (r: Entry['resource']) =>
  (r.category as { coding: { code: string }[] }[]).flatMap((c) => c.coding.map((x) => x.code));

describeEachDatabase('the clinical record through the FHIR API', (t) => {
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

  const get = (url: string, token: string) =>
    app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  const search = async (url: string, token: string): Promise<Bundle> => {
    const response = await get(url, token);
    expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBe(200);
    return response.json<Bundle>();
  };

  it('finds results, vital signs, immunizations, notes and the plan of care by the US Core parameters', async () => {
    const token = grants.issue(maria);
    const p = `patient=${fhirPatientId(maria.patientId)}`;

    const reports = await search(`/fhir/r4/DiagnosticReport?${p}&category=LAB&date=ge2000-01-01`, token);
    expect(reports.total).toBe(5);
    const panels = await search(`/fhir/r4/DiagnosticReport?${p}&code=http://loinc.org|24325-3`, token);
    expect(panels.total).toBe(4);
    expect((await search(`/fhir/r4/DiagnosticReport?${p}&status=corrected`, token)).total).toBe(1);
    expect((await search(`/fhir/r4/DiagnosticReport?${p}&date=lt2000`, token)).total).toBe(0);
    const [pathology] = (await search(`/fhir/r4/DiagnosticReport?${p}&code=60567-5`, token)).entry!;
    expect(pathology!.resource).toMatchObject({
      conclusionCode: [{ coding: [{ code: '402523001' }] }],
      presentedForm: [{ contentType: 'text/plain; charset=utf-8' }],
    });

    // Every observation a panel names is served, under the laboratory category.
    const named = panels.entry!.flatMap((e) =>
      (e.resource.result as { reference: string }[]).map((r) => r.reference),
    );
    expect(named).toHaveLength(20);
    const labs = await search(`/fhir/r4/Observation?${p}&category=laboratory&_count=100`, token);
    expect(labs.entry!.map((e) => `Observation/${e.resource.id}`).sort()).toEqual(named.sort());
    expect((await search(`/fhir/r4/Observation?${p}&code=http://loinc.org|1742-6`, token)).total).toBe(4);

    const pressures = await search(`/fhir/r4/Observation?${p}&code=http://loinc.org|85354-9`, token);
    expect(pressures.total).toBe(3);
    for (const e of pressures.entry!) expect(e.resource.component).toHaveLength(2);
    expect(
      (await search(`/fhir/r4/Observation?${p}&category=vital-signs&date=ge2000-01-01`, token)).total,
    ).toBeGreaterThan(3);

    expect((await search(`/fhir/r4/Immunization?${p}&status=completed&date=ge2000`, token)).total).toBe(3);
    expect((await search(`/fhir/r4/Immunization?${p}&status=not-done`, token)).total).toBe(0);

    const plan = await search(`/fhir/r4/CarePlan?${p}&category=assess-plan&status=active`, token);
    expect(plan.total).toBe(1);
    expect((await search(`/fhir/r4/CarePlan?${p}&date=ge2000-01-01`, token)).total).toBe(1);
    expect((await search(`/fhir/r4/Goal?${p}&lifecycle-status=active`, token)).total).toBe(2);
    expect((await search(`/fhir/r4/Goal?${p}&lifecycle-status=completed`, token)).total).toBe(1);
    expect((await search(`/fhir/r4/Goal?${p}&target-date=ge2000-01-01`, token)).total).toBe(3);

    const concerns = await search(`/fhir/r4/Condition?${p}&category=health-concern`, token);
    expect(concerns.total).toBe(3);
    // Psoriasis began in 2019; the raised ALT and the carcinoma this past year.
    const since2020 = await search(
      `/fhir/r4/Condition?${p}&category=health-concern&onset-date=ge2020-01-01`,
      token,
    );
    expect(since2020.total).toBe(2);
    const problems = await search(`/fhir/r4/Condition?${p}&category=problem-list-item`, token);
    expect(problems.entry!.every((e) => !categoryCodes(e.resource).includes('health-concern'))).toBe(true);
    expect(
      (await search(`/fhir/r4/Condition?${p}&category=health-concern&clinical-status=resolved`, token)).total,
    ).toBe(2);

    // Dr. Bennett's assessment of her overall health, a clinician's exam observation, with its Provenance.
    const status = await search(
      `/fhir/r4/Observation?${p}&code=http://loinc.org|11323-3&_revinclude=Provenance:target`,
      token,
    );
    expect(status.total).toBe(1);
    const [assessed, provenance] = status.entry!;
    expect(assessed!.resource).toMatchObject({
      status: 'final',
      valueCodeableConcept: { coding: [{ system: 'http://snomed.info/sct', code: '161901003' }] },
    });
    expect(provenance!.resource.target).toEqual([{ reference: `Observation/${assessed!.resource.id}` }]);
    expect((await search(`/fhir/r4/Observation?${p}&category=exam`, token)).total).toBe(1);

    const procedureNotes = await search(
      `/fhir/r4/DocumentReference?${p}&type=http://loinc.org|28570-0`,
      token,
    );
    expect(procedureNotes.total).toBe(1);
    const [note] = procedureNotes.entry!;
    const url = (note!.resource.content as { attachment: { url: string } }[])[0]!.attachment.url;
    const text = await get(url.replace('http://localhost:80', ''), token);
    expect(text.statusCode).toBe(200);
    expect(text.headers['content-type']).toMatch(/^text\/plain/);
    expect(text.body).toContain('6 mm pearly papule of the left upper back');

    const patient = await get(`/fhir/r4/Patient/${fhirPatientId(maria.patientId)}`, token);
    expect(patient.json<{ extension: unknown[] }>().extension).toContainEqual({
      url: 'http://hl7.org/fhir/us/core/StructureDefinition/us-core-birthsex',
      valueCode: 'F',
    });
  });

  it('answers each new resource with its Provenance on _revinclude', async () => {
    const token = grants.issue(maria);
    for (const type of ['DiagnosticReport', 'Immunization', 'CarePlan', 'Goal']) {
      const bundle = await search(`/fhir/r4/${type}?_revinclude=Provenance:target`, token);
      const matches = bundle.entry!.filter((e) => e.search.mode === 'match');
      const included = bundle.entry!.filter((e) => e.search.mode === 'include');
      expect(matches.length, type).toBeGreaterThan(0);
      expect(
        included.map((e) => (e.resource.target as { reference: string }[])[0]!.reference).sort(),
        type,
      ).toEqual(matches.map((e) => `${type}/${e.resource.id}`).sort());
    }
  });

  it('narrows Observation, DiagnosticReport and Condition by granular category scopes', async () => {
    const all = await search('/fhir/r4/Observation', grants.issue(maria));
    const count = async (scope: string, type = 'Observation') =>
      (await search(`/fhir/r4/${type}`, grants.issue({ ...maria, scopes: [scope] }))).total;
    const labs = await count('patient/Observation.rs?category=laboratory');
    const vitals = await count('patient/Observation.rs?category=vital-signs');
    const social = await count('patient/Observation.rs?category=social-history');
    const exam = await count('patient/Observation.rs?category=exam');
    expect(labs).toBe(20);
    expect(vitals).toBeGreaterThan(0);
    // Her health status is the one exam observation.
    expect(exam).toBe(1);
    expect(labs + vitals + social + exam).toBe(all.total);

    expect(
      await count(
        'patient/DiagnosticReport.rs?category=http://terminology.hl7.org/CodeSystem/v2-0074|LAB',
        'DiagnosticReport',
      ),
    ).toBe(5);
    const concernsOnly = grants.issue({
      ...maria,
      scopes: [
        'patient/Condition.rs?category=http://hl7.org/fhir/us/core/CodeSystem/condition-category|health-concern',
      ],
    });
    const concerns = await search('/fhir/r4/Condition', concernsOnly);
    expect(concerns.total).toBe(3);
    expect(concerns.entry!.every((e) => categoryCodes(e.resource).includes('health-concern'))).toBe(true);
    const problem = (await search('/fhir/r4/Condition?category=problem-list-item', grants.issue(maria)))
      .entry![0]!;
    expect((await get(`/fhir/r4/Condition/${problem.resource.id}`, concernsOnly)).statusCode).toBe(403);
    expect((await get('/fhir/r4/Condition?category=problem-list-item', concernsOnly)).statusCode).toBe(403);
  });

  it("keeps Maria's clinical record from Emma's token", async () => {
    const mariaToken = grants.issue(maria);
    const emmaToken = grants.issue(emma);
    for (const type of [
      'DiagnosticReport',
      'Observation',
      'Immunization',
      'CarePlan',
      'Goal',
      'DocumentReference',
    ]) {
      const hers = await search(`/fhir/r4/${type}`, mariaToken);
      const theirs = new Set((await search(`/fhir/r4/${type}`, emmaToken)).entry?.map((e) => e.resource.id));
      for (const e of hers.entry ?? []) {
        expect(theirs.has(e.resource.id), `${type}/${e.resource.id}`).toBe(false);
        expect((await get(`/fhir/r4/${type}/${e.resource.id}`, emmaToken)).statusCode).toBe(404);
      }
    }
    const note = (await search('/fhir/r4/DocumentReference?type=28570-0', mariaToken)).entry![0]!;
    expect((await get(`/fhir/r4/Binary/${note.resource.id}`, emmaToken)).statusCode).toBe(404);
  });

  it('serves a PDF note as its Binary, and no result before its release', async () => {
    const token = grants.issue(maria);
    const pdf = Buffer.from('%PDF-1.4 a note of the clinic');
    const s3Id = newBlobId();
    await app.blobs.put(blobKey('documents', s3Id), pdf, 'application/pdf');
    const provenance = {
      practiceId: maria.practiceId,
      patientId: maria.patientId,
      authorName: 'Olivia Bennett, MD',
      authorOrganization: 'Sunshine Dermatology',
      recordedAt: new Date('2026-01-05T10:00:00Z'),
    };
    const [note] = await t.db
      .insert(clinicalNote)
      .values({
        ...provenance,
        externalId: 'TEST-PDF-NOTE',
        noteTypeCode: '11488-4',
        noteTypeName: 'Consult note',
        title: 'Consult letter',
        contentS3Id: s3Id,
        contentLength: pdf.length,
        fileName: 'consult.pdf',
        authoredAt: new Date('2026-01-05T09:00:00Z'),
      })
      .returning({ id: clinicalNote.id });
    const found = await search('/fhir/r4/DocumentReference?type=http://loinc.org|11488-4', token);
    expect(found.total).toBe(1);
    const content = found.entry![0]!.resource.content as {
      attachment: { url: string; contentType: string };
    }[];
    expect(content.map((c) => c.attachment.contentType)).toEqual(['application/pdf']);
    const bytes = await get(content[0]!.attachment.url.replace('http://localhost:80', ''), token);
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toMatch(/^application\/pdf/);
    expect(bytes.rawPayload.equals(pdf)).toBe(true);
    // The note has no text: there is no text Binary to read.
    expect((await get(`/fhir/r4/Binary/note-${note!.id}`, token)).statusCode).toBe(404);

    const before = (await search('/fhir/r4/DiagnosticReport', token)).total;
    await t.db.insert(resultReport).values({
      ...provenance,
      externalId: 'TEST-UNRELEASED',
      category: 'lab',
      code: '24325-3',
      name: 'Hepatic function panel',
      status: 'final',
      effectiveAt: new Date('2026-01-04T09:00:00Z'),
      issuedAt: new Date('2026-01-05T09:00:00Z'),
      releasedAt: new Date(Date.now() + 86_400_000),
    });
    expect((await search('/fhir/r4/DiagnosticReport', token)).total).toBe(before);
  });
});
