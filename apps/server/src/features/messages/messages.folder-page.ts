/**
 * A page of a patient's folder as the inbox shows it, read by one prepared statement (decisions 274,
 * 289, 294): the page's messages newest first (ties: newest id first), each with its attachments in
 * upload order, beside the folder's size and the inbox's unread count.
 *
 * The statement has two forms, one per database, because what is cheap differs. On PostgreSQL the
 * page comes as plain rows: building JSON costs the server more than sending columns. On PGlite,
 * which runs in this process, every field of every row is parsed in JavaScript, so one JSON value is
 * cheaper there. Both build each value with the same SQL (`shown`), and messages-pages.test.ts pins
 * the answer byte for byte on both databases.
 */
import type { DirectMessageSummary, MessageAttachment, MessageFolder } from '@dermis/contract';
import { sql, type SQL } from 'drizzle-orm';
import { isEmbedded, type Db } from '../../db/database';
import { preparedPerDatabase } from '../../db/prepared';

/** Where a page of a folder starts: a 0-based page (offset), or after a message (keyset). */
export type FolderPosition = { page: number } | { after: number };

type Shown = Omit<DirectMessageSummary, 'attachments'>;

/**
 * An instant as `toISOString()` writes it: UTC, milliseconds cut (never rounded) from the stored
 * microseconds, `Z` (as decision 285 does for documents), so that Node makes no `Date`.
 */
const isoInstant = (column: string) =>
  sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * What JavaScript's `trim()` takes off a string's ends (ECMAScript WhiteSpace and LineTerminator):
 * the responsible sender's name is trimmed by the database as the list once trimmed it in Node.
 */
const javaScriptSpaces = sql.raw(
  String.raw`E'\u0009\u000A\u000B\u000C\u000D\u0020\u00A0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF'`,
);

/**
 * A message (`m`, its sender's account `u` and patient `s`) as the answer shows it, key by key in the
 * contract's order (DirectMessageSummary without its attachments, as toSummary builds it for a
 * single message). Written with the statement's own aliases: Drizzle's columns would lose their
 * table names inside the subqueries.
 */
const shown: Record<keyof Shown, SQL> = {
  id: sql`m.id`,
  patientId: sql`m.patient_id`,
  directMessageType: sql`CASE m.folder WHEN 'INBOX' THEN 'RECEIVED' ELSE m.folder END`,
  // A received message shows the sender's name with the address when it has one.
  from: sql`CASE WHEN m.from_name <> '' THEN m.from_name || ' <' || m.from_address || '>' ELSE m.from_address END`,
  to: sql`m.to_address`,
  subject: sql`m.subject`,
  mimeType: sql`m.mime_type`,
  dateSent: isoInstant('m.date_sent'),
  dateModified: isoInstant('m.date_modified'),
  messageWasRead: sql`m.message_was_read`,
  isDirect: sql`m.is_direct`,
  status: sql`m.status`,
  failureReason: sql`m.failure_reason`,
  // Who pressed Send, when it was not the owner (a responsible person); else the staff member recorded.
  sentByFullName: sql`CASE WHEN s.id IS NOT NULL AND s.id IS DISTINCT FROM m.patient_id
    THEN btrim(coalesce(s.first_name, '') || ' ' || coalesce(s.last_name, ''), ${javaScriptSpaces})
    ELSE m.sent_by_staff END`,
};
const shownKeys = Object.keys(shown) as (keyof Shown)[];

/** The page's messages with `columns`, in the folder's order; `limit` is one more than the page. */
const pageRows = (columns: SQL, after: SQL, offset: SQL) => sql`SELECT ${columns}
  FROM direct_message m
  LEFT JOIN user_account u ON u.id = m.sent_by_user_id
  LEFT JOIN patient s ON s.id = u.patient_id
  WHERE m.patient_id = ${sql.placeholder('patientId')} AND m.folder = ${sql.placeholder('folder')} ${after}
  ORDER BY m.date_sent DESC, m.id DESC
  LIMIT ${sql.placeholder('limit')} ${offset}`;

/** The folder's size, kept by the trigger of migration 0478: a primary-key lookup. */
const totalCount = sql<number>`coalesce((SELECT c.messages FROM direct_message_folder_count c
  WHERE c.patient_id = ${sql.placeholder('patientId')} AND c.folder = ${sql.placeholder('folder')}), 0)`;

/** The inbox's unread count, its folder written without a parameter so that the generic plan counts on the partial index. */
const noOfUnread = sql<number>`(SELECT count(*)::int FROM direct_message r
  WHERE r.patient_id = ${sql.placeholder('patientId')} AND r.folder = 'INBOX' AND NOT r.message_was_read)`;

/**
 * PostgreSQL: plain rows, in this order. First the page's messages, one row each with both counts
 * beside it (or one row of the counts alone when the page is past the end); then the attachments of
 * those messages in upload order, each naming its message (one index scan for the whole page rather
 * than one aggregate per message). Both kinds share the columns; each leaves the other's null.
 */
