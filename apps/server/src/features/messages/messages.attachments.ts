/**
 * Message attachments (spec 002 §3 "Attachment", §4 "Attachment upload", §7): the
 * upload address, registration checked by content, the signed download link, the copies a forward
 * carries (decision 121) and the scheduled drop of uploads never sent (decision 123). The caller has
 * passed the patient-access guard before any function here runs.
 */
import {
  messageAttachmentMaxBytes,
  type AddAttachmentRequest,
  type AddAttachmentResponse,
  type AttachmentChannel,
  type AttachmentDownloadResponse,
  type UploadUrlResponse,
  blobsCalls,
} from '@dermis/contract';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { blobUpload, directMessageAttachment } from '../../db/schema';
import { attachmentContentType } from '../../lib/blob-store/attachment-type';
import { blobKey, newBlobId, type BlobStore } from '../../lib/blob-store/blob-store';
import { expiryIn } from '../../lib/blob-store/signed-url';
import { forbidden, invalidField, notFound } from '../../lib/http-error';
import type { JobDefinition } from '../../lib/jobs/scheduled-jobs';
import { attachmentById, messageOwner } from './messages.repository';

/** An uploaded attachment not sent within this long is no longer offered (and is then dropped). */
export const pendingAttachmentTtlMs = 24 * 3600 * 1000;

type Deps = { db: Db; blobs: BlobStore };

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
    url: `${blobsCalls.upload.path}?t=${token}`,
    s3Id,
    expiresAt: new Date(exp * 1000).toISOString(),
    maxBytes: messageAttachmentMaxBytes,
  };
}

/** PUT dms/file/add: registers an uploaded blob as an attachment, checked by content. */
export async function addAttachment(
  deps: Deps,
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
  return registered(row);
}

/** An unsent attachment as the contract answers it. */
function registered(row: typeof directMessageAttachment.$inferSelect): AddAttachmentResponse {
  return {
    id: row.id,
    name: row.name,
    size: row.size,
    mimeType: row.mimeType,
    channel: row.channel,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * POST directMessage/forwardAttachments: a forward carries the original's attachments (decision
 * 121). Each becomes an unsent attachment of the patient for `channel`, over a copy of the bytes, so
 * it is sent, unchecked or dropped like an upload and never touches the original's blob. The message
 * must be one of the guarded patient's own; any other id is the same 403.
 */
export async function forwardAttachments(
  deps: Deps,
  userId: number,
  patientId: number,
  messageId: number,
  channel: AttachmentChannel,
): Promise<AddAttachmentResponse[]> {
  if ((await messageOwner(deps.db, messageId)) !== patientId) throw forbidden();
  const originals = await deps.db
    .select()
    .from(directMessageAttachment)
    .where(eq(directMessageAttachment.messageId, messageId))
    .orderBy(directMessageAttachment.id);
  const copies: AddAttachmentResponse[] = [];
  for (const original of originals) {
    const bytes = await deps.blobs.get(blobKey('messages', original.s3Id));
    if (!bytes) continue;
    const s3Id = newBlobId();
    await deps.blobs.put(blobKey('messages', s3Id), bytes, original.mimeType);
    const [row] = await deps.db
      .insert(directMessageAttachment)
      .values({
        patientId,
        channel,
        uploadedByUserId: userId,
        s3Id,
        name: original.name,
        mimeType: original.mimeType,
        size: original.size,
      })
      .returning();
    if (row) copies.push(registered(row));
  }
  return copies;
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
    contentUrl: `${blobsCalls.download.path}?t=${token}`,
    name: row.name,
    expiresAt: new Date(exp * 1000).toISOString(),
    mimeType: row.mimeType,
  };
}

/** Drops attachments uploaded but never sent, with their blobs (the scheduled job below). */
export async function dropStaleAttachments(deps: Deps): Promise<number> {
  const cutoff = new Date(Date.now() - pendingAttachmentTtlMs);
  const stale = await deps.db
    .delete(directMessageAttachment)
    .where(and(isNull(directMessageAttachment.messageId), lt(directMessageAttachment.createdAt, cutoff)))
    .returning({ s3Id: directMessageAttachment.s3Id });
  for (const { s3Id } of stale) await deps.blobs.delete(blobKey('messages', s3Id));
  return stale.length;
}

export const staleAttachmentJobName = 'message-attachments-cleanup';

/**
 * `dropStaleAttachments` as a scheduled job (lib/jobs, decision 107): hourly, once across all
 * instances. A pass deletes rows before blobs, so an overlapping pass finds nothing left to delete.
 */
export function staleAttachmentJob(deps: Deps & { logger?: Pick<FastifyBaseLogger, 'info'> }): JobDefinition {
  return {
    name: staleAttachmentJobName,
    intervalSeconds: 3600,
    leaseSeconds: 600,
    run: async () => {
      const dropped = await dropStaleAttachments(deps);
      deps.logger?.info({ dropped }, 'unsent message attachments dropped');
    },
  };
}
