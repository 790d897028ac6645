/** The appointments demo as the patients see it through the API. */
import { eq } from 'drizzle-orm';
import { patient } from '../../db/schema';
import { demoAccounts, demoMinor } from '../../demo/demo-accounts';
import { encountersResponse } from '@dermis/contract';
import { expect, it } from 'vitest';
import { seedDemo } from '../../demo/seed';
import { useTestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/database';
import { bearer, signIn } from '../../test/fixtures';

describeEachDatabase('appointments demo', (t) => {
  const newApp = useTestApp(t);

  it('gives Maria upcoming visits with unsigned consents and past visits with long education, Samuel an unfinished screening', async () => {
    await seedDemo(t.db);
    const app = await newApp();
    const as = async (account: { username: string; password: string }) => {
      const session = await signIn(app, account.username, account.password);
      const me = await app.inject({
        method: 'POST',
        url: '/api/app/patient/getByUsername',
        headers: bearer(session.accessToken),
        payload: { username: account.username },
      });
      return { token: session.accessToken, patientId: me.json<{ id: number }>().id };
    };
    const call = async (who: { token: string }, url: string, payload: object) => {
      const response = await app.inject({
        method: 'POST',
        url: `/api/app/${url}`,
        headers: bearer(who.token),
        payload,
      });
      expect(response.statusCode, url).toBe(200);
      return encountersResponse.parse(response.json());
    };
    const now = new Date().toISOString();

    const maria = await as(demoAccounts.patient);
    const upcoming = await call(maria, 'encounter/getByFilter', {
      patientId: maria.patientId,
      dateSelection: 'SPECIFY_RANGE',
      dateOfServiceRangeLow: now,
    });
    // Two with consents; tomorrow's (the reminders demo) has none.
    expect(upcoming.total).toBe(3);
    expect(
      upcoming.encounters.flatMap((e) =>
        e.unsignedConsents.map((c) => c.consentProfileInfo.frequencyOfSigning),
      ),
    ).toEqual(['ONE_TIME', 'EVERY_VISIT', 'ONE_TIME', 'EVERY_VISIT']);
    expect(upcoming.encounters[0]!.clinicInfo!.contactInfoList.map((c) => c.type)).toEqual([
      'WORK_PHONE',
      'WEBSITE',
    ]);
    const past = await call(maria, 'encounter/getByFilter', {
      patientId: maria.patientId,
      dateSelection: 'SPECIFY_RANGE',
      dateOfServiceRangeHigh: now,
      sortOrder: 'DESC',
      limit: 2,
    });
    expect(past.total).toBeGreaterThan(2);
    expect(past.encounters.every((e) => (e.educationText ?? '').length > 200)).toBe(true);
    expect((await call(maria, 'encounter/getUnfinished', { patientId: maria.patientId })).total).toBe(0);

    // Daniel acts for Emma, who has an upcoming visit with both consents unsigned.
    const daniel = await as(demoAccounts.guardian);
    const [emma] = await t.db
      .select({ id: patient.id })
      .from(patient)
      .where(eq(patient.externalId, demoMinor.externalId));
    const emmaUpcoming = await call(daniel, 'encounter/getByFilter', {
      patientId: emma!.id,
      dateSelection: 'SPECIFY_RANGE',
      dateOfServiceRangeLow: now,
    });
    expect(emmaUpcoming.encounters.map((e) => e.unsignedConsents.map((c) => c.title))).toEqual([
      ['HIPAA Privacy Notice', 'Clinical Photography'],
    ]);

    const samuel = await as(demoAccounts.newPatient);
    const unfinished = await call(samuel, 'encounter/getUnfinished', { patientId: samuel.patientId });
    expect(unfinished.total).toBe(1);
    expect(unfinished.encounters[0]!.encounterRoleInfoList).toHaveLength(1);
  });
});
