/**
 * An inbox page's bytes when the stored text is awkward: every string of a list row (the sender's
 * name and address, the recipient, the subject, the failure, the staff member, the
 * responsible sender's name, an attachment's name and type) holding quotes, backslashes, a slash,
 * control characters, U+007F, U+2028/U+2029, non-ASCII and a character outside the BMP; optional
 * fields null; instants with and without milliseconds. The answer must be what JSON.stringify writes
 * of the message as the list shows it, in the contract's key order.
 */
import { createHash } from 'node:crypto';
import type { MessageFolder } from '@dermis/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeEach, expect, it } from 'vitest';
import { directMessage, directMessageAttachment } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/database';
import type { UserFixture } from '../../test/fixtures';
import { bearer, givenPractice, givenResponsiblePerson, givenUser, signIn } from '../../test/fixtures';
import { messageCursor } from './messages.service';

/** Everything JSON.stringify and PostgreSQL's to_json could write differently (PostgreSQL text holds no NUL). */
const awkward =
  'q"uote\\back/slash\nline\r\ttab\b\f\u0001\u001f\u007f\u2028\u2029 é ü 中 😀\u00a0«»</script>';

interface Stored {
  folder: MessageFolder;
  sent: [stored: string, shown: string];
  modified: [stored: string, shown: string];
  /** Null fields stay null; awkward ones hold `awkward` with the message's number. */
  plain?: boolean;
  by?: 'guardian';
  status: 'DELIVERED' | 'QUEUED' | 'FAILED';
  attachments: number;
}

const stored: Stored[] = [
  {
    folder: 'INBOX',
    sent: ['2026-03-01 12:00:00+00', '2026-03-01T12:00:00.000Z'],
    modified: ['2026-03-01 12:00:00.5+00', '2026-03-01T12:00:00.500Z'],
    status: 'DELIVERED',
    attachments: 2,
  },
  {
    folder: 'INBOX',
    sent: ['2026-03-01 11:00:00.123456+00', '2026-03-01T11:00:00.123Z'],
    modified: ['2026-03-01 13:00:00.0009+02', '2026-03-01T11:00:00.000Z'],
    plain: true,
    status: 'DELIVERED',
    attachments: 0,
  },
  {
    folder: 'INBOX',
    sent: ['2026-02-01 00:00:00.999999+00', '2026-02-01T00:00:00.999Z'],
    modified: ['2026-02-01 00:00:00+00', '2026-02-01T00:00:00.000Z'],
    status: 'DELIVERED',
    attachments: 1,
  },
  {
    folder: 'SENT',
    sent: ['2026-01-01 08:00:00+00', '2026-01-01T08:00:00.000Z'],
    modified: ['2026-01-01 08:00:00.01+00', '2026-01-01T08:00:00.010Z'],
    by: 'guardian',
    status: 'QUEUED',
    attachments: 1,
  },
  {
    folder: 'FAILED',
    sent: ['2026-01-02 08:00:00+00', '2026-01-02T08:00:00.000Z'],
    modified: ['2026-01-02 08:00:00+00', '2026-01-02T08:00:00.000Z'],
    status: 'FAILED',
    attachments: 0,
  },
];

