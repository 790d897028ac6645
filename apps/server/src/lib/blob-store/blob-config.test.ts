/** Which blob store the settings choose (config/env.ts): a folder by default, a bucket with S3_BUCKET. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config/env';

const base = { NODE_ENV: 'test', DATABASE_URL: 'memory://', JWT_SECRET: 'x'.repeat(32) };

describe('blob store settings', () => {
  it('uses a throw-away folder for a memory database, BLOB_DIR when given, and DATA_DIR/blobs otherwise', () => {
    const memory = loadConfig(base).blobStore;
    expect(memory.kind).toBe('local');
    expect(loadConfig({ ...base, BLOB_DIR: '/srv/blobs' }).blobStore).toEqual({
      kind: 'local',
      dir: '/srv/blobs',
    });
    const { DATABASE_URL: _unused, ...onDisk } = base;
    expect(loadConfig({ ...onDisk, DATA_DIR: '/srv/dermis' }).blobStore).toEqual({
      kind: 'local',
      dir: path.join('/srv/dermis', 'blobs'),
    });
    expect(loadConfig(base).blobUrlTtlSeconds).toBe(300);
  });

  it('chooses an S3-compatible bucket with S3_BUCKET, path-style when an endpoint is given', () => {
    expect(
      loadConfig({
        ...base,
        S3_BUCKET: 'dermis-blobs',
        S3_ENDPOINT: 'http://127.0.0.1:9000/',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
      }).blobStore,
    ).toEqual({
      kind: 's3',
      bucket: 'dermis-blobs',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    expect(
      loadConfig({ ...base, S3_BUCKET: 'dermis-blobs', S3_REGION: 'eu-west-1' }).blobStore,
    ).toMatchObject({
      endpoint: null,
      region: 'eu-west-1',
      forcePathStyle: false,
    });
  });

  it('refuses a bad bucket, endpoint or lifetime, naming the variable', () => {
    expect(() => loadConfig({ ...base, S3_BUCKET: 'No_Such' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, S3_BUCKET: 'ok-bucket', S3_ENDPOINT: 'minio:9000' })).toThrow(
      /S3_ENDPOINT/,
    );
    expect(() => loadConfig({ ...base, BLOB_URL_TTL_SECONDS: '1' })).toThrow(/BLOB_URL_TTL_SECONDS/);
  });
});
