/**
 * The message transport (issue 12 item 6): how a patient's send leaves and where its copies land.
 * - Direct to one of this portal's addresses (a patient's, or a practice's own): local delivery, the
 *   sender's SENT copy and the recipient's INBOX copy written together, attachments shared as the
 *   same stored blob.
 * - Direct to any other domain: the SENT copy is written QUEUED with the Message-ID the HISP gets,
 *   then handed to the HISP; accepted → SENT, refused or unreachable → FAILED (folder and status).
 *   A later delivery-failure notice from the HISP moves it to FAILED too (`markFailedByMessageKey`).
 * - E-mail: the mail adapter (SMTP or the outbox) with the attachments; a SENT copy (isDirect false)
 *   keeps what was sent, FAILED when the mail server refused it.
 * Counting against the send limits is the caller's (lib/send-limit.ts), before calling in.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { directMessage, directMessageAttachment, patient, practice } from '../../db/schema';
import { blobKey, newBlobId, type BlobStore } from '../../lib/blob-store/blob-store';
import type { Mailer, MailMessage } from '../../lib/mail/mailer';
import { newDirectMessageId, type HispClient } from './hisp-client';

export interface TransportDeps {
  db: Db;
  blobs: BlobStore;
  mailer: Mailer;
  hisp: HispClient;
}

/** An attachment already in the blob store (area `messages`). */
export interface StoredAttachment {
  s3Id: string;
  name: string;
  mimeType: string;
  size: number;
}

export interface OutgoingMessage {
  practiceId: number;
  /** The patient whose SENT folder gets the copy (the one a responsible person acts for). */
  patientId: number;
  /** The account that pressed Send (the responsible person's own when acting). */
  sentByUserId: number;
  from: string;
  fromName: string | null;
  to: string;
  subject: string;
  content: string;
  mimeType: 'text/plain' | 'text/html';
  attachments: readonly StoredAttachment[];
}

type Channel = 'DIRECT_MESSAGING' | 'PATIENT_EMAIL';

/** Bytes already in hand become a stored attachment (a transmitted ZIP, an inbound file). */
export async function storeAttachment(
  blobs: BlobStore,
  file: { name: string; mimeType: string; content: Buffer },
): Promise<StoredAttachment> {
  const s3Id = newBlobId();
  await blobs.put(blobKey('messages', s3Id), file.content, file.mimeType);
  return { s3Id, name: file.name, mimeType: file.mimeType, size: file.content.length };
}

/** The patient holding a Direct address of this portal (case-insensitive), if any. */
export async function localDirectRecipient(
  db: Pick<Db, 'select'>,
  address: string,
): Promise<
  { kind: 'patient'; patientId: number; practiceId: number } | { kind: 'practice'; practiceId: number } | null
> {
  const lower = address.trim().toLowerCase();
  const [person] = await db
    .select({ patientId: patient.id, practiceId: patient.practiceId })
    .from(patient)
    .where(and(eq(sql`lower(${patient.directAddress})`, lower), eq(patient.active, true)))
    .limit(1);
  if (person) return { kind: 'patient', ...person };
  const [clinic] = await db
    .select({ practiceId: practice.id })
    .from(practice)
    .where(eq(sql`lower(${practice.directAddress})`, lower))
    .limit(1);
  return clinic ? { kind: 'practice', practiceId: clinic.practiceId } : null;
}

export async function insertCopy(
  db: Pick<Db, 'insert'>,
  values: typeof directMessage.$inferInsert,
  attachments: readonly StoredAttachment[],
  channel: Channel,
  uploadedByUserId: number | null,
): Promise<number> {
  const [row] = await db.insert(directMessage).values(values).returning({ id: directMessage.id });
  if (attachments.length > 0) {
    await db.insert(directMessageAttachment).values(
      attachments.map((a) => ({
        patientId: values.patientId,
        messageId: row!.id,
        channel,
        uploadedByUserId,
        s3Id: a.s3Id,
        name: a.name,
        mimeType: a.mimeType,
        size: a.size,
      })),
    );
  }
  return row!.id;
}

async function readAttachments(blobs: BlobStore, attachments: readonly StoredAttachment[]) {
  return Promise.all(
    attachments.map(async (a) => {
      const content = await blobs.get(blobKey('messages', a.s3Id));
      if (!content) throw new Error(`attachment blob ${a.s3Id} is missing`);
      return { fileName: a.name, contentType: a.mimeType, content };
    }),
  );
}

/** Moves a copy to FAILED with a reason a patient can act on. */
export async function markCopyFailed(db: Db, id: number, reason: string): Promise<void> {
  await db
    .update(directMessage)
    .set({
      folder: 'FAILED',
      status: 'FAILED',
      failureReason: reason.slice(0, 1000),
      dateModified: new Date(),
    })
    .where(eq(directMessage.id, id));
}

