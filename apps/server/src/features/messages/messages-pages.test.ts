/**
 * The folders' pages byte for byte (decision 289): every page of every folder, by offset and by
 * cursor, compared whole with a body built from the stored messages in the contract's key order.
 * Pins what the list shows of a message: the sender's name beside the address, who pressed Send for
 * the patient, attachments in upload order, read and unread, and instants stored with microseconds
 * (cut to the millisecond, never rounded) or another offset, shown in UTC as `toISOString` writes them.
 */
import { createHash } from 'node:crypto';
import type { GetMessagesResponse, MessageFolder } from '@dermis/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeEach, expect, it } from 'vitest';
import { directMessage, directMessageAttachment } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/database';
import type { UserFixture } from '../../test/fixtures';
import { bearer, givenPractice, givenResponsiblePerson, givenUser, signIn } from '../../test/fixtures';
import { messageCursor } from './messages.service';

/** A stored message and, beside each stored instant, how the answer shows it. */
interface Stored {
  folder: MessageFolder;
  sent: [stored: string, shown: string];
  modified: [stored: string, shown: string];
  fromName: string | null;
  read: boolean;
  status: 'DELIVERED' | 'QUEUED' | 'SENT' | 'FAILED';
  failureReason?: string;
  sentByStaff?: string;
  /** Whose account pressed Send: the owner's, a responsible person's, or none recorded. */
  by?: 'owner' | 'guardian';
  attachments: number;
  isDirect?: boolean;
  mimeType?: string;
}

const at = (stored: string, shown: string): [string, string] => [stored, shown];
const noon = at('2026-03-01 12:00:00+00', '2026-03-01T12:00:00.000Z');

const stored: Stored[] = [
  {
    folder: 'INBOX',
    sent: noon,
    modified: noon,
    fromName: 'Front desk',
    read: true,
    status: 'DELIVERED',
    attachments: 0,
  },
  // Three at one instant: the newest id first.
  {
    folder: 'INBOX',
    sent: noon,
    modified: noon,
    fromName: null,
    read: false,
    status: 'DELIVERED',
    attachments: 1,
  },
  {
    folder: 'INBOX',
    sent: noon,
    modified: noon,
    fromName: '',
    read: false,
    status: 'DELIVERED',
    attachments: 3,
  },
  {
    folder: 'INBOX',
    sent: at('2026-03-01 11:59:59.9995+00', '2026-03-01T11:59:59.999Z'),
    modified: at('2026-03-02 00:00:00.123999+00', '2026-03-02T00:00:00.123Z'),
    fromName: 'Dr. "Quote" Ünïcødé',
    read: true,
    status: 'DELIVERED',
    sentByStaff: 'Nurse Joy',
    attachments: 2,
    mimeType: 'text/html',
  },
  {
    folder: 'INBOX',
    sent: at('2026-02-28 23:59:59.999999+00', '2026-02-28T23:59:59.999Z'),
    modified: at('2026-03-01 05:30:00.5+05:30', '2026-03-01T00:00:00.500Z'),
    fromName: 'Lab\tResults',
    read: false,
    status: 'DELIVERED',
    attachments: 1,
    isDirect: false,
  },
  {
    folder: 'INBOX',
    sent: at('2024-02-29 00:00:00.000001+00', '2024-02-29T00:00:00.000Z'),
    modified: at('2024-02-29 18:00:00-08', '2024-03-01T02:00:00.000Z'),
    fromName: null,
    read: true,
    status: 'DELIVERED',
    sentByStaff: 'Front desk',
    attachments: 0,
  },
  {
    folder: 'INBOX',
    sent: at('1999-12-31 23:59:59.5+00', '1999-12-31T23:59:59.500Z'),
    modified: at('2000-01-01 00:00:00+00', '2000-01-01T00:00:00.000Z'),
    fromName: 'Old',
    read: false,
    status: 'DELIVERED',
    attachments: 1,
  },
  {
    folder: 'INBOX',
    sent: at('1970-01-01 00:00:00.0005+00', '1970-01-01T00:00:00.000Z'),
    modified: noon,
    fromName: null,
    read: true,
    status: 'DELIVERED',
    attachments: 0,
  },
  // Sent by the owner (no one else's name), and by the responsible person for the patient.
  {
    folder: 'SENT',
    sent: noon,
    modified: noon,
    fromName: null,
    read: true,
    status: 'DELIVERED',
    by: 'owner',
    attachments: 1,
  },
  {
    folder: 'SENT',
    sent: at('2026-01-10 08:00:00.010203+00', '2026-01-10T08:00:00.010Z'),
    modified: noon,
    fromName: null,
    read: true,
    status: 'QUEUED',
    by: 'guardian',
    attachments: 2,
  },
  {
    folder: 'SENT',
    sent: noon,
    modified: noon,
    fromName: null,
    read: true,
    status: 'SENT',
    by: 'guardian',
    sentByStaff: 'ignored',
    attachments: 0,
  },
  {
    folder: 'FAILED',
    sent: noon,
    modified: at('2026-03-03 03:03:03.333333+00', '2026-03-03T03:03:03.333Z'),
    fromName: null,
    read: true,
    status: 'FAILED',
    failureReason: 'The recipient "x" is unknown.\nTry again.',
    by: 'guardian',
    attachments: 1,
  },
  {
    folder: 'FAILED',
    sent: noon,
    modified: noon,
    fromName: null,
    read: true,
    status: 'FAILED',
    failureReason: '',
    attachments: 0,
  },
];

