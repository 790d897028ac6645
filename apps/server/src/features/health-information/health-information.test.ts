import { eq } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { unzipSync, strFromU8 } from 'fflate';
import { xdmFileNames } from './xdm/xdm-package';

const xdmLayout = [...xdmFileNames].sort();
import type { FastifyInstance } from 'fastify';
import type { ExportCcdaResponse, HealthInfoResponse } from '@dermis/contract';
import {
  activityLog,
  auditEvent,
  clinic,
  encounter,
  encounterRole,
  historyItem,
  patient,
  patientProfile,
  prescription,
  provider,
} from '../../db/schema';
import type { Db } from '../../db/database';
import { useTestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/database';
import { bearer, givenFamily, givenPracticeWithKey, signIn, type UserFixture } from '../../test/fixtures';
import { extractPdfText } from './health-summary-pdf';
import { healthSummaryZip } from './export.service';
import { findFixturesDir, validateCda } from './ccda/validate-cda';

const fixturesDir = findFixturesDir();

async function givenRecord(db: Db, practiceId: number, patientId: number) {
  const [c] = await db
    .insert(clinic)
    .values({ practiceId, name: 'Gulf Coast Dermatology - Naples' })
    .returning({ id: clinic.id });
  const [p] = await db
    .insert(provider)
    .values({ practiceId, firstName: 'Olivia', lastName: 'Bennett', credentials: 'MD' })
    .returning({ id: provider.id });
  const visit = async (id: string, when: string) => {
    const externalId = `${patientId}-${id}`;
    const [e] = await db
      .insert(encounter)
      .values({ practiceId, patientId, externalId, clinicId: c!.id, dateOfService: new Date(when) })
      .returning({ id: encounter.id });
    await db.insert(encounterRole).values({ encounterId: e!.id, providerId: p!.id });
    return e!.id;
  };
  const early = await visit('E-1', '2026-01-15T14:00:00Z');
  const late = await visit('E-2', '2026-03-09T23:30:00Z');
  const item = (section: string, code: string, name: string, extra: Record<string, unknown> = {}) => ({
    practiceId,
    patientId,
    section: section as 'ALLERGIES',
    code,
    name,
    status: 'KNOWN_PRESENT' as const,
    // Entered at the first visit: in every range the tests ask for (the ranges filter lists too).
    createdAt: new Date('2026-01-15T15:00:00Z'),
    ...extra,
  });
  await db.insert(historyItem).values([
    item('ALLERGIES', '7980', 'Penicillin G', {
      // The concept type, never shown.
      customValue: '4',
      details: [{ code: '247472004', customValue: null }],
    }),
    item('ALLERGIES', '_no_ALLERGIES', 'No known allergies', { specialType: 'DENIES' }),
    item('MEDICATIONS', '1', 'Tretinoin 0.05% cream', { customValue: 'IN' }),
    item('MEDICATIONS', '2', 'Doxycycline 100 mg', { active: false, discontinuationReason: '182870006' }),
    item('PAST_MEDICAL_HISTORY', '24079001', 'Atopic dermatitis'),
    item('SMOKING', '8517006', 'Former smoker'),
    item('SURGICAL_HISTORY', '176', 'Excision of skin lesion'),
  ]);
  await db.insert(prescription).values({
    practiceId,
    patientId,
    externalId: `RX-${patientId}`,
    fdbId: '123',
    fdbDescription: 'Clobetasol 0.05% ointment',
    status: 'ACTIVE',
  });
  await db.insert(patientProfile).values({
    patientId,
    races: ['2106-3'],
    ethnicities: ['2186-5'],
    preferredLanguageIsoCode: 'es',
  });
  return { early, late };
}

describeEachDatabase('health information: healthInfo, exportCCDAByFilter, FHIR invite', (t) => {
  const newApp = useTestApp(t);
  let app: FastifyInstance;
  let practiceId: number;
  let apiKey: string;
  let guardian: UserFixture;
  let stranger: UserFixture;
  let minorId: number;
  let visits: { early: number; late: number };
  let token: string;

  beforeEach(async () => {
    ({ practiceId, apiKey } = await givenPracticeWithKey(t.db));
    ({ guardian, stranger, minorId } = await givenFamily(t.db, practiceId));
    visits = await givenRecord(t.db, practiceId, guardian.patientId);
    app = await newApp({ fhirBaseUrl: 'https://fhir.example.org/r4' });
    token = (await signIn(app, 'daniel', guardian.password)).accessToken;
  });

  const exportCall = (body: Record<string, unknown>, accessToken = token, language = 'en') =>
    app.inject({
      method: 'POST',
      url: '/api/app/patient/exportCCDAByFilter',
      headers: { ...bearer(accessToken), 'accept-language': language },
      payload: body,
    });
  const actions = async (patientId: number) =>
    (
      await t.db
        .select({ action: activityLog.action })
        .from(activityLog)
        .where(eq(activityLog.patientId, patientId))
        .orderBy(activityLog.id)
    )
      .map((r) => r.action)
      .filter((action) => action !== 'SIGN_IN');

  it('answers the five sections: names only, negatives and discontinued items left out', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/app/patient/healthInfo/_rid/${guardian.patientId}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    const info = response.json<HealthInfoResponse>();
    expect(info.demographics).toMatchObject({
      firstName: 'Daniel',
      lastName: 'Reed',
      gender: 'MALE',
      preferredLanguageIsoCode: 'es',
      races: ['2106-3'],
      ethnicities: ['2186-5'],
    });
    expect(info.allergies).toEqual([{ name: 'Penicillin G' }]);
    expect(info.medications).toEqual([
      { name: 'Tretinoin 0.05% cream' },
      { name: 'Clobetasol 0.05% ointment' },
    ]);
    expect(info.medicalProblems).toEqual([
      { name: 'Atopic dermatitis', dateDiagnosed: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) as unknown },
    ]);
    expect(info.smokingStatusList).toEqual([{ name: 'Former smoker' }]);
  });

  it('answers empty sections for a patient with no history, and refuses a stranger (403, audited)', async () => {
    const own = await app.inject({
      method: 'GET',
      url: `/api/app/patient/healthInfo/_rid/${minorId}`,
      headers: bearer(token),
    });
    expect(own.statusCode).toBe(200);
    expect(own.json<HealthInfoResponse>()).toMatchObject({
      allergies: [],
      medications: [],
      medicalProblems: [],
      smokingStatusList: [],
    });
    const eve = (await signIn(app, 'eve', stranger.password)).accessToken;
    for (const id of [guardian.patientId, 'abc', '0', '99999999999']) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/app/patient/healthInfo/_rid/${id}`,
        headers: bearer(eve),
      });
      expect(response.statusCode, String(id)).toBe(403);
    }
    expect(
      (await app.inject({ method: 'GET', url: `/api/app/patient/healthInfo/_rid/${minorId}` })).statusCode,
    ).toBe(401);
  });

  it('VIEW lists the encounters of the range by date of service, newest first, and logs the view', async () => {
    const all = await exportCall({ patientId: guardian.patientId, action: 'VIEW' });
    expect(all.statusCode).toBe(200);
    const body = all.json<ExportCcdaResponse>();
    expect(body).toMatchObject({
      fileType: 'CCDA_XML',
      xml: null,
      zip: null,
      pdf: null,
      patientFullName: 'Daniel Reed',
    });
    expect(body.ccdaEncounterInfoList.map((e) => e.encounterId)).toEqual([visits.late, visits.early]);
    expect(body.ccdaEncounterInfoList[0]).toEqual({
      encounterId: visits.late,
      encounterDateOfService: '2026-03-09T23:30:00.000Z',
      providerNames: ['Olivia Bennett, MD'],
      clinicName: 'Gulf Coast Dermatology - Naples',
    });

    // The page sends 03/09/2026 as the end: the next day at midnight, so the evening visit is inside.
    const march = await exportCall({
      patientId: guardian.patientId,
      action: 'VIEW',
      startDate: '2026-03-09T00:00:00Z',
      endDate: '2026-03-10T00:00:00Z',
    });
    expect(march.json<ExportCcdaResponse>().ccdaEncounterInfoList.map((e) => e.encounterId)).toEqual([
      visits.late,
    ]);
    const before = await exportCall({
      patientId: guardian.patientId,
      action: 'VIEW',
      endDate: '2026-03-09T00:00:00Z',
    });
    expect(before.json<ExportCcdaResponse>().ccdaEncounterInfoList.map((e) => e.encounterId)).toEqual([
      visits.early,
    ]);
    const none = await exportCall({ patientId: guardian.patientId, action: 'VIEW', startDate: '2027-01-01' });
    expect(none.json<ExportCcdaResponse>().ccdaEncounterInfoList).toEqual([]);
    expect(await actions(guardian.patientId)).toEqual(['VIEW', 'VIEW', 'VIEW', 'VIEW']);
  });

  it('DOWNLOAD_PDF answers a PDF whose every page names the patient, with page numbers and the sections', async () => {
    const response = await exportCall({
      patientId: guardian.patientId,
      action: 'DOWNLOAD_PDF',
      startDate: '2026-01-01T00:00:00Z',
      endDate: '2026-03-10T00:00:00Z',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<ExportCcdaResponse>();
    expect(body.fileType).toBe('CCDA_PDF');
    expect(body.fileName).toBe('Daniel_Reed_Health_Summary_01_01_2026_03_09_2026.pdf');
    const pdf = Buffer.from(body.pdf ?? '', 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = extractPdfText(pdf);
    expect(pages.length).toBeGreaterThanOrEqual(1);
    pages.forEach((text, i) => {
      expect(text).toContain('Daniel Reed · Date of birth');
      expect(text).toContain(`Page ${i + 1} of ${pages.length}`);
      expect(text).toMatch(/Generated \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} UTC/);
    });
    const all = pages.join('\n');
    for (const expected of [
      'Health Summary',
      'Dates of service: 01/01/2026 - 03/09/2026',
      'Demographics',
      'Allergies',
      'Penicillin G',
      'Reactions: Hives',
      'Medical Problem List',
      'Atopic dermatitis',
      'Medications',
      'Tretinoin 0.05% cream',
      // A past medicine of the range, as the C-CDA lists it.
      'Doxycycline 100 mg',
      'Discontinued',
      'Smoking Status',
      'Former smoker',
      'Procedures',
      'Excision of skin lesion',
      'Encounters',
      '03/09/2026',
      'Providers: Olivia Bennett, MD',
      'Spanish',
      'White',
    ]) {
      expect(all, expected).toContain(expected);
    }
    // Recorded after the range ended: in neither the C-CDA nor the PDF of this range.
    expect(all).not.toContain('Clobetasol');
    expect(all).not.toContain('No known allergies');
    expect(all).toContain('Not limited to the date range');
    // Family history and social history have no entries: the empty-section text.
    expect(all).toContain('There are no elements for this section');
    expect(await actions(guardian.patientId)).toEqual(['DOWNLOAD_PDF']);
  });

  it('DOWNLOAD_CCDA answers a schema-valid C-CDA of the record and the range, and logs the download', async () => {
    const response = await exportCall({
      patientId: guardian.patientId,
      action: 'DOWNLOAD_CCDA',
      startDate: '2026-03-01T00:00:00Z',
      endDate: '2026-03-10T00:00:00Z',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<ExportCcdaResponse>();
    expect(body).toMatchObject({ fileType: 'CCDA_XML', pdf: null, zip: null });
    expect(body.fileName).toBe('Daniel_Reed_Health_Summary_03_01_2026_03_09_2026.xml');
    const xml = Buffer.from(body.xml ?? '', 'base64').toString('utf8');
    expect(xml).toContain('<ClinicalDocument');
    expect(xml).toContain('Penicillin G');
    expect(xml).toContain('Atopic dermatitis');
    expect(fixturesDir, 'the shared CDA schema beside the repository').not.toBeNull();
    const validation = await validateCda(xml, fixturesDir!);
    expect(validation.errors).toEqual([]);
    expect(validation.valid).toBe(true);
    expect(await actions(guardian.patientId)).toEqual(['DOWNLOAD_CCDA']);

    // Without dates the whole record, still valid.
    const all = await exportCall({ patientId: guardian.patientId, action: 'DOWNLOAD_CCDA' });
    expect(all.json<ExportCcdaResponse>().fileName).toBe('Daniel_Reed_Health_Summary.xml');
    const whole = Buffer.from(all.json<ExportCcdaResponse>().xml ?? '', 'base64').toString('utf8');
    expect((await validateCda(whole, fixturesDir!)).valid).toBe(true);
  });

  it('TRANSMIT_VALIDATION with encounters answers the ZIP holding the C-CDA, named for the attachment', async () => {
    const response = await exportCall({
      patientId: guardian.patientId,
      action: 'TRANSMIT_VALIDATION',
      startDate: '2026-01-01T00:00:00Z',
      endDate: '2026-03-10T00:00:00Z',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<ExportCcdaResponse>();
    expect(body.fileType).toBe('CCDA_ZIP');
    expect(body.ccdaEncounterInfoList).toHaveLength(2);
    expect(body.fileName).toBe('Daniel_Reed_Health_Summary_01_01_2026_03_09_2026.zip');
    const files = unzipSync(new Uint8Array(Buffer.from(body.zip ?? '', 'base64')));
    expect(Object.keys(files).sort()).toEqual(xdmLayout);
    const xml = strFromU8(files['IHE_XDM/SUBSET01/DOC0001.XML']!);
    expect((await validateCda(xml, fixturesDir!)).valid).toBe(true);
    expect(await actions(guardian.patientId)).toEqual([]);
  });

  it('DOWNLOAD_PDF in Spanish follows the caller’s language', async () => {
    const response = await exportCall({ patientId: guardian.patientId, action: 'DOWNLOAD_PDF' }, token, 'es');
    expect(response.statusCode).toBe(200);
    const text = extractPdfText(Buffer.from(response.json<ExportCcdaResponse>().pdf ?? '', 'base64')).join(
      '\n',
    );
    expect(text).toContain('Resumen de salud');
    expect(text).toContain('Lista de problemas médicos');
    expect(text).toMatch(/Página 1 de \d+/);
  });

  it('answers NO_DATA for a download of a record with nothing in it, and logs nothing', async () => {
    for (const action of ['DOWNLOAD_PDF', 'DOWNLOAD_CCDA']) {
      const response = await exportCall({ patientId: minorId, action });
      expect(response.statusCode, action).toBe(404);
      expect(response.json()).toMatchObject({
        error: 'NO_DATA',
        message: 'Health Information is not available',
      });
    }
    const spanish = await exportCall({ patientId: minorId, action: 'DOWNLOAD_PDF' }, token, 'es');
    expect(spanish.json()).toMatchObject({
      error: 'NO_DATA',
      message: 'La información de salud no está disponible',
    });
    expect(await actions(minorId)).toEqual([]);
  });

  it('TRANSMIT_VALIDATION answers an empty list outside any encounter, and logs nothing', async () => {
    const response = await exportCall({
      patientId: guardian.patientId,
      action: 'TRANSMIT_VALIDATION',
      startDate: '2025-01-01T00:00:00Z',
      endDate: '2025-02-01T00:00:00Z',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<ExportCcdaResponse>()).toMatchObject({
      fileType: 'CCDA_ZIP',
      zip: null,
      ccdaEncounterInfoList: [],
      fileName: 'Daniel_Reed_Health_Summary_01_01_2025_01_31_2025.zip',
    });
    expect(await actions(guardian.patientId)).toEqual([]);
  });

  it('lets the responsible person export for the minor, logged on the minor with the guardian as actor', async () => {
    await givenRecord(t.db, practiceId, minorId);
    const response = await exportCall({ patientId: minorId, action: 'VIEW' });
    expect(response.statusCode).toBe(200);
    expect(response.json<ExportCcdaResponse>().patientFullName).toBe('Emma Reed');
    const rows = await t.db.select().from(activityLog).where(eq(activityLog.patientId, minorId));
    expect(rows.map((r) => [r.action, r.actorUserId])).toEqual([['VIEW', guardian.userId]]);
  });

  it('refuses bad input with 400 and a stranger or a malformed patient with 403 (audited)', async () => {
    const bad = [
      { patientId: guardian.patientId },
      { patientId: guardian.patientId, action: 'PRINT' },
      { patientId: guardian.patientId, action: 'VIEW', startDate: '2026-02-30' },
      { patientId: guardian.patientId, action: 'VIEW', endDate: '03/09/2026' },
      { patientId: guardian.patientId, action: 'VIEW', startDate: 'x'.repeat(100) },
      { patientId: guardian.patientId, action: 'VIEW', startDate: '\u0000' },
    ];
    for (const body of bad) {
      const response = await exportCall(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    // The guard runs before validation: a patient id that names nobody is refused like a stranger's.
    const malformed = [{}, { patientId: 'abc', action: 'VIEW' }, { patientId: -1 }, { patientId: 2 ** 40 }];
    for (const body of malformed) {
      const response = await exportCall(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(403);
    }
    const eve = (await signIn(app, 'eve', stranger.password)).accessToken;
    const refused = await exportCall({ patientId: guardian.patientId, action: 'DOWNLOAD_PDF' }, eve);
    expect(refused.statusCode).toBe(403);
    const denied = await t.db.select().from(auditEvent).where(eq(auditEvent.action, 'ACCESS_DENIED'));
    expect(denied).toHaveLength(malformed.length + 1);
    expect(await actions(guardian.patientId)).toEqual([]);
  });

  it('issues, shows, reissues and revokes a FHIR invite through the integration API', async () => {
    const codeUrl = `/api/app/patient/fhir/getInviteCode?patientId=${guardian.patientId}`;
    const before = await app.inject({ method: 'GET', url: codeUrl, headers: bearer(token) });
    expect(before.statusCode).toBe(404);
    expect(before.json()).toMatchObject({ error: 'DA01' });

    const [row] = await t.db
      .select({ externalId: patient.externalId })
      .from(patient)
      .where(eq(patient.id, guardian.patientId));
    const inviteUrl = `/api/integration/patients/${row!.externalId}/fhir-invite`;
    const key = { 'x-api-key': apiKey };
    const issued = await app.inject({ method: 'POST', url: inviteUrl, headers: key });
    expect(issued.statusCode).toBe(201);
    const { code } = issued.json<{ code: string }>();
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);

    const shown = await app.inject({ method: 'GET', url: codeUrl, headers: bearer(token) });
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ url: 'https://fhir.example.org/r4', code });
    const [flags] = await t.db
      .select({ p: patient.hasFhirPermission, i: patient.patientFhirInvite })
      .from(patient)
      .where(eq(patient.id, guardian.patientId));
    expect(flags).toEqual({ p: true, i: true });

    // Without FHIR_BASE_URL or PUBLIC_URL the address is this portal's own, as the browser reached it.
    const ownAddress = await newApp({ fhirBaseUrl: null, jwtSecret: app.config.jwtSecret });
    const atLoopback = await ownAddress.inject({
      method: 'GET',
      url: codeUrl,
      headers: { ...bearer(token), host: '127.0.0.1:8181' },
    });
    expect(atLoopback.json()).toMatchObject({ url: 'http://127.0.0.1:8181/fhir/r4', code });

    const reissued = await app.inject({ method: 'POST', url: inviteUrl, headers: key });
    const second = reissued.json<{ code: string }>().code;
    expect(second).not.toBe(code);
    expect((await app.inject({ method: 'GET', url: codeUrl, headers: bearer(token) })).json()).toMatchObject({
      code: second,
    });

    const revoked = await app.inject({ method: 'DELETE', url: inviteUrl, headers: key });
    expect(revoked.json()).toEqual({ patientExternalId: row!.externalId, revoked: true });
    expect((await app.inject({ method: 'GET', url: codeUrl, headers: bearer(token) })).statusCode).toBe(404);
    expect((await app.inject({ method: 'DELETE', url: inviteUrl, headers: key })).json()).toMatchObject({
      revoked: false,
    });

    // Bad input and bad callers.
    expect((await app.inject({ method: 'POST', url: inviteUrl })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'POST', url: '/api/integration/patients/NOPE/fhir-invite', headers: key }))
        .statusCode,
    ).toBe(404);
    const eve = (await signIn(app, 'eve', stranger.password)).accessToken;
    for (const query of [`patientId=${guardian.patientId}`, 'patientId=abc', '']) {
      const response = await app.inject({
        method: 'GET',
        url: `/api/app/patient/fhir/getInviteCode?${query}`,
        headers: bearer(eve),
      });
      // The guard runs before validation, so a missing patient is refused (and audited) too.
      expect(response.statusCode, query).toBe(403);
    }
    const denied = await t.db.select().from(auditEvent).where(eq(auditEvent.action, 'ACCESS_DENIED'));
    expect(denied).toHaveLength(3);
  });

  it('names the transmit ZIP after the patient and the chosen days and packs the C-CDA as XDM', () => {
    const { fileName, zip } = healthSummaryZip(
      {
        patientId: 1,
        practiceId: 1,
        practiceName: 'P',
        firstName: 'Ana María',
        lastName: 'Ruiz',
        dateOfBirth: '1990-01-01',
        gender: 'FEMALE',
      },
      { from: new Date('2026-01-01T00:00:00Z'), to: new Date('2026-03-10T00:00:00Z') },
      '<ClinicalDocument xmlns="urn:hl7-org:v3"/>',
      new Date('2026-03-10T12:00:00Z'),
    );
    expect(fileName).toBe('Ana_María_Ruiz_Health_Summary_01_01_2026_03_09_2026.zip');
    const files = unzipSync(zip);
    expect(Object.keys(files).sort()).toEqual(xdmLayout);
    expect(strFromU8(files['IHE_XDM/SUBSET01/DOC0001.XML']!)).toBe(
      '<ClinicalDocument xmlns="urn:hl7-org:v3"/>',
    );
  });
});