/**
 * A delivery-failure notice names the Message-ID of a send: its SENT copies (never an INBOX copy,
 * which was delivered) move to FAILED. True when one did.
 */
export async function markFailedByMessageKey(db: Db, messageKey: string, reason: string): Promise<boolean> {
  const moved = await db
    .update(directMessage)
    .set({
      folder: 'FAILED',
      status: 'FAILED',
      failureReason: reason.slice(0, 1000),
      dateModified: new Date(),
    })
    .where(and(eq(directMessage.messageKey, messageKey), inArray(directMessage.status, ['QUEUED', 'SENT'])))
    .returning({ id: directMessage.id });
  return moved.length > 0;
}

export const deliveryFailedReason =
  "The recipient's Direct service reported that the message could not be delivered.";
export const hispRefusedReason = 'The Direct service refused the message or could not be reached.';
export const mailRefusedReason = 'The mail server refused the message or could not be reached.';

/** Sends by Direct; answers the id of the sender's copy (SENT, or FAILED when the HISP refused). */
export async function sendDirect(deps: TransportDeps, message: OutgoingMessage): Promise<number> {
  const messageKey = newDirectMessageId(message.from);
  const local = await localDirectRecipient(deps.db, message.to);
  const base = {
    practiceId: message.practiceId,
    patientId: message.patientId,
    isDirect: true,
    fromAddress: message.from,
    fromName: message.fromName,
    toAddress: message.to,
    subject: message.subject,
    content: message.content,
    mimeType: message.mimeType,
    sentByUserId: message.sentByUserId,
    messageKey,
  };

  if (local) {
    return deps.db.transaction(async (tx) => {
      const sentId = await insertCopy(
        tx,
        {
          ...base,
          folder: 'SENT',
          status: 'DELIVERED',
          messageWasRead: true,
          toPractice: local.kind === 'practice',
        },
        message.attachments,
        'DIRECT_MESSAGING',
        message.sentByUserId,
      );
      if (local.kind === 'patient') {
        await insertCopy(
          tx,
          {
            ...base,
            practiceId: local.practiceId,
            patientId: local.patientId,
            folder: 'INBOX',
            status: 'DELIVERED',
            messageWasRead: false,
          },
          message.attachments,
          'DIRECT_MESSAGING',
          null,
        );
      }
      return sentId;
    });
  }

  const sentId = await insertCopy(
    deps.db,
    { ...base, folder: 'SENT', status: 'QUEUED', messageWasRead: true },
    message.attachments,
    'DIRECT_MESSAGING',
    message.sentByUserId,
  );
  try {
    await deps.hisp.send({
      from: message.from,
      to: message.to,
      subject: message.subject,
      text: message.content,
      attachments: await readAttachments(deps.blobs, message.attachments),
      messageId: messageKey,
    });
    await deps.db
      .update(directMessage)
      .set({ status: 'SENT', dateModified: new Date() })
      .where(and(eq(directMessage.id, sentId), eq(directMessage.status, 'QUEUED')));
  } catch {
    // The HISP's words may carry addresses of other people; the patient gets a plain reason.
    await markCopyFailed(deps.db, sentId, hispRefusedReason);
  }
  return sentId;
}

/** Sends an e-mail through the mail adapter; answers the id of the sender's copy (SENT or FAILED). */
export async function sendEmail(
  deps: TransportDeps,
  message: OutgoingMessage & { mail: Pick<MailMessage, 'subject' | 'text' | 'html' | 'category'> },
): Promise<number> {
  const sentId = await insertCopy(
    deps.db,
    {
      practiceId: message.practiceId,
      patientId: message.patientId,
      folder: 'SENT',
      status: 'QUEUED',
      isDirect: false,
      fromAddress: message.from,
      fromName: message.fromName,
      toAddress: message.to,
      subject: message.subject,
      content: message.content,
      mimeType: message.mimeType,
      messageWasRead: true,
      sentByUserId: message.sentByUserId,
      messageKey: newDirectMessageId(message.from),
    },
    message.attachments,
    'PATIENT_EMAIL',
    message.sentByUserId,
  );
  try {
    await deps.mailer.send({
      practiceId: message.practiceId,
      to: message.to,
      ...message.mail,
      attachments: await readAttachments(deps.blobs, message.attachments),
    });
    await deps.db
      .update(directMessage)
      .set({ status: 'SENT', dateModified: new Date() })
      .where(eq(directMessage.id, sentId));
  } catch {
    await markCopyFailed(deps.db, sentId, mailRefusedReason);
  }
  return sentId;
}
