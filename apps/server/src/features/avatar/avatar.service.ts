/**
 * Avatar (spec 001 §4 "Avatar", §5): an upload address for the account, then registration checked by
 * content — the blob must be the account's own recent upload, at most 5 MB, as long as declared, and a
 * JPEG or PNG by its magic bytes — before it replaces the patient's avatar. A refused or replaced
 * blob is deleted.
 */
import type {
  AddAvatarRequest,
  AvatarDownloadUrlResponse,
  AvatarInfo,
  UploadUrlResponse,
} from '@dermis/contract';
import { avatarMaxBytes, avatarMimeTypes, avatarS3IdPlaceholder, blobsCalls } from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import { blobKey, newBlobId } from '../../lib/blob-store/blob-store';
import { isAvatarImage, sniffContentType } from '../../lib/blob-store/content-type';
import { expiryIn } from '../../lib/blob-store/signed-url';
import { invalidField, notFound } from '../../lib/http-error';
import { avatarOf, markRegistered, pendingUpload, recordUpload, setAvatar } from './avatar.repository';

/** How long an avatar download template works: an open page keeps showing avatars for this long. */
export const avatarUrlTtlSeconds = 3600;

export async function issueAvatarUpload(app: FastifyInstance, userId: number): Promise<UploadUrlResponse> {
  const s3Id = newBlobId();
  const exp = expiryIn(app.config.blobUrlTtlSeconds);
  await recordUpload(app.db, s3Id, userId, new Date(exp * 1000));
  const token = app.blobUrls.sign({ op: 'put', key: blobKey('avatars', s3Id), max: avatarMaxBytes, exp });
  return {
    url: `${blobsCalls.upload.path}?t=${token}`,
    s3Id,
    expiresAt: new Date(exp * 1000).toISOString(),
    maxBytes: avatarMaxBytes,
  };
}

/** The avatar download template ({s3Id} to fill), signed for the account: it shows what it may see. */
export function avatarDownloadTemplate(app: FastifyInstance, userId: number): AvatarDownloadUrlResponse {
  const exp = expiryIn(avatarUrlTtlSeconds);
  const token = app.blobUrls.sign({ op: 'avatar', uid: userId, exp });
  return {
    url: `${blobsCalls.avatar.path.replace(':s3Id', avatarS3IdPlaceholder)}?t=${token}`,
    expiresAt: new Date(exp * 1000).toISOString(),
  };
}

export async function registerAvatar(
  app: FastifyInstance,
  userId: number,
  patientId: number,
  input: AddAvatarRequest,
): Promise<AvatarInfo> {
  if (!(avatarMimeTypes as readonly string[]).includes(input.contentType.toLowerCase()))
    throw invalidField('contentType', 'server.error.avatarType');
  if (input.contentLength > avatarMaxBytes) throw invalidField('contentLength', 'server.error.avatarSize');

  const upload = await pendingUpload(app.db, input.avatarS3Id, userId);
  if (!upload) throw invalidField('avatarS3Id', 'server.error.uploadNotFound');
  const key = blobKey('avatars', input.avatarS3Id);
  const bytes = await app.blobs.get(key);
  if (!bytes) throw invalidField('avatarS3Id', 'server.error.uploadNotFound');
  if (bytes.length > avatarMaxBytes) {
    await app.blobs.delete(key);
    throw invalidField('avatarS3Id', 'server.error.avatarSize');
  }
  const type = sniffContentType(bytes);
  if (!isAvatarImage(type)) {
    await app.blobs.delete(key);
    throw invalidField('avatarS3Id', 'server.error.avatarType');
  }
  if (bytes.length !== input.contentLength)
    throw invalidField('contentLength', 'server.error.uploadMismatch');

  const previous = await avatarOf(app.db, patientId);
  if (!previous) throw notFound();
  const avatar = { avatarS3Id: input.avatarS3Id, avatarContentLength: bytes.length, avatarMimeType: type };
  await app.db.transaction(async (tx) => {
    await setAvatar(tx, patientId, avatar);
    await markRegistered(tx, upload.id);
  });
  if (previous.avatarS3Id && previous.avatarS3Id !== input.avatarS3Id)
    await app.blobs.delete(blobKey('avatars', previous.avatarS3Id));
  return { profileId: patientId, ...avatar };
}

export async function removeAvatar(app: FastifyInstance, patientId: number): Promise<AvatarInfo> {
  const previous = await avatarOf(app.db, patientId);
  if (!previous) throw notFound();
  const none = { avatarS3Id: null, avatarContentLength: null, avatarMimeType: null };
  await setAvatar(app.db, patientId, none);
  if (previous.avatarS3Id) await app.blobs.delete(blobKey('avatars', previous.avatarS3Id));
  return { profileId: patientId, ...none };
}
