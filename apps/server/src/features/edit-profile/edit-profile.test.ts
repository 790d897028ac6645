import { editableProfile, type ProfileUpdateInput } from '@dermis/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeEach, expect, it } from 'vitest';
import { mailOutbox, patient, patientAddress, patientContact, verifiedEmail } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/database';
import {
  bearer,
  givenPracticeWithKey,
  givenResponsiblePerson,
  givenUser,
  signIn,
  type UserFixture,
} from '../../test/fixtures';
import { upsertProfileDetails } from './edit-profile.repository';

const blankAddress = {
  streetAddressLn1: '',
  streetAddressLn2: '',
  zip: '',
  city: '',
  state: '',
  country: '',
};

function form(id: number, change: Partial<ProfileUpdateInput> = {}): ProfileUpdateInput {
  return {
    id,
    firstName: 'Iris',
    middleName: '',
    lastName: 'Vale',
    suffix: '',
    previousName: '',
    dateOfBirth: '1988-09-14',
    driversLicenceNumber: '',
    preferredContact: 'CELL_PHONE',
    userEmail: 'iris@example.org',
    cellPhone: '(239) 555-0100',
    homePhone: '',
    workPhone: '',
    workPhoneExt: '',
    otherPhone: '',
    fax: '',
    address1: {
      streetAddressLn1: '1 Main St',
      streetAddressLn2: '',
      zip: '34102',
      city: 'Naples',
      state: 'FLORIDA',
      country: 'UNITED_STATES',
    },
    address2: blankAddress,
    gender: 'FEMALE',
    genderIdentity: '',
    genderIdentityOther: '',
    sexualOrientation: '',
    sexualOrientationOther: '',
    races: ['2106-3'],
    ethnicities: ['2186-5'],
    racesByGroup: [],
    ethnicitiesByGroup: [],
    preferredLanguageIsoCode: 'en',
    ...change,
  };
}

