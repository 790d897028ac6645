/**
 * Messages that arrive from outside a patient's account, filed by one path so every way in gets the
 * same checks: Direct mail from the practice's HISP through the inbound listener, and the clinic's
 * own messages through the integration API and CLI. Received files are checked with the rules of an
 * upload (size, and type by content, lib/blob-store/attachment-type) before anything is stored
 * (docs/decisions/120).
 */
import { randomUUID } from 'node:crypto';
import { messageAttachmentMaxBytes } from '@dermis/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { directMessageAttachment, patient } from '../../db/schema';
import { attachmentContentType } from '../../lib/blob-store/attachment-type';
import { blobKey, newBlobId, type BlobStore } from '../../lib/blob-store/blob-store';
import { notFound } from '../../lib/http-error';
import { insertMessage, patientByDirectAddress, practiceByDirectAddress } from './messages.repository';

type Deps = { db: Db; blobs: BlobStore };

/** The RFC 5322 Message-ID (without angle brackets) the copies of one message share. */
export function newMessageKey(from: string): string {
  const domain = from.slice(from.lastIndexOf('@') + 1) || 'dermis.local';
  return `${randomUUID()}@${domain}`;
}

/** A received file that may not be filed: over 3.5 MB, or its content not an allowed type. */
export class AttachmentRefused extends Error {
  constructor(
    readonly fileName: string,
    readonly reason: 'TOO_LARGE' | 'NOT_ALLOWED',
  ) {
    super(reason === 'TOO_LARGE' ? 'attachment over the size limit' : 'attachment type not allowed');
  }
}

interface ReceivedFile {
  name: string;
  bytes: Buffer;
}

/**
 * Checks received files by size and content with the rules of an upload (attachmentContentType),
 * then stores them. Every file is checked before any is stored, so a refusal leaves nothing behind.
 */
async function storeReceivedFiles(
  blobs: BlobStore,
  files: readonly ReceivedFile[],
): Promise<{ name: string; s3Id: string; mimeType: string; size: number }[]> {
  const typed = files
    .filter((file) => file.bytes.length > 0)
    .map((file) => {
      if (file.bytes.length > messageAttachmentMaxBytes) throw new AttachmentRefused(file.name, 'TOO_LARGE');
      const type = attachmentContentType(file.name, file.bytes);
      if (!type) throw new AttachmentRefused(file.name, 'NOT_ALLOWED');
      return { ...file, type };
    });
  const stored = [];
  for (const file of typed) {
    const s3Id = newBlobId();
    await blobs.put(blobKey('messages', s3Id), file.bytes, file.type);
    stored.push({ name: file.name.slice(0, 255), s3Id, mimeType: file.type, size: file.bytes.length });
  }
  return stored;
}

interface ReceivedMessage {
  from: string;
  fromName?: string | null;
  subject: string;
  content: string;
  mimeType: 'text/plain' | 'text/html';
  isDirect: boolean;
  messageKey?: string;
  sentByStaff?: string | null;
}

/** One received copy: a patient's INBOX copy, or (no patient) the clinic's copy of its own address. */
async function insertReceivedCopy(
  tx: Parameters<typeof insertMessage>[0],
  owner: { practiceId: number; patientId: number | null },
  to: string,
  input: ReceivedMessage,
  stored: readonly { name: string; s3Id: string; mimeType: string; size: number }[],
): Promise<number> {
  const row = await insertMessage(tx, {
    practiceId: owner.practiceId,
    patientId: owner.patientId,
    toPractice: owner.patientId === null,
    folder: 'INBOX',
    isDirect: input.isDirect,
    fromAddress: input.from.slice(0, 320) || 'unknown',
    fromName: input.fromName?.slice(0, 200) || null,
    toAddress: to.slice(0, 320),
    subject: input.subject.slice(0, 998),
    content: input.content.slice(0, 1_000_000),
    mimeType: input.mimeType,
    status: 'DELIVERED',
    sentByStaff: input.sentByStaff ?? null,
    messageKey: (input.messageKey ?? newMessageKey(input.from)).slice(0, 998),
  });
  if (stored.length > 0)
    await tx.insert(directMessageAttachment).values(
      stored.map((s) => ({
        ...s,
        patientId: owner.patientId,
        messageId: row.id,
        channel: 'DIRECT_MESSAGING' as const,
      })),
    );
  return row.id;
}

/**
 * Files a message into a patient's INBOX (the clinic's integration API and CLI). Attachments are
 * checked like uploads; one that is too large or not an allowed type by content refuses the whole
 * message (AttachmentRefused) before anything is stored.
 */
export async function deliverToInbox(
  deps: Deps,
  input: ReceivedMessage & { patientId: number; to: string; attachments: ReceivedFile[] },
): Promise<{ id: number }> {
  const [owner] = await deps.db
    .select({ practiceId: patient.practiceId })
    .from(patient)
    .where(eq(patient.id, input.patientId))
    .limit(1);
  if (!owner) throw notFound();
  const stored = await storeReceivedFiles(deps.blobs, input.attachments);
  const id = await deps.db.transaction((tx) =>
    insertReceivedCopy(
      tx,
      { practiceId: owner.practiceId, patientId: input.patientId },
      input.to,
      input,
      stored,
    ),
  );
  return { id };
}

/** Who receives mail for a Direct address of this portal: an active patient, or a practice's clinic. */
export async function directRecipient(
  db: Parameters<typeof patientByDirectAddress>[0],
  address: string,
): Promise<{ practiceId: number; patientId: number | null } | null> {
  const person = await patientByDirectAddress(db, address.trim());
  if (person) return { practiceId: person.practiceId, patientId: person.id };
  const clinic = await practiceByDirectAddress(db, address.trim());
  return clinic ? { practiceId: clinic.id, patientId: null } : null;
}

/**
 * Files a Direct message received from the practice's HISP (the inbound listener): one INBOX copy per
 * recipient (a patient's, or the clinic's for the practice's own address), each with its own
 * attachment rows over the blobs stored once. An attachment that is too large or not an allowed
 * type by content refuses the whole message (AttachmentRefused), so the HISP bounces it to its sender.
 */
export async function deliverInbound(
  deps: Deps,
  input: ReceivedMessage & { to: readonly string[]; attachments: ReceivedFile[] },
): Promise<number[]> {
  const stored = await storeReceivedFiles(deps.blobs, input.attachments);
  return deps.db.transaction(async (tx) => {
    const ids: number[] = [];
    for (const to of input.to) {
      const owner = await directRecipient(tx, to);
      if (owner) ids.push(await insertReceivedCopy(tx, owner, to, input, stored));
    }
    return ids;
  });
}
