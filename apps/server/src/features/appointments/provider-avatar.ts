/**
 * Provider photos the clinic sends with encounters: PNG or JPEG by content, at most
 * avatarMaxBytes, stored under provider-avatars/ named by a hash of the bytes, so sending the same
 * photo again is idempotent and the name is unguessable without the photo. The integration API and
 * the CLI (`encounter:upsert --provider-photo`) share this check and store.
 */
import { createHash } from 'node:crypto';
import { avatarMaxBytes } from '@dermis/contract';
import { blobKey, type BlobStore } from '../../lib/blob-store/blob-store';
import { isAvatarImage, sniffContentType } from '../../lib/blob-store/content-type';
import { invalidField } from '../../lib/http-error';

export type ProviderAvatar = { s3Id: string; mimeType: 'image/png' | 'image/jpeg' };

/** The photo's type when the bytes are a PNG or JPEG of an allowed size, else null. */
export function providerAvatarType(bytes: Buffer): ProviderAvatar['mimeType'] | null {
  const type = sniffContentType(bytes);
  return bytes.length > 0 && bytes.length <= avatarMaxBytes && isAvatarImage(type) ? type : null;
}

/** The photo's bytes from the API's base64 (anything that is not base64 decodes to nothing). */
export function providerAvatarBytes(base64: string): Buffer {
  return /^[A-Za-z0-9+/\s]+={0,2}$/.test(base64) ? Buffer.from(base64, 'base64') : Buffer.alloc(0);
}

export async function storeProviderAvatar(blobs: BlobStore, base64: string): Promise<ProviderAvatar> {
  const bytes = providerAvatarBytes(base64);
  const type = providerAvatarType(bytes);
  if (!type) throw invalidField('providers.avatarBase64', 'integration.error.providerAvatar');
  const s3Id = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
  await blobs.put(blobKey('provider-avatars', s3Id), bytes, type);
  return { s3Id, mimeType: type };
}

/** Stores the photos sent with an encounter's providers: by provider id, null removes, absent keeps. */
export async function storeProviderAvatars(
  blobs: BlobStore,
  providers: readonly { externalId: string; avatarBase64?: string | null }[],
): Promise<Map<string, ProviderAvatar | null>> {
  const avatars = new Map<string, ProviderAvatar | null>();
  for (const p of providers) {
    if (p.avatarBase64 === undefined) continue;
    avatars.set(
      p.externalId,
      p.avatarBase64 === null ? null : await storeProviderAvatar(blobs, p.avatarBase64),
    );
  }
  return avatars;
}
