/**
 * Documents: the clinic files them (integration API, CLI, demo) with their bytes checked by content;
 * the patient downloads one through a signed, expiring address, and each download is recorded in the
 * activity log of the patient whose document it is.
 */
import type { DocumentDownloadUrlResponse, UpsertDocumentRequest } from '@dermis/contract';
import { blobsCalls, documentMaxBytes } from '@dermis/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import { patientDocument } from '../../db/schema';
import type { BlobStore } from '../../lib/blob-store/blob-store';
import { blobKey, newBlobId } from '../../lib/blob-store/blob-store';
import { sniffContentType } from '../../lib/blob-store/content-type';
import type { BlobUrlSigner } from '../../lib/blob-store/signed-url';
import { expiryIn } from '../../lib/blob-store/signed-url';
import { invalidField, notFound } from '../../lib/http-error';
import { recordActivity } from '../../plugins/activity-log';
import { patientIdByExternalId } from '../../lib/patient-by-external-id';
import { documentByExternalId, findDocument } from './documents.repository';

const base64Pattern = /^[A-Za-z0-9+/]*={0,2}$/;

/** The bytes of a base64 document, refused unless its content is the type it declares. */
export function checkedDocumentBytes(
  contentBase64: string,
  mimeType: UpsertDocumentRequest['mimeType'],
): Buffer {
  const compact = contentBase64.replace(/\s+/g, '');
  if (compact.length === 0 || compact.length % 4 !== 0 || !base64Pattern.test(compact))
    throw invalidField('contentBase64', 'server.error.documentEncoding');
  const bytes = Buffer.from(compact, 'base64');
  if (bytes.length > documentMaxBytes) throw invalidField('contentBase64', 'server.error.documentType');
  const sniffed = sniffContentType(bytes);
  // XML is also text: a text/plain document may hold markup, an XML one may not be plain prose.
  const matches = sniffed === mimeType || (mimeType === 'text/plain' && sniffed === 'application/xml');
  if (!matches) throw invalidField('contentBase64', 'server.error.documentType');
  return bytes;
}

export async function upsertDocument(
  deps: { db: Db; blobs: BlobStore },
  practiceId: number,
  patientExternalId: string,
  documentExternalId: string,
  input: UpsertDocumentRequest,
): Promise<{ id: number; externalId: string; created: boolean }> {
  const bytes = checkedDocumentBytes(input.contentBase64, input.mimeType);
  const patientId = await patientIdByExternalId(deps.db, practiceId, patientExternalId);
  const previous = await documentByExternalId(deps.db, patientId, documentExternalId);

  // New bytes under a new id, then the row, then the old bytes go: a reader never meets a missing blob.
  const s3Id = newBlobId();
  await deps.blobs.put(blobKey('documents', s3Id), bytes, input.mimeType);
  const fields = {
    name: input.name,
    fileName: input.fileName,
    mimeType: input.mimeType,
    contentS3Id: s3Id,
    contentLength: bytes.length,
    ownerFullName: input.ownerFullName ?? null,
    dateCreated: new Date(input.dateCreated),
  };
  const [row] = await deps.db
    .insert(patientDocument)
    .values({ practiceId, patientId, externalId: documentExternalId, ...fields })
    .onConflictDoUpdate({
      target: [patientDocument.patientId, patientDocument.externalId],
      set: { ...fields, updatedAt: sql`now()` },
    })
    .returning({ id: patientDocument.id, created: sql<boolean>`(xmax = 0)` });
  if (!row) throw new Error('document upsert returned nothing');
  if (previous) await deps.blobs.delete(blobKey('documents', previous.contentS3Id));
  return { id: row.id, externalId: documentExternalId, created: row.created };
}

export async function issueDocumentDownload(
  app: { db: Db; blobUrls: BlobUrlSigner; config: FastifyInstance['config'] },
  actor: { userId: number; practiceId: number },
  patientId: number,
  documentId: number,
): Promise<DocumentDownloadUrlResponse> {
  const document = await findDocument(app.db, patientId, documentId);
  if (!document) throw notFound('server.error.documentNotFound');
  const exp = expiryIn(app.config.blobUrlTtlSeconds);
  const token = app.blobUrls.sign({
    op: 'get',
    key: blobKey('documents', document.contentS3Id),
    name: document.fileName,
    type: document.mimeType,
    exp,
  });
  await recordActivity(app.db, {
    practiceId: actor.practiceId,
    patientId,
    actorUserId: actor.userId,
    action: 'DOWNLOAD_DOCUMENT',
  });
  return {
    url: `${blobsCalls.download.path}?t=${token}`,
    expiresAt: new Date(exp * 1000).toISOString(),
    fileName: document.fileName,
    mimeType: document.mimeType,
  };
}
