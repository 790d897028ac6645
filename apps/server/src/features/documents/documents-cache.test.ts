// dms/getPatientDocuments and dms/getPatientDocumentsSummary answer from text kept by the patient's
// documents revision (decision 326, migration 0502). These tests change, behind the server's back
// (as another instance, the clinic's feed or a script would), every way a document can change, and
// prove the next call answers exactly what a server with nothing kept answers.
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { patientDocument } from '../../db/schema';
import { listCursor } from '../../lib/list-cursor';
import { useTestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/database';
import { expectFreshAfterEachChange } from '../../test/fresh-answers';
import { bearer, givenPractice, givenUser, signIn } from '../../test/fixtures';

describeEachDatabase('documents: a kept answer never answers changed documents', (t) => {
  const newApp = useTestApp(t);

  it('answers every insert, change, move and delete of a document at once, in every ask', async () => {
    const practiceId = await givenPractice(t.db);
    const tag = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const user = await givenUser(t.db, practiceId, { username: `dcc${tag}` });
    const other = await givenUser(t.db, practiceId, { username: `dcd${tag}` });
    const app = await newApp();
    const token = (await signIn(app, user.username, user.password)).accessToken;
    const otherToken = (await signIn(app, other.username, other.password)).accessToken;

    let sequence = 0;
    const file = async (patientId: number, created: string) => {
      sequence += 1;
      const [row] = await t.db
        .insert(patientDocument)
        .values({
          practiceId,
          patientId,
          externalId: `D-${sequence}`,
          name: `Document ${sequence}`,
          fileName: `document-${sequence}.pdf`,
          mimeType: 'application/pdf',
          contentS3Id: `dcc-${tag}-${sequence}`,
          contentLength: 1000 + sequence,
          dateCreated: new Date(created),
        })
        .returning({ id: patientDocument.id });
      return row!.id;
    };
    const first = await file(user.patientId, '2026-04-10T10:00:00Z');
    await file(user.patientId, '2026-04-12T10:00:00Z');
    await file(other.patientId, '2026-04-11T10:00:00Z');

    // What the screens ask (a week's range, its first page, the summary), the whole list and a page
    // by cursor, of both patients.
    const range = 'createdFrom=2026-04-08T00:00:00.000Z&createdBefore=2026-04-15T00:00:00.000Z';
    const asks = (patientId: number) => [
      `getPatientDocumentsSummary/_rid/${patientId}?${range}`,
      `getPatientDocumentsSummary/_rid/${patientId}`,
      `getPatientDocuments/_rid/${patientId}?${range}&limit=20`,
      `getPatientDocuments/_rid/${patientId}?${range}`,
      `getPatientDocuments/_rid/${patientId}?limit=1`,
      `getPatientDocuments/_rid/${patientId}?limit=1&cursor=${listCursor.of(patientId, 'DOCUMENTS', first)}`,
    ];
    const answers = async (server: FastifyInstance) => {
      const bodies: string[] = [];
      for (const [patientId, reader] of [
        [user.patientId, token],
        [other.patientId, otherToken],
      ] as const)
        for (const path of asks(patientId)) {
          const answer = await server.inject({
            method: 'GET',
            url: `/api/app/dms/${path}`,
            headers: bearer(reader),
          });
          expect(answer.statusCode, answer.body).toBe(200);
          expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
          bodies.push(answer.body);
        }
      return bodies;
    };

    // Each step changes the rows behind the server's back; the answers that follow must be a fresh
    // server's, and differ from the ones before (so the step was seen).
    const expectFresh = await expectFreshAfterEachChange(app, newApp, answers);

    const filed = await file(user.patientId, '2026-04-14T10:00:00Z');
    await expectFresh();
    await t.db.update(patientDocument).set({ name: 'Renamed' }).where(eq(patientDocument.id, first));
    await expectFresh();
    await t.db
      .update(patientDocument)
      .set({ ownerFullName: 'Dr. Ann Lee' })
      .where(eq(patientDocument.id, filed));
    await expectFresh();
    // Out of the range, then back in.
    await t.db
      .update(patientDocument)
      .set({ dateCreated: new Date('2026-03-01T10:00:00Z') })
      .where(eq(patientDocument.id, filed));
    await expectFresh();
    await t.db.execute(
      sql`UPDATE patient_document SET date_created = '2026-04-09T10:00:00Z' WHERE id = ${filed}`,
    );
    await expectFresh();
    // The document moves to the other patient: both answers change.
    await t.db
      .update(patientDocument)
      .set({ patientId: other.patientId })
      .where(eq(patientDocument.id, filed));
    await expectFresh();
    await t.db.delete(patientDocument).where(eq(patientDocument.id, filed));
    await expectFresh();
    await t.db.delete(patientDocument).where(eq(patientDocument.patientId, user.patientId));
    await expectFresh();
  });
});
