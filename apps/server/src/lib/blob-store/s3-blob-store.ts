/**
 * Blobs in an S3-compatible bucket through @aws-sdk/client-s3 (path-style for MinIO, s3rver and
 * most self-hosted stores). The app streams blobs to browsers itself (see blob-store.ts), so the
 * bucket needs no CORS rule and no public access.
 *
 * Any failure other than "no such blob" (the store unreachable, refusing, or answering 5xx) is
 * ServiceUnavailable: the client gets 503 with Retry-After, and the same call works once the store
 * is back (docs/decisions/173).
 */
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { BlobStoreTarget } from '../../config/env';
import { ServiceUnavailable } from '../outage';
import type { BlobHead, BlobStore } from './blob-store';
import { isBlobKey } from './blob-store';

type S3Target = Extract<BlobStoreTarget, { kind: 's3' }>;

interface Connection {
  sdk: typeof S3Sdk;
  client: S3Sdk.S3Client;
}

export class S3BlobStore implements BlobStore {
  readonly kind = 's3' as const;
  private readonly bucket: string;
  private connecting: Promise<Connection> | undefined;

  constructor(private readonly target: S3Target) {
    this.bucket = target.bucket;
  }

  /**
   * The SDK and its client, loaded and made on the first call (the readiness check's ping, as a rule),
   * then the same ones for every call: the SDK is some megabytes a portal on the local folder never
   * needs in memory (decision 262).
   */
  private connect(): Promise<Connection> {
    this.connecting ??= import('@aws-sdk/client-s3').then((sdk) => {
      const { target } = this;
      const client = new sdk.S3Client({
        region: target.region,
        forcePathStyle: target.forcePathStyle,
        // A store that accepts no connection or stops answering fails the call instead of holding it.
        requestHandler: { connectionTimeout: 3_000, requestTimeout: 30_000 },
        ...(target.endpoint ? { endpoint: target.endpoint } : {}),
        ...(target.accessKeyId && target.secretAccessKey
          ? { credentials: { accessKeyId: target.accessKeyId, secretAccessKey: target.secretAccessKey } }
          : {}),
      });
      return { sdk, client };
    });
    return this.connecting;
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    check(key);
    const { sdk, client } = await this.connect();
    await client
      .send(
        new sdk.PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentType: contentType }),
      )
      .catch(unavailable);
  }

  async get(key: string): Promise<Buffer | null> {
    check(key);
    const { sdk, client } = await this.connect();
    try {
      const answer = await client.send(new sdk.GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!answer.Body) return null;
      return Buffer.from(await answer.Body.transformToByteArray());
    } catch (error) {
      if (isMissing(sdk, error)) return null;
      return unavailable(error);
    }
  }

  async head(key: string): Promise<BlobHead | null> {
    check(key);
    const { sdk, client } = await this.connect();
    try {
      const answer = await client.send(new sdk.HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: answer.ContentLength ?? 0 };
    } catch (error) {
      if (isMissing(sdk, error)) return null;
      return unavailable(error);
    }
  }

  async delete(key: string): Promise<void> {
    check(key);
    const { sdk, client } = await this.connect();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: key })).catch(unavailable);
  }

  async ping(): Promise<void> {
    const { sdk, client } = await this.connect();
    await client.send(new sdk.HeadBucketCommand({ Bucket: this.bucket })).catch(unavailable);
  }

  async close(): Promise<void> {
    // A store never called has no client to close; one whose SDK failed to load has none either.
    const connection = await this.connecting?.catch(() => undefined);
    connection?.client.destroy();
  }
}

function check(key: string): void {
  if (!isBlobKey(key)) throw new Error('invalid blob key');
}

function unavailable(error: unknown): never {
  throw new ServiceUnavailable('blob store', { cause: error });
}

function isMissing(sdk: typeof S3Sdk, error: unknown): boolean {
  if (error instanceof sdk.NoSuchKey || error instanceof sdk.NotFound) return true;
  return error instanceof sdk.S3ServiceException && error.$metadata.httpStatusCode === 404;
}
