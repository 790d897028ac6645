/**
 * Messages (spec 002): the folders, reading, sending and attachments. The caller has passed the
 * patient-access guard for `patientId` before any function here runs.
 *
 * Sending stores the sender's SENT copy first. A Direct message to an address of this portal is
 * delivered at once into the recipient's INBOX (with its own attachment rows over the same blobs); a
 * message to the practice's own Direct address is filed for the clinic (integration API). Anything
 * else goes to the MessageTransport; a refusal moves the copy to FAILED with the reason.
 */
import type {
  directMessageInfo as directMessageInfoSchema,
  patientEmailInfo as patientEmailInfoSchema,
} from '@dermis/contract';
import {
  folderOfType,
  type AttachmentChannel,
  type DirectMessage,
  type MessageFolder,
} from '@dermis/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { directMessage, directMessageAttachment, patient, practice } from '../../db/schema';
import { blobKey, newBlobId } from '../../lib/blob-store/blob-store';
import type { BlobStore } from '../../lib/blob-store/blob-store';
import { invalidField, notFound } from '../../lib/http-error';
import type { GeneratedSend } from './generated-send';
import { firstActiveEmail } from '../../lib/patient-email';
import type { MessageTransport, OutboundMessage } from './message-transport';
import { pendingAttachmentTtlMs } from './messages.attachments';
import { newMessageKey } from './messages.received';
import {
  insertMessage,
  isLocalDirectDomain,
  folderCount,
  loadMessage,
  patientByDirectAddress,
  pendingAttachments,
  practiceByDirectAddress,
  setRead,
  unreadCount,
  type AttachmentRow,
} from './messages.repository';
import { listCursor } from '../../lib/list-cursor';
import { listFolderJson, type FolderPosition } from './folder-page-json';

export interface MessagesDeps {
  db: Db;
  blobs: BlobStore;
  messageTransport: MessageTransport;
}

/**
 * A page of a folder as the answer's JSON text (decision 299): the statement writes the messages,
 * and here the counts, the ask's page and the next page's cursor are written around them in the
 * contract's key order.
 */
export async function getMessages(
  db: Db,
  patientId: number,
  input: {
    directMessageType: 'RECEIVED' | 'SENT' | 'FAILED';
    page: number;
    pageSize: number;
    cursor?: string | undefined;
  },
): Promise<string> {
  const folder = folderOfType[input.directMessageType];
  const answer = (totalCount: number, noOfUnread: number, messages: string, nextCursor: string | null) =>
    `{"directMessageType":${JSON.stringify(input.directMessageType)},"noOfUnread":${noOfUnread},` +
    `"totalCount":${totalCount},"page":${input.page},"pageSize":${input.pageSize},"messages":[${messages}],` +
    `"nextCursor":${JSON.stringify(nextCursor)}}`;
  let position: FolderPosition = { page: input.page };
  if (input.cursor !== undefined) {
    const after = messageCursor.read(input.cursor, patientId, folder);
    // Another patient's cursor, another list's, or one that is not a cursor: nothing follows it here.
    if (after === null) {
      const [totalCount, noOfUnread] = await Promise.all([
        folderCount(db, patientId, folder),
        unreadCount(db, patientId),
      ]);
      return answer(totalCount, noOfUnread, '', null);
    }
    position = { after };
  }
  const list = await listFolderJson(db, patientId, folder, position, input.pageSize);
  return answer(
    list.totalCount,
    list.noOfUnread,
    list.messages,
    list.lastId === null ? null : messageCursor.of(patientId, folder, list.lastId),
  );
}

/** The inbox's keyset cursor (decision 240): the shared list cursor, named by the folder. */
export const messageCursor = {
  of: (patientId: number, folder: MessageFolder, lastId: number): string =>
    listCursor.of(patientId, folder, lastId),
  read: (cursor: string, patientId: number, folder: MessageFolder): number | null =>
    listCursor.read(cursor, patientId, folder),
};

