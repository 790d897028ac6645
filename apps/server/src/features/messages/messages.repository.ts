/**
 * Messages storage (migration 0080): one row per copy in a patient's folder, attachments over stored
 * blobs. Queries only; the rules live in messages.service.
 */
import type {
  DirectMessage,
  DirectMessageSummary,
  MessageAttachment,
  MessageFolder,
  MessageStatus,
} from '@dermis/contract';
import { and, asc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database';
import { isAnyOf, preparedPerDatabase } from '../../db/prepared';
import {
  directMessage,
  directMessageAttachment,
  directMessageFolderCount,
  patient,
  practice,
  userAccount,
} from '../../db/schema';

export type MessageRow = typeof directMessage.$inferSelect;
export type AttachmentRow = typeof directMessageAttachment.$inferSelect;
type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;

const typeOfFolder = { INBOX: 'RECEIVED', SENT: 'SENT', FAILED: 'FAILED' } as const;

const senderPatient = alias(patient, 'sender_patient');

/** Columns of a list row, with who pressed Send when it was not the owner (a responsible person). */
const summaryColumns = {
  id: directMessage.id,
  patientId: directMessage.patientId,
  folder: directMessage.folder,
  from: directMessage.fromAddress,
  fromName: directMessage.fromName,
  to: directMessage.toAddress,
  subject: directMessage.subject,
  mimeType: directMessage.mimeType,
  dateSent: directMessage.dateSent,
  dateModified: directMessage.dateModified,
  messageWasRead: directMessage.messageWasRead,
  isDirect: directMessage.isDirect,
  status: directMessage.status,
  failureReason: directMessage.failureReason,
  sentByStaff: directMessage.sentByStaff,
  senderPatientId: senderPatient.id,
  senderFirstName: senderPatient.firstName,
  senderLastName: senderPatient.lastName,
};

type SummaryRow = {
  id: number;
  patientId: number;
  folder: MessageFolder;
  from: string;
  fromName: string | null;
  to: string;
  subject: string;
  mimeType: string;
  dateSent: Date;
  dateModified: Date;
  messageWasRead: boolean;
  isDirect: boolean;
  status: MessageStatus;
  failureReason: string | null;
  sentByStaff: string | null;
  senderPatientId: number | null;
  senderFirstName: string | null;
  senderLastName: string | null;
};

function toSummary(row: SummaryRow, attachments: MessageAttachment[]): DirectMessageSummary {
  const byResponsible =
    row.senderPatientId !== null && row.senderPatientId !== row.patientId
      ? `${row.senderFirstName ?? ''} ${row.senderLastName ?? ''}`.trim()
      : null;
  return {
    id: row.id,
    patientId: row.patientId,
    directMessageType: typeOfFolder[row.folder],
    // A received message shows the sender's name with the address when it has one.
    from: row.fromName ? `${row.fromName} <${row.from}>` : row.from,
    to: row.to,
    subject: row.subject,
    mimeType: row.mimeType,
    dateSent: row.dateSent.toISOString(),
    dateModified: row.dateModified.toISOString(),
    messageWasRead: row.messageWasRead,
    isDirect: row.isDirect,
    status: row.status,
    failureReason: row.failureReason,
    sentByFullName: byResponsible ?? row.sentByStaff,
    attachments,
  };
}

function summaryQuery(db: Executor) {
  return db
    .select(summaryColumns)
    .from(directMessage)
    .leftJoin(userAccount, eq(userAccount.id, directMessage.sentByUserId))
    .leftJoin(senderPatient, eq(senderPatient.id, userAccount.patientId));
}

/** The attachments of these messages, in upload order, by one prepared statement whatever their number. */
const attachmentsStatement = preparedPerDatabase((db) =>
  db
    .select({
      id: directMessageAttachment.id,
      messageId: directMessageAttachment.messageId,
      name: directMessageAttachment.name,
      size: directMessageAttachment.size,
      mimeType: directMessageAttachment.mimeType,
    })
    .from(directMessageAttachment)
    .where(isAnyOf(directMessageAttachment.messageId, 'ids'))
    .orderBy(directMessageAttachment.id)
    .prepare('message_attachments'),
);

export async function attachmentsOf(db: Db, messageIds: number[]): Promise<Map<number, MessageAttachment[]>> {
  const byMessage = new Map<number, MessageAttachment[]>();
  if (messageIds.length === 0) return byMessage;
  const rows = await attachmentsStatement(db).execute({ ids: messageIds });
  for (const { messageId, ...attachment } of rows) {
    if (messageId === null) continue;
    const list = byMessage.get(messageId) ?? [];
    list.push(attachment);
    byMessage.set(messageId, list);
  }
  return byMessage;
}

// The inbox is the most read list of a heavy patient: its statements are prepared (decision 045),
// and a page after the first is found by keyset (decision 240), from the last message shown
// (folder-page-json.ts).

const folderCountStatement = preparedPerDatabase((db) =>
  db
    .select({ n: directMessageFolderCount.messages })
    .from(directMessageFolderCount)
    .where(
      and(
        eq(directMessageFolderCount.patientId, sql.placeholder('patientId')),
        eq(directMessageFolderCount.folder, sql.placeholder('folder')),
      ),
    )
    .prepare('message_folder_count'),
);

/** How many messages a patient's folder holds. */
export async function folderCount(db: Db, patientId: number, folder: MessageFolder): Promise<number> {
  return (await folderCountStatement(db).execute({ patientId, folder }))[0]?.n ?? 0;
}

/**
 * The unread messages of the inbox, as kept beside the folder's size by its trigger (decision 306):
 * the badge every signed-in screen shows reads one row, and says what the inbox's page says.
 * Counted from the messages, it walked one index entry and one row version per unread message.
 */
const unreadStatement = preparedPerDatabase((db) =>
  db
    .select({ n: directMessageFolderCount.unread })
    .from(directMessageFolderCount)
    .where(
      and(
        eq(directMessageFolderCount.patientId, sql.placeholder('patientId')),
        eq(directMessageFolderCount.folder, 'INBOX'),
      ),
    )
    .prepare('message_unread_count'),
);

export async function unreadCount(db: Db, patientId: number): Promise<number> {
  return (await unreadStatement(db).execute({ patientId }))[0]?.n ?? 0;
}

export async function messageOwner(db: Executor, id: number): Promise<number | null> {
  const [row] = await db
    .select({ patientId: directMessage.patientId })
    .from(directMessage)
    .where(eq(directMessage.id, id))
    .limit(1);
  return row?.patientId ?? null;
}

export async function loadMessage(db: Db, id: number): Promise<DirectMessage | null> {
  const [row] = (await summaryQuery(db).where(eq(directMessage.id, id)).limit(1)) as SummaryRow[];
  if (!row) return null;
  const [body] = await db
    .select({ content: directMessage.content })
    .from(directMessage)
    .where(eq(directMessage.id, id));
  const attachments = await attachmentsOf(db, [id]);
  return { ...toSummary(row, attachments.get(id) ?? []), content: body?.content ?? '' };
}

export async function setRead(db: Executor, id: number, isRead: boolean): Promise<void> {
  await db
    .update(directMessage)
    .set({ messageWasRead: isRead, dateModified: sql`now()` })
    .where(eq(directMessage.id, id));
}

export async function insertMessage(
  db: Executor,
  row: typeof directMessage.$inferInsert,
): Promise<MessageRow> {
  const [inserted] = await db.insert(directMessage).values(row).returning();
  if (!inserted) throw new Error('insertMessage: no row');
  return inserted;
}

/** The patient owning a Direct address of this portal (case-insensitive). */
export async function patientByDirectAddress(
  db: Executor,
  address: string,
): Promise<{ id: number; practiceId: number } | null> {
  const [row] = await db
    .select({ id: patient.id, practiceId: patient.practiceId })
    .from(patient)
    .where(and(sql`lower(${patient.directAddress}) = lower(${address})`, eq(patient.active, true)))
    .limit(1);
  return row ?? null;
}

/** The practice owning a Direct address of this portal (its clinic inbox). */
export async function practiceByDirectAddress(db: Executor, address: string): Promise<{ id: number } | null> {
  const [row] = await db
    .select({ id: practice.id })
    .from(practice)
    .where(sql`lower(${practice.directAddress}) = lower(${address})`)
    .limit(1);
  return row ?? null;
}

/** Whether the address's domain is one of this portal's Direct domains. */
export async function isLocalDirectDomain(db: Executor, address: string): Promise<boolean> {
  const domain = address.slice(address.lastIndexOf('@') + 1).toLowerCase();
  const [row] = await db
    .select({ id: practice.id })
    .from(practice)
    .where(eq(practice.directDomain, domain))
    .limit(1);
  return row !== undefined;
}

/** Unsent attachments of a patient by id (the compose screen's uploads). */
export async function pendingAttachments(
  db: Executor,
  patientId: number,
  ids: number[],
  notBefore: Date,
): Promise<AttachmentRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(directMessageAttachment)
    .where(
      and(
        eq(directMessageAttachment.patientId, patientId),
        isNull(directMessageAttachment.messageId),
        inArray(directMessageAttachment.id, ids),
      ),
    );
  return rows.filter((r) => r.createdAt >= notBefore);
}

