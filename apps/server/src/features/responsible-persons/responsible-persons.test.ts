import { eq } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { patientContact, responsiblePerson } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/database';
import type { UserFixture } from '../../test/fixtures';
import {
  bearer,
  givenPatient,
  givenPractice,
  givenResponsiblePerson,
  givenUser,
  signIn,
} from '../../test/fixtures';

describeEachDatabase('responsible persons: GET patient/responsiblePersons/_rid/{id}', (t) => {
  const newApp = useTestApp(t);
  let app: Awaited<ReturnType<typeof newApp>>;
  let practiceId: number;
  let maria: UserFixture;
  let guardian: UserFixture;
  let minorId: number;
  let guardianLink: number;

  beforeEach(async () => {
    practiceId = await givenPractice(t.db);
    maria = await givenUser(t.db, practiceId, { username: 'maria', firstName: 'Maria', lastName: 'Lopez' });
    guardian = await givenUser(t.db, practiceId, {
      username: 'daniel',
      firstName: 'Daniel',
      lastName: 'Reed',
    });
    minorId = await givenPatient(t.db, practiceId, { firstName: 'Emma', lastName: 'Reed' });
    guardianLink = await givenResponsiblePerson(t.db, minorId, guardian.patientId, { relationship: 2 });
    await t.db.insert(patientContact).values([
      { patientId: guardian.patientId, type: 'EMAIL_ADDRESS', value: 'd@example.com', position: 0 },
      { patientId: guardian.patientId, type: 'HOME_PHONE', value: '555-0100', position: 1 },
    ]);
    app = await newApp();
  });

  const list = (token: string, id: number) =>
    app.inject({
      method: 'GET',
      url: `/api/app/patient/responsiblePersons/_rid/${id}`,
      headers: bearer(token),
    });

  it('answers the active responsible persons of one’s own record with their contacts', async () => {
    const carlos = await givenPatient(t.db, practiceId, { firstName: 'Carlos', lastName: 'Lopez' });
    const carlosLink = await givenResponsiblePerson(t.db, maria.patientId, carlos, { relationship: 3 });
    const former = await givenPatient(t.db, practiceId, { firstName: 'Ex', lastName: 'Partner' });
    await givenResponsiblePerson(t.db, maria.patientId, former, { relationship: 8, active: false });
    await t.db.insert(patientContact).values([
      { patientId: carlos, type: 'HOME_PHONE', value: '555-0199', position: 0, active: false },
      { patientId: carlos, type: 'CELL_PHONE', value: '555-0142', position: 1 },
    ]);
    const { accessToken } = await signIn(app, 'maria', maria.password);
    const response = await list(accessToken, maria.patientId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        id: carlosLink,
        firstName: 'Carlos',
        lastName: 'Lopez',
        relationship: 3,
        active: true,
        responsiblePerson: true,
        contacts: [
          { active: false, type: { type: 'HOME_PHONE' }, value: '555-0199' },
          { active: true, type: { type: 'CELL_PHONE' }, value: '555-0142' },
        ],
      },
    ]);
  });

  it('answers an empty list when nobody is responsible', async () => {
    const { accessToken } = await signIn(app, 'maria', maria.password);
    expect((await list(accessToken, maria.patientId)).json()).toEqual([]);
  });

  it('lets the guardian read the minor’s list; a stranger and a revoked guardian get 403', async () => {
    const session = await signIn(app, 'daniel', guardian.password);
    const response = await list(session.accessToken, minorId);
    expect(response.statusCode).toBe(200);
    expect(
      response
        .json<{ firstName: string; relationship: number }[]>()
        .map((p) => [p.firstName, p.relationship]),
    ).toEqual([['Daniel', 2]]);

    const stranger = await signIn(app, 'maria', maria.password);
    expect((await list(stranger.accessToken, minorId)).statusCode).toBe(403);

    await t.db.update(responsiblePerson).set({ active: false }).where(eq(responsiblePerson.id, guardianLink));
    expect((await list(session.accessToken, minorId)).statusCode).toBe(403);
  });
});
