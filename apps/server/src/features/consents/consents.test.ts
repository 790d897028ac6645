/**
 * Appointments and consents: the clinic feeds clinics, consent forms, encounters with
 * providers (photo), education and consents; the patient (or a responsible person) reads them through
 * encounter/getByFilter, getUnfinished and consent/*, signs with a drawn PNG, and the clinic reads
 * the evidence back. A signed consent never changes.
 */
import { createHash } from 'node:crypto';
import {
  consent as consentSchema,
  encountersResponse,
  errorResponse,
  integrationConsentsResponse,
  unsignedConsentsResponse,
  type Consent,
} from '@dermis/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { beforeEach, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/database';
import { bearer, givenFamily, givenPracticeWithKey, signIn, type Family } from '../../test/fixtures';
import { signaturePng } from '../../test/png';
import { consentsByEncounter, unsignedOf } from './consent-signing.service';

const day = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * day).toISOString();
const drawn = signaturePng().toString('base64');

describeEachDatabase('appointments and consents', (t) => {
  const newApp = useTestApp(t);
  let app: FastifyInstance;
  let family: Family;
  let key: string;
  let guardianToken: string;
  let minorExternalId: string;
  let guardianExternalId: string;

  beforeEach(async () => {
    app = await newApp();
    const practice = await givenPracticeWithKey(t.db);
    key = practice.apiKey;
    family = await givenFamily(t.db, practice.practiceId);
    guardianToken = (await signIn(app, family.guardian.username, family.guardian.password)).accessToken;
    const externalOf = async (id: number) =>
      (await t.db.query.patient.findFirst({ where: (p, { eq }) => eq(p.id, id) }))!.externalId;
    minorExternalId = await externalOf(family.minorId);
    guardianExternalId = await externalOf(family.guardian.patientId);
    expect((await feed('PUT', 'clinics/C-1', clinicBody)).statusCode).toBe(201);
    expect((await feed('PUT', 'consent-profiles/HIPAA', hipaa)).statusCode).toBe(201);
    expect((await feed('PUT', 'consent-profiles/PHOTO', photo)).statusCode).toBe(201);
  });

  const clinicBody = {
    name: 'Naples Dermatology',
    addressLine1: '100 Gulf Shore Blvd',
    city: 'Naples',
    state: 'FL',
    zipCode: '34102',
    phone: '2395550100',
    website: 'https://naples-derm.example',
  };
  const hipaa = {
    title: 'HIPAA acknowledgement',
    text: 'I acknowledge the privacy notice.',
    frequencyOfSigning: 'ONE_TIME',
  };
  const photo = {
    title: 'Photography consent',
    text: 'You may photograph my skin.',
    frequencyOfSigning: 'EVERY_VISIT',
  };

  const feed = (method: 'PUT' | 'GET', url: string, payload?: object, apiKey = key) =>
    app.inject({
      method,
      url: `/api/integration/${url}`,
      headers: { 'x-api-key': apiKey },
      ...(payload ? { payload } : {}),
    });
  const post = (path: string, payload: object, token = guardianToken) =>
    app.inject({ method: 'POST', url: `/api/app/${path}`, headers: bearer(token), payload });

  const visit = (overrides: object = {}) => ({
    patientExternalId: minorExternalId,
    clinicExternalId: 'C-1',
    dateOfService: inDays(7),
    durationMinutes: 45,
    educationText: 'Apply the cream twice a day.',
    providers: [{ externalId: 'DR-1', firstName: 'Ana', lastName: 'Silva', title: 'MD' }],
    consents: [
      { externalId: 'K-HIPAA-1', consentProfileExternalId: 'HIPAA' },
      { externalId: 'K-PHOTO-1', consentProfileExternalId: 'PHOTO' },
    ],
    ...overrides,
  });

  const encountersOf = async (patientId: number, extra: object = {}, token = guardianToken) => {
    const response = await post('encounter/getByFilter', { patientId, ...extra }, token);
    expect(response.statusCode).toBe(200);
    return encountersResponse.parse(response.json());
  };
  const sign = (c: Consent, signature: string | null = drawn, token = guardianToken, changes: object = {}) =>
    post(
      'consent/update',
      {
        consent: {
          ...c,
          status: 'PENDING',
          dateModified: new Date().toISOString(),
          cosigners: [{ type: 'PATIENT_OR_LEGAL_GUARDIAN', signature }],
          ...changes,
        },
      },
      token,
    );
  const fieldMessage = (response: LightMyRequestResponse) =>
    errorResponse.parse(response.json()).validationMessages?.[0]?.description;

  it('answers an upcoming visit with provider photo, clinic, duration, education and unsigned consents', async () => {
    const avatar = signaturePng(64, 64).toString('base64');
    const put = await feed(
      'PUT',
      'encounters/E-1',
      visit({
        providers: [
          { externalId: 'DR-1', firstName: 'Ana', lastName: 'Silva', title: 'MD', avatarBase64: avatar },
        ],
      }),
    );
    expect(put.statusCode).toBe(201);
    // Idempotent by the clinic's ids: the same feed again changes nothing.
    expect(
      (
        await feed(
          'PUT',
          'encounters/E-1',
          visit({
            providers: [
              { externalId: 'DR-1', firstName: 'Ana', lastName: 'Silva', title: 'MD', avatarBase64: avatar },
            ],
          }),
        )
      ).statusCode,
    ).toBe(200);
    expect((await feed('PUT', 'clinics/C-1', clinicBody)).statusCode).toBe(200);

    const { encounters, total } = await encountersOf(family.minorId, {
      dateSelection: 'SPECIFY_RANGE',
      dateOfServiceRangeLow: new Date().toISOString(),
    });
    expect(total).toBe(1);
    const [found] = encounters;
    expect(found).toMatchObject({
      duration: 45 * 60_000,
      educationText: 'Apply the cream twice a day.',
      clinicInfo: {
        clinicName: 'Naples Dermatology',
        addressInformationInfo: {
          streetAddressLn1: '100 Gulf Shore Blvd',
          city: 'Naples',
          state: 'FL',
          zip: '34102',
        },
        contactInfoList: [
          { type: 'WORK_PHONE', value: '2395550100' },
          { type: 'WEBSITE', value: 'https://naples-derm.example' },
        ],
      },
      encounterRoleInfoList: [
        { encounterRoleType: 'PROVIDER', firstName: 'Ana', lastName: 'Silva', title: 'MD' },
      ],
    });
    expect(found!.consents.map((c) => [c.title, c.status, c.consentProfileInfo.frequencyOfSigning])).toEqual([
      ['HIPAA acknowledgement', 'PENDING', 'ONE_TIME'],
      ['Photography consent', 'PENDING', 'EVERY_VISIT'],
    ]);
    expect(found!.unsignedConsents).toHaveLength(2);
    expect(found!.consents[0]!.consentProfileInfo).toMatchObject({
      text: 'I acknowledge the privacy notice.',
      version: 1,
      patientId: family.minorId,
    });
    expect(found!.consents[0]!.cosigners).toEqual([
      { type: 'PATIENT_OR_LEGAL_GUARDIAN', signature: null, dateSigned: null, signer: null },
    ]);

    const url = found!.encounterRoleInfoList[0]!.avatarUrl!;
    expect(url).toMatch(/^\/api\/blobs\/provider-avatar\/[0-9a-f]{32}$/);
    const image = await app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(Buffer.from(avatar, 'base64'))).toBe(true);
    expect(
      (await app.inject({ method: 'GET', url: url.replace(/.$/, (c) => (c === '0' ? '1' : '0')) }))
        .statusCode,
    ).toBe(404);

    const unsigned = await post('consent/getUnsigned', { encounterId: found!.id });
    expect(unsignedConsentsResponse.parse(unsigned.json()).consents).toHaveLength(2);
  });

  it('refuses bad clinic input with 400 and unknown references with 404', async () => {
    expect(
      (await feed('PUT', 'clinics/C-2', { ...clinicBody, website: 'javascript:alert(1)' })).statusCode,
    ).toBe(400);
    expect(
      (await feed('PUT', 'consent-profiles/X', { ...hipaa, frequencyOfSigning: 'SOMETIMES' })).statusCode,
    ).toBe(400);
    expect((await feed('PUT', 'consent-profiles/X', { ...hipaa, text: '' })).statusCode).toBe(400);
    expect((await feed('PUT', 'encounters/E-9', visit({ clinicExternalId: 'NOPE' }))).statusCode).toBe(404);
    const unknownProfile = await feed(
      'PUT',
      'encounters/E-9',
      visit({ consents: [{ externalId: 'K-9', consentProfileExternalId: 'NOPE' }] }),
    );
    expect(unknownProfile.statusCode).toBe(404);
    expect(errorResponse.parse(unknownProfile.json()).message).toBe(
      'No consent profile of this practice has that id.',
    );
    const notImage = await feed(
      'PUT',
      'encounters/E-9',
      visit({
        providers: [
          {
            externalId: 'DR-1',
            firstName: 'A',
            lastName: 'B',
            avatarBase64: Buffer.from('<svg/>').toString('base64'),
          },
        ],
      }),
    );
    expect(notImage.statusCode).toBe(400);
    expect(fieldMessage(notImage)).toBe('A provider avatar must be a PNG or JPEG image of at most 5 MB.');
    expect((await feed('GET', 'encounters/NOPE/consents')).statusCode).toBe(404);
    expect((await feed('GET', 'patients/NOPE/consents')).statusCode).toBe(404);
    expect(
      (await feed('GET', `patients/${minorExternalId}/consents`, undefined, 'dermis_wrong')).statusCode,
    ).toBe(401);
  });

  it('signs a consent once: evidence with the responsible person as signer, read back by the clinic', async () => {
    await feed('PUT', 'encounters/E-1', visit());
    const [found] = (await encountersOf(family.minorId)).encounters;
    const photoConsent = found!.consents[1]!;

    const signed = await sign(photoConsent, `data:image/png;base64,${drawn}`);
    expect(signed.statusCode).toBe(200);
    const answer = consentSchema.parse(signed.json());
    expect(answer.status).toBe('SIGNED');
    expect(answer.cosigners[0]).toMatchObject({
      signature: drawn,
      signer: { kind: 'RESPONSIBLE_PERSON', firstName: 'Daniel', lastName: 'Reed' },
    });

    const after = (await encountersOf(family.minorId)).encounters[0]!;
    expect(after.unsignedConsents.map((c) => c.title)).toEqual(['HIPAA acknowledgement']);
    // The list names the signer and the time, without the ink.
    expect(after.consents[1]!.cosigners[0]).toMatchObject({
      signature: null,
      dateSigned: answer.cosigners[0]!.dateSigned,
      signer: { kind: 'RESPONSIBLE_PERSON', firstName: 'Daniel' },
    });

    // Signed is final: signing again, or the clinic waiving or re-pointing it, is refused.
    const again = await sign(photoConsent);
    expect(again.statusCode).toBe(409);
    expect(errorResponse.parse(again.json()).message).toBe(
      'This consent is already signed and cannot be changed.',
    );
    const waive = await feed(
      'PUT',
      'encounters/E-1',
      visit({
        consents: [{ externalId: 'K-PHOTO-1', consentProfileExternalId: 'PHOTO', status: 'IGNORED' }],
      }),
    );
    expect(waive.statusCode).toBe(409);
    expect(
      (
        await feed(
          'PUT',
          'encounters/E-1',
          visit({ consents: [{ externalId: 'K-PHOTO-1', consentProfileExternalId: 'HIPAA' }] }),
        )
      ).statusCode,
    ).toBe(409);
    // Dropped from the clinic's list, a signed consent stays (it is evidence).
    expect((await feed('PUT', 'encounters/E-1', visit({ consents: [] }))).statusCode).toBe(200);
    await expect(t.db.execute(sql`UPDATE consent_signature SET ip_address = 'x'`)).rejects.toThrow();
    await expect(t.db.execute(sql`UPDATE consent SET status = 'PENDING'`)).rejects.toThrow();

    const back = integrationConsentsResponse.parse((await feed('GET', 'encounters/E-1/consents')).json());
    expect(back.consents).toHaveLength(1);
    const evidence = back.consents[0]!.evidence!;
    expect(back.consents[0]).toMatchObject({ externalId: 'K-PHOTO-1', status: 'SIGNED' });
    expect(evidence).toMatchObject({
      consentExternalId: 'K-PHOTO-1',
      encounterExternalId: 'E-1',
      patientExternalId: minorExternalId,
      profileVersion: 1,
      title: 'Photography consent',
      text: 'You may photograph my skin.',
      signaturePng: drawn,
      signer: {
        kind: 'RESPONSIBLE_PERSON',
        firstName: 'Daniel',
        lastName: 'Reed',
        patientExternalId: guardianExternalId,
        username: 'daniel',
      },
    });
    expect(evidence.ipAddress).toBeTruthy();
    const expected = createHash('sha256')
      .update(
        Buffer.concat([
          Buffer.from('You may photograph my skin.'),
          Buffer.from([0]),
          Buffer.from(drawn, 'base64'),
        ]),
      )
      .digest('hex');
    expect(evidence.sha256).toBe(expected);
    expect(Math.abs(Date.parse(evidence.signedAt) - Date.now())).toBeLessThan(60_000);
  });

  it('a patient signing for themself is recorded as PATIENT', async () => {
    await feed(
      'PUT',
      'encounters/OWN-1',
      visit({
        patientExternalId: guardianExternalId,
        consents: [{ externalId: 'K-OWN', consentProfileExternalId: 'PHOTO' }],
      }),
    );
    const own = (await encountersOf(family.guardian.patientId)).encounters[0]!;
    expect((await sign(own.consents[0]!)).statusCode).toBe(200);
    const back = integrationConsentsResponse.parse(
      (await feed('GET', `patients/${guardianExternalId}/consents`)).json(),
    );
    expect(back.consents[0]!.evidence!.signer).toMatchObject({ kind: 'PATIENT', firstName: 'Daniel' });
  });

  it('signs a ONE_TIME consent once per patient: a later visit’s counts as signed', async () => {
    await feed('PUT', 'encounters/E-1', visit());
    await feed(
      'PUT',
      'encounters/E-2',
      visit({
        dateOfService: inDays(40),
        consents: [{ externalId: 'K-HIPAA-2', consentProfileExternalId: 'HIPAA' }],
      }),
    );
    const [first, second] = (await encountersOf(family.minorId)).encounters;
    expect(second!.unsignedConsents).toHaveLength(1);
    expect((await sign(first!.consents[0]!)).statusCode).toBe(200);

    const [, later] = (await encountersOf(family.minorId)).encounters;
    expect(later!.unsignedConsents).toEqual([]);
    expect(later!.consents[0]).toMatchObject({
      status: 'SIGNED',
      cosigners: [{ signer: { kind: 'RESPONSIBLE_PERSON' } }],
    });
    expect((await sign(second!.consents[0]!)).statusCode).toBe(409);
    const back = integrationConsentsResponse.parse((await feed('GET', 'encounters/E-2/consents')).json());
    expect(back.consents[0]).toMatchObject({
      externalId: 'K-HIPAA-2',
      status: 'SIGNED',
      evidence: { consentExternalId: 'K-HIPAA-1', encounterExternalId: 'E-1' },
    });
  });

  it('answers a visit list’s consents byte for byte as the consent reads give them, on every page', async () => {
    // Signed at one visit (ONE_TIME counts at the others), signed here, signed before the clinic
    // changed the text, waived, and never signed: every way a listed consent is told.
    const third = { externalId: 'K-HIPAA-3', consentProfileExternalId: 'HIPAA' };
    await feed('PUT', 'encounters/E-1', visit());
    await feed(
      'PUT',
      'encounters/E-2',
      visit({
        dateOfService: inDays(20),
        consents: [
          { externalId: 'K-HIPAA-2', consentProfileExternalId: 'HIPAA' },
          { externalId: 'K-PHOTO-2', consentProfileExternalId: 'PHOTO' },
        ],
      }),
    );
    await feed('PUT', 'encounters/E-3', visit({ dateOfService: inDays(30), consents: [third] }));
    const [first, second] = (await encountersOf(family.minorId)).encounters;
    expect((await sign(first!.consents[0]!)).statusCode).toBe(200);
    expect((await sign(second!.consents[1]!)).statusCode).toBe(200);
    await feed('PUT', 'consent-profiles/PHOTO', { ...photo, text: 'New wording.' });
    await feed(
      'PUT',
      'encounters/E-3',
      visit({
        dateOfService: inDays(30),
        consents: [third, { externalId: 'K-PHOTO-3', consentProfileExternalId: 'PHOTO', status: 'IGNORED' }],
      }),
    );

    let unsignedSeen = false;
    for (const filter of [{}, { limit: 2 }, { sortOrder: 'DESC', limit: 1 }]) {
      const response = await post('encounter/getByFilter', { patientId: family.minorId, ...filter });
      const answer = encountersResponse.parse(response.json());
      const ids = answer.encounters.map((e) => e.id);
      const read = await consentsByEncounter(t.db, ids);
      const expected = {
        encounters: answer.encounters.map((e) => ({
          ...e,
          consents: read.get(e.id) ?? [],
          unsignedConsents: unsignedOf(read.get(e.id) ?? []),
        })),
        total: answer.total,
      };
      expect(response.body).toBe(JSON.stringify(expected));
      unsignedSeen ||= expected.encounters.some((e) => e.unsignedConsents.length > 0);
      // Asked to leave the whole list out, each visit's consents are empty and nothing else changes;
      // asked for it, the answer is the spec's.
      const without = await post('encounter/getByFilter', {
        patientId: family.minorId,
        ...filter,
        consents: false,
      });
      const withoutConsents = expected.encounters.map((e) => ({ ...e, consents: [] }));
      expect(without.body).toBe(JSON.stringify({ ...expected, encounters: withoutConsents }));
      const asked = await post('encounter/getByFilter', {
        patientId: family.minorId,
        ...filter,
        consents: true,
      });
      expect(asked.body).toBe(JSON.stringify(expected));
    }
    expect(unsignedSeen).toBe(true);
    const bad = await post('encounter/getByFilter', { patientId: family.minorId, consents: 'no' });
    expect(bad.statusCode).toBe(400);
  });

  it('pages a visit list by cursor in either order, ties by id, and a stranger cursor reads nothing', async () => {
    const tie = inDays(9);
    const dates = { 'E-1': inDays(12), 'E-2': tie, 'E-3': inDays(5), 'E-4': tie, 'E-5': inDays(-3) };
    for (const [externalId, dateOfService] of Object.entries(dates))
      await feed('PUT', `encounters/${externalId}`, visit({ dateOfService, consents: [] }));
    const patientId = family.minorId;
    const upcoming = { dateSelection: 'SPECIFY_RANGE', dateOfServiceRangeLow: new Date().toISOString() };
    for (const filter of [upcoming, { sortOrder: 'DESC' }]) {
      const whole = await encountersOf(patientId, filter);
      const paged: number[] = [];
      let cursor: string | null = null;
      for (let asked = 0; asked < 5; asked++) {
        const answer = await encountersOf(patientId, { ...filter, limit: 2, cursor });
        expect(answer.total).toBe(whole.total);
        paged.push(...answer.encounters.map((e) => e.id));
        cursor = answer.nextCursor ?? null;
        if (cursor === null) break;
      }
      expect(cursor).toBeNull();
      expect(paged).toEqual(whole.encounters.map((e) => e.id));
      expect(whole.encounters.length).toBeGreaterThan(2);
    }
    // Without `cursor` the answer is the spec's: no nextCursor.
    const plain = await post('encounter/getByFilter', { patientId, limit: 2 });
    expect(Object.keys(plain.json<object>())).toEqual(['encounters', 'total']);
    // A cursor of the other order, of another patient's list, or not a cursor: an empty page.
    const first = await encountersOf(patientId, { limit: 1, cursor: null });
    const oldestCursor = first.nextCursor!;
    const others = [
      oldestCursor,
      Buffer.from(`${family.guardian.patientId}.VISITSNEWEST.${first.encounters[0]!.id}`).toString(
        'base64url',
      ),
      'bm90LWEtY3Vyc29y',
    ];
    for (const cursor of others) {
      const answer = await encountersOf(patientId, { sortOrder: 'DESC', limit: 2, cursor });
      expect(answer).toEqual({ encounters: [], total: 0, nextCursor: null });
    }
    expect((await post('encounter/getByFilter', { patientId, cursor: 'not/base64' })).statusCode).toBe(400);
  });

  it('refuses a bad signature, a stale text version, a wrong encounter and a waived consent', async () => {
    await feed('PUT', 'encounters/E-1', visit());
    const c = (await encountersOf(family.minorId)).encounters[0]!.consents[1]!;
    const cases: [string | null, string][] = [
      [null, 'Please sign in the drawing area before saving.'],
      [Buffer.from('not a png at all').toString('base64'), 'The signature must be a PNG image.'],
      ['%%%not-base64%%%', 'The signature must be a PNG image.'],
      [signaturePng(1080, 524, true).toString('base64'), 'Please sign in the drawing area before saving.'],
      [signaturePng(5000, 2).toString('base64'), 'The signature image is too large.'],
      ['A'.repeat(800_000), 'The signature image is too large.'],
      // A PNG cut short: the chunk lengths no longer fit.
      [signaturePng().subarray(0, 60).toString('base64'), 'The signature must be a PNG image.'],
    ];
    for (const [signature, message] of cases) {
      const response = await sign(c, signature);
      expect(response.statusCode, message).toBe(400);
      expect(fieldMessage(response)).toBe(message);
    }
    const corrupted = signaturePng();
    corrupted[40] = (corrupted[40] ?? 0) ^ 0xff;
    expect((await sign(c, corrupted.toString('base64'))).statusCode).toBe(400);
    expect((await sign(c, drawn, guardianToken, { status: 'IGNORED' })).statusCode).toBe(400);
    expect((await post('consent/update', { consent: { id: c.id } })).statusCode).toBe(400);
    expect((await post('consent/update', {})).statusCode).toBe(400);

    // The clinic changed the text after the page loaded: the patient must read it again.
    await feed('PUT', 'consent-profiles/PHOTO', { ...photo, text: 'New wording.' });
    const stale = await sign(c);
    expect(stale.statusCode).toBe(409);
    expect(errorResponse.parse(stale.json()).message).toMatch(/changed since it was opened/);
    const fresh = (await encountersOf(family.minorId)).encounters[0]!.consents[1]!;
    expect(fresh.consentProfileInfo).toMatchObject({ version: 2, text: 'New wording.' });
    // Sending the same text again keeps the version.
    const same = await feed('PUT', 'consent-profiles/PHOTO', { ...photo, text: 'New wording.' });
    expect(z.object({ version: z.number() }).parse(same.json()).version).toBe(2);

    expect((await sign({ ...fresh, encounterId: fresh.encounterId + 1000 })).statusCode).toBe(404);

    await feed(
      'PUT',
      'encounters/E-1',
      visit({
        consents: [{ externalId: 'K-PHOTO-1', consentProfileExternalId: 'PHOTO', status: 'IGNORED' }],
      }),
    );
    const ignored = await sign(fresh);
    expect(ignored.statusCode).toBe(409);
    expect(errorResponse.parse(ignored.json()).message).toBe('This consent no longer needs a signature.');
    expect((await sign(fresh)).statusCode).toBe(409);
  });

  it('refuses another patient’s encounter or consent with 403, unknown ids alike', async () => {
    await feed('PUT', 'encounters/E-1', visit());
    const c = (await encountersOf(family.minorId)).encounters[0]!.consents[1]!;
    const eve = (await signIn(app, family.stranger.username, family.stranger.password)).accessToken;
    const refused = await post('encounter/getByFilter', { patientId: family.minorId }, eve);
    expect(refused.statusCode).toBe(403);
    // The 200 answer has its own serialiser; a refusal keeps the error shape.
    expect(refused.json()).toMatchObject({ error: 'FORBIDDEN' });
    expect((await post('encounter/getUnfinished', { patientId: family.minorId }, eve)).statusCode).toBe(403);
    expect((await post('consent/getUnsigned', { encounterId: c.encounterId }, eve)).statusCode).toBe(403);
    expect(
      (await post('consent/getById', { consentId: c.id, encounterId: c.encounterId }, eve)).statusCode,
    ).toBe(403);
    expect((await sign(c, drawn, eve)).statusCode).toBe(403);
    expect(
      (await post('consent/getById', { consentId: c.id + 999, encounterId: c.encounterId })).statusCode,
    ).toBe(403);
    expect((await post('consent/getUnsigned', { encounterId: c.encounterId + 999 })).statusCode).toBe(403);
    expect(
      (await post('consent/getById', { consentId: c.id, encounterId: c.encounterId + 1 })).statusCode,
    ).toBe(404);
    const detail = await post('consent/getById', { consentId: c.id, encounterId: c.encounterId });
    expect(consentSchema.parse(detail.json())).toMatchObject({ id: c.id, status: 'PENDING' });
    expect((await post('consent/getById', { consentId: 'x', encounterId: 1 })).statusCode).toBe(400);
  });

  it('lists past visits with a provider only, newest first, limited with a total; unfinished within 30 days', async () => {
    for (let i = 1; i <= 5; i++)
      await feed(
        'PUT',
        `encounters/P-${i}`,
        visit({ dateOfService: inDays(-i * 30), consents: [], educationText: `Text ${i}` }),
      );
    await feed(
      'PUT',
      'encounters/P-NOROLE',
      visit({ dateOfService: inDays(-3), providers: [], consents: [] }),
    );
    await feed('PUT', 'encounters/U-SOON', visit({ dateOfService: inDays(3), consents: [] }));
    await feed(
      'PUT',
      'encounters/U-NOROLE',
      visit({ dateOfService: inDays(4), providers: [], consents: [] }),
    );
    await feed('PUT', 'encounters/U-LATER', visit({ dateOfService: inDays(45), consents: [] }));
    await feed(
      'PUT',
      'encounters/U-DONE',
      visit({ dateOfService: inDays(5), historyFinished: true, consents: [] }),
    );

    const now = new Date().toISOString();
    const past = await encountersOf(family.minorId, {
      dateSelection: 'SPECIFY_RANGE',
      dateOfServiceRangeHigh: now,
      sortOrder: 'DESC',
      limit: 2,
    });
    expect(past.total).toBe(5);
    expect(past.encounters.map((e) => e.educationText)).toEqual(['Text 1', 'Text 2']);
    const more = await encountersOf(family.minorId, {
      dateSelection: 'SPECIFY_RANGE',
      dateOfServiceRangeHigh: now,
      sortOrder: 'DESC',
      limit: 4,
    });
    expect(more.encounters.map((e) => e.educationText)).toEqual(['Text 1', 'Text 2', 'Text 3', 'Text 4']);

    // An upcoming visit without a provider is listed ('No attending provider').
    const upcoming = await encountersOf(family.minorId, {
      dateSelection: 'SPECIFY_RANGE',
      dateOfServiceRangeLow: now,
    });
    expect(upcoming.total).toBe(4);

    const unfinished = await post('encounter/getUnfinished', { patientId: family.minorId });
    expect(unfinished.statusCode).toBe(200);
    const list = encountersResponse.parse(unfinished.json());
    expect(list.encounters.map((e) => e.dateOfService)).toHaveLength(1);
    expect(list.encounters[0]!.encounterRoleInfoList[0]!.firstName).toBe('Ana');
    await post('encounter/setHistoryFinished', {
      encounterId: list.encounters[0]!.id,
      historyFinished: true,
    });
    expect(
      encountersResponse.parse((await post('encounter/getUnfinished', { patientId: family.minorId })).json())
        .total,
    ).toBe(0);

    for (const bad of [
      { limit: 0 },
      { limit: 501 },
      { sortOrder: 'SIDEWAYS' },
      { dateOfServiceRangeLow: 'yesterday' },
    ])
      expect(
        (await post('encounter/getByFilter', { patientId: family.minorId, ...bad })).json(),
      ).toMatchObject({
        error: 'VALIDATION_ERROR',
      });
    // The guard runs before validation: a request naming no patient is refused, not explained.
    expect((await post('encounter/getUnfinished', {})).statusCode).toBe(403);
  });
});
