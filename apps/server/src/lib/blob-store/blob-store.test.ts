/**
 * The blob store adapter, the same cases on both implementations: a local folder and a real S3
 * protocol server (s3rver on 127.0.0.1, through @aws-sdk/client-s3). Plus the signed URL tokens and
 * the content checks.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlobStore } from './blob-store';
import { blobKey, newBlobId } from './blob-store';
import { sniffContentType } from './content-type';
import { LocalBlobStore } from './local-blob-store';
import { S3BlobStore } from './s3-blob-store';
import { BlobUrlSigner, expiryIn } from './signed-url';

const bucket = 'dermis-test';
let s3rver: S3rver;
let s3Endpoint: string;
const tempDirs: string[] = [];

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dermis-blob-test-'));
  tempDirs.push(dir);
  return dir;
}

beforeAll(async () => {
  s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: tempDir(),
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await s3rver.run();
  s3Endpoint = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await s3rver.close();
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

const stores: [string, () => BlobStore][] = [
  ['local folder', () => new LocalBlobStore(tempDir())],
  [
    'S3 (s3rver)',
    () =>
      new S3BlobStore({
        kind: 's3',
        bucket,
        region: 'us-east-1',
        endpoint: s3Endpoint,
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
      }),
  ],
];

describe.each(stores)('blob store: %s', (_name, create) => {
  it('puts, heads, gets and deletes a blob, byte for byte', async () => {
    const store = create();
    const key = blobKey('documents', newBlobId());
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 251));
    expect(await store.head(key)).toBeNull();
    expect(await store.get(key)).toBeNull();

    await store.put(key, bytes, 'application/octet-stream');
    expect(await store.head(key)).toEqual({ size: bytes.length });
    expect((await store.get(key))?.equals(bytes)).toBe(true);

    await store.put(key, Buffer.from('replaced'), 'text/plain');
    expect((await store.get(key))?.toString()).toBe('replaced');

    await store.delete(key);
    expect(await store.head(key)).toBeNull();
    await store.delete(key); // a missing blob is not an error
    await store.close();
  });

  it('refuses keys outside its areas', async () => {
    const store = create();
    await expect(store.get('../../etc/passwd')).rejects.toThrow(/invalid blob key/);
    await expect(store.put('avatars/NOT-HEX', Buffer.from('x'), 'text/plain')).rejects.toThrow();
    expect(() => blobKey('avatars', '../x')).toThrow();
    await store.close();
  });
});

describe('signed blob URLs', () => {
  const signer = new BlobUrlSigner('a-test-secret-of-at-least-32-characters!!');

  it('verifies its own unexpired token and nothing else', () => {
    const token = signer.sign({
      op: 'get',
      key: 'documents/x',
      name: 'a.pdf',
      type: 'application/pdf',
      exp: expiryIn(60),
    });
    expect(signer.verify(token)).toMatchObject({ op: 'get', key: 'documents/x' });

    const [body, mac] = token.split('.') as [string, string];
    const forged = Buffer.from(
      JSON.stringify({
        op: 'get',
        key: 'documents/y',
        name: 'a.pdf',
        type: 'application/pdf',
        exp: expiryIn(60),
      }),
    ).toString('base64url');
    expect(signer.verify(`${forged}.${mac}`)).toBeNull();
    expect(signer.verify(`${body}.${mac.slice(1)}x`)).toBeNull();
    expect(signer.verify(`${body}`)).toBeNull();
    expect(signer.verify('')).toBeNull();
    expect(new BlobUrlSigner('another-secret-of-at-least-32-characters!').verify(token)).toBeNull();
  });

  it('refuses an expired token', () => {
    const token = signer.sign({ op: 'avatar', uid: 1, exp: expiryIn(60) });
    expect(signer.verify(token, Date.now() + 59_000)).not.toBeNull();
    expect(signer.verify(token, Date.now() + 61_000)).toBeNull();
  });
});

describe('content checks by magic bytes', () => {
  it('recognises files by content, not by name', () => {
    expect(sniffContentType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]))).toBe(
      'image/png',
    );
    expect(sniffContentType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('image/jpeg');
    expect(sniffContentType(Buffer.from('GIF89a....'))).toBe('image/gif');
    expect(sniffContentType(Buffer.from('II*\0abcd'))).toBe('image/tiff');
    expect(sniffContentType(Buffer.from('%PDF-1.7\n...'))).toBe('application/pdf');
    expect(sniffContentType(Buffer.from('<?xml version="1.0"?><a/>'))).toBe('application/xml');
    expect(sniffContentType(Buffer.from('Visit summary\nAll well.\n'))).toBe('text/plain');
    expect(sniffContentType(Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03]))).toBeNull(); // a Windows executable
    expect(sniffContentType(Buffer.alloc(0))).toBeNull();
  });
});
