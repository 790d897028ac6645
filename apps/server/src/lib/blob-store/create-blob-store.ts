import type { BlobStoreTarget } from '../../config/env';
import type { BlobStore } from './blob-store';
import { LocalBlobStore } from './local-blob-store';
import { S3BlobStore } from './s3-blob-store';

export function createBlobStore(target: BlobStoreTarget): BlobStore {
  return target.kind === 's3' ? new S3BlobStore(target) : new LocalBlobStore(target.dir);
}
