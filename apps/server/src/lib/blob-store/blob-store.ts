/**
 * The blob store adapter: where avatars and documents live. Two implementations with one contract —
 * a local folder (the embedded default) and any S3-compatible bucket (S3_* settings). Callers never
 * hand out the store's own addresses: browsers reach blobs only through the app's signed, expiring
 * URLs (signed-url.ts), so the same access rules and Content-Security-Policy hold for both stores.
 */
import { randomBytes } from 'node:crypto';

export interface BlobHead {
  size: number;
}

export interface BlobStore {
  readonly kind: 'local' | 's3';
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes, or null when there is no such blob. */
  get(key: string): Promise<Buffer | null>;
  /** The size, or null when there is no such blob. */
  head(key: string): Promise<BlobHead | null>;
  /** Removes the blob; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Resolves when the store can be read and written now (readiness); rejects when it cannot. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Blob keys: an area folder and a 32-hex id (the s3Id the contract hands out). */
export type BlobArea = 'avatars' | 'documents' | 'provider-avatars' | 'messages';
const keyPattern = /^(avatars|documents|provider-avatars|messages)\/[0-9a-f]{32}$/;

export function blobKey(area: BlobArea, id: string): string {
  const key = `${area}/${id}`;
  if (!keyPattern.test(key)) throw new Error('invalid blob id');
  return key;
}

export function isBlobKey(key: string): boolean {
  return keyPattern.test(key);
}

export function newBlobId(): string {
  return randomBytes(16).toString('hex');
}
