import {
  completeFirstTimeSetupResponse,
  errorResponse,
  patientSubjectiveItemsResponse,
  userProfile,
  type SubjectiveItemInput,
} from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import { beforeEach, expect, it } from 'vitest';
import { encounter, historyItem } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/database';
import { bearer, givenFamily, givenPractice, signIn, type Family } from '../../test/fixtures';

const allergy = (name: string, code: string, reactions: string[] = []): SubjectiveItemInput => ({
  sectionId: 'ALLERGIES',
  attributes: [
    { order: 1, values: [{ value: code, description: name, customValue: '1' }] },
    { order: 3, values: reactions.map((value) => ({ value })) },
  ],
});
const medication = (name: string, code: string, reason?: string): SubjectiveItemInput => ({
  sectionId: 'MEDICATIONS',
  active: reason === undefined,
  attributes: [
    { order: 1, values: [{ value: code, description: name, customValue: 'IN' }] },
    ...(reason ? [{ order: 3 as const, values: [{ value: reason }] }] : []),
  ],
});
const negative = (sectionId: SubjectiveItemInput['sectionId'], value: string, special = 'DENIES') =>
  ({
    sectionId,
    specialType: special,
    attributes: [{ order: 1, values: [{ value }] }],
  }) as SubjectiveItemInput;
const option = (sectionId: SubjectiveItemInput['sectionId'], value: string): SubjectiveItemInput => ({
  sectionId,
  attributes: [{ order: 1, values: [{ value }] }],
});

