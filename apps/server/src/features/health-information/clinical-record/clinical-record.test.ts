/**
 * The clinical record through the integration API (API key) and the portal (the patient-access
 * guard): each feed with good and bad input, idempotent by external id; a corrected result
 * replacing its preliminary one; the notice e-mail through a real SMTP listener, and its unsubscribe;
 * a practice's release delay; read state; a responsible person reading a ward's results.
 */
import type {
  ClinicalRecordResponse,
  ErrorResponse,
  RecordNoteContentView,
  ReleaseDelaysResponse,
} from '@dermis/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { simpleParser } from 'mailparser';
import { beforeEach, expect, it } from 'vitest';
import {
  clinicalNote,
  encounter,
  healthStatus as healthStatusTable,
  immunization as immunizationTable,
  mailOutbox,
  patient,
  patientContact,
  prescription,
  resultReport,
  resultReportStatus,
  vitalSign,
} from '../../../db/schema';
import type { MailOutbox } from '../../../lib/mail/mail-outbox';
import { useTestApp } from '../../../test/app';
import { describeEachDatabase } from '../../../test/database';
import { pdfBytes } from '../../../test/files';
import {
  bearer,
  givenFamily,
  givenPracticeWithKey,
  givenUser,
  signIn,
  type Family,
  type UserFixture,
} from '../../../test/fixtures';
import { useSmtpListeners, type SmtpListener } from '../../../test/smtp-listener';
import { sendResultNotices } from './result-notice';

const author = {
  name: 'Priya Raman, MD',
  npi: '1339047627',
  organization: 'Gulf Coast Reference Laboratory',
};
const alt = (value: number, interpretation = 'N') => ({
  code: '1742-6',
  name: 'ALT',
  valueNumeric: value,
  unit: 'U/L',
  referenceLow: 7,
  referenceHigh: 35,
  interpretation,
});

