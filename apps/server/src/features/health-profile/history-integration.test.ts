/**
 * The clinic side (integration API) of encounters, prescriptions, monographs and history items, and
 * the patient calls that read them: prescription/getHistory, getPatientEducationMonograph,
 * encounter/getByFilter and encounter/setHistoryFinished.
 */
import { eq } from 'drizzle-orm';
import {
  encountersResponse,
  errorResponse,
  patientEducationMonographResponse,
  patientSubjectiveItemsResponse,
  prescriptionHistoryResponse,
  setHistoryFinishedResponse,
} from '@dermis/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import { beforeEach, expect, it } from 'vitest';
import { encounter, encounterRole, historyItem, prescription, provider } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/database';
import { bearer, givenFamily, givenPracticeWithKey, signIn, type Family } from '../../test/fixtures';

const idOf = (response: LightMyRequestResponse) => z.object({ id: z.number() }).parse(response.json()).id;

describeEachDatabase('clinic feed of encounters, prescriptions and history', (t) => {
  const newApp = useTestApp(t);
  let app: FastifyInstance;
  let family: Family;
  let key: string;
  let token: string;
  let minorExternalId: string;

  beforeEach(async () => {
    app = await newApp();
    const practice = await givenPracticeWithKey(t.db);
    key = practice.apiKey;
    family = await givenFamily(t.db, practice.practiceId);
    token = (await signIn(app, family.guardian.username, family.guardian.password)).accessToken;
    const rows = await t.db.query.patient.findFirst({ where: (p, { eq }) => eq(p.id, family.minorId) });
    minorExternalId = rows!.externalId;
  });

  const feed = (method: 'PUT' | 'POST' | 'DELETE', url: string, payload?: object, apiKey = key) =>
    app.inject({
      method,
      url: `/api/integration/${url}`,
      headers: { 'x-api-key': apiKey },
      ...(payload ? { payload } : {}),
    });
  const post = (path: string, payload: object, accessToken = token) =>
    app.inject({ method: 'POST', url: `/api/app/${path}`, headers: bearer(accessToken), payload });

  const visit = (overrides: object = {}) => ({
    patientExternalId: minorExternalId,
    dateOfService: '2030-05-01T14:30:00.000Z',
    durationMinutes: 45,
    providers: [{ externalId: 'DR-1', firstName: 'Ana', lastName: 'Silva', title: 'MD' }],
    ...overrides,
  });

  it('upserts an encounter by external id with its provider, idempotently', async () => {
    const clinicId = idOf(await feed('POST', 'clinics', { name: 'Naples Dermatology', city: 'Naples' }));
    const first = await feed('PUT', 'encounters/ENC-1', visit({ clinicId }));
    expect(first.statusCode).toBe(201);
    const second = await feed('PUT', 'encounters/ENC-1', visit({ clinicId, durationMinutes: 60 }));
    expect(second.statusCode).toBe(200);
    expect(idOf(second)).toBe(idOf(first));
    expect(await t.db.select().from(encounter)).toHaveLength(1);
    expect(await t.db.select().from(provider)).toHaveLength(1);
    expect(await t.db.select().from(encounterRole)).toHaveLength(1);

    const listed = await post('encounter/getByFilter', { patientId: family.minorId, historyFinished: false });
    const [found] = encountersResponse.parse(listed.json()).encounters;
    expect(found).toMatchObject({
      dateOfService: '2030-05-01T14:30:00.000Z',
      duration: 3_600_000,
      historyFinished: false,
      clinicInfo: { clinicName: 'Naples Dermatology' },
      encounterRoleInfoList: [
        { encounterRoleType: 'PROVIDER', firstName: 'Ana', lastName: 'Silva', title: 'MD' },
      ],
    });
  });

  it('refuses an encounter of an unknown patient or of another practice’s clinic', async () => {
    const unknown = await feed('PUT', 'encounters/ENC-2', visit({ patientExternalId: 'NOPE' }));
    expect(unknown.statusCode).toBe(404);
    expect(errorResponse.parse(unknown.json()).message).toBe(
      'No patient with external id NOPE exists in this practice.',
    );
    const other = await givenPracticeWithKey(t.db, 'Other');
    const foreignClinic = idOf(await feed('POST', 'clinics', { name: 'Elsewhere' }, other.apiKey));
    expect((await feed('PUT', 'encounters/ENC-2', visit({ clinicId: foreignClinic }))).statusCode).toBe(404);
    expect((await feed('PUT', 'encounters/ENC-2', visit(), 'dermis_wrong')).statusCode).toBe(401);
  });

  it('marks the screening of an encounter finished for the patient’s responsible person only', async () => {
    const id = idOf(await feed('PUT', 'encounters/ENC-3', visit()));
    const eve = (await signIn(app, family.stranger.username, family.stranger.password)).accessToken;
    expect(
      (await post('encounter/setHistoryFinished', { encounterId: id, historyFinished: true }, eve))
        .statusCode,
    ).toBe(403);
    // An encounter that does not exist is refused the same way.
    expect(
      (await post('encounter/setHistoryFinished', { encounterId: id + 100, historyFinished: true }))
        .statusCode,
    ).toBe(403);
    const done = await post('encounter/setHistoryFinished', { encounterId: id, historyFinished: true });
    expect(setHistoryFinishedResponse.parse(done.json())).toMatchObject({ id, historyFinished: true });
    const open = await post('encounter/getByFilter', { patientId: family.minorId, historyFinished: false });
    expect(encountersResponse.parse(open.json()).encounters).toEqual([]);
  });

  it('filters encounters by a date-of-service range', async () => {
    await feed('PUT', 'encounters/A', visit({ dateOfService: '2030-01-10T09:00:00Z' }));
    await feed('PUT', 'encounters/B', visit({ dateOfService: '2030-02-10T09:00:00Z' }));
    const response = await post('encounter/getByFilter', {
      patientId: family.minorId,
      dateSelection: 'SPECIFY_RANGE',
      dateOfServiceRangeLow: '2030-02-01T00:00:00Z',
    });
    expect(encountersResponse.parse(response.json()).encounters.map((e) => e.dateOfService)).toEqual([
      '2030-02-10T09:00:00.000Z',
    ]);
  });

  it('feeds prescriptions and a monograph the patient side reads', async () => {
    const rx = {
      patientExternalId: minorExternalId,
      fdbId: '1649988',
      fdbDescription: 'Tretinoin 0.025 % Topical Cream',
      fdbDrugType: 'SCD',
      sig: 'Apply a thin layer at bedtime',
      dateWritten: '2026-09-01',
    };
    expect((await feed('PUT', 'prescriptions/RX-1', rx)).statusCode).toBe(201);
    expect((await feed('PUT', 'prescriptions/RX-1', rx)).statusCode).toBe(200);
    await feed('PUT', 'prescriptions/RX-2', {
      ...rx,
      fdbId: '1649480',
      fdbDescription: 'Doxycycline 100 MG Oral Capsule',
      status: 'INACTIVE',
      dateWritten: '2026-10-01',
      dateInactive: '2026-10-15',
    });
    expect(await t.db.select().from(prescription)).toHaveLength(2);
    const monograph = {
      fdbId: '1649988',
      fdbDrugType: 'SCD',
      title: 'Tretinoin cream',
      monograph: 'Line one\nLine two',
    };
    expect((await feed('PUT', 'drug-monographs', monograph)).statusCode).toBe(201);
    expect((await feed('PUT', 'drug-monographs', monograph)).statusCode).toBe(200);

    const history = prescriptionHistoryResponse.parse(
      (await post('prescription/getHistory', { patientId: family.minorId })).json(),
    );
    expect(history.prescriptions.map((p) => [p.fdbDescription, p.status, p.hasMonograph])).toEqual([
      ['Tretinoin 0.025 % Topical Cream', 'ACTIVE', true],
      ['Doxycycline 100 MG Oral Capsule', 'INACTIVE', false],
    ]);

    const found = await post('prescription/getPatientEducationMonograph', {
      fdbId: '1649988',
      fdbDrugType: 'SCD',
      monographFormat: 'TEXT_PLAIN',
    });
    expect(patientEducationMonographResponse.parse(found.json())).toMatchObject({
      title: 'Tretinoin cream',
      monograph: 'Line one\nLine two',
    });
    const missing = await post('prescription/getPatientEducationMonograph', {
      fdbId: '1649480',
      fdbDrugType: 'SCD',
    });
    expect(missing.statusCode).toBe(404);
    expect(errorResponse.parse(missing.json()).message).toBe(
      'Medication monograph fetch failed. Please check your connection and try again.',
    );
    const eve = (await signIn(app, family.stranger.username, family.stranger.password)).accessToken;
    expect((await post('prescription/getHistory', { patientId: family.minorId }, eve)).statusCode).toBe(403);
  });

  it('pages the prescription history by cursor, in its order, and never into another patient’s list', async () => {
    const rx = (
      id: string,
      status: 'ACTIVE' | 'INACTIVE',
      dateWritten: string | null,
      patientExternalId = minorExternalId,
    ) =>
      feed('PUT', `prescriptions/${id}`, {
        patientExternalId,
        fdbId: id,
        fdbDescription: `Drug ${id}`,
        status,
        dateWritten,
      });
    await rx('A', 'ACTIVE', '2026-09-01');
    await rx('B', 'ACTIVE', '2026-10-01');
    await rx('C', 'ACTIVE', null);
    await rx('D', 'INACTIVE', '2026-08-01');
    await rx('E', 'INACTIVE', '2026-11-01');
    const history = async (payload: object, accessToken = token) =>
      prescriptionHistoryResponse.parse(
        (
          await post('prescription/getHistory', { patientId: family.minorId, ...payload }, accessToken)
        ).json(),
      );
    const names = (answer: { prescriptions: { fdbId: string }[] }) =>
      answer.prescriptions.map((p) => p.fdbId);

    // Without a limit, the whole list as before: ACTIVE first, newest written first, undated last.
    const whole = await history({});
    expect(names(whole)).toEqual(['B', 'A', 'C', 'E', 'D']);
    expect(whole.nextCursor).toBeNull();

    const first = await history({ limit: 2 });
    expect(names(first)).toEqual(['B', 'A']);
    const second = await history({ limit: 2, cursor: first.nextCursor });
    expect(names(second)).toEqual(['C', 'E']);
    const third = await history({ limit: 2, cursor: second.nextCursor });
    expect(names(third)).toEqual(['D']);
    expect(third.nextCursor).toBeNull();
    // A page that ends the list exactly says so too.
    expect((await history({ limit: 5 })).nextCursor).toBeNull();

    // Bad input is refused with the field named.
    for (const bad of [{ limit: 0 }, { limit: 501 }, { limit: 1.5 }, { cursor: 'not a cursor!' }]) {
      const refused = await post('prescription/getHistory', { patientId: family.minorId, ...bad });
      expect(refused.statusCode).toBe(400);
      const answer = errorResponse.parse(refused.json());
      expect(answer.message).not.toBe('');
      expect(answer.validationMessages?.map((m) => m.field)).toEqual(Object.keys(bad));
    }

    // The guardian's own list: its cursor read against the minor's list gives nothing of either.
    const guardian = await t.db.query.patient.findFirst({
      where: (p, { eq }) => eq(p.id, family.guardian.patientId),
    });
    await rx('G1', 'ACTIVE', '2026-01-01', guardian!.externalId);
    await rx('G2', 'ACTIVE', '2026-02-01', guardian!.externalId);
    const own = prescriptionHistoryResponse.parse(
      (await post('prescription/getHistory', { patientId: family.guardian.patientId, limit: 1 })).json(),
    );
    expect(names(own)).toEqual(['G2']);
    const foreign = await history({ limit: 2, cursor: own.nextCursor });
    expect(foreign.prescriptions).toEqual([]);
    expect(foreign.nextCursor).toBeNull();
    // A cursor naming the minor with the guardian's prescription, or another list's cursor: nothing.
    const g2 = own.prescriptions[0]!.id;
    const forged = Buffer.from(`${family.minorId}.PRESCRIPTIONS.${g2}`).toString('base64url');
    expect((await history({ cursor: forged })).prescriptions).toEqual([]);
    const inbox = Buffer.from(`${family.minorId}.INBOX.${whole.prescriptions[0]!.id}`).toString('base64url');
    expect((await history({ cursor: inbox })).prescriptions).toEqual([]);
    // And another patient's list stays the guard's business first.
    const eve = (await signIn(app, family.stranger.username, family.stranger.password)).accessToken;
    expect(
      (await post('prescription/getHistory', { patientId: family.minorId, limit: 2 }, eve)).statusCode,
    ).toBe(403);
  });

  it('feeds history items by external id under the same rules as the patient’s save', async () => {
    const item = {
      patientExternalId: minorExternalId,
      sectionId: 'ALLERGIES',
      code: '7980',
      name: 'Penicillin',
      details: ['39579001'],
    };
    // The clinic's real allergy replaces the patient's "No known allergies".
    await post('subjective/savePatientSubjectiveItems', {
      type: 'HISTORY',
      patientId: family.minorId,
      items: [
        {
          sectionId: 'ALLERGIES',
          specialType: 'DENIES',
          attributes: [{ order: 1, values: [{ value: '716186003' }] }],
        },
      ],
    });
    expect((await feed('PUT', 'history-items/AL-1', item)).statusCode).toBe(201);
    expect((await feed('PUT', 'history-items/AL-1', { ...item, details: ['247472004'] })).statusCode).toBe(
      200,
    );
    // The clinic's criticality of an allergy is kept; no other section has one.
    expect(
      (await feed('PUT', 'history-items/AL-1', { ...item, details: ['247472004'], criticality: 'high' }))
        .statusCode,
    ).toBe(200);
    const [assessed] = await t.db.select().from(historyItem).where(eq(historyItem.externalId, 'AL-1'));
    expect(assessed?.criticality).toBe('high');
    expect((await feed('PUT', 'history-items/AL-1', { ...item, criticality: 'severe' })).statusCode).toBe(
      400,
    );
    expect(
      (
        await feed('PUT', 'history-items/PMH-1', {
          ...item,
          sectionId: 'PAST_MEDICAL_HISTORY',
          code: '9014002',
          name: 'Psoriasis',
          details: [],
          criticality: 'low',
        })
      ).statusCode,
    ).toBe(400);
    const duplicate = await feed('PUT', 'history-items/AL-2', { ...item, code: '7981' });
    expect(duplicate.statusCode).toBe(409);
    expect(errorResponse.parse(duplicate.json()).message).toBe(
      'Allergy "Penicillin" is already added to your list.',
    );
    const noReason = await feed('PUT', 'history-items/MED-1', {
      ...item,
      sectionId: 'MEDICATIONS',
      details: [],
      name: 'Isotretinoin',
      active: false,
    });
    expect(noReason.statusCode).toBe(400);
    expect(errorResponse.parse(noReason.json()).error).toBe('DISCONTINUATION_REASON_REQUIRED');

    // Single-choice social history: the clinic's latest answer replaces the earlier one.
    const smoking = { patientExternalId: minorExternalId, sectionId: 'SMOKING', name: 'x' };
    await feed('PUT', 'history-items/SM-1', { ...smoking, code: '449868002' });
    await feed('PUT', 'history-items/SM-2', { ...smoking, code: '8517006' });

    const read = patientSubjectiveItemsResponse.parse(
      (
        await post('subjective/getPatientSubjectiveAndTemplateItems', {
          type: 'HISTORY',
          patientId: family.minorId,
        })
      ).json(),
    );
    expect(read.items.map((i) => [i.sectionId, i.primaryAttributeValue, i.enteredByClinic])).toEqual([
      ['ALLERGIES', '7980', true],
      ['SMOKING', '8517006', true],
    ]);
    expect(read.items[0]!.attributes[2]!.values.map((v) => v.description)).toEqual(['Hives']);

    // The patient's edit of the reactions keeps the clinic's criticality; a change of allergen drops it.
    const edit = (code: string) =>
      post('subjective/savePatientSubjectiveItems', {
        type: 'HISTORY',
        patientId: family.minorId,
        items: [
          {
            id: assessed!.id,
            sectionId: 'ALLERGIES',
            attributes: [
              { order: 1, values: [{ value: code, description: 'Penicillin', customValue: '1' }] },
              { order: 3, values: [{ value: '39579001' }] },
            ],
          },
        ],
      });
    const criticalityNow = async () =>
      (await t.db.select().from(historyItem).where(eq(historyItem.externalId, 'AL-1')))[0]?.criticality;
    expect((await edit('7980')).statusCode).toBe(200);
    expect(await criticalityNow()).toBe('high');
    expect((await edit('7981')).statusCode).toBe(200);
    expect(await criticalityNow()).toBeNull();

    expect((await feed('DELETE', 'history-items/AL-1')).statusCode).toBe(200);
    expect((await feed('DELETE', 'history-items/AL-1')).statusCode).toBe(404);
    expect(await t.db.select().from(historyItem)).toHaveLength(1);
  });

  it('documents the new integration routes in the OpenAPI document', async () => {
    const doc = z
      .object({ paths: z.record(z.string(), z.unknown()) })
      .parse((await app.inject({ method: 'GET', url: '/api/integration/openapi.json' })).json());
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/integration/encounters/{externalId}',
        '/api/integration/prescriptions/{externalId}',
        '/api/integration/drug-monographs',
        '/api/integration/history-items/{externalId}',
      ]),
    );
  });
});
