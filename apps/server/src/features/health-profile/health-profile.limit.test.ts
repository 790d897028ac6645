import { patientSubjectiveItemsResponse, type SubjectiveItemInput } from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import { beforeEach, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/database';
import { bearer, givenFamily, givenPractice, signIn, type Family } from '../../test/fixtures';

const allergy = (i: number): SubjectiveItemInput => ({
  sectionId: 'ALLERGIES',
  attributes: [
    { order: 1, values: [{ value: `A${i}`, description: `Allergen ${i}`, customValue: '1' }] },
    { order: 3, values: [] },
  ],
});
const surgery = (i: number): SubjectiveItemInput => ({
  sectionId: 'SURGICAL_HISTORY',
  attributes: [{ order: 1, values: [{ value: `S${i}`, description: `Surgery ${i}`, customValue: null }] }],
});
const smoking: SubjectiveItemInput = {
  sectionId: 'SMOKING',
  attributes: [{ order: 1, values: [{ value: '266919005' }] }],
};
const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describeEachDatabase('health history, newest of each list', (t) => {
  const newApp = useTestApp(t);
  let app: FastifyInstance;
  let family: Family;
  let token: string;

  beforeEach(async () => {
    app = await newApp();
    family = await givenFamily(t.db, await givenPractice(t.db));
    token = (await signIn(app, family.guardian.username, family.guardian.password)).accessToken;
    const saved = await post('subjective/savePatientSubjectiveItems', {
      type: 'HISTORY',
      patientId: family.guardian.patientId,
      items: [...range(30).map(allergy), ...range(3).map(surgery), smoking],
    });
    expect(saved.statusCode).toBe(200);
  });

  const post = (path: string, payload: object, accessToken = token) =>
    app.inject({ method: 'POST', url: `/api/app/${path}`, headers: bearer(accessToken), payload });
  const get = (extra: object, accessToken = token, patientId = family.guardian.patientId) =>
    post(
      'subjective/getPatientSubjectiveAndTemplateItems',
      { type: 'HISTORY', patientId, ...extra },
      accessToken,
    );
  const names = (
    body: { items: { sectionId: string; attributes: { values: { description: string }[] }[] }[] },
    section: string,
  ) => body.items.filter((i) => i.sectionId === section).map((i) => i.attributes[0]!.values[0]!.description);

  it('answers every item and no totals without a limit, as before', async () => {
    const body = patientSubjectiveItemsResponse.parse((await get({})).json());
    expect(names(body, 'ALLERGIES')).toHaveLength(30);
    expect(body).not.toHaveProperty('totals');
  });

  it('answers the newest of each list in the usual order, social history whole, and every total', async () => {
    const body = patientSubjectiveItemsResponse.parse((await get({ limit: 20 })).json());
    expect(names(body, 'ALLERGIES')).toEqual(
      range(30)
        .slice(10)
        .map((i) => `Allergen ${i}`),
    );
    expect(names(body, 'SURGICAL_HISTORY')).toEqual(['Surgery 1', 'Surgery 2', 'Surgery 3']);
    expect(body.items.filter((i) => i.sectionId === 'SMOKING')).toHaveLength(1);
    expect(body.totals).toEqual({
      ALLERGIES: 30,
      MEDICATIONS: 0,
      PAST_MEDICAL_HISTORY: 0,
      FAMILY_HISTORY: 0,
      SURGICAL_HISTORY: 3,
    });
    expect(body.templates).toHaveLength(10);
  });

  it('answers one list whole with its section, and with a limit its newest', async () => {
    const whole = patientSubjectiveItemsResponse.parse((await get({ section: 'ALLERGIES' })).json());
    expect(whole.items.every((i) => i.sectionId === 'ALLERGIES')).toBe(true);
    expect(whole.items).toHaveLength(30);
    expect(whole.totals?.SURGICAL_HISTORY).toBe(3);
    const newest = patientSubjectiveItemsResponse.parse(
      (await get({ section: 'ALLERGIES', limit: 5 })).json(),
    );
    expect(names(newest, 'ALLERGIES')).toEqual([
      'Allergen 26',
      'Allergen 27',
      'Allergen 28',
      'Allergen 29',
      'Allergen 30',
    ]);
  });

  it('leaves the templates out when asked with templates: false, and only then', async () => {
    const withTemplates = patientSubjectiveItemsResponse.parse((await get({ limit: 20 })).json());
    const without = patientSubjectiveItemsResponse.parse((await get({ limit: 20, templates: false })).json());
    expect(without.templates).toEqual([]);
    expect(without).toEqual({ ...withTemplates, templates: [] });
    expect(
      patientSubjectiveItemsResponse.parse((await get({ templates: true })).json()).templates,
    ).toHaveLength(10);
    expect((await get({ templates: 'no' })).statusCode).toBe(400);
  });

  it('refuses a limit or a section out of range with 400', async () => {
    for (const extra of [
      { limit: 0 },
      { limit: 501 },
      { limit: 2.5 },
      { limit: '20' },
      { limit: null },
      { section: 'SMOKING' },
      { section: 'allergies' },
    ]) {
      const response = await get(extra);
      expect(response.statusCode, JSON.stringify(extra)).toBe(400);
    }
    expect((await get({ limit: 500 })).statusCode).toBe(200);
    expect((await get({ limit: 1 })).statusCode).toBe(200);
  });

  it('answers 403 for a patient the caller does not act for, with the new parameters too', async () => {
    const eve = (await signIn(app, family.stranger.username, family.stranger.password)).accessToken;
    expect((await get({ limit: 20 }, eve)).statusCode).toBe(403);
    expect((await get({ section: 'ALLERGIES' }, eve)).statusCode).toBe(403);
  });

  it('keeps every item when an editor saves the section it loaded whole after a limited view', async () => {
    const limited = patientSubjectiveItemsResponse.parse((await get({ limit: 20 })).json());
    expect(names(limited, 'ALLERGIES')).toHaveLength(20);
    // What the page's editor does before it can save: the section whole, then the list with one more.
    const whole = patientSubjectiveItemsResponse.parse((await get({ section: 'ALLERGIES' })).json());
    const saved = await post('subjective/savePatientSubjectiveItems', {
      type: 'HISTORY',
      patientId: family.guardian.patientId,
      sections: ['ALLERGIES'],
      items: [
        ...whole.items.map((i) => ({ ...i, dateModified: undefined, enteredByClinic: undefined })),
        allergy(31),
      ],
    });
    expect(saved.statusCode).toBe(200);
    const after = patientSubjectiveItemsResponse.parse((await get({})).json());
    expect(names(after, 'ALLERGIES')).toEqual(range(31).map((i) => `Allergen ${i}`));
    expect(names(after, 'SURGICAL_HISTORY')).toHaveLength(3);
  });
});