export async function attachmentById(db: Executor, id: number): Promise<AttachmentRow | null> {
  const [row] = await db
    .select()
    .from(directMessageAttachment)
    .where(eq(directMessageAttachment.id, id))
    .limit(1);
  return row ?? null;
}

/**
 * The clinic's inbox, oldest first after a cursor: patients' messages to the practice's Direct
 * address (their SENT copies) and mail from outside to that address (the clinic's own copies, no
 * patient). The integration API and `dermis messages:clinic-inbox` read it.
 */
export async function clinicInbox(db: Executor, practiceId: number, afterId: number, limit: number) {
  return db
    .select({
      id: directMessage.id,
      patientExternalId: patient.externalId,
      firstName: patient.firstName,
      lastName: patient.lastName,
      from: directMessage.fromAddress,
      fromName: directMessage.fromName,
      to: directMessage.toAddress,
      subject: directMessage.subject,
      content: directMessage.content,
      mimeType: directMessage.mimeType,
      dateSent: directMessage.dateSent,
      ownerPatientId: directMessage.patientId,
      senderPatientId: userAccount.patientId,
    })
    .from(directMessage)
    .leftJoin(patient, eq(patient.id, directMessage.patientId))
    .leftJoin(userAccount, eq(userAccount.id, directMessage.sentByUserId))
    .where(
      and(
        eq(directMessage.practiceId, practiceId),
        eq(directMessage.toPractice, true),
        ne(directMessage.folder, 'FAILED'),
        gt(directMessage.id, afterId),
      ),
    )
    .orderBy(asc(directMessage.id))
    .limit(limit);
}

