/**
 * Blobs in an S3-compatible bucket through @aws-sdk/client-s3 (path-style for MinIO, s3rver and
 * most self-hosted stores). The app streams blobs to browsers itself (see blob-store.ts), so the
 * bucket needs no CORS rule and no public access.
 *
 * Any failure other than "no such blob" (the store unreachable, refusing, or answering 5xx) is
 * ServiceUnavailable: the client gets 503 with Retry-After, and the same call works once the store
 * is back (docs/decisions/173).
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { BlobStoreTarget } from '../../config/env';
import { ServiceUnavailable } from '../outage';
import type { BlobHead, BlobStore } from './blob-store';
import { isBlobKey } from './blob-store';

type S3Target = Extract<BlobStoreTarget, { kind: 's3' }>;

export class S3BlobStore implements BlobStore {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(target: S3Target) {
    this.bucket = target.bucket;
    this.client = new S3Client({
      region: target.region,
      forcePathStyle: target.forcePathStyle,
      // A store that accepts no connection or stops answering fails the call instead of holding it.
      requestHandler: { connectionTimeout: 3_000, requestTimeout: 30_000 },
      ...(target.endpoint ? { endpoint: target.endpoint } : {}),
      ...(target.accessKeyId && target.secretAccessKey
        ? { credentials: { accessKeyId: target.accessKeyId, secretAccessKey: target.secretAccessKey } }
        : {}),
    });
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    check(key);
    await this.client
      .send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentType: contentType }))
      .catch(unavailable);
  }

  async get(key: string): Promise<Buffer | null> {
    check(key);
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!answer.Body) return null;
      return Buffer.from(await answer.Body.transformToByteArray());
    } catch (error) {
      if (isMissing(error)) return null;
      return unavailable(error);
    }
  }

  async head(key: string): Promise<BlobHead | null> {
    check(key);
    try {
      const answer = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: answer.ContentLength ?? 0 };
    } catch (error) {
      if (isMissing(error)) return null;
      return unavailable(error);
    }
  }

  async delete(key: string): Promise<void> {
    check(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key })).catch(unavailable);
  }

  async ping(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket })).catch(unavailable);
  }

  close(): Promise<void> {
    this.client.destroy();
    return Promise.resolve();
  }
}

function check(key: string): void {
  if (!isBlobKey(key)) throw new Error('invalid blob key');
}

function unavailable(error: unknown): never {
  throw new ServiceUnavailable('blob store', { cause: error });
}

function isMissing(error: unknown): boolean {
  if (error instanceof NoSuchKey || error instanceof NotFound) return true;
  return error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404;
}