const rowsOf = (db: Db, after: SQL, offset: SQL) => {
  const message = Object.fromEntries(shownKeys.map((key) => [key, sql`u.${sql.identifier(key)}`])) as {
    [Key in keyof Shown]: SQL<Shown[Key]>;
  };
  const columns = sql.join(
    shownKeys.map((key) => sql`${shown[key]} AS ${sql.identifier(key)}`),
    sql`, `,
  );
  // The counts, the sort's date and the message's values that an attachment row leaves null.
  const messageNulls = sql.raw(
    Array(3 + shownKeys.length)
      .fill('NULL')
      .join(', '),
  );
  return db
    .select({
      totalCount: sql<number>`u.total_count`,
      noOfUnread: sql<number>`u.no_of_unread`,
      message,
      // Not grouped as an object: a message row would make one of nulls.
      attachmentOf: sql<number | null>`u.attachment_of`,
      attachmentId: sql<number>`u.attachment_id`,
      attachmentName: sql<string>`u.attachment_name`,
      attachmentSize: sql<number>`u.attachment_size`,
      attachmentMimeType: sql<string>`u.attachment_mime_type`,
    })
    .from(
      sql`(WITH page AS MATERIALIZED (${pageRows(sql`m.date_sent AS sort_date, ${columns}`, after, offset)})
        SELECT ${totalCount} AS total_count, ${noOfUnread} AS no_of_unread, p.*,
          NULL::integer AS attachment_of, NULL::integer AS attachment_id, NULL::text AS attachment_name,
          NULL::integer AS attachment_size, NULL::text AS attachment_mime_type
        FROM (VALUES (1)) AS one LEFT JOIN page p ON true
        UNION ALL
        SELECT ${messageNulls}, a.message_id, a.id, a.name, a.size, a.mime_type
        FROM direct_message_attachment a WHERE a.message_id = ANY(ARRAY(SELECT p.id FROM page p))) AS u`,
    )
    .orderBy(sql`u.sort_date DESC NULLS LAST, u.id DESC, u.attachment_id`);
};

/**
 * PGlite: one row, the page's messages as one JSON array already in the answer's shape (decision
 * 289), beside both counts (also when the page is past the end).
 */
const jsonOf = (db: Db, after: SQL, offset: SQL) => {
  const summaryJson = sql`json_build_object(${sql.join(
    shownKeys.map((key) => sql`${sql.raw(`'${key}'`)}, ${shown[key]}`),
    sql`, `,
  )}, 'attachments', coalesce((
    SELECT json_agg(json_build_object('id', a.id, 'name', a.name, 'size', a.size, 'mimeType', a.mime_type)
      ORDER BY a.id)
    FROM direct_message_attachment a WHERE a.message_id = m.id), '[]'::json))`;
  return db
    .select({
      messages: sql<DirectMessageSummary[]>`(
        SELECT coalesce(json_agg(page.message ORDER BY page.date_sent DESC, page.id DESC), '[]'::json)
        FROM (${pageRows(sql`${summaryJson} AS message, m.date_sent, m.id`, after, offset)}) page)`,
      totalCount,
      noOfUnread,
    })
    .from(sql`(VALUES (1)) AS one`);
};

/**
 * The messages after the one named `after`, if it is in this patient's folder; none otherwise (the
 * row comparison with no row is null). (date_sent, id) walks the folder index without a sort.
 */
const afterMessage = sql`AND (m.date_sent, m.id) < (
  SELECT c.date_sent, c.id FROM direct_message c
  WHERE c.id = ${sql.placeholder('after')} AND c.patient_id = ${sql.placeholder('patientId')}
    AND c.folder = ${sql.placeholder('folder')})`;
const offset = sql`OFFSET ${sql.placeholder('offset')}`;

const rowsByOffset = preparedPerDatabase((db) => rowsOf(db, sql``, offset).prepare('message_folder_page'));
const rowsAfter = preparedPerDatabase((db) =>
  rowsOf(db, afterMessage, sql``).prepare('message_folder_after'),
);
const jsonByOffset = preparedPerDatabase((db) => jsonOf(db, sql``, offset).prepare('message_folder_page'));
const jsonAfter = preparedPerDatabase((db) =>
  jsonOf(db, afterMessage, sql``).prepare('message_folder_after'),
);

export interface FolderPage {
  totalCount: number;
  noOfUnread: number;
  /** Up to `limit` messages (the page and one more when more follow). */
  messages: DirectMessageSummary[];
}

export async function readFolderPage(
  db: Db,
  patientId: number,
  folder: MessageFolder,
  position: FolderPosition,
  limit: number,
  pageSize: number,
): Promise<FolderPage> {
  const params = { patientId, folder, limit };
  if (isEmbedded(db)) {
    const [read] =
      'after' in position
        ? await jsonAfter(db).execute({ ...params, after: position.after })
        : await jsonByOffset(db).execute({ ...params, offset: position.page * pageSize });
    return {
      totalCount: read?.totalCount ?? 0,
      noOfUnread: read?.noOfUnread ?? 0,
      messages: read?.messages ?? [],
    };
  }
  const rows =
    'after' in position
      ? await rowsAfter(db).execute({ ...params, after: position.after })
      : await rowsByOffset(db).execute({ ...params, offset: position.page * pageSize });
  // Each row's own objects become the answer's: a message's gets its attachments as its last key.
  const messages: DirectMessageSummary[] = [];
  const attachmentsOf = new Map<number, MessageAttachment[]>();
  for (const row of rows) {
    if (row.attachmentOf !== null)
      attachmentsOf.get(row.attachmentOf)?.push({
        id: row.attachmentId,
        name: row.attachmentName,
        size: row.attachmentSize,
        mimeType: row.attachmentMimeType,
      });
    else if (row.message.id !== null) {
      const attachments: MessageAttachment[] = [];
      attachmentsOf.set(row.message.id, attachments);
      messages.push(Object.assign(row.message, { attachments }));
    }
  }
  return { totalCount: rows[0]?.totalCount ?? 0, noOfUnread: rows[0]?.noOfUnread ?? 0, messages };
}