export async function getMessage(db: Db, id: number): Promise<DirectMessage> {
  const message = await loadMessage(db, id);
  if (!message) throw notFound('messages.error.messageNotFound');
  return message;
}

export async function markAsRead(
  db: Db,
  patientId: number,
  id: number,
  isRead: boolean,
): Promise<{ id: number; messageWasRead: boolean; noOfUnread: number }> {
  await setRead(db, id, isRead);
  return { id, messageWasRead: isRead, noOfUnread: await unreadCount(db, patientId) };
}

// ---- sender ----

interface Sender {
  patientId: number;
  practiceId: number;
  directAddress: string | null;
  /** Direct is available: the patient has an address and both the patient and the practice have it on. */
  directAvailable: boolean;
  practiceDirectAddress: string | null;
}

async function senderOf(db: Db, patientId: number): Promise<Sender> {
  const [row] = await db
    .select({
      practiceId: patient.practiceId,
      directAddress: patient.directAddress,
      patientEnabled: patient.directServiceEnabled,
      practiceEnabled: practice.directServiceEnabled,
      practiceDirectAddress: practice.directAddress,
    })
    .from(patient)
    .innerJoin(practice, eq(practice.id, patient.practiceId))
    .where(eq(patient.id, patientId))
    .limit(1);
  if (!row) throw notFound();
  return {
    patientId,
    practiceId: row.practiceId,
    directAddress: row.directAddress,
    directAvailable: Boolean(row.directAddress) && row.patientEnabled && row.practiceEnabled,
    practiceDirectAddress: row.practiceDirectAddress,
  };
}

/** Whether a patient may send Direct messages (spec §5 "Direct messaging availability"). */
export async function directAvailability(
  db: Db,
  patientId: number,
): Promise<{ directAddress: string | null; directServiceEnabled: boolean }> {
  const sender = await senderOf(db, patientId);
  return { directAddress: sender.directAddress, directServiceEnabled: sender.directAvailable };
}

async function claimAttachments(
  db: Db,
  patientId: number,
  ids: number[],
  channel: AttachmentChannel,
): Promise<AttachmentRow[]> {
  const unique = [...new Set(ids)];
  const rows = await pendingAttachments(db, patientId, unique, new Date(Date.now() - pendingAttachmentTtlMs));
  if (rows.length !== unique.length || rows.some((r) => r.channel !== channel))
    throw invalidField('attachments', 'messages.error.attachmentUnknown');
  return rows;
}

type DirectInfo = z.output<typeof directMessageInfoSchema>;
type EmailInfo = z.output<typeof patientEmailInfoSchema>;

/** Compose in Direct mode (POST directMessage/send). */
export async function sendDirectMessage(
  deps: MessagesDeps,
  patientId: number,
  sentByUserId: number,
  info: DirectInfo,
): Promise<DirectMessage> {
  if (info.fromPatientId !== undefined && info.fromPatientId !== patientId)
    throw invalidField('fromPatientId', 'validation.invalid');
  const sender = await senderOf(deps.db, patientId);
  const from = directFrom(sender);
  const attachments = await claimAttachments(deps.db, patientId, info.attachments, 'DIRECT_MESSAGING');
  return dispatch(deps, sender, sentByUserId, {
    isDirect: true,
    from,
    to: info.to,
    subject: info.subject,
    content: info.content,
    mimeType: info.mimeType,
    attachments,
  });
}

/** Compose in e-mail mode (POST patient/email/send): always through the transport. */
export async function sendEmail(
  deps: MessagesDeps,
  patientId: number,
  sentByUserId: number,
  info: EmailInfo,
): Promise<DirectMessage> {
  const sender = await senderOf(deps.db, patientId);
  const from = sender.directAddress ?? (await firstActiveEmail(deps.db, patientId));
  if (!from) throw invalidField('from', 'messages.error.sendFailed');
  const attachments =
    info.includeAttachments || info.attachments.length > 0
      ? await claimAttachments(deps.db, patientId, info.attachments, 'PATIENT_EMAIL')
      : [];
  return dispatch(deps, sender, sentByUserId, {
    isDirect: false,
    from,
    to: info.to,
    subject: info.subject,
    content: info.content,
    mimeType: 'text/plain',
    attachments,
  });
}