describeEachDatabase('health history', (t) => {
  const newApp = useTestApp(t);
  let app: FastifyInstance;
  let family: Family;
  let token: string;

  beforeEach(async () => {
    app = await newApp();
    family = await givenFamily(t.db, await givenPractice(t.db));
    token = (await signIn(app, family.guardian.username, family.guardian.password)).accessToken;
  });

  const post = (path: string, payload: object, accessToken = token) =>
    app.inject({ method: 'POST', url: `/api/app/${path}`, headers: bearer(accessToken), payload });
  const get = (patientId = family.guardian.patientId) =>
    post('subjective/getPatientSubjectiveAndTemplateItems', { type: 'HISTORY', patientId });
  const save = (items: SubjectiveItemInput[], extra: object = {}, patientId = family.guardian.patientId) =>
    post('subjective/savePatientSubjectiveItems', { type: 'HISTORY', patientId, items, ...extra });

  it('answers the ten section templates and no items for a new patient', async () => {
    const response = await get();
    expect(response.statusCode).toBe(200);
    const body = patientSubjectiveItemsResponse.parse(response.json());
    expect(body.items).toEqual([]);
    expect(body.templates.map((s) => s.sectionId)).toHaveLength(10);
    const allergies = body.templates.find((s) => s.sectionId === 'ALLERGIES')!;
    expect(allergies.attributes.find((a) => a.order === 3)!.options).toHaveLength(15);
    expect(allergies.negativeItems.map((n) => n.description)).toEqual(['No known allergies', 'Unknown']);
    const meds = body.templates.find((s) => s.sectionId === 'MEDICATIONS')!;
    expect(meds.attributes.find((a) => a.order === 3)).toMatchObject({ defaultValue: '182870006' });
    expect(meds.attributes.find((a) => a.order === 3)!.options).toHaveLength(18);
    // ROS and HPI are not kept by the portal.
    expect(
      (
        await post('subjective/getPatientSubjectiveAndTemplateItems', {
          type: 'ROS',
          patientId: family.guardian.patientId,
        })
      ).json(),
    ).toMatchObject({ items: [], templates: [] });
  });

  it('saves an allergy with reactions and reads it back with the fixed texts and the default status', async () => {
    const response = await save([allergy('Penicillin', '7980', ['247472004', '39579001'])]);
    expect(response.statusCode).toBe(200);
    const [item] = patientSubjectiveItemsResponse.parse(response.json()).items;
    expect(item).toMatchObject({ sectionId: 'ALLERGIES', active: true, specialType: null, templateId: 1 });
    expect(item!.attributes).toEqual([
      { attributeId: 11, order: 1, values: [{ value: '7980', description: 'Penicillin', customValue: '1' }] },
      {
        attributeId: 12,
        order: 2,
        values: [{ value: 'KNOWN_PRESENT', description: 'Known present', customValue: null }],
      },
      {
        attributeId: 13,
        order: 3,
        values: [
          { value: '247472004', description: 'Hives', customValue: null },
          { value: '39579001', description: 'Anaphylaxis', customValue: null },
        ],
      },
    ]);
    const again = patientSubjectiveItemsResponse.parse((await get()).json());
    expect(again.items).toEqual([item]);
  });

  it('refuses duplicates by name with the messages of spec §8', async () => {
    const dup = await save([allergy('Penicillin', '7980'), allergy(' penicillin ', '7981')]);
    expect(dup.statusCode).toBe(409);
    expect(errorResponse.parse(dup.json())).toMatchObject({
      error: 'DUPLICATE_HISTORY_ITEM',
      message: 'Allergy "penicillin" is already added to your list.',
    });
    const meds = await save([medication('Doxycycline', '3640'), medication('Doxycycline', '3640')]);
    expect(errorResponse.parse(meds.json()).message).toBe(
      'Medication "Doxycycline" is already added to your list.',
    );
    const problem: SubjectiveItemInput = {
      sectionId: 'PAST_MEDICAL_HISTORY',
      attributes: [{ order: 1, values: [{ value: '200936003', description: 'Lupus' }] }],
    };
    const problems = await save([problem, problem]);
    expect(errorResponse.parse(problems.json()).message).toBe('"Lupus" is already added to your list.');
    expect(await t.db.select().from(historyItem)).toEqual([]);
  });

  it('needs a reason to discontinue a medication, and lets a discontinued one be taken again', async () => {
    const missing = await save([{ ...medication('Doxycycline', '3640'), active: false }]);
    expect(missing.statusCode).toBe(400);
    expect(errorResponse.parse(missing.json())).toMatchObject({
      error: 'DISCONTINUATION_REASON_REQUIRED',
      message: 'You must choose a reason for medication discontinuation.',
    });
    const wrongReason = await save([medication('Doxycycline', '3640', '12345')]);
    expect(wrongReason.statusCode).toBe(400);

    const saved = await save([
      medication('Doxycycline', '3640', '182864000'),
      medication('Doxycycline', '3640'),
    ]);
    expect(saved.statusCode).toBe(200);
    const items = patientSubjectiveItemsResponse.parse(saved.json()).items;
    expect(items.map((i) => i.active)).toEqual([false, true]);
    expect(items[0]!.attributes.find((a) => a.order === 3)!.values[0]).toMatchObject({
      value: '182864000',
      description: 'Drug not taken - side-effects',
    });
  });

  it('drops a section’s negatives when real items come, and keeps one negative alone', async () => {
    const onlyNegatives = await save([
      negative('ALLERGIES', '716186003'),
      negative('ALLERGIES', '_unknown_ALLERGIES', 'UNKNOWN'),
    ]);
    const [denies] = patientSubjectiveItemsResponse.parse(onlyNegatives.json()).items;
    expect(denies).toMatchObject({ specialType: 'DENIES', primaryAttributeValue: '716186003' });
    expect(denies!.attributes[0]!.values[0]!.description).toBe('No known allergies');

    const mixed = await save([negative('ALLERGIES', '716186003'), allergy('Latex', '111088007')]);
    const items = patientSubjectiveItemsResponse.parse(mixed.json()).items;
    expect(items.map((i) => i.primaryAttributeValue)).toEqual(['111088007']);
    // Discontinued medications leave "No known medications" standing.
    const meds = await save([
      medication('Isotretinoin', '6064', '182864000'),
      negative('MEDICATIONS', '_no_MEDICATIONS'),
    ]);
    expect(
      patientSubjectiveItemsResponse
        .parse(meds.json())
        .items.filter((i) => i.sectionId === 'MEDICATIONS')
        .map((i) => [i.primaryAttributeValue, i.active]),
    ).toEqual([
      ['6064', false],
      ['_no_MEDICATIONS', true],
    ]);
    // A negative of another section, or a made-up one, is refused.
    expect((await save([negative('ALLERGIES', '_no_MEDICATIONS')])).statusCode).toBe(400);
  });

  it('replaces only the sections it names: an empty save of a section clears it', async () => {
    await save([allergy('Latex', '111088007'), option('SMOKING', '8517006')]);
    const cleared = await save([], { sections: ['ALLERGIES'] });
    const items = patientSubjectiveItemsResponse.parse(cleared.json()).items;
    expect(items.map((i) => i.sectionId)).toEqual(['SMOKING']);
    // An item outside the sections named is refused.
    expect((await save([allergy('Latex', '111088007')], { sections: ['SMOKING'] })).statusCode).toBe(400);
  });

  it('updates an item by id, and refuses an id of another section or patient', async () => {
    const first = patientSubjectiveItemsResponse.parse((await save([allergy('Latex', '111088007')])).json());
    const id = first.items[0]!.id;
    const updated = await save([{ ...allergy('Latex', '111088007', ['271807003']), id }]);
    expect(patientSubjectiveItemsResponse.parse(updated.json()).items[0]).toMatchObject({ id });
    expect((await save([{ ...option('SMOKING', '8517006'), id }])).statusCode).toBe(400);
    const other = await save([{ ...allergy('Latex', '111088007'), id }], {}, family.minorId);
    expect(other.statusCode).toBe(400);
  });

  it('holds social history to its options and the special codes', async () => {
    expect((await save([option('SMOKING', '8517006'), option('SMOKING', '266919005')])).statusCode).toBe(400);
    expect((await save([option('ALCOHOL', '105542008'), option('ALCOHOL', '219006')])).statusCode).toBe(400);
    expect((await save([option('DRUG', '361055000'), option('DRUG', '_no_361055000')])).statusCode).toBe(400);
    expect((await save([option('DRUG', '361055000'), option('DRUG', '424848002')])).statusCode).toBe(400);
    expect((await save([option('EXPOSURE', '12345')])).statusCode).toBe(400);

    const ok = await save([
      option('DRUG', '_no_361055000'),
      option('ALCOHOL', '28127009'),
      option('ALCOHOL', '228276006'),
      option('EXPOSURE', '242535001'),
      option('MARITAL', 'M'),
    ]);
    expect(ok.statusCode).toBe(200);
    const items = patientSubjectiveItemsResponse.parse(ok.json()).items;
    const drug = items.find((i) => i.sectionId === 'DRUG');
    expect(drug?.specialType).toBe('DENIES');
    expect(drug?.attributes[0]?.values[0]?.description).toBe('Does not misuse drugs');
    expect(items.map((i) => i.sectionId)).toEqual(['ALCOHOL', 'ALCOHOL', 'DRUG', 'EXPOSURE', 'MARITAL']);
  });

  it('keeps family relatives to the fixed relation codes', async () => {
    const item = (relatives: string[]): SubjectiveItemInput => ({
      sectionId: 'FAMILY_HISTORY',
      attributes: [
        { order: 1, values: [{ value: '254637007', description: 'Melanoma' }] },
        { order: 3, values: relatives.map((value) => ({ value })) },
      ],
    });
    expect((await save([item(['AUNTIE'])])).statusCode).toBe(400);
    const saved = patientSubjectiveItemsResponse.parse((await save([item(['MTH', 'PCOUSN'])])).json());
    expect(saved.items[0]!.attributes[2]!.values.map((v) => v.description)).toEqual([
      'Mother',
      'Paternal cousin',
    ]);
  });

  it('lets the responsible person read and save the history of the patient they act for, not a stranger', async () => {
    expect((await save([allergy('Peanut', '91935009')], {}, family.minorId)).statusCode).toBe(200);
    expect(patientSubjectiveItemsResponse.parse((await get(family.minorId)).json()).items).toHaveLength(1);
    const eve = (await signIn(app, family.stranger.username, family.stranger.password)).accessToken;
    const refused = await post(
      'subjective/getPatientSubjectiveAndTemplateItems',
      { type: 'HISTORY', patientId: family.minorId },
      eve,
    );
    expect(refused.statusCode).toBe(403);
  });

  it('checks the encounter of a screening save belongs to the patient', async () => {
    const [visit] = await t.db
      .insert(encounter)
      .values({
        practiceId: family.guardian.practiceId,
        patientId: family.minorId,
        externalId: 'V1',
        dateOfService: new Date('2030-01-01T10:00:00Z'),
      })
      .returning();
    const own = await save([allergy('Latex', '111088007')], { complaintId: visit!.id }, family.minorId);
    expect(own.statusCode).toBe(200);
    const [row] = await t.db.select().from(historyItem);
    expect(row!.encounterId).toBe(visit!.id);
    const foreign = await save([allergy('Latex', '111088007')], { complaintId: visit!.id });
    expect(foreign.statusCode).toBe(404);
  });

  it('completes the first-time set-up of the caller’s own account', async () => {
    const response = await post('patient/dermis/completeFirstTimeSetup', {});
    expect(completeFirstTimeSetupResponse.parse(response.json())).toEqual({
      patientId: family.guardian.patientId,
      dermisFirstTimeSetupComplete: true,
    });
    const profile = await post('patient/getByUsername', { username: family.guardian.username });
    expect(userProfile.parse(profile.json()).dermisFirstTimeSetupComplete).toBe(true);
  });
});
