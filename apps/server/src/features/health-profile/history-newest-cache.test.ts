// My Health Profile's first read (the newest of each list) is kept by the history's revision (decision
// 316, migration 0494). These tests change, behind the server's back (as the clinic's feed, another
// instance or a script would), every way an item can change, and prove the next read answers exactly
// what a server with nothing kept answers, for each ask and each patient. Items come in the contract's
// order of the sections, oldest first within one.
import type { HistorySection } from '@dermis/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { historyItem, patient } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/database';
import { bearer, givenPatient, givenPractice, givenUser, signIn } from '../../test/fixtures';

describeEachDatabase('health history newest: nothing kept outlives a change', (t) => {
  const newApp = useTestApp(t);

  const read = async (
    app: FastifyInstance,
    token: string,
    patientId: number,
    ask: { limit: number; templates: boolean },
  ) => {
    const answer = await app.inject({
      method: 'POST',
      url: '/api/app/subjective/getPatientSubjectiveAndTemplateItems',
      headers: bearer(token),
      payload: { type: 'HISTORY', patientId, complaintId: null, providerId: null, ...ask },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    return answer.body;
  };

  it('answers every insert, change, move and delete of an item at once', async () => {
    const practiceId = await givenPractice(t.db);
    const app = await newApp();
    const user = await givenUser(t.db, practiceId, { username: `hnc${Date.now()}` });
    const other = await givenUser(t.db, practiceId, { username: `hnd${Date.now()}` });
    const token = (await signIn(app, user.username, user.password)).accessToken;
    const otherToken = (await signIn(app, other.username, other.password)).accessToken;
    const item = (patientId: number, section: HistorySection, name: string) => ({
      practiceId,
      patientId,
      section,
      code: 'OTHER',
      name,
      status: 'KNOWN_PRESENT' as const,
    });
    const [first] = await t.db
      .insert(historyItem)
      .values([item(user.patientId, 'ALLERGIES', 'Peanuts'), item(user.patientId, 'ALLERGIES', 'Dust')])
      .returning({ id: historyItem.id });

    /** This server's answer (kept) must be a fresh server's, and what `expected` says. */
    const check = async (
      patientId: number,
      tokenOf: string,
      expected: (names: string[]) => void,
      ask = { limit: 20, templates: false },
    ) => {
      const kept = await read(app, tokenOf, patientId, ask);
      // Another server on the same database, with nothing kept (and the same signing key).
      const fresh = await newApp({ jwtSecret: app.config.jwtSecret });
      expect(kept).toBe(await read(fresh, tokenOf, patientId, ask));
      const body = JSON.parse(kept) as { items: { attributes: { values: { description: string }[] }[] }[] };
      expected(body.items.map((i) => i.attributes[0]!.values[0]!.description));
    };
    const names =
      (...list: string[]) =>
      (got: string[]) =>
        expect(got).toEqual(list);

    await check(user.patientId, token, names('Peanuts', 'Dust'));
    // Read again: the second answer is the kept one; each ask is its own.
    await check(user.patientId, token, names('Peanuts', 'Dust'));
    await check(user.patientId, token, names('Dust'), { limit: 1, templates: false });
    await check(user.patientId, token, names('Peanuts', 'Dust'), { limit: 20, templates: true });
    await check(other.patientId, otherToken, names());

    await t.db.insert(historyItem).values(item(user.patientId, 'PAST_MEDICAL_HISTORY', 'Asthma'));
    await check(user.patientId, token, names('Peanuts', 'Dust', 'Asthma'));
    await check(user.patientId, token, names('Dust', 'Asthma'), { limit: 1, templates: false });
    await t.db.update(historyItem).set({ name: 'Tree nuts' }).where(eq(historyItem.id, first!.id));
    await check(user.patientId, token, names('Tree nuts', 'Dust', 'Asthma'));
    await t.db
      .update(historyItem)
      .set({ updatedAt: sql`'2026-01-02 03:04:05.678+00'::timestamptz` })
      .where(eq(historyItem.id, first!.id));
    await check(user.patientId, token, names('Tree nuts', 'Dust', 'Asthma'));
    await t.db.update(historyItem).set({ customValue: 'mild' }).where(eq(historyItem.id, first!.id));
    await check(user.patientId, token, (got) => expect(got).toEqual(['Tree nuts', 'Dust', 'Asthma']));
    expect(await read(app, token, user.patientId, { limit: 20, templates: false })).toContain('"mild"');

    // An item moved to another patient changes both answers.
    await check(other.patientId, otherToken, names());
    await t.db.update(historyItem).set({ patientId: other.patientId }).where(eq(historyItem.id, first!.id));
    await check(user.patientId, token, names('Dust', 'Asthma'));
    await check(other.patientId, otherToken, names('Tree nuts'));

    await t.db.delete(historyItem).where(eq(historyItem.patientId, user.patientId));
    await check(user.patientId, token, names());
    await check(other.patientId, otherToken, names('Tree nuts'));

    // A patient deleted with its items (by cascade) takes its revision with it.
    const gone = await givenPatient(t.db, practiceId);
    await t.db.insert(historyItem).values(item(gone, 'ALLERGIES', 'Latex'));
    await t.db.delete(patient).where(eq(patient.id, gone));
    expect(await t.db.select().from(historyItem).where(eq(historyItem.patientId, gone))).toEqual([]);
  });
});