describeEachDatabase('messages: pages byte for byte', (t) => {
  const newApp = useTestApp(t);
  let app: FastifyInstance;
  let maria: UserFixture;
  let guardian: UserFixture;
  let token: string;
  let messages: (Stored & {
    n: number;
    id: number;
    files: { id: number; name: string; size: number; mimeType: string }[];
  })[];

  beforeEach(async () => {
    const practiceId = await givenPractice(t.db);
    const tag = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    maria = await givenUser(t.db, practiceId, { username: `mpm${tag}` });
    // JavaScript's trim takes these spaces off the name; the stored name keeps them.
    guardian = await givenUser(t.db, practiceId, {
      username: `mpg${tag}`,
      firstName: '\u00a0Ann\u3000',
      lastName: 'Lee\t ',
    });
    await givenResponsiblePerson(t.db, maria.patientId, guardian.patientId);
    const other = await givenUser(t.db, practiceId, { username: `mpo${tag}` });
    messages = [];
    for (const [n, m] of stored.entries()) {
      const [row] = await t.db
        .insert(directMessage)
        .values({
          practiceId,
          patientId: maria.patientId,
          folder: m.folder,
          isDirect: m.isDirect ?? true,
          fromAddress: `sender${n}@direct.example.org`,
          fromName: m.fromName,
          toAddress: `to${n}@direct.example.org`,
          subject: `Subject ${n} «ü» "q" \\ end`,
          content: `Body ${n}`,
          mimeType: m.mimeType ?? 'text/plain',
          messageWasRead: m.read,
          status: m.status,
          failureReason: m.failureReason ?? null,
          sentByStaff: m.sentByStaff ?? null,
          sentByUserId: m.by === 'owner' ? maria.userId : m.by === 'guardian' ? guardian.userId : null,
          messageKey: `pin-${tag}-${n}@direct.example.org`,
          dateSent: sql`${m.sent[0]}::timestamptz`,
          dateModified: sql`${m.modified[0]}::timestamptz`,
        })
        .returning({ id: directMessage.id });
      messages.push({ ...m, n, id: row!.id, files: [] });
      // Another patient's mail beside each: never on Maria's pages nor in her counts.
      await t.db.insert(directMessage).values({
        practiceId,
        patientId: other.patientId,
        folder: m.folder,
        fromAddress: 'x@direct.example.org',
        toAddress: 'y@direct.example.org',
        subject: 'not hers',
        messageWasRead: false,
        status: 'DELIVERED',
        messageKey: `pin-other-${tag}-${n}@direct.example.org`,
        dateSent: sql`${m.sent[0]}::timestamptz`,
      });
    }
    // Attachments uploaded in turns across messages, so one message's ids are not consecutive and
    // their names are not in upload order.
    for (let turn = 0; turn < 3; turn += 1)
      for (const message of messages) {
        if (turn >= message.attachments) continue;
        const file = {
          name: `${'zyx'[turn]}-file "${turn}".pdf`,
          size: 1000 * turn + message.id,
          mimeType: 'application/pdf',
        };
        const [row] = await t.db
          .insert(directMessageAttachment)
          .values({
            ...file,
            patientId: maria.patientId,
            messageId: message.id,
            channel: 'DIRECT_MESSAGING',
            s3Id: createHash('md5').update(`pin-${message.id}-${turn}`).digest('hex'),
          })
          .returning({ id: directMessageAttachment.id });
        message.files.push({ id: row!.id, ...file });
      }
    app = await newApp();
    token = (await signIn(app, maria.username, maria.password)).accessToken;
  });

  const typeOf = { INBOX: 'RECEIVED', SENT: 'SENT', FAILED: 'FAILED' } as const;
  // `${first} ${last}`, trimmed as JavaScript trims.
  const guardianName = 'Ann\u3000 Lee';

  /** The folder newest first (ties: newest id first), as the answer shows each message. */
  const shown = (folder: MessageFolder) =>
    messages
      .filter((m) => m.folder === folder)
      .sort((a, b) => (a.sent[1] === b.sent[1] ? b.id - a.id : a.sent[1] < b.sent[1] ? 1 : -1))
      .map((m) => ({
        id: m.id,
        patientId: maria.patientId,
        directMessageType: typeOf[m.folder],
        from: m.fromName
          ? `${m.fromName} <sender${m.n}@direct.example.org>`
          : `sender${m.n}@direct.example.org`,
        to: `to${m.n}@direct.example.org`,
        subject: `Subject ${m.n} «ü» "q" \\ end`,
        mimeType: m.mimeType ?? 'text/plain',
        dateSent: m.sent[1],
        dateModified: m.modified[1],
        messageWasRead: m.read,
        isDirect: m.isDirect ?? true,
        status: m.status,
        failureReason: m.failureReason ?? null,
        sentByFullName: m.by === 'guardian' ? guardianName : (m.sentByStaff ?? null),
        attachments: m.files.map((f) => ({ id: f.id, name: f.name, size: f.size, mimeType: f.mimeType })),
      }));

  const unread = () => messages.filter((m) => m.folder === 'INBOX' && !m.read).length;

  const expected = (
    folder: MessageFolder,
    page: number,
    pageSize: number,
    from: number,
    cursorAsked: boolean,
  ) => {
    const all = shown(folder);
    const slice = all.slice(from, from + pageSize);
    const more = from + pageSize < all.length;
    return JSON.stringify({
      directMessageType: typeOf[folder],
      noOfUnread: unread(),
      totalCount: all.length,
      page: cursorAsked ? 0 : page,
      pageSize,
      messages: slice,
      nextCursor: more ? messageCursor.of(maria.patientId, folder, slice.at(-1)!.id) : null,
    });
  };

  const ask = async (body: object) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/app/patient/dermis/getMessages',
      headers: bearer(token),
      payload: { patientId: maria.patientId, ...body },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.body;
  };

  const nextCursorOf = (body: string) => (JSON.parse(body) as GetMessagesResponse).nextCursor;

  it('answers every page of every folder by offset as built from the stored messages', async () => {
    for (const folder of ['INBOX', 'SENT', 'FAILED'] as const)
      for (const pageSize of [1, 2, 3, 5, 8, 50]) {
        const pages = Math.ceil(shown(folder).length / pageSize) + 1;
        for (let page = 0; page < pages; page += 1) {
          const body = await ask({ directMessageType: typeOf[folder], page, pageSize });
          expect(body, `${folder} ${pageSize} ${page}`).toBe(
            expected(folder, page, pageSize, page * pageSize, false),
          );
        }
      }
  });

  it('answers every page of every folder by cursor as built from the stored messages', async () => {
    for (const folder of ['INBOX', 'SENT', 'FAILED'] as const)
      for (const pageSize of [1, 3, 4, 50]) {
        let from = 0;
        let cursor: string | undefined;
        do {
          const body = await ask({
            directMessageType: typeOf[folder],
            pageSize,
            ...(cursor ? { cursor } : {}),
          });
          expect(body, `${folder} ${pageSize} ${from}`).toBe(
            expected(folder, 0, pageSize, from, cursor !== undefined),
          );
          cursor = nextCursorOf(body) ?? undefined;
          from += pageSize;
        } while (cursor);
      }
    // Another folder's cursor: an empty page with both counts.
    const sent = nextCursorOf(await ask({ directMessageType: 'SENT', pageSize: 1 }))!;
    expect(await ask({ directMessageType: 'RECEIVED', pageSize: 2, cursor: sent })).toBe(
      JSON.stringify({
        directMessageType: 'RECEIVED',
        noOfUnread: unread(),
        totalCount: shown('INBOX').length,
        page: 0,
        pageSize: 2,
        messages: [],
        nextCursor: null,
      }),
    );
  });

  it('answers the pages as built from the stored messages after their reads, folders and attachments change', async () => {
    const inbox = messages.filter((m) => m.folder === 'INBOX');
    const [withFiles, another] = messages.filter((m) => m.files.length >= 2);
    const setRead = async (m: (typeof messages)[number], read: boolean) => {
      await t.db
        .update(directMessage)
        .set({ messageWasRead: read })
        .where(sql`id = ${m.id}`);
      m.read = read;
    };
    // Read marks in both directions, and one set to what it already was.
    await setRead(inbox[0]!, !inbox[0]!.read);
    await setRead(inbox[1]!, !inbox[1]!.read);
    await setRead(inbox[2]!, inbox[2]!.read);
    // A message moved to another folder, unread, and one deleted with its attachments.
    const moved = inbox.find((m) => !m.read)!;
    await t.db
      .update(directMessage)
      .set({ folder: 'FAILED' })
      .where(sql`id = ${moved.id}`);
    moved.folder = 'FAILED';
    const deleted = messages.find((m) => m.files.length === 1)!;
    await t.db.execute(sql`DELETE FROM direct_message WHERE id = ${deleted.id}`);
    messages = messages.filter((m) => m !== deleted);
    // An upload sent with a message (its message set afterwards), an attachment moved to another
    // message, and one deleted.
    const file = { name: 'later "sent".pdf', size: 4242, mimeType: 'application/pdf' };
    const [upload] = await t.db
      .insert(directMessageAttachment)
      .values({
        ...file,
        patientId: maria.patientId,
        channel: 'DIRECT_MESSAGING',
        s3Id: createHash('md5').update(`pin-upload-${withFiles!.id}`).digest('hex'),
      })
      .returning({ id: directMessageAttachment.id });
    await t.db
      .update(directMessageAttachment)
      .set({ messageId: withFiles!.id })
      .where(sql`id = ${upload!.id}`);
    withFiles!.files.push({ id: upload!.id, ...file });
    const movedFile = withFiles!.files.shift()!;
    await t.db
      .update(directMessageAttachment)
      .set({ messageId: another!.id })
      .where(sql`id = ${movedFile.id}`);
    another!.files = [...another!.files, movedFile].sort((a, b) => a.id - b.id);
    const deletedFile = another!.files.pop()!;
    await t.db.execute(sql`DELETE FROM direct_message_attachment WHERE id = ${deletedFile.id}`);
    for (const folder of ['INBOX', 'SENT', 'FAILED'] as const)
      expect(await ask({ directMessageType: typeOf[folder], page: 0, pageSize: 50 }), folder).toBe(
        expected(folder, 0, 50, 0, false),
      );
  });

  it('answers an empty folder with its counts', async () => {
    await t.db.execute(
      sql`DELETE FROM direct_message WHERE patient_id = ${maria.patientId} AND folder = 'FAILED'`,
    );
    messages = messages.filter((m) => m.folder !== 'FAILED');
    expect(await ask({ directMessageType: 'FAILED', pageSize: 5 })).toBe(expected('FAILED', 0, 5, 0, false));
  });
});
