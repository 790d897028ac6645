/**
 * A page of a folder (the Messages inbox's read) with its messages as the answer's JSON text, written
 * by one prepared statement (decision 299, as 291 and 293 do): Node neither parses the page's 25 KB of
 * JSON nor serialises it again. The statement is the page's of decision 289 (the same keyset or
 * offset, the folder's size and, since 0488, the inbox's unread count kept by migration 0478's
 * trigger), each message written in the bytes the contract's serialiser wrote of
 * `DirectMessageSummary`: its keys in their order, strings and instants as the shared `json-text`
 * pieces write them (most of each message kept beside it by migration 0495).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { jsonString } from '../../db/json-text';
import { preparedPerDatabase } from '../../db/prepared';

/**
 * What JavaScript's `trim()` takes off a string's ends (ECMAScript WhiteSpace and LineTerminator):
 * the responsible sender's name is trimmed by the database as the list once trimmed it in Node.
 */
const javaScriptSpaces = sql.raw(
  String.raw`E'\u0009\u000A\u000B\u000C\u000D\u0020\u00A0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF'`,
);

/** Where a page of a folder starts: a 0-based page (offset), or after a message (keyset). */
export type FolderPosition = { page: number } | { after: number };

/**
 * A list row (`m`, its sender's account `u` and patient `s`) as the answer shows it
 * (DirectMessageSummary, as `toSummary` builds it for a single message), as JSON text: the message's
 * own fields as migration 0495's trigger keeps them, then who pressed Send, then its own attachments
 * in upload order as 0488's trigger keeps them. Who pressed Send is named when it was not the owner
 * (a responsible person), read at every request since that person may be renamed; otherwise the
 * staff member recorded, if any.
 */
const messageJson = sql`m.summary_json
  || ',"sentByFullName":' || ${jsonString(sql`CASE WHEN s.id IS NOT NULL AND s.id IS DISTINCT FROM m.patient_id
    THEN btrim(coalesce(s.first_name, '') || ' ' || coalesce(s.last_name, ''), ${javaScriptSpaces})
    ELSE m.sent_by_staff END`)}
  || ',"attachments":[' || m.attachments_json || ']}'`;

/**
 * The page's limit and offset are each read by a sub-select (`LIMIT (SELECT $n::int)`): a value the
 * planner cannot see, so a custom plan estimates them as the generic plan does. With plain
 * parameters a custom plan knew the page (51 rows from the start) and was always estimated cheaper
 * than the generic plan, so PostgreSQL planned every execution anew (decision 306: about 1 ms of
 * its CPU a request, as much as the execution); now it keeps the generic plan after five, the same
 * walk of direct_message_folder_idx stopped at the limit.
 *
 * The page's messages as the text of a JSON array's elements (the first `pageSize` of the `limit`
 * read, newest first), how many were read (one more than the page: more follow) and the id of the
 * last shown; beside them the folder's size and the inbox's unread count.
 * The page is cut before any JSON is written or any sender looked up: an offset page skips its
 * earlier messages without writing them.
 */
const pageJsonOf = (db: Db, after: SQL, offset: SQL) =>
  db
    .select({
      messages: sql<string | null>`page.messages`,
      read: sql<number>`page.read`,
      lastId: sql<number | null>`page.last_id`,
      totalCount: sql<number>`coalesce((SELECT c.messages FROM direct_message_folder_count c
        WHERE c.patient_id = ${sql.placeholder('patientId')} AND c.folder = ${sql.placeholder('folder')}), 0)`,
      noOfUnread: sql<number>`coalesce((SELECT c.unread FROM direct_message_folder_count c
        WHERE c.patient_id = ${sql.placeholder('patientId')} AND c.folder = 'INBOX'), 0)`,
    })
    .from(
      sql`(SELECT string_agg(p.json, ',' ORDER BY p.place) FILTER (WHERE p.place <= ${sql.placeholder('pageSize')}::int)
          AS messages, count(*)::int AS read,
          max(p.id) FILTER (WHERE p.place = ${sql.placeholder('pageSize')}::int) AS last_id
        FROM (SELECT ${messageJson} AS json, m.id, row_number() OVER (ORDER BY m.date_sent DESC, m.id DESC) AS place
          FROM (SELECT m.id, m.patient_id, m.date_sent, m.summary_json, m.attachments_json, m.sent_by_user_id,
              m.sent_by_staff
            FROM direct_message m
            WHERE m.patient_id = ${sql.placeholder('patientId')} AND m.folder = ${sql.placeholder('folder')} ${after}
            ORDER BY m.date_sent DESC, m.id DESC
            LIMIT (SELECT ${sql.placeholder('limit')}::int) ${offset}) m
          LEFT JOIN user_account u ON u.id = m.sent_by_user_id
          LEFT JOIN patient s ON s.id = u.patient_id) p) AS page`,
    );

const folderPageJsonStatement = preparedPerDatabase((db) =>
  pageJsonOf(db, sql``, sql`OFFSET (SELECT ${sql.placeholder('offset')}::int)`).prepare(
    'message_folder_page_json',
  ),
);

/** After the message named `after` in this patient's folder; none when it is not there. */
const folderAfterJsonStatement = preparedPerDatabase((db) =>
  pageJsonOf(
    db,
    sql`AND (m.date_sent, m.id) < (
      SELECT c.date_sent, c.id FROM direct_message c
      WHERE c.id = ${sql.placeholder('after')} AND c.patient_id = ${sql.placeholder('patientId')}
        AND c.folder = ${sql.placeholder('folder')})`,
    sql``,
  ).prepare('message_folder_after_json'),
);

/**
 * One page of a patient's folder, its messages as JSON text (the elements of the array, without
 * brackets); `lastId` is the last shown when more follow, else null.
 */
export async function listFolderJson(
  db: Db,
  patientId: number,
  folder: string,
  position: FolderPosition,
  pageSize: number,
): Promise<{ totalCount: number; noOfUnread: number; messages: string; lastId: number | null }> {
  const limit = pageSize + 1;
  const [read] =
    'after' in position
      ? await folderAfterJsonStatement(db).execute({
          patientId,
          folder,
          after: position.after,
          limit,
          pageSize,
        })
      : await folderPageJsonStatement(db).execute({
          patientId,
          folder,
          limit,
          pageSize,
          offset: position.page * pageSize,
        });
  return {
    totalCount: read?.totalCount ?? 0,
    noOfUnread: read?.noOfUnread ?? 0,
    messages: read?.messages ?? '',
    lastId: read !== undefined && read.read > pageSize ? read.lastId : null,
  };
}