/** The stored blob ids of the attachments of these messages, by attachment id. */
export async function attachmentBlobIds(db: Executor, messageIds: number[]): Promise<Map<number, string>> {
  const s3Ids = new Map<number, string>();
  if (messageIds.length === 0) return s3Ids;
  const rows = await db
    .select({ id: directMessageAttachment.id, s3Id: directMessageAttachment.s3Id })
    .from(directMessageAttachment)
    .where(inArray(directMessageAttachment.messageId, messageIds));
  for (const row of rows) s3Ids.set(row.id, row.s3Id);
  return s3Ids;
}

/** Marks these messages read by the clinic (the first time only). */
export async function markClinicRead(db: Executor, messageIds: number[]): Promise<void> {
  if (messageIds.length === 0) return;
  await db
    .update(directMessage)
    .set({ clinicReadAt: sql`now()` })
    .where(and(inArray(directMessage.id, messageIds), isNull(directMessage.clinicReadAt)));
}

/** Full names of these patients, by patient id. */
export async function patientNames(db: Executor, patientIds: number[]): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  if (patientIds.length === 0) return names;
  const rows = await db
    .select({ id: patient.id, firstName: patient.firstName, lastName: patient.lastName })
    .from(patient)
    .where(inArray(patient.id, [...new Set(patientIds)]));
  for (const row of rows) names.set(row.id, `${row.firstName} ${row.lastName}`);
  return names;
}

/** What a message from the practice to a patient needs: both Direct addresses and the language. */
export async function practiceRecipient(db: Executor, patientId: number) {
  const [row] = await db
    .select({
      directAddress: patient.directAddress,
      practiceName: practice.name,
      practiceAddress: practice.directAddress,
      practiceDomain: practice.directDomain,
      language: userAccount.language,
    })
    .from(patient)
    .innerJoin(practice, eq(practice.id, patient.practiceId))
    .leftJoin(userAccount, eq(userAccount.patientId, patient.id))
    .where(eq(patient.id, patientId))
    .limit(1);
  return row ?? null;
}
