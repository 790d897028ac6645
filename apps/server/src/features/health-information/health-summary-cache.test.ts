// patient/healthInfo answers from text kept by the patient's health-summary revision (decision 323,
// migration 0499). These tests change, behind the server's back (as another instance, the clinic's
// feed or a script would), every table the summary reads, and prove the next call answers exactly
// what a server with nothing kept answers, for the first page and the whole summary.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { healthListTotal, historyItem, patient, patientProfile, prescription } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/database';
import { expectFreshAfterEachChange } from '../../test/fresh-answers';
import { bearer, givenPractice, givenUser, signIn } from '../../test/fixtures';

describeEachDatabase('health information: the kept summary never answers changed rows', (t) => {
  const newApp = useTestApp(t);

  const summaryOf = async (app: FastifyInstance, token: string, patientId: number) => {
    const answers: string[] = [];
    for (const query of ['?limit=20', '', '?list=medications']) {
      const answer = await app.inject({
        method: 'GET',
        url: `/api/app/patient/healthInfo/_rid/${patientId}${query}`,
        headers: bearer(token),
      });
      expect(answer.statusCode).toBe(200);
      answers.push(answer.body);
    }
    return answers;
  };

  it('answers every insert, change, move and delete of each table the summary reads at once', async () => {
    const practiceId = await givenPractice(t.db);
    const app = await newApp();
    const tag = `${Date.now()}`;
    const user = await givenUser(t.db, practiceId, { username: `hsc${tag}` });
    const other = await givenUser(t.db, practiceId, { username: `hsd${tag}` });
    const token = (await signIn(app, user.username, user.password)).accessToken;
    const otherToken = (await signIn(app, other.username, other.password)).accessToken;

    // Each step changes the rows behind the server's back; the answers that follow must be a fresh
    // server's, and differ from the ones before (so the step was seen).
    const expectFresh = await expectFreshAfterEachChange(app, newApp, async (server) => ({
      user: await summaryOf(server, token, user.patientId),
      other: await summaryOf(server, otherToken, other.patientId),
    }));

    const [item] = await t.db
      .insert(historyItem)
      .values({
        practiceId,
        patientId: user.patientId,
        section: 'MEDICATIONS',
        code: 'M1',
        name: 'Minocycline 50 mg',
        status: 'KNOWN_PRESENT',
      })
      .returning({ id: historyItem.id });
    await expectFresh();
    await t.db.update(historyItem).set({ name: 'Doxycycline 100 mg' }).where(eq(historyItem.id, item!.id));
    await expectFresh();
    // The entry moves to the other patient: both answers change.
    await t.db.update(historyItem).set({ patientId: other.patientId }).where(eq(historyItem.id, item!.id));
    await expectFresh();
    await t.db.delete(historyItem).where(eq(historyItem.id, item!.id));
    await expectFresh();

    const [rx] = await t.db
      .insert(prescription)
      .values({
        practiceId,
        patientId: user.patientId,
        externalId: `RX-${tag}`,
        fdbId: '1',
        fdbDescription: 'Clobetasol 0.05% ointment',
        status: 'ACTIVE',
      })
      .returning({ id: prescription.id });
    await expectFresh();
    await t.db.update(prescription).set({ patientId: other.patientId }).where(eq(prescription.id, rx!.id));
    await expectFresh();
    await t.db.update(prescription).set({ status: 'INACTIVE' }).where(eq(prescription.id, rx!.id));
    await expectFresh();
    await t.db.update(prescription).set({ status: 'ACTIVE' }).where(eq(prescription.id, rx!.id));
    await expectFresh();
    await t.db.delete(prescription).where(eq(prescription.id, rx!.id));
    await expectFresh();

    await t.db.update(patient).set({ firstName: 'Renamed' }).where(eq(patient.id, user.patientId));
    await expectFresh();
    await t.db.update(patient).set({ dateOfBirth: '1990-02-03' }).where(eq(patient.id, other.patientId));
    await expectFresh();

    await t.db.insert(patientProfile).values({ patientId: user.patientId, preferredLanguageIsoCode: 'es' });
    await expectFresh();
    await t.db
      .update(patientProfile)
      .set({ races: ['2106-3'], ethnicities: ['2186-5'] })
      .where(eq(patientProfile.patientId, user.patientId));
    await expectFresh();
    await t.db.delete(patientProfile).where(eq(patientProfile.patientId, user.patientId));
    await expectFresh();

    // The lists' totals written as a script would, not through the history's triggers.
    await t.db
      .update(healthListTotal)
      .set({ allergies: 7 })
      .where(eq(healthListTotal.patientId, user.patientId));
    await expectFresh();
    await t.db.delete(healthListTotal).where(eq(healthListTotal.patientId, user.patientId));
    await expectFresh();
    await t.db
      .insert(healthListTotal)
      .values({ patientId: user.patientId, allergies: 1, medications: 2, medicalProblems: 3 });
    await expectFresh();
  });
});
