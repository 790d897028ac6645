// prescription/getHistory answers from text kept by the patient's prescriptions revision (decision
// 324, migration 0500). These tests change, behind the server's back (as another instance, the
// clinic's feed or a script would), the prescriptions and the practice's drug monographs, and prove
// the next call answers exactly what a server with nothing kept answers, for the whole list, its
// first page and the page after it.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { drugMonograph, prescription } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/database';
import { expectFreshAfterEachChange } from '../../test/fresh-answers';
import { bearer, givenPractice, givenUser, signIn } from '../../test/fixtures';

describeEachDatabase('prescriptions: the kept history never answers changed rows', (t) => {
  const newApp = useTestApp(t);

  const historyOf = async (app: FastifyInstance, token: string, patientId: number) => {
    const ask = async (request: object) => {
      const answer = await app.inject({
        method: 'POST',
        url: '/api/app/prescription/getHistory',
        headers: bearer(token),
        payload: { patientId, ...request },
      });
      expect(answer.statusCode).toBe(200);
      return answer.body;
    };
    const whole = await ask({});
    const first = await ask({ limit: 1 });
    const { nextCursor } = JSON.parse(first) as { nextCursor: string | null };
    return [
      whole,
      first,
      await ask({ limit: 50 }),
      nextCursor ? await ask({ limit: 1, cursor: nextCursor }) : '',
    ];
  };

  it('answers every change of a prescription or of a monograph it matches at once', async () => {
    const practiceId = await givenPractice(t.db);
    const app = await newApp();
    const tag = `${Date.now()}`;
    const user = await givenUser(t.db, practiceId, { username: `rxc${tag}` });
    const other = await givenUser(t.db, practiceId, { username: `rxd${tag}` });
    const token = (await signIn(app, user.username, user.password)).accessToken;
    const otherToken = (await signIn(app, other.username, other.password)).accessToken;
    const rx = (n: number, patientId: number) => ({
      practiceId,
      patientId,
      externalId: `RX-${tag}-${n}`,
      fdbId: `F${n}`,
      fdbDescription: `Drug ${n}`,
      fdbDrugType: 'GENERIC',
      status: 'ACTIVE' as const,
      dateWritten: `2026-03-0${n}`,
    });
    // Two of the user's, so that the list has a page after the first.
    await t.db.insert(prescription).values([rx(1, user.patientId), rx(2, user.patientId)]);

    // Each step changes the rows behind the server's back; the answers that follow must be a fresh
    // server's, and differ from the ones before (so the step was seen).
    const expectFresh = await expectFreshAfterEachChange(app, newApp, async (server) => ({
      user: await historyOf(server, token, user.patientId),
      other: await historyOf(server, otherToken, other.patientId),
    }));

    const [added] = await t.db
      .insert(prescription)
      .values(rx(3, user.patientId))
      .returning({ id: prescription.id });
    await expectFresh();
    await t.db.update(prescription).set({ sig: 'Apply twice daily' }).where(eq(prescription.id, added!.id));
    await expectFresh();
    await t.db.update(prescription).set({ status: 'INACTIVE' }).where(eq(prescription.id, added!.id));
    await expectFresh();
    // The prescription moves to the other patient: both answers change.
    await t.db.update(prescription).set({ patientId: other.patientId }).where(eq(prescription.id, added!.id));
    await expectFresh();

    // A monograph names no patient: its change reaches the patients whose prescriptions it matches.
    const [monograph] = await t.db
      .insert(drugMonograph)
      .values({ practiceId, fdbId: 'F3', fdbDrugType: '', title: 'Any type', monograph: 'text' })
      .returning({ id: drugMonograph.id });
    await expectFresh();
    await t.db.update(drugMonograph).set({ fdbDrugType: 'BRAND' }).where(eq(drugMonograph.id, monograph!.id));
    await expectFresh();
    await t.db
      .update(drugMonograph)
      .set({ fdbId: 'F1', fdbDrugType: 'GENERIC' })
      .where(eq(drugMonograph.id, monograph!.id));
    await expectFresh();
    await t.db.delete(drugMonograph).where(eq(drugMonograph.id, monograph!.id));
    await expectFresh();

    await t.db.delete(prescription).where(eq(prescription.id, added!.id));
    await expectFresh();
  });
});
