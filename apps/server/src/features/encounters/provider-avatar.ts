/**
 * Provider photos the clinic sends with encounters (issue 11): PNG or JPEG by content, at most
 * avatarMaxBytes, stored under provider-avatars/ named by a hash of the bytes, so sending the same
 * photo again is idempotent and the name is unguessable without the photo.
 */
import { createHash } from 'node:crypto';
import { avatarMaxBytes } from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import { blobKey } from '../../lib/blob-store/blob-store';
import { isAvatarImage, sniffContentType } from '../../lib/blob-store/content-type';
import { invalidField } from '../../lib/http-error';

export async function storeProviderAvatar(
  app: FastifyInstance,
  base64: string,
): Promise<{ s3Id: string; mimeType: 'image/png' | 'image/jpeg' }> {
  const bytes = /^[A-Za-z0-9+/\s]+={0,2}$/.test(base64) ? Buffer.from(base64, 'base64') : Buffer.alloc(0);
  const type = sniffContentType(bytes);
  if (bytes.length === 0 || bytes.length > avatarMaxBytes || !isAvatarImage(type))
    throw invalidField('providers.avatarBase64', 'integration.error.providerAvatar');
  const s3Id = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
  await app.blobs.put(blobKey('provider-avatars', s3Id), bytes, type);
  return { s3Id, mimeType: type };
}
