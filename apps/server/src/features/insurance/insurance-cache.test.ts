// insurance/getActivePatientInsuranceProfile answers from a cache checked against the insurance's
// revision (decision 319, migration 0496). These tests change, behind the server's back (as another
// instance, the clinic's feed or a script would), every way a profile or policy can change, and prove
// the next call answers exactly what a server with an empty cache answers.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { insurancePolicy, insuranceProfile } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/database';
import { expectFreshAfterEachChange } from '../../test/fresh-answers';
import { bearer, givenPractice, givenUser, signIn } from '../../test/fixtures';

describeEachDatabase('insurance: the cache never answers changed insurance', (t) => {
  const newApp = useTestApp(t);

  const insuranceOf = async (app: FastifyInstance, token: string, patientId: number) => {
    const answer = await app.inject({
      method: 'GET',
      url: `/api/app/insurance/getActivePatientInsuranceProfile/_rid/${patientId}`,
      headers: bearer(token),
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    return answer.body;
  };

  it('answers every insert, change, move and delete of a profile or a policy at once', async () => {
    const practiceId = await givenPractice(t.db);
    const app = await newApp();
    const tag = `${Date.now()}`;
    const user = await givenUser(t.db, practiceId, { username: `insc${tag}` });
    const other = await givenUser(t.db, practiceId, { username: `insd${tag}` });
    const token = (await signIn(app, user.username, user.password)).accessToken;
    const otherToken = (await signIn(app, other.username, other.password)).accessToken;
    const base = { companyName: 'Blue Cross', policyType: 'COMMERCIAL_INSURANCE_CO' };

    // Each step changes the rows behind the server's back; the answer that follows must be a fresh
    // server's, and differ from the one before (so the step was seen).
    const expectFresh = await expectFreshAfterEachChange(app, newApp, async (server) => ({
      user: await insuranceOf(server, token, user.patientId),
      other: await insuranceOf(server, otherToken, other.patientId),
    }));

    const [profile] = await t.db
      .insert(insuranceProfile)
      .values({ practiceId, patientId: user.patientId, externalId: 'P1', name: 'Gold', active: true })
      .returning({ id: insuranceProfile.id });
    await expectFresh();
    const [policy] = await t.db
      .insert(insurancePolicy)
      .values({ profileId: profile!.id, externalId: 'A', sortOrder: 1, name: 'Medical', ...base })
      .returning({ id: insurancePolicy.id });
    await expectFresh();
    await t.db.update(insurancePolicy).set({ memberNumber: 'M-2' }).where(eq(insurancePolicy.id, policy!.id));
    await expectFresh();
    await t.db.update(insuranceProfile).set({ active: false }).where(eq(insuranceProfile.id, profile!.id));
    await expectFresh();
    // The profile moves to the other patient: both answers change.
    await t.db
      .update(insuranceProfile)
      .set({ patientId: other.patientId })
      .where(eq(insuranceProfile.id, profile!.id));
    await expectFresh();
    await t.db.delete(insurancePolicy).where(eq(insurancePolicy.id, policy!.id));
    await expectFresh();
    await t.db.delete(insuranceProfile).where(eq(insuranceProfile.id, profile!.id));
    await expectFresh();
  });
});
