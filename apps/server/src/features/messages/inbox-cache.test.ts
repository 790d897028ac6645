// patient/dermis/getMessages answers from pages kept by the patient's inbox revision (decision 325,
// migration 0501). These tests change, behind the server's back (as another instance, the clinic's
// feed or a script would), every table a page is made of, and prove the next call answers exactly
// what a server with nothing kept answers, whoever of the patient and the guardian reads.
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import {
  directMessage,
  directMessageAttachment,
  directMessageFolderCount,
  userAccount,
} from '../../db/schema';
import { useTestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/database';
import { expectFreshAfterEachChange } from '../../test/fresh-answers';
import {
  bearer,
  givenPatient,
  givenPractice,
  givenResponsiblePerson,
  givenUser,
  signIn,
} from '../../test/fixtures';
import { messageCursor } from './messages.service';

describeEachDatabase('messages: a kept page never answers a changed folder', (t) => {
  const newApp = useTestApp(t);

  it('answers every change of a message, an attachment, a folder count and a sender at once', async () => {
    const practiceId = await givenPractice(t.db);
    const tag = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const maria = await givenUser(t.db, practiceId, { username: `ibc${tag}` });
    const guardian = await givenUser(t.db, practiceId, { username: `ibcg${tag}` });
    await givenResponsiblePerson(t.db, maria.patientId, guardian.patientId);
    // Who pressed Send on a message of Maria's folder: named on the page, as they are not Maria.
    const sender = await givenUser(t.db, practiceId, { username: `ibcs${tag}`, firstName: 'Ana' });
    const app = await newApp();
    const token = (await signIn(app, maria.username, maria.password)).accessToken;
    const guardianToken = (await signIn(app, guardian.username, guardian.password)).accessToken;

    let sequence = 0;
    const message = async (folder: 'INBOX' | 'SENT', by?: number) => {
      sequence += 1;
      const [row] = await t.db
        .insert(directMessage)
        .values({
          practiceId,
          patientId: maria.patientId,
          folder,
          fromAddress: `clinic${sequence}@direct.example.org`,
          toAddress: 'maria@direct.example.org',
          subject: `Message ${sequence}`,
          status: 'DELIVERED',
          sentByUserId: by ?? null,
          messageKey: `ibc-${tag}-${sequence}@direct.example.org`,
          dateSent: sql`'2026-03-01 12:00:00+00'::timestamptz + ${sequence} * interval '1 minute'`,
        })
        .returning({ id: directMessage.id });
      return row!.id;
    };
    const first = await message('INBOX');
    await message('INBOX');
    const sent = await message('SENT', sender.userId);

    // Each folder's first page, a page by offset and a page by cursor, as the patient and as the
    // guardian read them (the same bytes: a page does not depend on who reads).
    const asks = [
      { directMessageType: 'RECEIVED', page: 0, pageSize: 50 },
      { directMessageType: 'RECEIVED', page: 1, pageSize: 1 },
      {
        directMessageType: 'RECEIVED',
        page: 0,
        pageSize: 1,
        cursor: messageCursor.of(maria.patientId, 'INBOX', first),
      },
      { directMessageType: 'SENT', page: 0, pageSize: 50 },
    ];
    const pages = async (server: FastifyInstance) => {
      const bodies: string[] = [];
      for (const ask of asks)
        for (const reader of [token, guardianToken]) {
          const answer = await server.inject({
            method: 'POST',
            url: '/api/app/patient/dermis/getMessages',
            headers: bearer(reader),
            payload: { patientId: maria.patientId, ...ask },
          });
          expect(answer.statusCode, answer.body).toBe(200);
          expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
          bodies.push(answer.body);
        }
      return bodies;
    };

    // Each step changes the rows behind the server's back; the pages that follow must be a fresh
    // server's, and differ from the ones before (so the step was seen).
    const expectFresh = await expectFreshAfterEachChange(app, newApp, pages);

    // A message arrives, is read, moves to another folder and is deleted.
    const arrived = await message('INBOX');
    await expectFresh();
    await t.db.update(directMessage).set({ messageWasRead: true }).where(eq(directMessage.id, arrived));
    await expectFresh();
    await t.db.update(directMessage).set({ subject: 'Changed' }).where(eq(directMessage.id, first));
    await expectFresh();
    await t.db.update(directMessage).set({ folder: 'SENT' }).where(eq(directMessage.id, arrived));
    await expectFresh();
    await t.db.delete(directMessage).where(eq(directMessage.id, arrived));
    await expectFresh();

    // An attachment is added, renamed and removed.
    const [attachment] = await t.db
      .insert(directMessageAttachment)
      .values({
        patientId: maria.patientId,
        messageId: first,
        channel: 'DIRECT_MESSAGING',
        s3Id: createHash('md5').update(`ibc-${tag}`).digest('hex'),
        name: 'result.pdf',
        mimeType: 'application/pdf',
        size: 1000,
      })
      .returning({ id: directMessageAttachment.id });
    await expectFresh();
    await t.db
      .update(directMessageAttachment)
      .set({ name: 'renamed.pdf' })
      .where(eq(directMessageAttachment.id, attachment!.id));
    await expectFresh();
    await t.db.delete(directMessageAttachment).where(eq(directMessageAttachment.id, attachment!.id));
    await expectFresh();

    // The folder's kept size and unread count, written by a script.
    await t.db
      .update(directMessageFolderCount)
      .set({ messages: 7, unread: 5 })
      .where(eq(directMessageFolderCount.patientId, maria.patientId));
    await expectFresh();

    // Who pressed Send is renamed, then their account moves to another patient record.
    await t.db.execute(sql`UPDATE patient SET first_name = 'Renamed' WHERE id = ${sender.patientId}`);
    await expectFresh();
    const other = await givenPatient(t.db, practiceId, { firstName: 'Other', lastName: 'Record' });
    await t.db.update(userAccount).set({ patientId: other }).where(eq(userAccount.id, sender.userId));
    await expectFresh();
    await t.db.execute(sql`UPDATE patient SET last_name = 'Renamed too' WHERE id = ${other}`);
    await expectFresh();
    await t.db.delete(directMessage).where(eq(directMessage.id, sent));
    await expectFresh();
  });
});
