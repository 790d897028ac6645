/**
 * The visit list's answers (encounter/getByFilter), byte for byte, for every shape of request the
 * Appointments page and the spec send: upcoming and past, with and without a limit, by cursor page
 * after page, with every consent and with `consents: false`, and the filters around them. The visits
 * hold the cases a faster read could get wrong: two at the same minute in each list, a past visit
 * without a provider (never listed), a visit without a clinic, two providers in the clinic's order,
 * consents signed here, signed at another visit (ONE_TIME), signed before the form's text changed,
 * waived, and still to sign, and times with microseconds. The bodies were pinned against the reads
 * before decision 290; identities restart with every test, so the ids are part of the pin.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { encountersResponse } from '@dermis/contract';
import { useTestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/database';
import { bearer, givenFamily, givenPracticeWithKey, signIn, type Family } from '../../test/fixtures';
import { signaturePng } from '../../test/png';
import { ana, ben, consent, visitFeeder } from './visit-feed-test-support';

const drawn = signaturePng().toString('base64');
/** Every upcoming visit is after `low` (and after now); every past one before `high`. */
const low = '2030-01-01T00:00:00.000Z';
const high = '2025-01-01T00:00:00.000Z';

describeEachDatabase('visit lists: the answers, byte for byte', (t) => {
  const newApp = useTestApp(t);
  let app: FastifyInstance;
  let family: Family;
  let key: string;
  let token: string;

  const feed = (url: string, payload: object) =>
    app.inject({ method: 'PUT', url: `/api/integration/${url}`, headers: { 'x-api-key': key }, payload });
  const post = (path: string, payload: object) =>
    app.inject({ method: 'POST', url: `/api/app/${path}`, headers: bearer(token), payload });

  beforeEach(async () => {
    app = await newApp();
    const practice = await givenPracticeWithKey(t.db);
    key = practice.apiKey;
    family = await givenFamily(t.db, practice.practiceId);
    token = (await signIn(app, family.guardian.username, family.guardian.password)).accessToken;
    const externalOf = async (id: number) =>
      (await t.db.query.patient.findFirst({ where: (p, { eq }) => eq(p.id, id) }))!.externalId;
    const minor = await externalOf(family.minorId);
    const guardian = await externalOf(family.guardian.patientId);
    const ok = async (url: string, payload: object) =>
      expect((await feed(url, payload)).statusCode).toBe(201);
    await ok('clinics/C-1', {
      name: 'Naples Dermatology',
      addressLine1: '100 Gulf Shore Blvd',
      city: 'Naples',
      state: 'FL',
      zipCode: '34102',
      phone: '2395550100',
      website: 'https://naples-derm.example',
    });
    await ok('clinics/C-2', {
      name: 'Bonita Skin',
      addressLine1: '1 Bay St',
      city: 'Bonita',
      state: 'FL',
      zipCode: '34134',
    });
    await ok('consent-profiles/HIPAA', {
      title: 'HIPAA acknowledgement',
      text: 'I acknowledge the privacy notice.',
      frequencyOfSigning: 'ONE_TIME',
    });
    await ok('consent-profiles/PHOTO', {
      title: 'Photography consent',
      text: 'You may photograph my skin.',
      frequencyOfSigning: 'EVERY_VISIT',
    });
    const visit = visitFeeder(ok, minor);
    // Upcoming, fed out of order; U-2 and U-3 at the same minute.
    await visit('U-3', '2031-04-01T10:00:00.000Z', {
      historyFinished: true,
      consents: [consent('K-U3-PHOTO', 'PHOTO'), consent('K-U3-HIPAA', 'HIPAA', 'IGNORED')],
    });
    await visit('U-1', '2031-03-01T10:00:00.000Z', {
      consents: [consent('K-U1-HIPAA', 'HIPAA'), consent('K-U1-PHOTO', 'PHOTO')],
    });
    await visit('U-2', '2031-04-01T10:00:00.000Z', {
      clinicExternalId: 'C-2',
      consents: [consent('K-U2-HIPAA', 'HIPAA'), consent('K-U2-PHOTO', 'PHOTO')],
    });
    await visit('U-4', '2031-05-01T10:30:00.000Z', {
      clinicExternalId: null,
      providers: [ben, ana],
      educationNote: 'Bring your list of medications.',
    });
    await visit('U-5', '2032-01-15T08:00:00.000Z', {
      providers: [],
      consents: [consent('K-U5-PHOTO', 'PHOTO')],
    });
    // Past; P-2 and P-3 at the same minute; P-4 has no provider and is never listed.
    await visit('P-1', '2020-01-10T09:00:00.000Z', {
      historyFinished: true,
      consents: [consent('K-P1-PHOTO', 'PHOTO')],
    });
    await visit('P-3', '2020-02-10T09:00:00.000Z', {
      historyFinished: true,
      consents: [consent('K-P3-HIPAA', 'HIPAA')],
    });
    await visit('P-2', '2020-02-10T09:00:00.000Z', { providers: [ana, ben] });
    await visit('P-4', '2020-03-10T09:00:00.000Z', {
      providers: [],
      consents: [consent('K-P4-PHOTO', 'PHOTO')],
    });
    await visit('P-5', '2019-06-10T09:00:00.000Z', { historyFinished: true });
    // Another patient's visit, never in the minor's lists.
    await visit('G-1', '2031-03-15T10:00:00.000Z', {
      patientExternalId: guardian,
      consents: [consent('K-G1-HIPAA', 'HIPAA')],
    });

    // Signed: U-1's HIPAA (ONE_TIME: it counts at U-2 and P-3 too) and U-2's photography; then the
    // photography form's text changes, which U-2's signed one keeps and the unsigned ones show.
    const whole = encountersResponse.parse(
      (await post('encounter/getByFilter', { patientId: family.minorId })).json(),
    );
    const byTitle = (externalId: string, title: string) =>
      whole.encounters
        .find((e) => e.educationText === `Education of ${externalId}.`)!
        .consents.find((c) => c.title === title)!;
    for (const c of [byTitle('U-1', 'HIPAA acknowledgement'), byTitle('U-2', 'Photography consent')]) {
      const signed = await post('consent/update', {
        consent: {
          ...c,
          status: 'PENDING',
          dateModified: new Date().toISOString(),
          cosigners: [{ type: 'PATIENT_OR_LEGAL_GUARDIAN', signature: drawn }],
        },
      });
      expect(signed.statusCode).toBe(200);
    }
    expect(
      (
        await feed('consent-profiles/PHOTO', {
          title: 'Photography consent',
          text: 'New wording.',
          frequencyOfSigning: 'EVERY_VISIT',
        })
      ).statusCode,
    ).toBe(200);
    // Fixed times, with microseconds: one signature after its consent's change, one before.
    await t.db.execute(
      sql`UPDATE consent SET updated_at = timestamptz '2026-01-01 10:00:00.123456+00' + id * interval '1 minute'`,
    );
    // A signature is write-once (its trigger): set aside for the fixed times alone.
    await t.db.execute(sql`ALTER TABLE consent_signature DISABLE TRIGGER consent_signature_immutable`);
    await t.db.execute(
      sql`UPDATE consent_signature SET signed_at = CASE WHEN id = (SELECT min(id) FROM consent_signature)
        THEN timestamptz '2026-03-01 12:00:00.987654+00' ELSE timestamptz '2025-12-01 12:00:00.5+00' END`,
    );
    await t.db.execute(sql`ALTER TABLE consent_signature ENABLE TRIGGER consent_signature_immutable`);
  });

  it('lists a past visit while it has a provider, whichever feed gave or took its last one', async () => {
    // A past visit counts only with a provider (decision 100): fed again without one it leaves the past
    // list and its total, fed again with one it comes back; an upcoming visit is listed either way.
    const minor = (await t.db.query.patient.findFirst({ where: (p, { eq }) => eq(p.id, family.minorId) }))!
      .externalId;
    const ok = async (url: string, payload: object) =>
      expect((await feed(url, payload)).statusCode).toBe(200);
    const visit = visitFeeder(ok, minor);
    const listed = async (request: object) => {
      const answer = encountersResponse.parse(
        (
          await post('encounter/getByFilter', { patientId: family.minorId, consents: false, ...request })
        ).json(),
      );
      return { visits: answer.encounters.map((e) => e.educationText), total: answer.total };
    };
    const past = {
      dateSelection: 'SPECIFY_RANGE',
      dateOfServiceRangeHigh: high,
      sortOrder: 'DESC',
      limit: 2,
    };
    const upcoming = { dateSelection: 'SPECIFY_RANGE', dateOfServiceRangeLow: low, limit: 2 };
    const of = (...ids: string[]) => ids.map((id) => `Education of ${id}.`);
    expect(await listed(past)).toEqual({ visits: of('P-2', 'P-3'), total: 4 });
    await visit('P-1', '2020-01-10T09:00:00.000Z', { providers: [] });
    await visit('P-4', '2020-03-10T09:00:00.000Z', { providers: [ben, ana] });
    expect(await listed(past)).toEqual({ visits: of('P-4', 'P-2'), total: 4 });
    await visit('P-3', '2020-02-10T09:00:00.000Z', { providers: [] });
    await visit('P-4', '2020-03-10T09:00:00.000Z', { providers: [ana] });
    expect(await listed(past)).toEqual({ visits: of('P-4', 'P-2'), total: 3 });
    await visit('U-1', '2031-03-01T10:00:00.000Z', { providers: [] });
    expect(await listed(upcoming)).toEqual({ visits: of('U-1', 'U-3'), total: 5 });
  });

  it('answers every shape of the Appointments page and the spec the same bytes', async () => {
    const upcoming = { dateSelection: 'SPECIFY_RANGE', dateOfServiceRangeLow: low, updateConsents: true };
    const past = { dateSelection: 'SPECIFY_RANGE', dateOfServiceRangeHigh: high, sortOrder: 'DESC' };
    const shapes: object[] = [
      {},
      { sortOrder: 'DESC' },
      { historyFinished: false },
      { historyFinished: true },
    ];
    for (const base of [upcoming, past])
      for (const limit of [undefined, 20, 2, 1])
        for (const consents of [undefined, true, false])
          shapes.push({
            ...base,
            ...(limit ? { limit } : {}),
            ...(consents === undefined ? {} : { consents }),
          });
    shapes.push(
      { dateSelection: 'ALL', dateOfServiceRangeLow: low, limit: 3 },
      {
        dateSelection: 'SPECIFY_RANGE',
        dateOfServiceRangeLow: high,
        dateOfServiceRangeHigh: '2031-04-01T10:00:00.000Z',
      },
      { ...upcoming, historyFinished: false, consents: false },
      { ...past, historyFinished: true, limit: 1, consents: false },
      { ...upcoming, dateOfServiceRangeLow: '2031-04-01T10:00:00.000Z', limit: 2 },
      { ...past, dateOfServiceRangeHigh: '2020-02-10T09:00:00.000Z', consents: false },
    );
    const bodies: string[] = [];
    const ask = async (request: object) => {
      const response = await post('encounter/getByFilter', { patientId: family.minorId, ...request });
      bodies.push(`${JSON.stringify(request)}\n${response.statusCode} ${response.body}`);
      return response;
    };
    for (const shape of shapes) await ask(shape);
    // Page by page by cursor, in both orders, with and without the whole consent list.
    for (const base of [upcoming, past, {}])
      for (const consents of [undefined, false])
        for (const limit of [2, 1]) {
          let cursor: string | null = null;
          for (let page = 0; page < 10; page++) {
            const request = { ...base, limit, cursor, ...(consents === undefined ? {} : { consents }) };
            const answer = encountersResponse.parse((await ask(request)).json());
            cursor = answer.nextCursor ?? null;
            if (cursor === null) break;
          }
          expect(cursor).toBeNull();
        }
    // A cursor of the other order, of another patient, or not a cursor at all reads an empty page.
    const newest = encountersResponse.parse((await ask({ ...past, limit: 1, cursor: null })).json());
    await ask({ ...upcoming, limit: 1, cursor: newest.nextCursor, consents: false });
    await ask({
      ...past,
      limit: 2,
      cursor: Buffer.from(`${family.guardian.patientId}.VISITSNEWEST.1`).toString('base64url'),
    });
    await ask({ ...upcoming, limit: 2, cursor: 'bm90LWEtY3Vyc29y' });
    await expect(bodies.join('\n')).toMatchFileSnapshot('__snapshots__/visit-list-answers.txt');
    // Some 90 requests: more than the default while the machine is loaded.
  }, 300_000);
});
