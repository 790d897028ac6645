/**
 * The inbox's keyset pages (decision 240): `nextCursor` walks a folder newest first with no message
 * repeated or missed, also when several share one date and when new mail arrives between pages; a
 * cursor reads only the list of the patient and folder it came from.
 */
import type { GetMessagesResponse } from '@dermis/contract';
import { count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeEach, expect, it } from 'vitest';
import { directMessage } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/database';
import type { UserFixture } from '../../test/fixtures';
import { bearer, givenPractice, givenUser, signIn } from '../../test/fixtures';

describeEachDatabase('messages: keyset pages', (t) => {
  const newApp = useTestApp(t);
  let app: FastifyInstance;
  let maria: UserFixture;
  let bob: UserFixture;
  let mariaToken: string;
  let bobToken: string;

  /** `count` messages in a patient's folder; every three share one date_sent, so ties are many. */
  const givenMessages = (patientId: number, folder: string, count: number, label: string) =>
    t.db.execute(sql`
      INSERT INTO direct_message (practice_id, patient_id, folder, from_address, to_address, subject,
        status, message_key, date_sent)
      SELECT practice_id, id, ${folder}, 'clinic@direct.example.org', 'patient@direct.example.org',
        ${label} || ' ' || g, 'DELIVERED', ${label} || '-' || g || '@direct.example.org',
        timestamptz '2026-01-01 00:00:00.123456+00' + (g / 3) * interval '1 minute'
      FROM patient, generate_series(1, ${count}::int) g WHERE id = ${patientId}`);

  beforeEach(async () => {
    const practiceId = await givenPractice(t.db);
    const tag = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    maria = await givenUser(t.db, practiceId, { username: `maria${tag}` });
    bob = await givenUser(t.db, practiceId, { username: `bob${tag}` });
    await givenMessages(maria.patientId, 'INBOX', 25, 'Inbox');
    await givenMessages(maria.patientId, 'SENT', 5, 'Sent');
    await givenMessages(bob.patientId, 'INBOX', 4, 'Bob');
    app = await newApp();
    mariaToken = (await signIn(app, maria.username, maria.password)).accessToken;
    bobToken = (await signIn(app, bob.username, bob.password)).accessToken;
  });

  const list = async (token: string, body: object) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/app/patient/dermis/getMessages',
      headers: bearer(token),
      payload: { directMessageType: 'RECEIVED', ...body },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<GetMessagesResponse>();
  };

  /** Every page from the first, following nextCursor. */
  const walk = async (pageSize: number) => {
    const pages: GetMessagesResponse[] = [await list(mariaToken, { patientId: maria.patientId, pageSize })];
    while (pages.at(-1)!.nextCursor)
      pages.push(
        await list(mariaToken, { patientId: maria.patientId, pageSize, cursor: pages.at(-1)!.nextCursor }),
      );
    return pages;
  };

  it('walks the whole inbox in the one-page order, each message once, and the last page says so', async () => {
    const whole = await list(mariaToken, { patientId: maria.patientId, pageSize: 100 });
    expect(whole.messages).toHaveLength(25);
    expect(whole.nextCursor).toBeNull();
    const pages = await walk(10);
    expect(pages.map((p) => p.messages.length)).toEqual([10, 10, 5]);
    expect(pages.flatMap((p) => p.messages.map((m) => m.id))).toEqual(whole.messages.map((m) => m.id));
    expect(pages.every((p) => p.totalCount === 25)).toBe(true);
    // A page that ends exactly at the last message has no next one.
    const exact = await walk(5);
    expect(exact.map((p) => p.messages.length)).toEqual([5, 5, 5, 5, 5]);
  });

  it('counts a folder as it is after messages are delivered, moved and deleted by any means', async () => {
    // The count is kept by the database (decision 278): changes made outside the application count too.
    const counts = async () => {
      const inbox = await list(mariaToken, { patientId: maria.patientId, pageSize: 1 });
      const sent = await list(mariaToken, {
        patientId: maria.patientId,
        pageSize: 1,
        directMessageType: 'SENT',
      });
      return [inbox.totalCount, sent.totalCount];
    };
    expect(await counts()).toEqual([25, 5]);
    await givenMessages(maria.patientId, 'INBOX', 3, 'Later');
    await t.db.execute(sql`
      UPDATE direct_message SET folder = 'SENT'
      WHERE id IN (SELECT id FROM direct_message WHERE patient_id = ${maria.patientId} AND folder = 'INBOX' LIMIT 2)`);
    await t.db.execute(sql`
      DELETE FROM direct_message
      WHERE id IN (SELECT id FROM direct_message WHERE patient_id = ${maria.patientId} AND folder = 'SENT' LIMIT 4)`);
    // Bob's inbox moved to Maria's.
    await t.db.execute(
      sql`UPDATE direct_message SET patient_id = ${maria.patientId} WHERE patient_id = ${bob.patientId}`,
    );
    const [inbox, sent] = await counts();
    const rows = await t.db
      .select({ folder: directMessage.folder, n: count() })
      .from(directMessage)
      .where(eq(directMessage.patientId, maria.patientId))
      .groupBy(directMessage.folder);
    const of = (folder: string) => rows.find((r) => r.folder === folder)?.n ?? 0;
    expect([inbox, sent]).toEqual([of('INBOX'), of('SENT')]);
    expect([inbox, sent]).toEqual([25 + 3 - 2 + 4, 5 + 2 - 4]);
    expect((await list(bobToken, { patientId: bob.patientId, pageSize: 1 })).totalCount).toBe(0);
  });

  it('keeps its place when new mail arrives between pages (the offset page would repeat)', async () => {
    const first = await list(mariaToken, { patientId: maria.patientId, pageSize: 10 });
    await givenMessages(maria.patientId, 'INBOX', 3, 'Newer');
    await t.db.execute(sql`UPDATE direct_message SET date_sent = now() WHERE subject LIKE 'Newer %'`);
    const next = await list(mariaToken, {
      patientId: maria.patientId,
      pageSize: 10,
      cursor: first.nextCursor,
    });
    const byOffset = await list(mariaToken, { patientId: maria.patientId, pageSize: 10, page: 1 });
    const firstIds = new Set(first.messages.map((m) => m.id));
    expect(next.messages.filter((m) => firstIds.has(m.id))).toEqual([]);
    expect(byOffset.messages.filter((m) => firstIds.has(m.id))).toHaveLength(3);
    const oldest = await list(mariaToken, { patientId: maria.patientId, pageSize: 100 });
    const ids = oldest.messages.map((m) => m.id);
    const lastOfFirst = ids.indexOf(first.messages.at(-1)!.id);
    expect(next.messages.map((m) => m.id)).toEqual(ids.slice(lastOfFirst + 1, lastOfFirst + 11));
  });

  it("answers the folder's count and the inbox's unread count with every page, also one past the last", async () => {
    await t.db.execute(sql`
      UPDATE direct_message SET message_was_read = subject IN ('Inbox 1', 'Inbox 2', 'Inbox 3')
      WHERE patient_id = ${maria.patientId}`);
    const first = await list(mariaToken, { patientId: maria.patientId, pageSize: 10 });
    expect([first.totalCount, first.noOfUnread]).toEqual([25, 22]);
    // The first message of the page carries its attachments, none here: an empty list, not null.
    expect(first.messages[0]!.attachments).toEqual([]);
    const sent = await list(mariaToken, { patientId: maria.patientId, directMessageType: 'SENT' });
    expect([sent.totalCount, sent.noOfUnread]).toEqual([5, 22]);
    // Past the last page no row carries the counts; they are still answered.
    const past = await list(mariaToken, { patientId: maria.patientId, pageSize: 10, page: 7 });
    expect(past.messages).toEqual([]);
    expect([past.totalCount, past.noOfUnread]).toEqual([25, 22]);
  });

  it("answers an empty page for another patient's cursor, another folder's, or a made-up one", async () => {
    const first = await list(mariaToken, { patientId: maria.patientId, pageSize: 10 });
    const cursor = first.nextCursor!;
    const stolen = await list(bobToken, { patientId: bob.patientId, pageSize: 10, cursor });
    expect(stolen.messages).toEqual([]);
    expect(stolen.nextCursor).toBeNull();
    expect(stolen.totalCount).toBe(4);
    const sent = await list(mariaToken, {
      patientId: maria.patientId,
      directMessageType: 'SENT',
      pageSize: 10,
      cursor,
    });
    expect(sent.messages).toEqual([]);
    const madeUp = await list(mariaToken, {
      patientId: maria.patientId,
      pageSize: 10,
      cursor: 'bm90LWEtY3Vyc29y',
    });
    expect(madeUp.messages).toEqual([]);
    // Bob's own id in a cursor claiming Maria's list names no message of hers: nothing.
    const bobMessage = (await list(bobToken, { patientId: bob.patientId })).messages[0]!.id;
    const forged = Buffer.from(`${maria.patientId}.INBOX.${bobMessage}`).toString('base64url');
    expect((await list(mariaToken, { patientId: maria.patientId, cursor: forged })).messages).toEqual([]);
    // And a cursor of another patient is still the guard's business first.
    const other = await app.inject({
      method: 'POST',
      url: '/api/app/patient/dermis/getMessages',
      headers: bearer(bobToken),
      payload: { patientId: maria.patientId, cursor },
    });
    expect(other.statusCode).toBe(403);
    const invalid = await app.inject({
      method: 'POST',
      url: '/api/app/patient/dermis/getMessages',
      headers: bearer(mariaToken),
      payload: { patientId: maria.patientId, cursor: 'not a cursor!' },
    });
    expect(invalid.statusCode).toBe(400);
  });
});