describeEachDatabase('edit profile: patient/update and getEditableProfile', (t) => {
  const newApp = useTestApp(t);
  let app: FastifyInstance;
  let practiceId: number;
  let apiKey: string;
  let iris: UserFixture;
  let token: string;

  beforeEach(async () => {
    app = await newApp();
    ({ practiceId, apiKey } = await givenPracticeWithKey(t.db));
    iris = await givenUser(t.db, practiceId, {
      username: `iris${Date.now()}`,
      firstName: 'Iris',
      lastName: 'Vale',
    });
    await t.db
      .insert(patientContact)
      .values({ patientId: iris.patientId, type: 'EMAIL_ADDRESS', value: 'iris@example.org', position: 0 });
    await t.db.insert(verifiedEmail).values({ patientId: iris.patientId, email: 'iris@example.org' });
    token = (await signIn(app, iris.username, iris.password)).accessToken;
  });

  const update = (payload: unknown, as = token) =>
    app.inject({
      method: 'POST',
      url: '/api/app/patient/update',
      headers: bearer(as),
      payload: payload as object,
    });
  const read = async (id = iris.patientId, as = token) => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/app/patient/getEditableProfile/_rid/${id}`,
      headers: bearer(as),
    });
    expect(response.statusCode, response.body).toBe(200);
    return editableProfile.strict().parse(response.json());
  };

  it('reads an empty profile with the defaults', async () => {
    expect(await read()).toMatchObject({
      id: iris.patientId,
      firstName: 'Iris',
      preferredContact: 'CELL_PHONE',
      userEmail: 'iris@example.org',
      userEmailStatus: 'VERIFIED',
      address1: null,
      address2: null,
      races: [],
      lkPatient: false,
      demographicsImported: false,
      nonUsa: false,
    });
  });

  it('stores a valid profile trimmed, with empty text as null and contacts added', async () => {
    const response = await update(
      form(iris.patientId, {
        suffix: '  Jr ',
        homePhone: ' 239 555 0111 ',
        genderIdentity: 'OTHER',
        genderIdentityOther: '  two-spirit ',
        races: ['2106-3'],
        racesByGroup: [
          { group: '2106-3', values: ['2108-9'] },
          { group: '2028-9', values: ['2039-6'] },
        ],
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const stored = await read();
    expect(stored).toMatchObject({
      suffix: 'Jr',
      previousName: null,
      homePhone: '239 555 0111',
      cellPhone: '(239) 555-0100',
      genderIdentity: 'OTHER',
      genderIdentityOther: 'two-spirit',
      races: ['2106-3', '2108-9'],
      racesByGroup: [{ group: '2106-3', values: ['2108-9'] }],
      address1: { streetAddressLn1: '1 Main St', streetAddressLn2: null, state: 'FLORIDA', zip: '34102' },
      address2: null,
    });
    expect(response.json()).toEqual(stored);

    // An emptied contact is removed; OTHER deselected clears its text.
    await update(form(iris.patientId, { homePhone: '', genderIdentity: 'FEMALE', genderIdentityOther: 'x' }));
    const again = await read();
    expect(again.homePhone).toBeNull();
    expect(again.genderIdentityOther).toBeNull();
    const homes = await t.db.select().from(patientContact).where(eq(patientContact.type, 'HOME_PHONE'));
    expect(homes).toEqual([]);
  });

  it('address 2: appended when filled, merged when changed, deleted when blank', async () => {
    const second = {
      streetAddressLn1: '9 Bay Rd',
      streetAddressLn2: 'Unit 2',
      zip: 'K1A 0B1',
      city: 'Ottawa',
      state: 'ONTARIO',
      country: 'CANADA',
    };
    expect((await update(form(iris.patientId, { address2: second }))).statusCode).toBe(200);
    expect((await read()).address2).toEqual(second);
    const [row] = await t.db.select().from(patientAddress).where(eq(patientAddress.addressLine1, '9 Bay Rd'));
    expect(
      (await update(form(iris.patientId, { address2: { ...second, city: 'Gatineau' } }))).statusCode,
    ).toBe(200);
    const [merged] = await t.db.select().from(patientAddress).where(eq(patientAddress.id, row!.id));
    expect(merged!.city).toBe('Gatineau');
    expect((await update(form(iris.patientId))).statusCode).toBe(200);
    expect((await read()).address2).toBeNull();
    expect(
      await t.db.select().from(patientAddress).where(eq(patientAddress.patientId, iris.patientId)),
    ).toHaveLength(1);
  });

  it('address 2: clearing its street, city and zip removes it though country and state stay picked', async () => {
    const second = {
      streetAddressLn1: '9 Bay Rd',
      streetAddressLn2: '',
      zip: 'K1A 0B1',
      city: 'Ottawa',
      state: 'ONTARIO',
      country: 'CANADA',
    };
    expect((await update(form(iris.patientId, { address2: second }))).statusCode).toBe(200);
    const cleared = { ...blankAddress, state: 'ONTARIO', country: 'CANADA' };
    const response = await update(form(iris.patientId, { address2: cleared }));
    expect(response.statusCode, response.body).toBe(200);
    expect((await read()).address2).toBeNull();
    expect(
      await t.db.select().from(patientAddress).where(eq(patientAddress.patientId, iris.patientId)),
    ).toHaveLength(1);
  });

  it('stores the sex assigned at birth: F, M or UNK, not given as null, left out unchanged', async () => {
    expect((await read()).birthSex).toBeNull();
    for (const birthSex of ['F', 'UNK', 'M'] as const) {
      const response = await update(form(iris.patientId, { birthSex }));
      expect(response.statusCode, response.body).toBe(200);
      expect(editableProfile.parse(response.json()).birthSex).toBe(birthSex);
      expect((await read()).birthSex).toBe(birthSex);
    }
    // A client that does not send the field (form() leaves it out) leaves the answer as it is.
    expect('birthSex' in form(iris.patientId)).toBe(false);
    expect((await update(form(iris.patientId))).statusCode).toBe(200);
    expect((await read()).birthSex).toBe('M');
    expect((await update(form(iris.patientId, { birthSex: '' }))).statusCode).toBe(200);
    expect((await read()).birthSex).toBeNull();

    const bad = await update({ ...form(iris.patientId), birthSex: 'FEMALE' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      validationMessages: [
        {
          field: 'birthSex',
          description: 'Use F (female), M (male) or UNK (unknown) for the sex assigned at birth.',
        },
      ],
    });
    expect((await read()).birthSex).toBeNull();
  });

  it('refuses what the rules refuse, with the spec’s messages', async () => {
    const response = await update(
      form(iris.patientId, {
        firstName: '',
        middleName: 'J4',
        userEmail: 'nope',
        cellPhone: '',
        fax: '(123) 555-0100',
        workPhoneExt: 'x1',
        driversLicenceNumber: 'A#1',
        dateOfBirth: '1988-02-30',
        address1: { ...form(0).address1, city: 'N4ples', zip: '1', state: '' },
        address2: { ...blankAddress, city: 'Naples' },
        suffix: 'x'.repeat(251),
      }),
    );
    expect(response.statusCode).toBe(400);
    const messages = Object.fromEntries(
      response
        .json<{ validationMessages: { field: string; description: string }[] }>()
        .validationMessages.map((m) => [m.field, m.description]),
    );
    expect(messages).toEqual({
      firstName: 'Field First Name is required!',
      middleName: "Field can contain only letter and characters ' and - .",
      userEmail: 'Email is not valid',
      cellPhone: 'Field Cell Phone is required!',
      fax: 'Fax is not valid',
      workPhoneExt: 'Field can contain only numbers',
      driversLicenceNumber: "Driver's License Number is not valid",
      dateOfBirth: 'Date is not valid',
      'address1.city': 'City is not valid.',
      'address1.zip': 'Zip code is not valid.',
      'address1.state': "You've selected a country for which state/province is required.",
      'address2.streetAddressLn1': 'Field Street Address is required!',
      'address2.zip': 'Field Zip Code is required!',
      'address2.country': 'Field Country is required!',
      suffix: 'This field can not contain more than 250 characters',
    });
  });

  it('requires race, ethnicity and language unless the profile is nonUSA', async () => {
    const empty = { races: [], ethnicities: [], preferredLanguageIsoCode: '' };
    const response = await update(form(iris.patientId, empty));
    expect(response.statusCode).toBe(400);
    expect(response.json<{ validationMessages: unknown[] }>().validationMessages).toEqual([
      { field: 'races', description: 'Field Race is required!' },
      { field: 'ethnicities', description: 'Field Ethnicity is required!' },
      { field: 'preferredLanguageIsoCode', description: 'Field Preferred Language is required!' },
    ]);
    await upsertProfileDetails(t.db, iris.patientId, { nonUsa: true });
    expect((await update(form(iris.patientId, empty))).statusCode).toBe(200);
  });

  it('names stay as the practice spelled them', async () => {
    expect((await update(form(iris.patientId, { firstName: 'Eve', lastName: 'Other' }))).statusCode).toBe(
      200,
    );
    expect(await read()).toMatchObject({ firstName: 'Iris', lastName: 'Vale' });
  });

  it('a changed e-mail is pending until its link is followed', async () => {
    expect((await update(form(iris.patientId, { userEmail: 'iris.new@example.org' }))).statusCode).toBe(200);
    expect(await read()).toMatchObject({ userEmail: 'iris.new@example.org', userEmailStatus: 'PENDING' });
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'iris.new@example.org'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.category).toBe('EMAIL_VERIFICATION');
    const secret = /\/verify\/email\/([\w-]+)/.exec(mails[0]!.textBody)?.[1];
    expect(secret).toBeTruthy();
    const verified = await app.inject({
      method: 'POST',
      url: '/api/app/patient/verifyEmail',
      payload: { token: secret },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect((await read()).userEmailStatus).toBe('VERIFIED');
    // Saving again without a change sends nothing.
    await update(form(iris.patientId, { userEmail: 'iris.new@example.org' }));
    expect(
      await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'iris.new@example.org')),
    ).toHaveLength(1);
  });

  it('an LK profile is read-only', async () => {
    await upsertProfileDetails(t.db, iris.patientId, { lkPatient: true });
    const response = await update(form(iris.patientId, { suffix: 'Jr' }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: 'This profile is read-only.' });
    expect((await read()).suffix).toBeNull();
  });

  it('an imported profile keeps its demographics', async () => {
    await upsertProfileDetails(t.db, iris.patientId, {
      demographicsImported: true,
      races: ['2054-5'],
      birthSex: 'F',
    });
    const response = await update(
      form(iris.patientId, {
        birthSex: 'M',
        suffix: 'Jr',
        gender: 'MALE',
        dateOfBirth: '1970-01-01',
        races: [],
        ethnicities: [],
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(await read()).toMatchObject({
      suffix: 'Jr',
      gender: 'UNKNOWN',
      dateOfBirth: '1980-01-01',
      races: ['2054-5'],
      birthSex: 'F',
    });
  });

  it('a stranger is refused; the responsible person may edit', async () => {
    const other = await givenUser(t.db, practiceId, { username: `other${Date.now()}` });
    const otherToken = (await signIn(app, other.username, other.password)).accessToken;
    expect((await update(form(iris.patientId), otherToken)).statusCode).toBe(403);
    await givenResponsiblePerson(t.db, iris.patientId, other.patientId);
    expect((await update(form(iris.patientId, { suffix: 'III' }), otherToken)).statusCode).toBe(200);
    expect((await read(iris.patientId, otherToken)).suffix).toBe('III');
  });

  it('the clinic sets the profile flags through the integration API', async () => {
    const [row] = await t.db
      .select({ externalId: patient.externalId })
      .from(patient)
      .where(eq(patient.id, iris.patientId));
    const response = await app.inject({
      method: 'PUT',
      url: `/api/integration/patients/${row!.externalId}/profile-flags`,
      headers: { 'x-api-key': apiKey },
      payload: { lkPatient: true, demographicsImported: true },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ lkPatient: true, demographicsImported: true, nonUsa: false });
    expect(await read()).toMatchObject({ lkPatient: true, demographicsImported: true });
    const unknown = await app.inject({
      method: 'PUT',
      url: '/api/integration/patients/NOPE/profile-flags',
      headers: { 'x-api-key': apiKey },
      payload: {},
    });
    expect(unknown.statusCode).toBe(404);
  });
});
