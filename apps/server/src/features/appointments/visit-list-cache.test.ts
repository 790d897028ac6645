// encounter/getByFilter answers from a cache checked against the patient's revision of 'visits'
// (decision 321, migration 0498). These tests change, behind the server's back (as another instance,
// the clinic's feed or a script would), every table a visit list reads, and ask the lists from
// instants on either side of a visit's start, as the Appointments page asks them from its own clock;
// after each, the answers must be exactly what a server with an empty cache answers.
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import {
  clinic,
  patient,
  consent,
  consentProfile,
  consentSignature,
  encounter,
  encounterRole,
  provider,
} from '../../db/schema';
import { patientRevisionOf } from '../../lib/patient-revision';
import { useTestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/database';
import { expectFreshAfterEachChange } from '../../test/fresh-answers';
import {
  bearer,
  givenPractice,
  givenPracticeWithKey,
  givenUser,
  signIn,
  type UserFixture,
} from '../../test/fixtures';
import { signaturePng } from '../../test/png';
import { ana, visitFeeder } from './visit-feed-test-support';

/** The asks of the Appointments page (only the consents still to sign) and of the spec (every one). */
const asks = (now: string) => ({
  upcoming: { dateSelection: 'SPECIFY_RANGE', dateOfServiceRangeLow: now, limit: 20, consents: false },
  past: {
    dateSelection: 'SPECIFY_RANGE',
    dateOfServiceRangeHigh: now,
    sortOrder: 'DESC',
    limit: 2,
    consents: false,
  },
  upcomingEvery: { dateSelection: 'SPECIFY_RANGE', dateOfServiceRangeLow: now, limit: 20 },
  pastEvery: { dateSelection: 'SPECIFY_RANGE', dateOfServiceRangeHigh: now, sortOrder: 'DESC', limit: 2 },
  whole: { consents: false },
});

describeEachDatabase('visit lists: the cache never answers changed visits', (t) => {
  const newApp = useTestApp(t);

  const listOf = async (app: FastifyInstance, token: string, patientId: number, ask: object) => {
    const answer = await app.inject({
      method: 'POST',
      url: '/api/app/encounter/getByFilter',
      headers: bearer(token),
      payload: { patientId, ...ask },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    return answer.body;
  };

  /** Every list of both patients, asked from `now`, by `app`. */
  const listsOf = async (
    app: FastifyInstance,
    people: { token: string; user: UserFixture }[],
    now: string,
  ) => {
    const lists: string[] = [];
    for (const { token, user } of people)
      for (const ask of Object.values(asks(now))) lists.push(await listOf(app, token, user.patientId, ask));
    return lists;
  };

  it('answers every insert, change, move and delete of a row a visit list shows at once', async () => {
    const practiceId = await givenPractice(t.db);
    const app = await newApp();
    const tag = `${Date.now()}`;
    const user = await givenUser(t.db, practiceId, { username: `vis${tag}` });
    const other = await givenUser(t.db, practiceId, { username: `vio${tag}` });
    const people = [
      { user, token: (await signIn(app, user.username, user.password)).accessToken },
      { user: other, token: (await signIn(app, other.username, other.password)).accessToken },
    ];
    const now = new Date().toISOString();
    const hour = 3_600_000;
    const upcomingAt = new Date(Date.now() + 5 * 24 * hour);
    const pastAt = new Date(Date.now() - 5 * 24 * hour);

    // Each step changes the rows behind the server's back; the answers that follow must be a fresh
    // server's, and differ from those before (so the step was seen).
    const expectFresh = await expectFreshAfterEachChange(app, newApp, (server) =>
      listsOf(server, people, now),
    );

    const [place] = await t.db
      .insert(clinic)
      .values({ practiceId, name: 'Naples Dermatology', phone: '2395550100' })
      .returning({ id: clinic.id });
    const visitOf = (externalId: string, dateOfService: Date) => ({
      practiceId,
      patientId: user.patientId,
      externalId,
      clinicId: place!.id,
      dateOfService,
    });
    const [soon] = await t.db
      .insert(encounter)
      .values(visitOf('V-1', upcomingAt))
      .returning({ id: encounter.id });
    await expectFresh();
    const [gone] = await t.db
      .insert(encounter)
      .values(visitOf('V-0', pastAt))
      .returning({ id: encounter.id });
    const [doctor] = await t.db
      .insert(provider)
      .values({ practiceId, firstName: 'Ana', lastName: 'Silva', credentials: 'MD' })
      .returning({ id: provider.id });
    await t.db.insert(encounterRole).values({ encounterId: gone!.id, providerId: doctor!.id });
    await expectFresh();
    await t.db.insert(encounterRole).values({ encounterId: soon!.id, providerId: doctor!.id });
    await expectFresh();
    await t.db.update(provider).set({ lastName: 'Silva-Reyes' }).where(eq(provider.id, doctor!.id));
    await expectFresh();
    await t.db.update(clinic).set({ name: 'Naples Skin' }).where(eq(clinic.id, place!.id));
    await expectFresh();

    const [form] = await t.db
      .insert(consentProfile)
      .values({
        practiceId,
        externalId: 'HIPAA',
        title: 'HIPAA',
        text: 'I acknowledge.',
        frequency: 'ONE_TIME',
      })
      .returning({ id: consentProfile.id });
    const [pending] = await t.db
      .insert(consent)
      .values({
        practiceId,
        patientId: user.patientId,
        encounterId: soon!.id,
        consentProfileId: form!.id,
        externalId: 'K-1',
      })
      .returning({ id: consent.id });
    await expectFresh();
    await t.db.update(consentProfile).set({ title: 'HIPAA notice' }).where(eq(consentProfile.id, form!.id));
    await expectFresh();
    const [signature] = await t.db
      .insert(consentSignature)
      .values({
        consentId: pending!.id,
        patientId: user.patientId,
        consentProfileId: form!.id,
        frequency: 'ONE_TIME',
        profileVersion: 1,
        title: 'HIPAA notice',
        text: 'I acknowledge.',
        signaturePng: signaturePng().toString('base64'),
        signerKind: 'PATIENT',
        signerUserId: user.userId,
        signerPatientId: user.patientId,
        signerFirstName: 'Pat',
        signerLastName: 'Ient',
        signerUsername: user.username,
        ipAddress: '127.0.0.1',
        sha256: '0'.repeat(64),
      })
      .returning({ id: consentSignature.id });
    await expectFresh();
    await t.db.delete(consentSignature).where(eq(consentSignature.id, signature!.id));
    await expectFresh();
    await t.db.update(consent).set({ status: 'IGNORED' }).where(eq(consent.id, pending!.id));
    await expectFresh();
    await t.db.delete(consent).where(eq(consent.id, pending!.id));
    await expectFresh();

    // The visit moves to the past, then to the other patient: both patients' lists change.
    await t.db.update(encounter).set({ dateOfService: pastAt }).where(eq(encounter.id, soon!.id));
    await expectFresh();
    await t.db.update(encounter).set({ patientId: other.patientId }).where(eq(encounter.id, soon!.id));
    await expectFresh();
    await t.db.delete(encounterRole).where(eq(encounterRole.encounterId, gone!.id));
    await expectFresh();
    await t.db.delete(encounter).where(eq(encounter.id, soon!.id));
    await expectFresh();
  });

  it('answers from either side of a visit start as the page asks from its clock, and drops a visit without a provider when it starts', async () => {
    const practiceId = await givenPractice(t.db);
    const app = await newApp();
    const user = await givenUser(t.db, practiceId, { username: `vit${Date.now()}` });
    const token = (await signIn(app, user.username, user.password)).accessToken;
    // A server with an empty cache for every answer compared.
    const freshList = async (ask: object) =>
      listOf(await newApp({ jwtSecret: app.config.jwtSecret }), token, user.patientId, ask);
    const expectFresh = async (now: string) => {
      const lists = await listsOf(app, [{ user, token }], now);
      expect(lists).toEqual(
        await listsOf(await newApp({ jwtSecret: app.config.jwtSecret }), [{ user, token }], now),
      );
      return lists;
    };

    // A visit with a provider, at a time with microseconds: the page asks from either side of it.
    const [doctor] = await t.db
      .insert(provider)
      .values({ practiceId, firstName: 'Ana', lastName: 'Silva' })
      .returning({ id: provider.id });
    const [visit] = await t.db
      .insert(encounter)
      .values({
        practiceId,
        patientId: user.patientId,
        externalId: 'V-1',
        dateOfService: sql`'2031-03-01T10:00:00.000500Z'::timestamptz`,
      })
      .returning({ id: encounter.id });
    await t.db.insert(encounterRole).values({ encounterId: visit!.id, providerId: doctor!.id });
    const coming = await expectFresh('2031-03-01T09:00:00.000Z');
    expect(await expectFresh('2031-03-01T10:00:00.000Z')).toEqual(coming);
    const started = await expectFresh('2031-03-01T10:00:00.001Z');
    expect(started).not.toEqual(coming);
    expect(await expectFresh('2031-03-01T11:00:00.000Z')).toEqual(started);
    expect(await expectFresh('2031-03-01T09:30:00.000Z')).toEqual(coming);

    // A visit without a provider is listed until it starts by the database's clock; it starts a
    // moment from now, and the list asked with no bounds (only `listedVisit` decides) drops it.
    const [soon] = await t.db
      .insert(encounter)
      .values({ practiceId, patientId: user.patientId, externalId: 'V-2', dateOfService: sql`now()` })
      .returning({ id: encounter.id });
    const whole = asks('').whole;
    const countOf = (list: string) => (JSON.parse(list) as { encounters: unknown[] }).encounters.length;
    const startedYet = async () => {
      const [row] = await t.db
        .select({ started: sql<boolean>`now() > ${encounter.dateOfService}` })
        .from(encounter)
        .where(eq(encounter.id, soon!.id));
      return row?.started;
    };
    // Both lists must be asked before the start: on a busy machine the visit is put further out
    // and both asked again, until the start is still ahead once they are in.
    let seconds = 1;
    for (; ; seconds *= 2) {
      await t.db
        .update(encounter)
        .set({ dateOfService: sql`now() + make_interval(secs => ${seconds})` })
        .where(eq(encounter.id, soon!.id));
      const fresh = await newApp({ jwtSecret: app.config.jwtSecret });
      const listed = await listOf(app, token, user.patientId, whole);
      const freshListed = await listOf(fresh, token, user.patientId, whole);
      if (await startedYet()) continue;
      expect(countOf(listed)).toBe(2);
      expect(listed).toBe(freshListed);
      break;
    }
    // Waits for the database's clock to pass the start, not for a length of time.
    await expect.poll(startedYet, { timeout: seconds * 1000 + 10_000, interval: 50 }).toBe(true);
    const dropped = await listOf(app, token, user.patientId, whole);
    expect(countOf(dropped)).toBe(1);
    expect(dropped).toBe(await freshList(whole));
  });

  it("moves no patient's lists when a feed sends a visit's providers or its clinic unchanged", async () => {
    const { practiceId, apiKey } = await givenPracticeWithKey(t.db);
    const app = await newApp();
    const tag = `${Date.now()}`;
    const user = await givenUser(t.db, practiceId, { username: `vip${tag}` });
    const other = await givenUser(t.db, practiceId, { username: `viq${tag}` });
    const externalOf = async (id: number) =>
      (await t.db.select({ externalId: patient.externalId }).from(patient).where(eq(patient.id, id)))[0]!
        .externalId;
    const ok = async (url: string, payload: object) => {
      const answer = await app.inject({
        method: 'PUT',
        url: `/api/integration/${url}`,
        headers: { 'x-api-key': apiKey },
        payload,
      });
      expect(answer.statusCode).toBeLessThan(300);
    };
    await ok('clinics/C-1', { name: 'Naples Dermatology' });
    const mine = visitFeeder(ok, await externalOf(user.patientId));
    await visitFeeder(ok, await externalOf(other.patientId))('O-1', '2031-01-01T10:00:00.000Z');
    await mine('M-1', '2031-02-01T10:00:00.000Z');
    const revisions = async () => ({
      mine: await patientRevisionOf(t.db, 'visits', user.patientId),
      other: await patientRevisionOf(t.db, 'visits', other.patientId),
    });

    // The same visit again: its own list moves (its roles are written again), not the other's.
    const before = await revisions();
    await mine('M-1', '2031-02-01T10:00:00.000Z');
    const again = await revisions();
    expect(again.mine).toBeGreaterThan(before.mine);
    expect(again.other).toBe(before.other);
    // The provider renamed: every patient the provider has seen moves on.
    await mine('M-1', '2031-02-01T10:00:00.000Z', { providers: [{ ...ana, lastName: 'Silva-Reyes' }] });
    const renamed = await revisions();
    expect(renamed.mine).toBeGreaterThan(again.mine);
    expect(renamed.other).toBeGreaterThan(again.other);
    // The clinic sent again as it is: no list moves; its phone changed: both patients' lists do.
    await ok('clinics/C-1', { name: 'Naples Dermatology' });
    expect(await revisions()).toEqual(renamed);
    await ok('clinics/C-1', { name: 'Naples Dermatology', phone: '239-555-0100' });
    const moved = await revisions();
    expect(moved.mine).toBeGreaterThan(renamed.mine);
    expect(moved.other).toBeGreaterThan(renamed.other);
  });
});
