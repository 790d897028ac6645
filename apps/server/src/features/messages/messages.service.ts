/**
 * Messages (issue 12): the folders, reading, sending and attachments. The caller has passed the
 * patient-access guard for `patientId` before any function here runs.
 *
 * Sending stores the sender's SENT copy first. A Direct message to an address of this portal is
 * delivered at once into the recipient's INBOX (with its own attachment rows over the same blobs); a
 * message to the practice's own Direct address is filed for the clinic (integration API). Anything
 * else goes to the MessageTransport; a refusal moves the copy to FAILED with the reason.
 */
import { randomUUID } from 'node:crypto';
import type {
  directMessageInfo as directMessageInfoSchema,
  patientEmailInfo as patientEmailInfoSchema,
} from '@dermis/contract';
import {
  folderOfType,
  messageAttachmentMaxBytes,
  type AddAttachmentRequest,
  type AddAttachmentResponse,
  type AttachmentChannel,
  type AttachmentDownloadResponse,
  type DirectMessage,
  type GetMessagesResponse,
  type UploadUrlResponse,
  blobRoutes,
} from '@dermis/contract';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { blobUpload, directMessage, directMessageAttachment, patient, practice } from '../../db/schema';
import { blobKey, newBlobId } from '../../lib/blob-store/blob-store';
import type { BlobStore } from '../../lib/blob-store/blob-store';
import { attachmentContentType } from '../../lib/blob-store/attachment-type';
import { expiryIn } from '../../lib/blob-store/signed-url';
import { invalidField, notFound } from '../../lib/http-error';
import { firstActiveEmail } from '../../lib/patient-email';
import type { MessageTransport, OutboundMessage } from './message-transport';
import {
  attachmentById,
  insertMessage,
  isLocalDirectDomain,
  listFolder,
  loadMessage,
  patientByDirectAddress,
  pendingAttachments,
  practiceByDirectAddress,
  setRead,
  unreadCount,
  type AttachmentRow,
} from './messages.repository';

/** An uploaded attachment not sent within this long is no longer offered (and may be cleaned up). */
export const pendingAttachmentTtlMs = 24 * 3600 * 1000;

export interface MessagesDeps {
  db: Db;
  blobs: BlobStore;
  messageTransport: MessageTransport;
}

export async function getMessages(
  db: Db,
  patientId: number,
  input: { directMessageType: 'RECEIVED' | 'SENT' | 'FAILED'; page: number; pageSize: number },
): Promise<GetMessagesResponse> {
  const folder = folderOfType[input.directMessageType];
  const [list, noOfUnread] = await Promise.all([
    listFolder(db, patientId, folder, input.page, input.pageSize),
    unreadCount(db, patientId),
  ]);
  return {
    directMessageType: input.directMessageType,
    noOfUnread,
    totalCount: list.totalCount,
    page: input.page,
    pageSize: input.pageSize,
    messages: list.messages,
  };
}

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
  if (!sender.directAvailable || !sender.directAddress)
    throw invalidField('to', 'messages.error.directUnavailable');
  const attachments = await claimAttachments(deps.db, patientId, info.attachments, 'DIRECT_MESSAGING');

  const to = info.to.trim();
  const recipient = await patientByDirectAddress(deps.db, to);
  const clinic = recipient ? null : await practiceByDirectAddress(deps.db, to);
  const local = recipient !== null || clinic !== null;
  if (!local && (await isLocalDirectDomain(deps.db, to)))
    throw invalidField('to', 'messages.error.directRecipientUnknown', { to });

  const messageKey = newMessageKey(sender.directAddress);
  const sent = await deps.db.transaction(async (tx) => {
    const copy = await insertMessage(tx, {
      practiceId: sender.practiceId,
      patientId,
      folder: 'SENT',
      isDirect: true,
      fromAddress: sender.directAddress ?? '',
      toAddress: to,
      subject: info.subject,
      content: info.content,
      mimeType: info.mimeType,
      messageWasRead: true,
      status: local ? 'DELIVERED' : 'QUEUED',
      sentByUserId,
      toPractice: clinic !== null && clinic.id === sender.practiceId,
      messageKey,
    });
    await linkAttachments(tx, attachments, copy.id);
    if (recipient) {
      const inbox = await insertMessage(tx, {
        practiceId: recipient.practiceId,
        patientId: recipient.id,
        folder: 'INBOX',
        isDirect: true,
        fromAddress: sender.directAddress ?? '',
        toAddress: to,
        subject: info.subject,
        content: info.content,
        mimeType: info.mimeType,
        status: 'DELIVERED',
        messageKey,
      });
      await copyAttachments(tx, attachments, inbox.id, recipient.id);
    }
    return copy;
  });

  if (!local) await handOver(deps, sent.id, messageKey, sender, sentByUserId, true, info, attachments);
  return getMessage(deps.db, sent.id);
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
  const messageKey = newMessageKey(from);
  const sent = await deps.db.transaction(async (tx) => {
    const copy = await insertMessage(tx, {
      practiceId: sender.practiceId,
      patientId,
      folder: 'SENT',
      isDirect: false,
      fromAddress: from,
      toAddress: info.to.trim(),
      subject: info.subject,
      content: info.content,
      mimeType: 'text/plain',
      messageWasRead: true,
      status: 'QUEUED',
      sentByUserId,
      messageKey,
    });
    await linkAttachments(tx, attachments, copy.id);
    return copy;
  });
  await handOver(
    deps,
    sent.id,
    messageKey,
    { ...sender, directAddress: from },
    sentByUserId,
    false,
    { ...info, mimeType: 'text/plain' },
    attachments,
  );
  return getMessage(deps.db, sent.id);
}