/**
 * Sends a message with files in hand (directMessage/sendByFilter, patient/email/sendByFilter): the
 * files become the sender's attachments and the message takes the same path as a compose send.
 */
export async function sendGeneratedMessage(deps: MessagesDeps, input: GeneratedSend): Promise<DirectMessage> {
  const sender = await senderOf(deps.db, input.patientId);
  const from = input.isDirect
    ? directFrom(sender)
    : (input.emailFrom ?? sender.directAddress ?? (await firstActiveEmail(deps.db, input.patientId)));
  if (!from) throw invalidField('from', 'messages.error.sendFailed');
  const channel: AttachmentChannel = input.isDirect ? 'DIRECT_MESSAGING' : 'PATIENT_EMAIL';
  const attachments: AttachmentRow[] = [];
  for (const file of input.files) {
    const s3Id = newBlobId();
    await deps.blobs.put(blobKey('messages', s3Id), file.bytes, file.mimeType);
    const [row] = await deps.db
      .insert(directMessageAttachment)
      .values({
        patientId: input.patientId,
        channel,
        uploadedByUserId: input.sentByUserId,
        s3Id,
        name: file.name,
        mimeType: file.mimeType,
        size: file.bytes.length,
      })
      .returning();
    if (row) attachments.push(row);
  }
  return dispatch(deps, sender, input.sentByUserId, {
    isDirect: input.isDirect,
    from,
    fromName: input.fromName,
    to: input.to,
    subject: input.subject,
    content: input.content,
    mimeType: 'text/plain',
    attachments,
    mail: input.mail,
  });
}

/** The sender's Direct address, when Direct is available to them (spec §5). */
function directFrom(sender: Sender): string {
  if (!sender.directAvailable || !sender.directAddress)
    throw invalidField('to', 'messages.error.directUnavailable');
  return sender.directAddress;
}

interface Outgoing {
  isDirect: boolean;
  from: string;
  fromName?: string | null;
  to: string;
  subject: string;
  content: string;
  mimeType: 'text/plain' | 'text/html';
  /** The sender's unsent attachments, linked to the SENT copy. */
  attachments: AttachmentRow[];
  mail?: OutboundMessage['mail'];
}

/**
 * The one send path. The sender's SENT copy is stored first. A Direct message to an address of this
 * portal is delivered at once (the recipient's INBOX copy in the same transaction, its own attachment
 * rows over the same blobs; the practice's own address files it for the clinic). Anything else is
 * handed to the MessageTransport.
 */
async function dispatch(
  deps: MessagesDeps,
  sender: Sender,
  sentByUserId: number,
  out: Outgoing,
): Promise<DirectMessage> {
  const to = out.to.trim();
  const recipient = out.isDirect ? await patientByDirectAddress(deps.db, to) : null;
  const clinic = out.isDirect && !recipient ? await practiceByDirectAddress(deps.db, to) : null;
  const local = recipient !== null || clinic !== null;
  if (out.isDirect && !local && (await isLocalDirectDomain(deps.db, to)))
    throw invalidField('to', 'messages.error.directRecipientUnknown', { to });

  const messageKey = newMessageKey(out.from);
  const common = {
    isDirect: out.isDirect,
    fromAddress: out.from,
    fromName: out.fromName ?? null,
    toAddress: to,
    subject: out.subject,
    content: out.content,
    mimeType: out.mimeType,
    messageKey,
  };
  const sent = await deps.db.transaction(async (tx) => {
    const copy = await insertMessage(tx, {
      ...common,
      practiceId: sender.practiceId,
      patientId: sender.patientId,
      folder: 'SENT',
      messageWasRead: true,
      status: local ? 'DELIVERED' : 'QUEUED',
      sentByUserId,
      toPractice: clinic !== null && clinic.id === sender.practiceId,
    });
    await linkAttachments(tx, out.attachments, copy.id);
    if (recipient) {
      const inbox = await insertMessage(tx, {
        ...common,
        practiceId: recipient.practiceId,
        patientId: recipient.id,
        folder: 'INBOX',
        status: 'DELIVERED',
      });
      await copyAttachments(tx, out.attachments, inbox.id, recipient.id);
    }
    return copy;
  });

  if (!local) await handOver(deps, sent.id, messageKey, sender, sentByUserId, { ...out, to });
  return getMessage(deps.db, sent.id);
}

