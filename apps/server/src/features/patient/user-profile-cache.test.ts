// patient/getByUsername answers the caller's own profile from a cache checked against
// patient.profile_revision (docs/decisions/162). These tests change, behind the server's back (as
// another instance or the integration API would), every row and column the answer shows, and prove
// the next call answers exactly what a server with an empty cache answers.
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import {
  patient,
  patientAddress,
  patientContact,
  practice,
  responsiblePerson,
  userAccount,
} from '../../db/schema';
import { useTestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/database';
import type { UserFixture } from '../../test/fixtures';
import { bearer, givenFamily, givenPatient, givenPractice, signIn } from '../../test/fixtures';

describeEachDatabase('getByUsername: the own-profile cache never answers a changed profile', (t) => {
  const newApp = useTestApp(t);
  let app: FastifyInstance;
  let practiceId: number;
  let guardian: UserFixture;
  let minorId: number;
  let linkId: number;
  let token: string;

  beforeEach(async () => {
    practiceId = await givenPractice(t.db);
    ({ guardian, minorId, linkId } = await givenFamily(t.db, practiceId));
    app = await newApp();
    token = (await signIn(app, guardian.username, guardian.password)).accessToken;
  });

  const read = async (server: FastifyInstance) => {
    const response = await server.inject({
      method: 'POST',
      url: '/api/app/patient/getByUsername',
      headers: bearer(token),
      payload: { username: guardian.username },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    return response.json<Record<string, unknown>>();
  };

  /** Another server on the same database, with an empty cache (and the same signing key). */
  const freshServer = () => newApp({ jwtSecret: app.config.jwtSecret });

  /** Reads once (filling the cache), makes the change, and checks the next answer against a fresh server's. */
  async function expectSeen(
    change: () => Promise<unknown>,
    shows: (answer: Record<string, unknown>) => unknown,
  ) {
    const before = await read(app);
    expect(await read(app)).toEqual(before);
    await change();
    const after = await read(app);
    expect(after).not.toEqual(before);
    expect(after).toEqual(await read(await freshServer()));
    expect(shows(after)).toBeTruthy();
  }

  const setPatient = (values: Partial<typeof patient.$inferInsert>, id = guardian.patientId) =>
    t.db.update(patient).set(values).where(eq(patient.id, id));

  it.each([
    ['first name', { firstName: 'Dan' }, (a: Record<string, unknown>) => a.firstName === 'Dan'],
    [
      'date of birth',
      { dateOfBirth: '1980-01-02' },
      (a: Record<string, unknown>) => a.dateOfBirth === '1980-01-02',
    ],
    [
      'photo',
      { avatarS3Id: 'avatars/1', avatarMimeType: 'image/png', avatarContentLength: 9 },
      (a: Record<string, unknown>) => a.avatarS3Id === 'avatars/1',
    ],
    [
      'Direct address',
      { directAddress: 'd@direct.example', directServiceEnabled: true },
      (a: Record<string, unknown>) => a.directAddress === 'd@direct.example',
    ],
    [
      'health-information flags',
      { hasFhirPermission: true, patientFhirInvite: true },
      (a: Record<string, unknown>) => a.hasFhirPermission === true,
    ],
    [
      'first-time set-up',
      { firstTimeSetupComplete: true },
      (a: Record<string, unknown>) => a.dermisFirstTimeSetupComplete === true,
    ],
  ] as const)('the patient’s %s', async (_name, values, shows) => {
    await expectSeen(() => setPatient(values), shows);
  });

  it('contacts added, changed and removed', async () => {
    const contacts = (a: Record<string, unknown>) => a.contactInfoList as { value: string }[];
    await expectSeen(
      () =>
        t.db
          .insert(patientContact)
          .values({ patientId: guardian.patientId, type: 'HOME_PHONE', value: '555-0101' }),
      (a) => contacts(a).some((c) => c.value === '555-0101'),
    );
    await expectSeen(
      () =>
        t.db
          .update(patientContact)
          .set({ value: '555-0199' })
          .where(eq(patientContact.patientId, guardian.patientId)),
      (a) => contacts(a).some((c) => c.value === '555-0199'),
    );
    await expectSeen(
      () => t.db.delete(patientContact).where(eq(patientContact.patientId, guardian.patientId)),
      (a) => contacts(a).length === 0,
    );
  });

  it('a contact moved to another patient leaves the first profile', async () => {
    const [contact] = await t.db
      .insert(patientContact)
      .values({ patientId: guardian.patientId, type: 'HOME_PHONE', value: '555-0102' })
      .returning();
    await expectSeen(
      () => t.db.update(patientContact).set({ patientId: minorId }).where(eq(patientContact.id, contact!.id)),
      (a) => (a.contactInfoList as unknown[]).length === 0,
    );
  });

  it('addresses added, changed and removed', async () => {
    const addresses = (a: Record<string, unknown>) => a.addressInformationInfoList as { city: string }[];
    await expectSeen(
      () =>
        t.db.insert(patientAddress).values({
          patientId: guardian.patientId,
          addressLine1: '1 Main St',
          city: 'Naples',
          state: 'FL',
          zipCode: '34102',
        }),
      (a) => addresses(a).some((x) => x.city === 'Naples'),
    );
    await expectSeen(
      () =>
        t.db
          .update(patientAddress)
          .set({ city: 'Tampa' })
          .where(eq(patientAddress.patientId, guardian.patientId)),
      (a) => addresses(a).some((x) => x.city === 'Tampa'),
    );
    await expectSeen(
      () => t.db.delete(patientAddress).where(eq(patientAddress.patientId, guardian.patientId)),
      (a) => addresses(a).length === 0,
    );
  });

  it('the account’s language and password date', async () => {
    const account = eq(userAccount.id, guardian.userId);
    await expectSeen(
      () => t.db.update(userAccount).set({ language: 'es' }).where(account),
      (a) => a.language === 'es',
    );
    await expectSeen(
      () =>
        t.db
          .update(userAccount)
          .set({ lastChangePasswordDate: new Date('2026-01-02T03:04:05.678Z') })
          .where(account),
      (a) => a.lastChangePasswordDate === '2026-01-02T03:04:05.678Z',
    );
  });

  it('the account’s username', async () => {
    expect((await read(app)).username).toBe('daniel');
    await t.db
      .update(userAccount)
      .set({ username: 'daniel.reed' })
      .where(eq(userAccount.id, guardian.userId));
    guardian = { ...guardian, username: 'daniel.reed' };
    const after = await read(app);
    expect(after.username).toBe('daniel.reed');
    expect(after).toEqual(await read(await freshServer()));
  });

  it('the patients they are responsible for: links and those patients’ names and status', async () => {
    const wards = (a: Record<string, unknown>) =>
      a.responsibleForPatients as { id: number; firstName: string; relationship: number }[];
    await expectSeen(
      () => setPatient({ firstName: 'Emily' }, minorId),
      (a) => wards(a).some((w) => w.firstName === 'Emily'),
    );
    await expectSeen(
      () => t.db.update(responsiblePerson).set({ relationship: 3 }).where(eq(responsiblePerson.id, linkId)),
      (a) => wards(a).some((w) => w.relationship === 3),
    );
    await expectSeen(
      () => setPatient({ active: false }, minorId),
      (a) => wards(a).length === 0,
    );
    await expectSeen(
      () => setPatient({ active: true }, minorId),
      (a) => wards(a).length === 1,
    );
    const other = await givenPractice(t.db, 'Elsewhere');
    await expectSeen(
      () => setPatient({ practiceId: other }, minorId),
      (a) => wards(a).length === 0,
    );
    await setPatient({ practiceId }, minorId);
    const second = await givenPatient(t.db, practiceId, { firstName: 'Noah' });
    await expectSeen(
      () =>
        t.db
          .insert(responsiblePerson)
          .values({ patientId: second, responsiblePatientId: guardian.patientId, relationship: 2 }),
      (a) => wards(a).some((w) => w.firstName === 'Noah'),
    );
    await expectSeen(
      () =>
        t.db.update(responsiblePerson).set({ active: false }).where(eq(responsiblePerson.patientId, second)),
      (a) => !wards(a).some((w) => w.firstName === 'Noah'),
    );
    await expectSeen(
      () => t.db.delete(responsiblePerson).where(eq(responsiblePerson.id, linkId)),
      (a) => wards(a).length === 0,
    );
  });

  it('the Direct domain of the patient’s practice', async () => {
    await expectSeen(
      () =>
        t.db
          .update(practice)
          .set({ directDomain: 'direct.changed.example' })
          .where(eq(practice.id, practiceId)),
      (a) => a.directDomain === 'direct.changed.example',
    );
  });
});
