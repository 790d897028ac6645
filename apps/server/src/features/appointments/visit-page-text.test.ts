/**
 * The upcoming visits' page (encounter/getByFilter with `consents: false`, as the Appointments page
 * asks it) byte for byte when the stored text is awkward: the clinic's name, address, phone and
 * website, the providers' names and credentials, the education text and note, the consent forms'
 * titles and texts hold quotes, backslashes, control characters, U+007F, U+2028/U+2029, non-ASCII
 * and characters outside the BMP; optional fields null or empty; a photo and none; instants with and
 * without milliseconds. The bodies were pinned against the read that built the visits' objects in
 * Node; identities restart with every test. The same page asked with every consent (the spec's
 * answer) is pinned beside it, against the read before its forms were kept as JSON (decision 313).
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { encountersResponse } from '@dermis/contract';
import { useTestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/database';
import { bearer, givenFamily, givenPracticeWithKey, signIn, type Family } from '../../test/fixtures';
import { ana, ben, consent, visitFeeder } from './visit-feed-test-support';

/** Everything JSON.stringify and PostgreSQL's to_json could write differently (PostgreSQL text holds no NUL). */
const awkward =
  'q"uote\\back/slash\nline\r\ttab\b\f\u0001\u001f\u007f\u2028\u2029 é ü 中 😀\u00a0«»</script>';
const low = '2030-01-01T00:00:00.000Z';