/** The transport seam: hand the stored SENT copy over and record what it answered. */
async function handOver(
  deps: MessagesDeps,
  messageId: number,
  messageKey: string,
  sender: Sender,
  sentByUserId: number,
  out: Outgoing,
): Promise<void> {
  const outbound: OutboundMessage = {
    messageId,
    messageKey,
    practiceId: sender.practiceId,
    patientId: sender.patientId,
    sentByUserId,
    isDirect: out.isDirect,
    from: out.from,
    to: out.to,
    subject: out.subject,
    content: out.content,
    mimeType: out.mimeType,
    mail: out.mail,
    attachments: out.attachments.map((a) => ({
      name: a.name,
      mimeType: a.mimeType,
      size: a.size,
      read: async () => {
        const bytes = await deps.blobs.get(blobKey('messages', a.s3Id));
        if (!bytes) throw new Error(`attachment ${a.id} has no stored content`);
        return bytes;
      },
    })),
  };
  let result;
  try {
    result = await deps.messageTransport.deliver(outbound);
  } catch {
    // A transport that throws has not taken the message: the patient sees it in FAILED.
    result = { status: 'FAILED' as const, reason: 'The message could not be sent. Please try again later.' };
  }
  if (result.status === 'FAILED') await markMessageFailed(deps.db, messageKey, result.reason);
  // Still QUEUED as stored: the outbox may already have settled it, which must not be undone.
  else if (result.status !== 'QUEUED')
    await deps.db
      .update(directMessage)
      .set({ status: result.status, dateModified: sql`now()` })
      .where(eq(directMessage.id, messageId));
}

/**
 * Moves the SENT copy of a message to FAILED (a refusal now, or a delivery-failure notice later:
 * the transport calls this with the Message-ID it was given).
 */
export async function markMessageFailed(db: Db, messageKey: string, reason: string): Promise<number> {
  const updated = await db
    .update(directMessage)
    .set({
      folder: 'FAILED',
      status: 'FAILED',
      failureReason: reason.slice(0, 1000),
      dateModified: sql`now()`,
    })
    // A copy delivered locally was delivered: only a send still with the next hop can fail.
    .where(
      and(
        eq(directMessage.messageKey, messageKey),
        eq(directMessage.folder, 'SENT'),
        inArray(directMessage.status, ['QUEUED', 'SENT']),
      ),
    )
    .returning({ id: directMessage.id });
  return updated.length;
}

async function linkAttachments(tx: Pick<Db, 'update'>, rows: AttachmentRow[], messageId: number) {
  for (const row of rows)
    await tx.update(directMessageAttachment).set({ messageId }).where(eq(directMessageAttachment.id, row.id));
}

async function copyAttachments(
  tx: Pick<Db, 'insert'>,
  rows: AttachmentRow[],
  messageId: number,
  patientId: number,
) {
  if (rows.length === 0) return;
  await tx.insert(directMessageAttachment).values(
    rows.map((r) => ({
      patientId,
      messageId,
      channel: r.channel,
      s3Id: r.s3Id,
      name: r.name,
      mimeType: r.mimeType,
      size: r.size,
    })),
  );
}
