/**
 * A real blob store outage (docs/decisions/173): the app reaches an S3 protocol server (s3rver)
 * through a TCP proxy the test cuts and restores. An upload during the outage answers 503 with
 * Retry-After and the message, /readyz reports the blob store while /healthz stays live, and once
 * the store is back the same upload works and earlier blobs are served again, by themselves.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { UploadUrlResponse } from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import S3rver from 's3rver';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testConfig } from '../../test/config';
import type { CuttableProxy } from '../../test/cuttable-proxy';
import { startCuttableProxy } from '../../test/cuttable-proxy';
import { useTestDatabase } from '../../test/database';
import { bearer, givenPractice, givenUser, signIn } from '../../test/fixtures';
import { expectUnavailable } from '../../test/outage';

const bucket = 'dermis-outage';
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000dIHDR-rest-of-a-png', 'latin1'),
]);

describe('a blob store outage [s3rver through a proxy that is cut]', () => {
  const t = useTestDatabase('PGlite');
  let s3rver: S3rver;
  let s3Port = 0;
  let directory = '';
  const opened: { close(): Promise<void> }[] = [];

  beforeAll(async () => {
    directory = fs.mkdtempSync(path.join(os.tmpdir(), 'dermis-blob-outage-'));
    s3rver = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory,
      configureBuckets: [{ name: bucket }],
    });
    s3Port = (await s3rver.run()).port;
  });
  afterAll(async () => {
    await s3rver.close();
    fs.rmSync(directory, { recursive: true, force: true });
  });
  afterEach(async () => {
    for (const resource of opened.splice(0).reverse()) await resource.close();
  });

  async function start(): Promise<{ app: FastifyInstance; proxy: CuttableProxy }> {
    const proxy = await startCuttableProxy({ host: '127.0.0.1', port: s3Port });
    opened.push(proxy);
    const app = await buildApp(
      testConfig({
        blobStore: {
          kind: 's3',
          bucket,
          region: 'us-east-1',
          endpoint: `http://${proxy.address}`,
          accessKeyId: 'S3RVER',
          secretAccessKey: 'S3RVER',
          forcePathStyle: true,
        },
      }),
      { database: t.database },
    );
    opened.push(app);
    return { app, proxy };
  }

  it('answers 503 with Retry-After for an upload while the store is away, and recovers by itself', async () => {
    const practiceId = await givenPractice(t.db);
    const maria = await givenUser(t.db, practiceId, { username: 'maria', password: 'Secret123' });
    const { app, proxy } = await start();
    const { accessToken } = await signIn(app, maria.username, maria.password);
    const upload = async (language = 'en') => {
      const issued = await app.inject({
        method: 'GET',
        url: '/api/app/dms/url/avatar/getUploadURL',
        headers: bearer(accessToken),
      });
      expect(issued.statusCode).toBe(200);
      return app.inject({
        method: 'PUT',
        url: issued.json<UploadUrlResponse>().url,
        payload: png,
        headers: { 'content-type': 'image/png', 'accept-language': language },
      });
    };
    const readiness = () => app.inject({ method: 'GET', url: '/readyz' });

    expect((await upload()).statusCode).toBe(204);
    expect((await readiness()).json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', redis: 'off', blobStore: 'ok' },
    });

    await proxy.cut();
    expectUnavailable(await upload());
    expectUnavailable(await upload('es'), 'es');
    const notReady = await readiness();
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json()).toEqual({
      status: 'unavailable',
      checks: { database: 'ok', redis: 'off', blobStore: 'unavailable' },
    });
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    await proxy.restore();
    await expect.poll(async () => (await readiness()).statusCode, { timeout: 15_000 }).toBe(200);
    expect((await upload()).statusCode).toBe(204);
  });
});