describeEachDatabase('clinical record', (t) => {
  const newApp = useTestApp(t);
  const startSmtp = useSmtpListeners();
  let app: FastifyInstance;
  let key: string;
  let practiceId: number;
  let maria: UserFixture;
  let mariaExternal: string;
  let smtp: SmtpListener;

  beforeEach(async () => {
    ({ practiceId, apiKey: key } = await givenPracticeWithKey(t.db, 'Sunshine Dermatology'));
    maria = await givenUser(t.db, practiceId, { username: 'maria', firstName: 'Maria', lastName: 'Lopez' });
    [{ externalId: mariaExternal }] = (await t.db
      .select({ externalId: patient.externalId })
      .from(patient)
      .where(eq(patient.id, maria.patientId))) as [{ externalId: string }];
    await t.db.insert(patientContact).values({
      patientId: maria.patientId,
      type: 'EMAIL_ADDRESS',
      value: 'maria@example.org',
      active: true,
    });
    await t.db.insert(encounter).values({
      practiceId,
      patientId: maria.patientId,
      externalId: 'ENC-1',
      dateOfService: new Date('2026-03-02T15:00:00Z'),
    });
    smtp = await startSmtp();
    app = await newApp({ smtpUrl: smtp.url });
  });

  const put = (path: string, payload: object, apiKey = key) =>
    app.inject({ method: 'PUT', url: `/api/integration/${path}`, headers: { 'x-api-key': apiKey }, payload });
  const labResult = (overrides: object = {}) => ({
    patientExternalId: mariaExternal,
    category: 'lab',
    code: '24325-3',
    name: 'Hepatic function panel',
    status: 'final',
    effectiveAt: '2026-03-01T13:20:00Z',
    issuedAt: '2026-03-02T18:00:00Z',
    author,
    observations: [alt(71, 'H')],
    ...overrides,
  });
  const fieldsOf = (response: {
    json: () => { validationMessages?: { field: string; description: string }[] };
  }) => (response.json().validationMessages ?? []).map((m) => m.field);
  const deliver = async () => {
    await (app.mailer as MailOutbox).deliverDue();
    return Promise.all(smtp.received.map((m) => simpleParser(m.raw)));
  };
  const record = async (token: string, patientId: number, query = '') =>
    app.inject({
      method: 'GET',
      url: `/api/app/patient/healthInfo/clinicalRecord/_rid/${patientId}${query}`,
      headers: bearer(token),
    });

  const openNote = async (token: string, patientId: number, noteId: number) =>
    app.inject({
      method: 'GET',
      url: `/api/app/patient/healthInfo/clinicalRecord/_rid/${patientId}/notes/${noteId}`,
      headers: bearer(token),
    });

  it('stores a lab result idempotently, refuses bad ones with clear messages, and needs the key', async () => {
    const created = await put('results/LAB-1', labResult());
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ externalId: 'LAB-1', created: true });
    const again = await put('results/LAB-1', labResult());
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ created: false });
    expect(await t.db.select().from(resultReportStatus)).toHaveLength(1);

    expect((await put('results/LAB-1', labResult(), 'wrong-key')).statusCode).toBe(401);
    const cases: [object, string][] = [
      [{ status: 'done' }, 'status'],
      [{ effectiveAt: '2026-02-30' }, 'effectiveAt'],
      [{ code: 'ALT' }, 'code'],
      [{ observations: [] }, 'observations'],
      [{ observations: [{ code: '1742-6', name: 'ALT' }] }, 'observations.0.valueNumeric'],
      [{ observations: [{ ...alt(5), referenceLow: 40 }] }, 'observations.0.referenceLow'],
      [{ observations: [alt(5, 'X')] }, 'observations.0.interpretation'],
      [{ category: 'pathology', narrative: null }, 'narrative'],
      [{ author: { name: 'X', organization: 'Y', npi: '123' } }, 'author.npi'],
      [{ author: { name: 'X', organization: 'Y', taxonomyCode: 'Dermatology' } }, 'author.taxonomyCode'],
    ];
    for (const [change, field] of cases) {
      const refused = await put('results/LAB-BAD', labResult(change));
      expect(refused.statusCode, JSON.stringify(change)).toBe(400);
      expect(fieldsOf(refused), JSON.stringify(change)).toContain(field);
    }
    const unknownPatient = await put('results/LAB-2', labResult({ patientExternalId: 'NOPE' }));
    expect(unknownPatient.statusCode).toBe(404);
    expect(unknownPatient.json<{ message: string }>().message).toBe(
      'No patient with external id NOPE exists in this practice.',
    );
    const unknownVisit = await put('results/LAB-2', labResult({ encounterExternalId: 'ENC-X' }));
    expect(unknownVisit.statusCode).toBe(400);
    expect(unknownVisit.json<ErrorResponse>().validationMessages).toEqual([
      {
        field: 'encounterExternalId',
        description: 'No encounter with external id ENC-X exists for this patient in this practice.',
      },
    ]);
    const other = await givenUser(t.db, practiceId, { username: 'other' });
    const [otherPatient] = await t.db.select().from(patient).where(eq(patient.id, other.patientId));
    const moved = await put('results/LAB-1', labResult({ patientExternalId: otherPatient!.externalId }));
    expect(moved.statusCode).toBe(400);
    expect(fieldsOf(moved)).toEqual(['patientExternalId']);
  });

  it('lists every feed of the record in the integration OpenAPI document', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/integration/openapi.json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining(
        [
          'results',
          'vital-signs',
          'immunizations',
          'clinical-notes',
          'care-plan-items',
          'care-goals',
          'health-concerns',
          'health-statuses',
        ]
          .map((kind) => `/api/integration/${kind}/{externalId}`)
          .concat([
            '/api/integration/result-release-delays/{category}',
            '/api/integration/result-release-delays',
          ]),
      ),
    );
  });

  it('replaces a preliminary result by its correction, keeps the status history, and tells the patient each time', async () => {
    await put('results/LAB-1', labResult({ status: 'preliminary', observations: [alt(71, 'H')] }));
    const corrected = await put(
      'results/LAB-1',
      labResult({ status: 'corrected', issuedAt: '2026-03-03T10:00:00Z', observations: [alt(31)] }),
    );
    expect(corrected.statusCode).toBe(200);
    const [report] = await t.db.select().from(resultReport);
    expect(report).toMatchObject({ status: 'corrected', version: 2, notifiedVersion: 2 });
    expect((await t.db.select().from(resultReportStatus)).map((s) => [s.version, s.status])).toEqual([
      [1, 'preliminary'],
      [2, 'corrected'],
    ]);

    const token = (await signIn(app, 'maria', maria.password)).accessToken;
    const shown = (await record(token, maria.patientId)).json<ClinicalRecordResponse>();
    expect(shown.results).toHaveLength(1);
    expect(shown.results[0]).toMatchObject({
      status: 'corrected',
      previousStatuses: ['preliminary'],
      unread: true,
      authorName: 'Priya Raman, MD',
      authorOrganization: 'Gulf Coast Reference Laboratory',
    });
    expect(shown.results[0]!.observations).toEqual([
      expect.objectContaining({ valueNumeric: 31, interpretation: 'N' }),
    ]);

    const mails = await deliver();
    expect(mails.map((m) => [m.to && 'text' in m.to ? m.to.text : '', m.subject]).sort()).toEqual([
      ['maria@example.org', 'Sunshine Dermatology: A new test result is in your patient portal'],
      ['maria@example.org', 'Sunshine Dermatology: An updated test result is in your patient portal'],
    ]);
    // The e-mail never carries the result itself.
    for (const mail of mails) {
      // (The unsubscribe token is random and may hold "71" or "ALT" by chance: left out.)
      expect((mail.text ?? '').replace(/token=\S+/, '')).not.toMatch(/ALT|71|Hepatic/);
      expect(mail.text).toContain(`${app.config.publicUrl}/health-information`);
    }
  });

  it('honours the unsubscribe link of a result notice for later results', async () => {
    await put('results/LAB-1', labResult());
    const [mail] = await deliver();
    const [queued] = await t.db.select().from(mailOutbox);
    expect(queued!.category).toBe('RESULT_NOTICE');
    const link = /\S+\/unsubscribe\?\S+/.exec(mail!.text ?? '')![0];
    const query = new URL(link).search.slice(1);
    expect(new URL(link).searchParams.get('type')).toBe('5');
    const unsubscribed = await app.inject({ method: 'POST', url: `/api/app/patient/unsubscribe?${query}` });
    expect(unsubscribed.json()).toEqual({ unsubscribed: true, type: 5 });

    await put('results/LAB-2', labResult({ code: '1742-6', name: 'ALT' }));
    expect(await deliver()).toHaveLength(1);
  });

  it('holds results back for the practice delay of their category, then shows them and tells the patient', async () => {
    const set = await put('result-release-delays/pathology', { delayHours: 72 });
    expect(set.json()).toEqual({
      delays: [
        { category: 'lab', delayHours: 0 },
        { category: 'pathology', delayHours: 72 },
      ],
    });
    expect((await put('result-release-delays/pathology', { delayHours: -1 })).statusCode).toBe(400);
    expect((await put('result-release-delays/imaging', { delayHours: 1 })).statusCode).toBe(400);
    const listed = await app.inject({
      method: 'GET',
      url: '/api/integration/result-release-delays',
      headers: { 'x-api-key': key },
    });
    expect(listed.json<ReleaseDelaysResponse>().delays).toContainEqual({
      category: 'pathology',
      delayHours: 72,
    });

    const biopsy = await put(
      'results/PATH-1',
      labResult({
        category: 'pathology',
        code: '60567-5',
        name: 'Dermatopathology report',
        specimen: 'Skin, left upper back, shave biopsy',
        narrative: 'DIAGNOSIS: Basal cell carcinoma, nodular type. Margins clear.',
        diagnosis: { code: '402523001', display: 'Basal cell carcinoma of truncal skin' },
        observations: [],
        encounterExternalId: 'ENC-1',
      }),
    );
    expect(biopsy.statusCode, biopsy.body).toBe(201);
    await put('results/LAB-1', labResult());
    const token = (await signIn(app, 'maria', maria.password)).accessToken;
    expect(
      (await record(token, maria.patientId)).json<ClinicalRecordResponse>().results.map((r) => r.code),
    ).toEqual(['24325-3']);
    expect(await deliver()).toHaveLength(1);

    const later = new Date(Date.now() + 73 * 3_600_000);
    // A notice that cannot be queued (the mail store is down) is sent by the next pass, not lost.
    const failing = {
      db: t.db,
      config: app.config,
      mailer: { send: () => Promise.reject(new Error('outbox down')), close: () => Promise.resolve() },
    };
    expect(await sendResultNotices(failing, later)).toEqual([
      { patientId: maria.patientId, reportIds: [biopsy.json<{ id: number }>().id], status: 'FAILED' },
    ]);
    const deps = { db: t.db, mailer: app.mailer, config: app.config };
    expect(await sendResultNotices(deps, later)).toEqual([
      { patientId: maria.patientId, reportIds: [biopsy.json<{ id: number }>().id], status: 'SENT' },
    ]);
    expect(await sendResultNotices(deps, later)).toEqual([]);
    expect(await deliver()).toHaveLength(2);
  });

  it('keeps read state per result and version, for the signed-in reader', async () => {
    const created = (await put('results/LAB-1', labResult())).json<{ id: number }>();
    const token = (await signIn(app, 'maria', maria.password)).accessToken;
    const mark = (resultId: number, patientId = maria.patientId) =>
      app.inject({
        method: 'POST',
        url: '/api/app/patient/healthInfo/results/markRead',
        headers: bearer(token),
        payload: { patientId, resultId },
      });
    expect((await mark(created.id)).json()).toEqual({ read: true });
    expect((await record(token, maria.patientId)).json<ClinicalRecordResponse>().results[0]!.unread).toBe(
      false,
    );
    await put('results/LAB-1', labResult({ status: 'corrected', observations: [alt(30)] }));
    expect((await record(token, maria.patientId)).json<ClinicalRecordResponse>().results[0]!.unread).toBe(
      true,
    );
    expect((await mark(999_999)).statusCode).toBe(404);
  });

  it('narrows every section to the From/To range', async () => {
    await put('results/LAB-1', labResult());
    await put('results/LAB-0', labResult({ effectiveAt: '2025-06-01T13:00:00Z' }));
    await put('vital-signs/VS-1', {
      patientExternalId: mariaExternal,
      encounterExternalId: 'ENC-1',
      effectiveAt: '2026-03-02T14:50:00Z',
      author,
      measurements: [{ code: '8480-6', value: 121, unit: 'mm[Hg]' }],
    });
    await put('immunizations/IMM-1', {
      patientExternalId: mariaExternal,
      cvxCode: '115',
      vaccineName: 'Tdap',
      occurredAt: '2025-05-01',
      status: 'completed',
      author,
    });
    const token = (await signIn(app, 'maria', maria.password)).accessToken;
    const all = (await record(token, maria.patientId)).json<ClinicalRecordResponse>();
    expect([all.results.length, all.vitalSigns.length, all.immunizations.length]).toEqual([2, 1, 1]);
    const narrowed = (
      await record(token, maria.patientId, '?from=2026-01-01T00:00:00Z&to=2026-04-01T00:00:00Z')
    ).json<ClinicalRecordResponse>();
    expect([narrowed.results.length, narrowed.vitalSigns.length, narrowed.immunizations.length]).toEqual([
      1, 1, 0,
    ]);
    const bad = await record(token, maria.patientId, '?from=2026-05-01T00:00:00Z&to=2026-04-01T00:00:00Z');
    expect(bad.statusCode).toBe(400);
  });

  it('answers the newest of each list with every total and the whole trend, one card whole, and refuses bad asks', async () => {
    const days = ['2026-01-05', '2026-02-05', '2026-03-05'];
    for (const [i, day] of days.entries())
      await put(
        `results/LAB-${i}`,
        labResult({ effectiveAt: `${day}T13:00:00Z`, observations: [alt(20 + i)] }),
      );
    for (const [i, day] of days.entries())
      await put(`vital-signs/VS-${i}`, {
        patientExternalId: mariaExternal,
        effectiveAt: `${day}T14:00:00Z`,
        author,
        measurements: [{ code: '8480-6', value: 120 + i, unit: 'mm[Hg]' }],
      });
    const token = (await signIn(app, 'maria', maria.password)).accessToken;

    const limited = (await record(token, maria.patientId, '?limit=2')).json<ClinicalRecordResponse>();
    expect(limited.results.map((r) => r.effectiveAt.slice(0, 10))).toEqual(['2026-03-05', '2026-02-05']);
    expect(limited.vitalSigns).toHaveLength(2);
    expect(limited.totals).toEqual({
      results: 3,
      vitalSigns: 3,
      immunizations: 0,
      notes: 0,
      carePlanItems: 0,
      goals: 0,
      concerns: 0,
    });
    // The chart keeps every value of its test, oldest first, not only the newest two results'.
    expect(limited.trends?.tests).toEqual([{ code: '1742-6', name: 'ALT' }]);
    expect(limited.trends?.chosen?.values).toEqual([20, 21, 22]);
    expect(limited.trends?.chosen?.interpretations[0]).toBe('N');
    const unknownTrend = (
      await record(token, maria.patientId, '?limit=2&trend=0000-0')
    ).json<ClinicalRecordResponse>();
    expect(unknownTrend.trends?.chosen?.code).toBe('1742-6');

    // Without a limit the answer is whole, as before, and carries no trend.
    const whole = (await record(token, maria.patientId)).json<ClinicalRecordResponse>();
    expect([whole.results.length, whole.vitalSigns.length, whole.trends]).toEqual([3, 3, undefined]);

    // One card, whole, within the range; the other cards answer empty.
    const card = (
      await record(token, maria.patientId, '?section=results&from=2026-02-01T00:00:00Z')
    ).json<ClinicalRecordResponse>();
    expect(card.results).toHaveLength(2);
    expect([card.vitalSigns.length, card.totals.results, card.totals.vitalSigns]).toEqual([0, 2, 2]);

    for (const bad of ['?limit=0', '?limit=501', '?limit=two', '?section=letters'])
      expect((await record(token, maria.patientId, bad)).statusCode, bad).toBe(400);

    // Another patient's record stays out of reach with the new parameters too.
    const other = await givenUser(t.db, practiceId, {
      username: 'omar',
      firstName: 'Omar',
      lastName: 'Diaz',
    });
    expect((await record(token, other.patientId, '?limit=2&section=results')).statusCode).toBe(403);
  });

  it('keeps the newest, the totals and the trend chart of a limited answer inside the From/To range', async () => {
    const ast = (value: number, name = 'AST') => ({ ...alt(value), code: '1920-8', name });
    const reports = [
      { day: '2026-01-05', observations: [ast(30), alt(20)] },
      { day: '2026-02-05', observations: [alt(21, 'H'), ast(31, 'AST (SGOT)')] },
      { day: '2026-03-05', observations: [alt(22), ast(32)] },
      { day: '2026-04-05', observations: [alt(23)] },
    ];
    for (const [i, { day, observations }] of reports.entries())
      await put(`results/LAB-${i}`, labResult({ effectiveAt: `${day}T13:00:00Z`, observations }));
    const token = (await signIn(app, 'maria', maria.password)).accessToken;
    const range = '&from=2026-02-01T00:00:00Z&to=2026-04-01T00:00:00Z';

    const inRange = (await record(token, maria.patientId, `?limit=1${range}`)).json<ClinicalRecordResponse>();
    // The newest of the range, not of the whole record (April's is outside it).
    expect(inRange.results.map((r) => r.effectiveAt.slice(0, 10))).toEqual(['2026-03-05']);
    expect(inRange.totals.results).toBe(2);
    // First measured first within the range (February's report lists ALT first), each test named
    // as first seen there; the flagged test is charted, with only the range's values.
    expect(inRange.trends?.tests).toEqual([
      { code: '1742-6', name: 'ALT' },
      { code: '1920-8', name: 'AST (SGOT)' },
    ]);
    expect(inRange.trends?.chosen?.values).toEqual([21, 22]);
    const asked = (
      await record(token, maria.patientId, `?limit=1&trend=1920-8${range}`)
    ).json<ClinicalRecordResponse>();
    expect([asked.trends?.chosen?.name, asked.trends?.chosen?.values]).toEqual(['AST (SGOT)', [31, 32]]);

    // Without the range, January's report leads: AST first, under its first name.
    const whole = (await record(token, maria.patientId, '?limit=1')).json<ClinicalRecordResponse>();
    expect(whole.results.map((r) => r.effectiveAt.slice(0, 10))).toEqual(['2026-04-05']);
    expect(whole.totals.results).toBe(4);
    expect(whole.trends?.tests).toEqual([
      { code: '1920-8', name: 'AST' },
      { code: '1742-6', name: 'ALT' },
    ]);
    expect(whole.trends?.chosen?.values).toEqual([20, 21, 22, 23]);
  });

  it('stores vital signs, immunizations, notes and the plan of care; refuses bad input with clear messages', async () => {
    const vitals = {
      patientExternalId: mariaExternal,
      encounterExternalId: 'ENC-1',
      effectiveAt: '2026-03-02T14:50:00Z',
      author,
      measurements: [
        { code: '8480-6', value: 121, unit: 'mm[Hg]' },
        { code: '8462-4', value: 78, unit: 'mm[Hg]' },
        { code: '29463-7', value: 66.9, unit: 'kg' },
      ],
    };
    expect((await put('vital-signs/VS-1', vitals)).statusCode).toBe(201);
    expect(
      (await put('vital-signs/VS-1', { ...vitals, measurements: vitals.measurements.slice(0, 1) }))
        .statusCode,
    ).toBe(200);
    expect(await t.db.select().from(vitalSign)).toHaveLength(1);
    const badUnit = await put('vital-signs/VS-2', {
      ...vitals,
      measurements: [{ code: '8480-6', value: 121, unit: 'kg' }],
    });
    expect(badUnit.json<ErrorResponse>().validationMessages).toEqual([
      { field: 'measurements.0.unit', description: 'The unit of 8480-6 must be one of mm[Hg] (UCUM).' },
    ]);
    expect(
      fieldsOf(
        await put('vital-signs/VS-2', { ...vitals, measurements: [{ code: '1234-5', value: 1, unit: 'x' }] }),
      ),
    ).toEqual(['measurements.0.code']);

    const immunization = {
      patientExternalId: mariaExternal,
      cvxCode: '187',
      vaccineName: 'Zoster vaccine recombinant',
      occurredAt: '2026-03-02T15:30:00Z',
      status: 'completed',
      lotNumber: 'SHX2093A',
      performerName: 'Ana Torres, RN',
      author,
    };
    expect((await put('immunizations/IMM-1', immunization)).statusCode).toBe(201);
    expect((await put('immunizations/IMM-1', immunization)).statusCode).toBe(200);
    expect(fieldsOf(await put('immunizations/IMM-2', { ...immunization, cvxCode: 'ZOS' }))).toEqual([
      'cvxCode',
    ]);
    expect(fieldsOf(await put('immunizations/IMM-2', { ...immunization, statusReason: 'Refused' }))).toEqual([
      'statusReason',
    ]);
    expect(
      (await put('immunizations/IMM-2', { ...immunization, status: 'not-done', statusReason: 'Refused' }))
        .statusCode,
    ).toBe(201);
    // The dose given, which dose of the series, and the author's specialty are kept as sent.
    const dermatologist = { ...author, taxonomyCode: '207N00000X' };
    expect(
      (
        await put('immunizations/IMM-3', {
          ...immunization,
          dose: { quantity: 0.5, unit: 'mL' },
          doseNumber: 1,
          author: dermatologist,
        })
      ).statusCode,
    ).toBe(201);
    const [given] = await t.db
      .select()
      .from(immunizationTable)
      .where(eq(immunizationTable.externalId, 'IMM-3'));
    expect(given).toMatchObject({
      doseQuantity: 0.5,
      doseUnit: 'mL',
      doseNumber: 1,
      authorTaxonomyCode: '207N00000X',
    });
    expect(fieldsOf(await put('immunizations/IMM-4', { ...immunization, doseNumber: 0 }))).toEqual([
      'doseNumber',
    ]);

    const note = {
      patientExternalId: mariaExternal,
      encounterExternalId: 'ENC-1',
      noteTypeCode: '11506-3',
      noteTypeName: 'Progress note',
      title: 'Psoriasis follow-up',
      authoredAt: '2026-03-02T15:50:00Z',
      text: 'Psoriasis well controlled.',
      author,
    };
    expect((await put('clinical-notes/NOTE-1', note)).statusCode).toBe(201);
    expect(fieldsOf(await put('clinical-notes/NOTE-2', { ...note, text: null }))).toEqual(['text']);
    const pdfNote = {
      ...note,
      text: null,
      pdf: { fileName: 'visit.pdf', contentBase64: pdfBytes.toString('base64') },
    };
    expect((await put('clinical-notes/NOTE-2', pdfNote)).statusCode).toBe(201);
    const notPdf = await put('clinical-notes/NOTE-3', {
      ...pdfNote,
      pdf: { fileName: 'x.pdf', contentBase64: Buffer.from('hello').toString('base64') },
    });
    expect(notPdf.json<ErrorResponse>().validationMessages).toEqual([
      {
        field: 'pdf.contentBase64',
        description: 'The note’s PDF must be base64 of a PDF file of at most 10 MB.',
      },
    ]);
    expect(await t.db.select().from(clinicalNote)).toHaveLength(2);

    const item = {
      patientExternalId: mariaExternal,
      kind: 'procedure',
      description: 'Hepatic function panel before the next visit',
      code: '24325-3',
      codeSystem: 'LOINC',
      plannedAt: '2026-05-01',
      author,
    };
    expect((await put('care-plan-items/PLAN-1', item)).statusCode).toBe(201);
    expect(fieldsOf(await put('care-plan-items/PLAN-2', { ...item, codeSystem: null }))).toEqual([
      'codeSystem',
    ]);
    expect(fieldsOf(await put('care-plan-items/PLAN-2', { ...item, kind: 'surgery' }))).toEqual(['kind']);
    const goal = {
      patientExternalId: mariaExternal,
      description: 'Clear skin',
      targetDate: '2026-06-01',
      author,
    };
    expect((await put('care-goals/GOAL-1', { ...goal, priority: 'high' })).statusCode).toBe(201);
    expect(fieldsOf(await put('care-goals/GOAL-2', { ...goal, priority: 'urgent' }))).toEqual(['priority']);
    expect(fieldsOf(await put('care-goals/GOAL-2', { ...goal, targetDate: '2026-02-30' }))).toEqual([
      'targetDate',
    ]);
    const concern = {
      patientExternalId: mariaExternal,
      code: 'R74.01',
      codeSystem: 'ICD10',
      description: 'Elevated ALT',
      status: 'resolved',
      onsetDate: '2026-01-10',
      author,
    };
    expect((await put('health-concerns/CONCERN-1', concern)).statusCode).toBe(201);
    expect(fieldsOf(await put('health-concerns/CONCERN-2', { ...concern, status: 'gone' }))).toEqual([
      'status',
    ]);

    const token = (await signIn(app, 'maria', maria.password)).accessToken;
    const shown = (await record(token, maria.patientId)).json<ClinicalRecordResponse>();
    expect(shown.vitalSigns[0]!.measurements).toEqual([{ code: '8480-6', value: 121, unit: 'mm[Hg]' }]);
    expect(shown.immunizations.map((i) => i.status).sort()).toEqual(['completed', 'completed', 'not-done']);
    // The list names the notes; each one's text or PDF is read when opened.
    expect(shown.notes.map((n) => Object.keys(n).sort())).toEqual([
      ['authorName', 'authorOrganization', 'authoredAt', 'id', 'noteTypeName', 'recordedAt', 'title'],
      ['authorName', 'authorOrganization', 'authoredAt', 'id', 'noteTypeName', 'recordedAt', 'title'],
    ]);
    const opened = await Promise.all(
      shown.notes.map(async (n) =>
        (await openNote(token, maria.patientId, n.id)).json<RecordNoteContentView>(),
      ),
    );
    expect(opened.find((n) => n.text)).toMatchObject({ text: 'Psoriasis well controlled.', pdf: null });
    const pdf = opened.find((n) => n.pdf)!;
    expect(pdf.pdf!.fileName).toBe('visit.pdf');
    const download = await app.inject({ method: 'GET', url: pdf.pdf!.url });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(shown.carePlan.items[0]).toMatchObject({
      kind: 'procedure',
      plannedAt: '2026-05-01T12:00:00.000Z',
    });
    expect(shown.carePlan.goals[0]).toMatchObject({ targetDate: '2026-06-01', status: 'active' });
    expect(shown.carePlan.concerns[0]).toMatchObject({ code: 'R74.01', status: 'resolved' });

    // Another patient's note, asked for under Maria's own id, is not found: a note is read by its patient.
    const other = await givenUser(t.db, practiceId, { username: 'othernote' });
    const [otherPatient] = await t.db.select().from(patient).where(eq(patient.id, other.patientId));
    expect(
      (
        await put('clinical-notes/NOTE-9', {
          ...note,
          patientExternalId: otherPatient!.externalId,
          encounterExternalId: null,
        })
      ).statusCode,
    ).toBe(201);
    const otherToken = (await signIn(app, 'othernote', other.password)).accessToken;
    const [otherNote] = (await record(otherToken, other.patientId)).json<ClinicalRecordResponse>().notes;
    expect((await openNote(otherToken, other.patientId, otherNote!.id)).statusCode).toBe(200);
    expect((await openNote(token, maria.patientId, otherNote!.id)).statusCode).toBe(404);
  });

  it('stores the health status by its external id, shows the latest, refuses a code outside the value set in English and Spanish', async () => {
    const status = {
      patientExternalId: mariaExternal,
      encounterExternalId: 'ENC-1',
      code: '161901003',
      recordedAt: '2026-03-02T15:40:00Z',
      author: { ...author, taxonomyCode: '207N00000X' },
    };
    expect((await put('health-statuses/HS-1', status)).statusCode).toBe(201);
    expect((await put('health-statuses/HS-1', status)).json()).toMatchObject({ created: false });
    expect(await t.db.select().from(healthStatusTable)).toMatchObject([
      { externalId: 'HS-1', code: '161901003', status: 'final', authorTaxonomyCode: '207N00000X' },
    ]);
    const token = (await signIn(app, 'maria', maria.password)).accessToken;
    const latest = async (query = '') =>
      (await record(token, maria.patientId, query)).json<ClinicalRecordResponse>().carePlan.healthStatus;
    expect(await latest()).toMatchObject({
      code: '161901003',
      display: 'Chronic sick',
      authorName: author.name,
      recordedAt: '2026-03-02T15:40:00.000Z',
    });
    // A later assessment is the current one; the range follows when it was recorded.
    await put('health-statuses/HS-2', { ...status, code: '765205004', recordedAt: '2026-06-01T15:00:00Z' });
    expect((await latest())?.code).toBe('765205004');
    expect((await latest('?to=2026-04-01T00:00:00Z'))?.code).toBe('161901003');
    expect(await latest('?from=2026-07-01T00:00:00Z')).toBeNull();
    // Withdrawn as sent by mistake: the earlier assessment is current again.
    await put('health-statuses/HS-2', {
      ...status,
      code: '765205004',
      recordedAt: '2026-06-01T15:00:00Z',
      status: 'entered-in-error',
    });
    expect((await latest())?.code).toBe('161901003');

    const psoriasis = { ...status, code: '9014002' };
    const refused = await put('health-statuses/HS-3', psoriasis);
    expect(refused.statusCode).toBe(400);
    const [message] = refused.json<ErrorResponse>().validationMessages ?? [];
    expect(message?.field).toBe('code');
    expect(message?.description).toMatch(
      /^The health status 9014002 is not in the HL7 HealthStatus value set; use one of the SNOMED CT codes 21134002 \(Disability\), 81323004 \(Normal general body function\), .*161901003 \(Chronic sick\)/,
    );
    const spanish = await app.inject({
      method: 'PUT',
      url: '/api/integration/health-statuses/HS-3',
      headers: { 'x-api-key': key, 'accept-language': 'es' },
      payload: psoriasis,
    });
    expect(spanish.json<ErrorResponse>().validationMessages?.[0]?.description).toMatch(
      /^El estado de salud 9014002 no está en el conjunto de valores HealthStatus de HL7; use uno de los códigos SNOMED CT 21134002 \(Disability\)/,
    );
    expect(fieldsOf(await put('health-statuses/HS-3', { ...status, code: 'well' }))).toEqual(['code']);
    expect(fieldsOf(await put('health-statuses/HS-3', { ...status, status: 'amended' }))).toEqual(['status']);
    expect(fieldsOf(await put('health-statuses/HS-3', { ...status, encounterExternalId: 'ENC-X' }))).toEqual([
      'encounterExternalId',
    ]);
    expect(await t.db.select().from(healthStatusTable)).toHaveLength(2);
  });

  it('extends prescriptions with a structured dose, route, frequency and RxNorm code', async () => {
    const rx = {
      patientExternalId: mariaExternal,
      fdbId: '105586',
      fdbDescription: 'Methotrexate 10 MG Oral Tablet',
      sig: 'Take 1 tablet by mouth once a week',
      rxnormCode: '105586',
      dose: { quantity: 1, unit: '{tbl}' },
      route: { code: 'C38288', text: 'Oral' },
      frequency: { periodValue: 1, periodUnit: 'wk', text: 'Once a week' },
      prescriberName: 'Olivia Bennett, MD',
      prescriberNpi: '1548392012',
      organization: 'Sunshine Dermatology',
    };
    expect((await put('prescriptions/RX-1', rx)).statusCode).toBe(201);
    expect(await t.db.select().from(prescription)).toMatchObject([
      {
        rxnormCode: '105586',
        doseQuantity: 1,
        doseUnit: '{tbl}',
        routeCode: 'C38288',
        frequencyPeriodValue: 1,
        frequencyPeriodUnit: 'wk',
        prescriberNpi: '1548392012',
        authorOrganization: 'Sunshine Dermatology',
      },
    ]);
    expect(
      fieldsOf(await put('prescriptions/RX-2', { ...rx, route: { code: 'oral', text: 'Oral' } })),
    ).toEqual(['route.code']);
    expect(fieldsOf(await put('prescriptions/RX-2', { ...rx, frequency: { periodValue: 1 } }))).toEqual([
      'frequency.periodUnit',
    ]);
    expect(fieldsOf(await put('prescriptions/RX-2', { ...rx, dose: { quantity: -1, unit: 'mg' } }))).toEqual([
      'dose.quantity',
    ]);
  });

  it("lets a responsible person read the ward's results and refuses a stranger", async () => {
    const family: Family = await givenFamily(t.db, practiceId);
    const [emma] = await t.db.select().from(patient).where(eq(patient.id, family.minorId));
    await put('results/EMMA-1', labResult({ patientExternalId: emma!.externalId }));
    const guardian = (await signIn(app, family.guardian.username, family.guardian.password)).accessToken;
    const seen = await record(guardian, family.minorId);
    expect(seen.statusCode).toBe(200);
    expect(seen.json<ClinicalRecordResponse>().results).toHaveLength(1);
    const markedByGuardian = await app.inject({
      method: 'POST',
      url: '/api/app/patient/healthInfo/results/markRead',
      headers: bearer(guardian),
      payload: { patientId: family.minorId, resultId: seen.json<ClinicalRecordResponse>().results[0]!.id },
    });
    expect(markedByGuardian.json()).toEqual({ read: true });
    expect((await record(guardian, family.minorId)).json<ClinicalRecordResponse>().results[0]!.unread).toBe(
      false,
    );
    const stranger = (await signIn(app, family.stranger.username, family.stranger.password)).accessToken;
    expect((await record(stranger, family.minorId)).statusCode).toBe(403);
    const markForeign = await app.inject({
      method: 'POST',
      url: '/api/app/patient/healthInfo/results/markRead',
      headers: bearer(stranger),
      payload: { patientId: family.minorId, resultId: seen.json<ClinicalRecordResponse>().results[0]!.id },
    });
    expect(markForeign.statusCode).toBe(403);
  });
});