describeEachDatabase('messages: a page of awkward text byte for byte', (t) => {
  const newApp = useTestApp(t);
  let app: FastifyInstance;
  let maria: UserFixture;
  let token: string;
  let guardianName: string;
  let guardianPatientId: number;
  let messages: (Stored & {
    n: number;
    id: number;
    files: { id: number; name: string; size: number; mimeType: string }[];
    /** What a later change wrote over the message as first stored. */
    changed?: { read: boolean; failureReason: string };
  })[];

  const text = (n: number, what: string) => `${what} ${n} ${awkward}`;

  beforeEach(async () => {
    const practiceId = await givenPractice(t.db);
    const tag = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    maria = await givenUser(t.db, practiceId, { username: `mpt${tag}` });
    const guardian = await givenUser(t.db, practiceId, { username: `mptg${tag}` });
    await givenResponsiblePerson(t.db, maria.patientId, guardian.patientId);
    guardianPatientId = guardian.patientId;
    // Names a form would refuse, as a clinic's feed or an old row may hold them.
    await t.db.execute(
      sql`UPDATE patient SET first_name = ${`\u2028 ${awkward}`}, last_name = ${`${awkward} \t`}
        WHERE id = ${guardian.patientId}`,
    );
    guardianName = `\u2028 ${awkward} ${awkward} \t`.trim();
    messages = [];
    for (const [n, m] of stored.entries()) {
      const [row] = await t.db
        .insert(directMessage)
        .values({
          practiceId,
          patientId: maria.patientId,
          folder: m.folder,
          isDirect: n % 2 === 0,
          fromAddress: text(n, 'from'),
          fromName: m.plain ? null : text(n, 'name'),
          toAddress: text(n, 'to'),
          subject: text(n, 'subject'),
          content: 'body',
          mimeType: m.plain ? 'text/plain' : 'text/html',
          messageWasRead: n % 2 === 1,
          status: m.status,
          failureReason: m.plain ? null : text(n, 'failure'),
          sentByStaff: m.plain ? null : text(n, 'staff'),
          sentByUserId: m.by === 'guardian' ? guardian.userId : null,
          messageKey: `pt-${tag}-${n}@direct.example.org`,
          dateSent: sql`${m.sent[0]}::timestamptz`,
          dateModified: sql`${m.modified[0]}::timestamptz`,
        })
        .returning({ id: directMessage.id });
      const files = [];
      for (let k = 0; k < m.attachments; k += 1) {
        const file = { name: text(n, `file${k}`), size: 3_500_000 - k, mimeType: text(n, 'mime') };
        const [attachment] = await t.db
          .insert(directMessageAttachment)
          .values({
            ...file,
            patientId: maria.patientId,
            messageId: row!.id,
            channel: 'DIRECT_MESSAGING',
            s3Id: createHash('md5').update(`pt-${tag}-${n}-${k}`).digest('hex'),
          })
          .returning({ id: directMessageAttachment.id });
        files.push({ id: attachment!.id, ...file });
      }
      messages.push({ ...m, n, id: row!.id, files });
    }
    app = await newApp();
    token = (await signIn(app, maria.username, maria.password)).accessToken;
  });

  const typeOf = { INBOX: 'RECEIVED', SENT: 'SENT', FAILED: 'FAILED' } as const;

  const shown = (folder: MessageFolder) =>
    messages
      .filter((m) => m.folder === folder)
      .sort((a, b) => (a.sent[1] < b.sent[1] ? 1 : -1))
      .map((m) => ({
        id: m.id,
        patientId: maria.patientId,
        directMessageType: typeOf[m.folder],
        from: m.plain ? text(m.n, 'from') : `${text(m.n, 'name')} <${text(m.n, 'from')}>`,
        to: text(m.n, 'to'),
        subject: text(m.n, 'subject'),
        mimeType: m.plain ? 'text/plain' : 'text/html',
        dateSent: m.sent[1],
        dateModified: m.changed ? '2026-04-01T09:30:00.250Z' : m.modified[1],
        messageWasRead: m.changed?.read ?? m.n % 2 === 1,
        isDirect: m.n % 2 === 0,
        status: m.changed ? 'FAILED' : m.status,
        failureReason: m.changed?.failureReason ?? (m.plain ? null : text(m.n, 'failure')),
        sentByFullName: m.by === 'guardian' ? guardianName : m.plain ? null : text(m.n, 'staff'),
        attachments: m.files,
      }));

  const ask = async (body: object) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/app/patient/dermis/getMessages',
      headers: bearer(token),
      payload: { patientId: maria.patientId, ...body },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    return response.body;
  };

  /** Each folder's first page of 50, holding all its messages, as JSON.stringify writes it. */
  const expectEveryFolderWhole = async (unread: number) => {
    for (const folder of ['INBOX', 'SENT', 'FAILED'] as const) {
      const all = shown(folder);
      expect(await ask({ directMessageType: typeOf[folder], page: 0, pageSize: 50 })).toBe(
        JSON.stringify({
          directMessageType: typeOf[folder],
          noOfUnread: unread,
          totalCount: all.length,
          page: 0,
          pageSize: 50,
          messages: all,
          nextCursor: null,
        }),
      );
    }
  };

  it('answers each folder as JSON.stringify writes its messages, by offset and by cursor', async () => {
    const unread = messages.filter((m) => m.folder === 'INBOX' && m.n % 2 === 0).length;
    await expectEveryFolderWhole(unread);
    const first = await ask({ directMessageType: 'RECEIVED', pageSize: 1 });
    const inbox = shown('INBOX');
    const cursor = messageCursor.of(maria.patientId, 'INBOX', inbox[0]!.id);
    expect(first).toBe(
      JSON.stringify({
        directMessageType: 'RECEIVED',
        noOfUnread: unread,
        totalCount: inbox.length,
        page: 0,
        pageSize: 1,
        messages: inbox.slice(0, 1),
        nextCursor: cursor,
      }),
    );
    expect(await ask({ directMessageType: 'RECEIVED', pageSize: 5, page: 3, cursor })).toBe(
      JSON.stringify({
        directMessageType: 'RECEIVED',
        noOfUnread: unread,
        totalCount: inbox.length,
        page: 3,
        pageSize: 5,
        messages: inbox.slice(1),
        nextCursor: null,
      }),
    );
  });

  it('answers each message as it stands after a change, and a renamed guardian by the new name', async () => {
    for (const m of messages) {
      m.changed = { read: m.n % 2 === 0, failureReason: text(m.n, 'changed') };
      await t.db
        .update(directMessage)
        .set({
          messageWasRead: m.changed.read,
          status: 'FAILED',
          failureReason: m.changed.failureReason,
          dateModified: sql`'2026-04-01 11:30:00.250999+02'::timestamptz`,
        })
        .where(eq(directMessage.id, m.id));
    }
    await t.db.execute(
      sql`UPDATE patient SET first_name = 'Ana', last_name = ${awkward} WHERE id = ${guardianPatientId}`,
    );
    guardianName = `Ana ${awkward}`;
    const unread = messages.filter((m) => m.folder === 'INBOX' && !m.changed!.read).length;
    await expectEveryFolderWhole(unread);
  });
});
