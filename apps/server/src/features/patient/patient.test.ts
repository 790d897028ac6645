import { patientProfile, userProfile } from '@dermis/contract';
import { eq } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import {
  auditEvent,
  patient,
  patientAddress,
  patientContact,
  responsiblePerson,
  userAccount,
} from '../../db/schema';
import { useTestApp } from '../../test/app';
import { givenDirectAddress, givenDirectPractice } from '../../test/direct';
import { describeEachDatabase } from '../../test/database';
import type { UserFixture } from '../../test/fixtures';
import {
  bearer,
  givenFamily,
  givenPatient,
  givenPractice,
  givenResponsiblePerson,
  givenUser,
  signIn,
} from '../../test/fixtures';

/** Matches any id (typed unknown so the object literals stay type-safe). */
const anyId: unknown = expect.any(Number);

describeEachDatabase('app server: patient calls and the patient-access guard', (t) => {
  const newApp = useTestApp(t);
  let app: Awaited<ReturnType<typeof newApp>>;
  let practiceId: number;
  let guardian: UserFixture;
  let stranger: UserFixture;
  let minorId: number;
  let linkId: number;

  beforeEach(async () => {
    practiceId = await givenPractice(t.db);
    ({ guardian, stranger, minorId, linkId } = await givenFamily(t.db, practiceId));
    app = await newApp();
  });

  const getByUsername = (token: string | null, username: string) =>
    app.inject({
      method: 'POST',
      url: '/api/app/patient/getByUsername',
      headers: token ? bearer(token) : {},
      payload: { username },
    });
  const getPatient = (token: string, id: number | string) =>
    app.inject({
      method: 'GET',
      url: `/api/app/patient/getDermisPatientById/_rid/${id}`,
      headers: bearer(token),
    });
  const deniedEvents = () => t.db.select().from(auditEvent).where(eq(auditEvent.action, 'ACCESS_DENIED'));

  it('getByUsername answers the caller’s own profile in the contract shape', async () => {
    await t.db.insert(patientContact).values([
      { patientId: guardian.patientId, type: 'EMAIL_ADDRESS', value: 'd@example.com', position: 0 },
      { patientId: guardian.patientId, type: 'HOME_PHONE', value: '555-0100', position: 1, active: false },
    ]);
    await t.db.insert(patientAddress).values({
      patientId: guardian.patientId,
      addressLine1: '1 Main St',
      city: 'Naples',
      state: 'FL',
      zipCode: '34102',
    });
    const changed = new Date('2024-02-03T04:05:06.789Z');
    await t.db
      .update(userAccount)
      .set({ lastChangePasswordDate: changed })
      .where(eq(userAccount.id, guardian.userId));
    await t.db
      .update(patient)
      .set({ firstTimeSetupComplete: true })
      .where(eq(patient.id, guardian.patientId));
    // An inactive link and an inactive patient are not listed.
    const other = await givenPatient(t.db, practiceId, { firstName: 'Old' });
    await givenResponsiblePerson(t.db, other, guardian.patientId, { active: false });
    const gone = await givenPatient(t.db, practiceId, { firstName: 'Gone', active: false });
    await givenResponsiblePerson(t.db, gone, guardian.patientId);

    const session = await signIn(app, 'daniel', guardian.password);
    const response = await getByUsername(session.accessToken, 'DANIEL');
    expect(response.statusCode).toBe(200);
    const profile = userProfile.strict().parse(response.json());
    expect(profile).toMatchObject({
      id: guardian.patientId,
      userId: guardian.userId,
      username: 'daniel',
      firstName: 'Daniel',
      lastName: 'Reed',
      gender: 'MALE',
      dateOfBirth: '1980-01-01',
      lastChangePasswordDate: changed.toISOString(),
      dermisFirstTimeSetupComplete: true,
      avatarS3Id: null,
      responsibleForPatients: [
        { id: minorId, firstName: 'Emma', lastName: 'Reed', gender: 'FEMALE', relationship: 2 },
      ],
    });
    expect(profile.contactInfoList).toEqual([
      { id: anyId, active: true, type: { type: 'EMAIL_ADDRESS' }, value: 'd@example.com' },
      { id: anyId, active: false, type: { type: 'HOME_PHONE' }, value: '555-0100' },
    ]);
    expect(profile.addressInformationInfoList).toEqual([
      {
        id: anyId,
        active: true,
        addressLine1: '1 Main St',
        addressLine2: null,
        city: 'Naples',
        state: 'FL',
        zipCode: '34102',
        country: 'UNITED_STATES',
      },
    ]);
  });

  it('getByUsername of another patient’s username is 403 and audited', async () => {
    const session = await signIn(app, 'eve', stranger.password);
    const response = await getByUsername(session.accessToken, 'daniel');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: 'FORBIDDEN', message: 'Access denied.' });
    const events = await deniedEvents();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ practiceId, userId: stranger.userId, patientId: guardian.patientId });
    expect(events[0]!.detail).toMatchObject({ username: 'daniel', method: 'POST' });
  });

  it('getByUsername of an unknown username is 403 too, so nothing leaks', async () => {
    const session = await signIn(app, 'eve', stranger.password);
    const response = await getByUsername(session.accessToken, 'no.such.user');
    expect(response.statusCode).toBe(403);
    expect(await deniedEvents()).toHaveLength(1);
  });

  it('getByUsername does not reach into another practice', async () => {
    const otherPractice = await givenPractice(t.db, 'Elsewhere');
    await givenUser(t.db, otherPractice, { username: 'far.away' });
    const session = await signIn(app, 'daniel', guardian.password);
    expect((await getByUsername(session.accessToken, 'far.away')).statusCode).toBe(403);
  });

  it('getByUsername without a token, or with an expired or garbage one, is 401', async () => {
    expect((await getByUsername(null, 'daniel')).statusCode).toBe(401);
    const expired = app.tokens.sign(
      'access',
      { practiceId, userId: guardian.userId, username: 'daniel' },
      { now: Date.now() - 301_000 },
    );
    const response = await getByUsername(expired.token, 'daniel');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: 'UNAUTHORIZED' });
    expect((await getByUsername('garbage', 'daniel')).statusCode).toBe(401);
  });

  it('an access token stops working once the account is deactivated', async () => {
    const session = await signIn(app, 'daniel', guardian.password);
    await t.db.update(userAccount).set({ active: false }).where(eq(userAccount.id, guardian.userId));
    expect((await getByUsername(session.accessToken, 'daniel')).statusCode).toBe(401);
  });

  // getByUsername reads the caller and the profile in one statement: it must refuse as authenticate does.
  it('an access token stops working once the patient is inactive or deceased', async () => {
    const session = await signIn(app, 'daniel', guardian.password);
    expect((await getByUsername(session.accessToken, 'daniel')).statusCode).toBe(200);
    await t.db.update(patient).set({ deceased: true }).where(eq(patient.id, guardian.patientId));
    expect((await getByUsername(session.accessToken, 'daniel')).statusCode).toBe(401);
    await t.db
      .update(patient)
      .set({ deceased: false, active: false })
      .where(eq(patient.id, guardian.patientId));
    expect((await getByUsername(session.accessToken, 'daniel')).statusCode).toBe(401);
    await t.db.update(patient).set({ active: true }).where(eq(patient.id, guardian.patientId));
    expect((await getByUsername(session.accessToken, 'daniel')).statusCode).toBe(200);
  });

  it('the guardian reads the minor through the guard; not once the link is inactive', async () => {
    const session = await signIn(app, 'daniel', guardian.password);
    const response = await getPatient(session.accessToken, minorId);
    expect(response.statusCode).toBe(200);
    const minor = patientProfile.strict().parse(response.json());
    expect(minor).toMatchObject({
      id: minorId,
      firstName: 'Emma',
      lastName: 'Reed',
      dateOfBirth: '2015-05-09',
    });

    await t.db.update(responsiblePerson).set({ active: false }).where(eq(responsiblePerson.id, linkId));
    const after = await getPatient(session.accessToken, minorId);
    expect(after.statusCode).toBe(403);
    expect(await deniedEvents()).toHaveLength(1);
  });

  it('a patient reads their own record by id', async () => {
    const session = await signIn(app, 'eve', stranger.password);
    const response = await getPatient(session.accessToken, stranger.patientId);
    expect(response.statusCode).toBe(200);
    expect(patientProfile.parse(response.json()).id).toBe(stranger.patientId);
  });

  it('a stranger, a reversed link and an odd id are all 403 and audited', async () => {
    const eve = await signIn(app, 'eve', stranger.password);
    expect((await getPatient(eve.accessToken, minorId)).statusCode).toBe(403);
    expect((await getPatient(eve.accessToken, guardian.patientId)).statusCode).toBe(403);
    expect((await getPatient(eve.accessToken, 'abc')).statusCode).toBe(403);
    expect((await getPatient(eve.accessToken, 99_999_999_999)).statusCode).toBe(403);

    // The minor's record being linked to Daniel gives Emma no access to Daniel (if she had an account).
    const emmaAccount = await givenUser(t.db, practiceId, { username: 'emma.own' });
    await givenResponsiblePerson(t.db, emmaAccount.patientId, guardian.patientId);
    const emma = await signIn(app, 'emma.own', emmaAccount.password);
    expect((await getPatient(emma.accessToken, guardian.patientId)).statusCode).toBe(403);

    expect(await deniedEvents()).toHaveLength(5);
  });

  it('a link to a patient of another practice gives no access', async () => {
    const otherPractice = await givenPractice(t.db, 'Elsewhere');
    const foreign = await givenPatient(t.db, otherPractice);
    await givenResponsiblePerson(t.db, foreign, guardian.patientId);
    const session = await signIn(app, 'daniel', guardian.password);
    expect((await getPatient(session.accessToken, foreign)).statusCode).toBe(403);
  });

  it('the profiles say whether Direct messages can leave the portal, and the practice’s Direct domain', async () => {
    await givenDirectPractice(t.db, practiceId, 'direct.sunshine.org', 'frontdesk@direct.sunshine.org');
    await givenDirectAddress(t.db, guardian.patientId, 'daniel.reed@direct.sunshine.org');
    const direct = { directDomain: 'direct.sunshine.org' };
    // The answers themselves are read, not the schema's defaults for sessions stored before these fields.

    // No DIRECT_SMTP_URL: a Direct message to another domain would only land in Failed.
    let session = await signIn(app, 'daniel', guardian.password);
    let own = (await getByUsername(session.accessToken, 'daniel')).json<Record<string, unknown>>();
    expect(own).toMatchObject({ ...direct, directSendsOutside: false });
    let minor = (await getPatient(session.accessToken, minorId)).json<Record<string, unknown>>();
    expect(minor).toMatchObject({ ...direct, directSendsOutside: false });

    // With a HISP the same calls say it can (the client connects only when a message goes out).
    app = await newApp({ directSmtpUrl: 'smtp://portal:hisp-pass@127.0.0.1:2525' });
    session = await signIn(app, 'daniel', guardian.password);
    own = (await getByUsername(session.accessToken, 'daniel')).json<Record<string, unknown>>();
    expect(own).toMatchObject({ ...direct, directSendsOutside: true });
    minor = (await getPatient(session.accessToken, minorId)).json<Record<string, unknown>>();
    expect(minor).toMatchObject({ ...direct, directSendsOutside: true });
  });

  it('a practice without a Direct domain answers none', async () => {
    const session = await signIn(app, 'eve', stranger.password);
    const response = await getPatient(session.accessToken, stranger.patientId);
    // The answer itself, not the schema's defaults for sessions stored before these fields.
    expect(response.json()).toMatchObject({
      directDomain: null,
      directSendsOutside: false,
    });
  });
});
