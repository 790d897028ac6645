import { userProfile } from '@dermis/contract';
import { expect, it } from 'vitest';
import {
  activityLog,
  clinic,
  patient,
  practice,
  provider,
  responsiblePerson,
  userAccount,
} from '../db/schema';
import { useTestApp } from '../test/app';
import { describeEachDatabase } from '../test/database';
import { bearer, givenPractice, signIn } from '../test/fixtures';
import { demoAccounts, demoMinor } from './demo-accounts';
import { seedDemo } from './seed';

/** Matches any id (typed unknown so the object literals stay type-safe). */
const anyId: unknown = expect.any(Number);

describeEachDatabase('demo seed', (t) => {
  const newApp = useTestApp(t);

  it('seeds the demo practice once; a second run changes nothing', async () => {
    const practiceId = await seedDemo(t.db);
    expect(practiceId).toEqual(anyId);
    expect(await seedDemo(t.db)).toBeNull();

    expect(await t.db.select().from(practice)).toMatchObject([
      { name: 'Sunshine Dermatology', mfaRequiredByPracticeAdmin: false },
    ]);
    expect(await t.db.select().from(clinic)).toMatchObject([
      { name: 'Sunshine Dermatology – Naples', city: 'Naples', state: 'FL' },
    ]);
    expect(await t.db.select().from(provider)).toHaveLength(2);
    expect(await t.db.select().from(patient)).toHaveLength(5);
    expect(await t.db.select().from(userAccount)).toHaveLength(3);
    expect(await t.db.select().from(responsiblePerson).orderBy(responsiblePerson.id)).toMatchObject([
      { relationship: 2, active: true },
      { relationship: 3, active: true },
    ]);
    expect(await t.db.select().from(activityLog)).toHaveLength(7);
  });

  it('does not seed a database that already has a practice', async () => {
    await givenPractice(t.db, 'A real practice');
    expect(await seedDemo(t.db)).toBeNull();
    expect(await t.db.select().from(patient)).toHaveLength(0);
  });

  it('gives working sign-ins with the documented profiles', async () => {
    await seedDemo(t.db);
    const app = await newApp();
    const profileOf = async (account: (typeof demoAccounts)[keyof typeof demoAccounts]) => {
      const session = await signIn(app, account.username, account.password);
      const response = await app.inject({
        method: 'POST',
        url: '/api/app/patient/getByUsername',
        headers: bearer(session.accessToken),
        payload: { username: account.username },
      });
      return userProfile.parse(response.json());
    };

    const maria = await profileOf(demoAccounts.patient);
    expect(maria).toMatchObject({
      firstName: 'Maria',
      lastName: 'Lopez',
      gender: 'FEMALE',
      dateOfBirth: '1984-03-12',
      dermisFirstTimeSetupComplete: true,
    });
    expect(maria.contactInfoList.map((c) => c.type.type).sort()).toEqual(['EMAIL_ADDRESS', 'HOME_PHONE']);
    expect(maria.addressInformationInfoList).toHaveLength(1);

    const samuel = await profileOf(demoAccounts.newPatient);
    expect(samuel).toMatchObject({
      firstName: 'Samuel',
      lastName: 'Carter',
      gender: 'MALE',
      dateOfBirth: '1990-07-04',
      dermisFirstTimeSetupComplete: false,
    });

    const daniel = await profileOf(demoAccounts.guardian);
    expect(daniel).toMatchObject({
      firstName: 'Daniel',
      lastName: 'Reed',
      gender: 'MALE',
      dateOfBirth: '1979-11-20',
      dermisFirstTimeSetupComplete: true,
    });
    expect(daniel.responsibleForPatients).toEqual([
      {
        id: anyId,
        firstName: demoMinor.firstName,
        lastName: demoMinor.lastName,
        gender: 'FEMALE',
        relationship: 2,
      },
    ]);
  });

  it('keeps the documented credentials', () => {
    expect(demoAccounts.patient).toMatchObject({ username: 'demo.patient', password: 'DemoPatient1' });
    expect(demoAccounts.newPatient).toMatchObject({ username: 'demo.new', password: 'DemoPatient1' });
    expect(demoAccounts.guardian).toMatchObject({ username: 'demo.guardian', password: 'DemoGuardian1' });
    expect(demoMinor).toMatchObject({ firstName: 'Emma', lastName: 'Reed', dateOfBirth: '2015-05-09' });
  });
});