/** The transport seam: hand the stored SENT copy over and record what it answered. */
async function handOver(
  deps: MessagesDeps,
  messageId: number,
  messageKey: string,
  sender: Sender,
  sentByUserId: number,
  isDirect: boolean,
  info: { to: string; subject: string; content: string; mimeType: string },
  attachments: AttachmentRow[],
): Promise<void> {
  const outbound: OutboundMessage = {
    messageId,
    messageKey,
    practiceId: sender.practiceId,
    patientId: sender.patientId,
    sentByUserId,
    isDirect,
    from: sender.directAddress ?? '',
    to: info.to.trim(),
    subject: info.subject,
    content: info.content,
    mimeType: info.mimeType,
    attachments: attachments.map((a) => ({
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
  else
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
    .where(and(eq(directMessage.messageKey, messageKey), eq(directMessage.folder, 'SENT')))
    .returning({ id: directMessage.id });
  return updated.length;
}

/**
 * Files a message into a patient's INBOX (the inbound listener and the clinic's integration API use
 * it). Attachment bytes are stored as new blobs; their type is decided by content, and a file that is
 * not an allowed type is dropped from the message rather than refusing the whole message.
 */
export async function deliverToInbox(
  deps: Pick<MessagesDeps, 'db' | 'blobs'>,
  input: {
    patientId: number;
    from: string;
    fromName?: string | null;
    to: string;
    subject: string;
    content: string;
    mimeType: 'text/plain' | 'text/html';
    isDirect: boolean;
    messageKey?: string;
    sentByStaff?: string | null;
    attachments: { name: string; bytes: Buffer }[];
  },
): Promise<{ id: number; droppedAttachments: string[] }> {
  const [owner] = await deps.db
    .select({ practiceId: patient.practiceId })
    .from(patient)
    .where(eq(patient.id, input.patientId))
    .limit(1);
  if (!owner) throw notFound();
  const stored: { name: string; s3Id: string; mimeType: string; size: number }[] = [];
  const dropped: string[] = [];
  for (const file of input.attachments) {
    const type = attachmentContentType(file.name, file.bytes);
    if (!type || file.bytes.length > messageAttachmentMaxBytes) {
      dropped.push(file.name);
      continue;
    }
    const s3Id = newBlobId();
    await deps.blobs.put(blobKey('messages', s3Id), file.bytes, type);
    stored.push({ name: file.name, s3Id, mimeType: type, size: file.bytes.length });
  }
  const id = await deps.db.transaction(async (tx) => {
    const row = await insertMessage(tx, {
      practiceId: owner.practiceId,
      patientId: input.patientId,
      folder: 'INBOX',
      isDirect: input.isDirect,
      fromAddress: input.from,
      fromName: input.fromName ?? null,
      toAddress: input.to,
      subject: input.subject.slice(0, 998),
      content: input.content,
      mimeType: input.mimeType,
      status: 'DELIVERED',
      sentByStaff: input.sentByStaff ?? null,
      messageKey: input.messageKey ?? newMessageKey(input.from),
    });
    if (stored.length > 0)
      await tx.insert(directMessageAttachment).values(
        stored.map((s) => ({
          ...s,
          patientId: input.patientId,
          messageId: row.id,
          channel: 'DIRECT_MESSAGING' as const,
        })),
      );
    return row.id;
  });
  return { id, droppedAttachments: dropped };
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

function newMessageKey(from: string): string {
  const domain = from.slice(from.lastIndexOf('@') + 1) || 'dermis.local';
  return `${randomUUID()}@${domain}`;
}

// ---- attachments ----

const purposeOf = { DIRECT_MESSAGING: 'DIRECT_MESSAGING', PATIENT_EMAIL: 'PATIENT_EMAIL' } as const;

/** GET dms/url/{directMessaging|patientEmail}/getUploadURL. */
export async function issueAttachmentUpload(
  app: Pick<FastifyInstance, 'db' | 'blobUrls' | 'config'>,
  userId: number,
  channel: AttachmentChannel,
): Promise<UploadUrlResponse> {
  const s3Id = newBlobId();
  const exp = expiryIn(app.config.blobUrlTtlSeconds);
  await app.db
    .insert(blobUpload)
    .values({ s3Id, userId, purpose: purposeOf[channel], expiresAt: new Date(exp * 1000) });
  const token = app.blobUrls.sign({
    op: 'put',
    key: blobKey('messages', s3Id),
    max: messageAttachmentMaxBytes,
    exp,
  });
  return {
    url: `${blobRoutes.upload}?t=${token}`,
    s3Id,
    expiresAt: new Date(exp * 1000).toISOString(),
    maxBytes: messageAttachmentMaxBytes,
  };
}

/** PUT dms/file/add: registers an uploaded blob as an attachment, checked by content. */
export async function addAttachment(
  deps: Pick<MessagesDeps, 'db' | 'blobs'>,
  userId: number,
  patientId: number,
  input: Omit<AddAttachmentRequest, 'visibleForPatient'>,
): Promise<AddAttachmentResponse> {
  const [upload] = await deps.db
    .select({ id: blobUpload.id, purpose: blobUpload.purpose })
    .from(blobUpload)
    .where(
      and(
        eq(blobUpload.s3Id, input.id),
        eq(blobUpload.userId, userId),
        isNull(blobUpload.registeredAt),
        gt(blobUpload.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  if (!upload || upload.purpose === 'AVATAR') throw invalidField('id', 'messages.error.uploadMissing');
  const key = blobKey('messages', input.id);
  const bytes = await deps.blobs.get(key);
  if (!bytes) throw invalidField('id', 'messages.error.uploadMissing');
  if (bytes.length > messageAttachmentMaxBytes) {
    await deps.blobs.delete(key);
    throw invalidField('size', 'messages.error.attachmentTooLarge', { name: input.name });
  }
  const type = attachmentContentType(input.name, bytes);
  if (!type) {
    await deps.blobs.delete(key);
    throw invalidField('id', 'messages.error.attachmentContent', { name: input.name });
  }
  if (bytes.length !== input.size) throw invalidField('size', 'server.error.uploadMismatch');

  const row = await deps.db.transaction(async (tx) => {
    await tx
      .update(blobUpload)
      .set({ registeredAt: sql`now()` })
      .where(eq(blobUpload.id, upload.id));
    const [inserted] = await tx
      .insert(directMessageAttachment)
      .values({
        patientId,
        channel: upload.purpose as AttachmentChannel,
        uploadedByUserId: userId,
        s3Id: input.id,
        name: input.name,
        mimeType: type,
        size: bytes.length,
      })
      .returning();
    return inserted;
  });
  if (!row) throw new Error('addAttachment: no row');
  return {
    id: row.id,
    name: row.name,
    size: row.size,
    mimeType: row.mimeType,
    channel: row.channel,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The attachment's owner patient (for the guard), or null. */
export async function attachmentOwner(db: Db, id: number): Promise<number | null> {
  return (await attachmentById(db, id))?.patientId ?? null;
}

/** GET directMessage/getAttachment/_rid/{id}: a signed, expiring download link. */
export async function issueAttachmentDownload(
  app: Pick<FastifyInstance, 'db' | 'blobUrls' | 'config'>,
  id: number,
): Promise<AttachmentDownloadResponse> {
  const row = await attachmentById(app.db, id);
  if (!row) throw notFound();
  const exp = expiryIn(app.config.blobUrlTtlSeconds);
  const token = app.blobUrls.sign({
    op: 'get',
    key: blobKey('messages', row.s3Id),
    name: row.name,
    type: row.mimeType,
    exp,
  });
  return {
    contentUrl: `${blobRoutes.download}?t=${token}`,
    name: row.name,
    expiresAt: new Date(exp * 1000).toISOString(),
    mimeType: row.mimeType,
  };
}

/** Drops attachments uploaded but never sent, with their blobs (run by the CLI or a timer). */
export async function dropStaleAttachments(deps: Pick<MessagesDeps, 'db' | 'blobs'>): Promise<number> {
  const cutoff = new Date(Date.now() - pendingAttachmentTtlMs);
  const stale = await deps.db
    .delete(directMessageAttachment)
    .where(and(isNull(directMessageAttachment.messageId), lt(directMessageAttachment.createdAt, cutoff)))
    .returning({ s3Id: directMessageAttachment.s3Id });
  for (const { s3Id } of stale) await deps.blobs.delete(blobKey('messages', s3Id));
  return stale.length;
}
