import { eq } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { auditEvent, patient, responsiblePerson } from '../../db/schema';
import { recordActivity } from '../../plugins/activity-log';
import { useTestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/database';
import type { UserFixture } from '../../test/fixtures';
import { bearer, givenFamily, givenPractice, givenUser, signIn } from '../../test/fixtures';

describeEachDatabase('activity log: recorder and GET patient/activityLog/_rid/{id}', (t) => {
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

    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    const base = { practiceId, actorUserId: guardian.userId };
    await recordActivity(t.db, { ...base, patientId: minorId, action: 'VIEW', createdAt: at(30) });
    await recordActivity(t.db, {
      ...base,
      patientId: minorId,
      action: 'TRANSMIT_VIA_EMAIL',
      toAddress: 'doctor@example.org',
      createdAt: at(10),
    });
    await recordActivity(t.db, {
      ...base,
      patientId: guardian.patientId,
      action: 'DOWNLOAD_PDF',
      createdAt: at(20),
    });
    await recordActivity(t.db, {
      practiceId,
      actorUserId: stranger.userId,
      patientId: stranger.patientId,
      action: 'DOWNLOAD_CCDA',
    });
  });

  const log = (token: string, id: number | string) =>
    app.inject({ method: 'GET', url: `/api/app/patient/activityLog/_rid/${id}`, headers: bearer(token) });

  it('answers the caller’s own entries only, newest first, with the patient’s name', async () => {
    const { accessToken } = await signIn(app, 'daniel', guardian.password);
    const response = await log(accessToken, guardian.patientId);
    expect(response.statusCode).toBe(200);
    // The sign-in itself is the newest entry (the privacy policy promises sign-ins are logged).
    expect(response.json()).toEqual([
      {
        firstName: 'Daniel',
        lastName: 'Reed',
        action: 'SIGN_IN',
        date: expect.any(String) as unknown,
        toAddress: null,
        outcome: 'SUCCEEDED',
        actedByFullName: null,
      },
      {
        firstName: 'Daniel',
        lastName: 'Reed',
        action: 'DOWNLOAD_PDF',
        date: expect.any(String) as unknown,
        toAddress: null,
        outcome: 'SUCCEEDED',
        actedByFullName: null,
      },
    ]);
  });

  it('lets a responsible person read the patient’s log, limited to that patient', async () => {
    const { accessToken } = await signIn(app, 'daniel', guardian.password);
    const response = await log(accessToken, minorId);
    expect(response.statusCode).toBe(200);
    const entries = response.json<{ action: string; date: string; toAddress: string | null }[]>();
    expect(entries.map((e) => [e.action, e.toAddress])).toEqual([
      ['TRANSMIT_VIA_EMAIL', 'doctor@example.org'],
      ['VIEW', null],
    ]);
    expect(new Date(entries[0]?.date ?? '').toISOString()).toBe(entries[0]?.date);
  });

  it('names the patient under the patient’s name and the responsible person who acted beside it', async () => {
    const { accessToken } = await signIn(app, 'daniel', guardian.password);
    const entries = (await log(accessToken, minorId)).json<Record<string, unknown>[]>();
    const [minor] = await t.db.select().from(patient).where(eq(patient.id, minorId));
    expect(entries.map((e) => [e.firstName, e.lastName, e.actedByFullName])).toEqual([
      [minor?.firstName, minor?.lastName, 'Daniel Reed'],
      [minor?.firstName, minor?.lastName, 'Daniel Reed'],
    ]);
  });

  it('refuses a stranger (403, audited) and a responsible person whose link was made inactive', async () => {
    const strangerSession = await signIn(app, 'eve', stranger.password);
    expect((await log(strangerSession.accessToken, minorId)).statusCode).toBe(403);
    expect((await log(strangerSession.accessToken, guardian.patientId)).statusCode).toBe(403);
    expect((await log(strangerSession.accessToken, 'abc')).statusCode).toBe(403);
    const denied = await t.db.select().from(auditEvent).where(eq(auditEvent.action, 'ACCESS_DENIED'));
    expect(denied).toHaveLength(3);

    await t.db.update(responsiblePerson).set({ active: false }).where(eq(responsiblePerson.id, linkId));
    const { accessToken } = await signIn(app, 'daniel', guardian.password);
    expect((await log(accessToken, minorId)).statusCode).toBe(403);
  });

  it('logs each sign-in only, not failed attempts, and answers 401 without a sign-in', async () => {
    const other = await givenUser(t.db, practiceId, { username: 'quiet' });
    await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'quiet', password: 'Wrong-Password1' },
    });
    const { accessToken } = await signIn(app, 'quiet', other.password);
    expect(
      (await log(accessToken, other.patientId)).json<{ action: string }[]>().map((e) => e.action),
    ).toEqual(['SIGN_IN']);
    expect(
      (await app.inject({ method: 'GET', url: `/api/app/patient/activityLog/_rid/${minorId}` })).statusCode,
    ).toBe(401);
  });
});