describeEachDatabase('upcoming visits: a page of awkward text byte for byte', (t) => {
  const newApp = useTestApp(t);
  let app: FastifyInstance;
  let family: Family;
  let token: string;

  const post = (path: string, payload: object) =>
    app.inject({ method: 'POST', url: `/api/app/${path}`, headers: bearer(token), payload });

  beforeEach(async () => {
    app = await newApp();
    const practice = await givenPracticeWithKey(t.db);
    family = await givenFamily(t.db, practice.practiceId);
    token = (await signIn(app, family.guardian.username, family.guardian.password)).accessToken;
    const minor = (await t.db.query.patient.findFirst({ where: (p, { eq }) => eq(p.id, family.minorId) }))!
      .externalId;
    const ok = async (url: string, payload: object) =>
      expect(
        (
          await app.inject({
            method: 'PUT',
            url: `/api/integration/${url}`,
            headers: { 'x-api-key': practice.apiKey },
            payload,
          })
        ).statusCode,
      ).toBe(201);
    await ok('clinics/C-1', {
      name: 'One',
      addressLine1: '1 Main St',
      city: 'Naples',
      state: 'FL',
      zipCode: '1',
    });
    await ok('clinics/C-2', { name: 'Two', phone: '2395550100', website: 'https://two.example' });
    await ok('consent-profiles/ONCE', { title: 'Once', text: 'Once.', frequencyOfSigning: 'ONE_TIME' });
    await ok('consent-profiles/EACH', { title: 'Each', text: 'Each.', frequencyOfSigning: 'EVERY_VISIT' });
    const visit = visitFeeder(ok, minor);
    await visit('V-1', '2031-03-01T10:00:00.000Z', {
      providers: [ben, ana],
      consents: [
        consent('K-1-ONCE', 'ONCE'),
        consent('K-1-EACH', 'EACH'),
        consent('K-1-X', 'EACH', 'IGNORED'),
      ],
    });
    await visit('V-2', '2031-04-01T10:00:00.000Z', {
      clinicExternalId: 'C-2',
      durationMinutes: 1440,
      consents: [consent('K-2-EACH', 'EACH')],
    });
    await visit('V-3', '2031-04-01T10:00:00.000Z', { clinicExternalId: null, providers: [] });
    await visit('V-4', '2032-01-15T08:00:00.000Z', { educationText: null });
    await t.db
      .execute(sql`UPDATE clinic SET name = ${`clinic ${awkward}`}, address_line1 = ${`line1 ${awkward}`},
      address_line2 = ${`line2 ${awkward}`}, city = ${`city ${awkward}`}, state = ${awkward}, zip_code = ${awkward}
      WHERE external_id = 'C-1'`);
    // Empty contacts are left out of the list as missing ones are.
    await t.db.execute(sql`UPDATE clinic SET phone = '', website = ${`https://x.example/${awkward}`},
      address_line1 = ${awkward} WHERE external_id = 'C-2'`);
    await t.db.execute(sql`UPDATE provider SET first_name = ${`Ana ${awkward}`}, last_name = ${awkward},
      credentials = ${`MD ${awkward}`}, avatar_s3_id = '0123456789abcdef0123456789abcdef'
      WHERE external_id = 'DR-1'`);
    await t.db.execute(sql`UPDATE encounter SET education_note = ${`note ${awkward}`},
      education_text = CASE WHEN external_id = 'V-1' THEN ${`text ${awkward}`} ELSE education_text END,
      date_of_service = CASE external_id WHEN 'V-1' THEN timestamptz '2031-03-01 10:00:00.123456+00'
        WHEN 'V-4' THEN timestamptz '2032-01-15 10:00:00.9999+02' ELSE date_of_service END
      WHERE external_id IN ('V-1', 'V-4')`);
    await t.db
      .execute(sql`UPDATE consent_profile SET title = ${`title ${awkward}`}, text = ${`text ${awkward}`}
      WHERE external_id = 'ONCE'`);
    await t.db.execute(sql`UPDATE consent SET updated_at = CASE WHEN external_id = 'K-1-ONCE'
      THEN timestamptz '2026-01-01 10:00:00+00' ELSE timestamptz '2026-01-01 10:00:00.000999+00' + id * interval '1.5 second' END`);
  });

  it('answers the page, its cursor pages and both orders the same bytes', async () => {
    const upcoming = {
      dateSelection: 'SPECIFY_RANGE',
      dateOfServiceRangeLow: low,
      updateConsents: true,
      consents: false,
    };
    const bodies: string[] = [];
    const ask = async (request: object) => {
      const response = await post('encounter/getByFilter', { patientId: family.minorId, ...request });
      bodies.push(`${JSON.stringify(request)}\n${response.statusCode} ${response.body}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      return response;
    };
    for (const limit of [20, 4, 3, 1, undefined])
      for (const sortOrder of ['ASC', 'DESC'])
        await ask({ ...upcoming, sortOrder, ...(limit ? { limit } : {}) });
    await ask({ ...upcoming, historyFinished: false, limit: 20 });
    for (const sortOrder of ['ASC', 'DESC']) {
      let cursor: string | null = null;
      for (let page = 0; page < 6; page++) {
        const answer = encountersResponse.parse(
          (await ask({ ...upcoming, sortOrder, limit: 1, cursor })).json(),
        );
        cursor = answer.nextCursor ?? null;
        if (cursor === null) break;
      }
      expect(cursor).toBeNull();
    }
    await ask({ ...upcoming, limit: 2, cursor: 'bm90LWEtY3Vyc29y' });
    await expect(bodies.join('\n')).toMatchFileSnapshot('__snapshots__/visit-page-text.txt');
  }, 120_000);

  it('answers the page with every consent the same bytes', async () => {
    // The spec's answer reads each form from a column of the visit's row, not from the JSON text above.
    const bodies: string[] = [];
    for (const sortOrder of ['ASC', 'DESC'])
      for (const limit of [20, 1]) {
        const request = { dateSelection: 'SPECIFY_RANGE', dateOfServiceRangeLow: low, sortOrder, limit };
        const response = await post('encounter/getByFilter', { patientId: family.minorId, ...request });
        expect(response.statusCode).toBe(200);
        bodies.push(`${JSON.stringify(request)}\n${response.body}`);
      }
    await expect(bodies.join('\n')).toMatchFileSnapshot('__snapshots__/visit-page-every-consent.txt');
  });
});
