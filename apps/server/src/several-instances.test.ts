/**
 * Two real server processes on one PostgreSQL, one Redis, one S3 protocol server (s3rver) and one
 * SMTP server, as several instances run behind a load balancer: a sign-in on one works on the
 * other, and a sign-out on one ends access on both at once; throttles are shared; each scheduled job
 * runs once; a file uploaded through one downloads through the other; and no per-process cache
 * answers stale data after a write through the other instance.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServices } from './config/env';
import { openDatabase, type Database } from './db/database';
import { practice, scheduledJob } from './db/schema';
import { demoAccounts } from './demo/demo-accounts';
import { createApiKey } from './features/integration/practice.service';
import { createPostgresDatabase } from './test/database';
import { startServerProcess, type ServerProcess } from './test/server-process';
import { signaturePng } from './test/png';
import { startSmtpListener, type SmtpListener } from './test/smtp-listener';

const { databaseUrl, redisUrl } = testServices();
const needs = 'needs DATABASE_URL and REDIS_URL (PostgreSQL and Redis shared by both instances)';
if (!databaseUrl || !redisUrl) console.log(`several instances: not run, ${needs}`);

describe.runIf(databaseUrl && redisUrl)('two instances sharing PostgreSQL, Redis, S3 and SMTP', () => {
  const cleanUps: (() => Promise<void>)[] = [];
  let one: ServerProcess;
  let other: ServerProcess;
  let database: Database;
  let smtp: SmtpListener;
  const maria = demoAccounts.patient;
  const pngBytes = signaturePng(64, 32);

  beforeAll(async () => {
    const created = await createPostgresDatabase(databaseUrl ?? '');
    cleanUps.push(created.drop);
    const blobDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dermis-instances-s3-'));
    cleanUps.push(() => Promise.resolve(fs.rmSync(blobDir, { recursive: true, force: true })));
    const s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: blobDir,
      configureBuckets: [{ name: 'dermis-instances' }],
    });
    const s3Port = (await s3.run()).port;
    cleanUps.push(() => s3.close());
    smtp = await startSmtpListener();
    cleanUps.push(() => smtp.close());
    const shared = {
      DATABASE_URL: created.url,
      REDIS_URL: redisUrl ?? '',
      REDIS_KEY_PREFIX: `dermis-instances-${randomBytes(4).toString('hex')}:`,
      JWT_SECRET: 'several-instances-test-secret-0123456789abcdef',
      S3_BUCKET: 'dermis-instances',
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      SMTP_URL: smtp.url,
      LOGIN_MAX_FAILURES_PER_USERNAME: '3',
      // Both instances ask every second whether the reminder pass is due.
      REMINDER_INTERVAL_SECONDS: '1',
    };
    // The first seeds the demo practice (its reminders fall due at once); the second finds it.
    one = await startServerProcess({ ...shared, SEED_DEMO: 'true' });
    cleanUps.push(() => one.kill());
    await one.waitForOutput(/is listening on http/);
    other = await startServerProcess(shared);
    cleanUps.push(() => other.kill());
    await other.waitForOutput(/is listening on http/);
    database = await openDatabase({ kind: 'postgres', url: created.url });
    cleanUps.push(() => database.close());
  }, 240_000);

  afterAll(async () => {
    for (const cleanUp of cleanUps.splice(0).reverse()) await cleanUp();
  });

  const call = async (server: ServerProcess, method: string, url: string, body?: unknown, token?: string) => {
    const response = await fetch(`${server.url}${url}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, json: () => JSON.parse(text) as unknown };
  };
  const signIn = async (server: ServerProcess, username: string, password: string) => {
    const answer = await call(server, 'POST', '/api/auth/login', { username, password });
    expect(answer.status).toBe(200);
    return answer.json() as { accessToken: string; refreshToken: string };
  };
  const profile = (server: ServerProcess, token: string) =>
    call(server, 'POST', '/api/app/patient/getByUsername', { username: maria.username }, token);

  it('takes a sign-in on one instance on the other, and a sign-out on one ends access on both at once', async () => {
    const session = await signIn(one, maria.username, maria.password);
    expect((await profile(other, session.accessToken)).status).toBe(200);
    expect((await profile(one, session.accessToken)).status).toBe(200);

    const out = await call(other, 'POST', '/api/auth/logout', { refreshToken: session.refreshToken });
    expect(out.status).toBe(204);
    expect((await profile(one, session.accessToken)).status).toBe(401);
    expect((await profile(other, session.accessToken)).status).toBe(401);
  });

  it('shares the sign-in throttle: failures on one instance lock the username on the other', async () => {
    const samuel = demoAccounts.newPatient;
    for (let i = 0; i < 3; i++)
      expect(
        (await call(one, 'POST', '/api/auth/login', { username: samuel.username, password: 'Wrong12345' }))
          .status,
      ).toBe(401);
    const locked = await call(other, 'POST', '/api/auth/login', {
      username: samuel.username,
      password: samuel.password,
    });
    expect(locked.status).toBe(429);
  });

  it('downloads through one instance a file uploaded through the other', async () => {
    const { accessToken } = await signIn(one, maria.username, maria.password);
    const issued = (
      await call(one, 'GET', '/api/app/dms/url/avatar/getUploadURL', undefined, accessToken)
    ).json() as {
      url: string;
      s3Id: string;
    };
    const put = await fetch(`${one.url}${issued.url}`, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: pngBytes,
    });
    expect(put.status).toBe(204);
    const me = (await profile(other, accessToken)).json() as { id: number };
    const added = await call(
      other,
      'POST',
      '/api/app/profile/addAvatar',
      {
        profileId: me.id,
        avatarS3Id: issued.s3Id,
        contentLength: pngBytes.length,
        contentType: 'image/png',
      },
      accessToken,
    );
    expect(added.status).toBe(200);
    const template = (
      await call(other, 'GET', '/api/app/dms/url/avatar/getDownloadURL', undefined, accessToken)
    ).json() as {
      url: string;
    };
    const image = await fetch(`${other.url}${template.url.replace('{s3Id}', issued.s3Id)}`);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(pngBytes)).toBe(true);
  });

  it('answers a profile changed through the other instance as changed (no stale per-process cache)', async () => {
    const { accessToken } = await signIn(other, maria.username, maria.password);
    const before = (await profile(other, accessToken)).json() as { firstName: string };
    expect(before.firstName).toBe(maria.firstName);

    const [row] = await database.db.select({ id: practice.id }).from(practice);
    const { apiKey } = await createApiKey(database.db, row!.id, 'several instances test');
    const renamed = await fetch(`${one.url}/api/integration/patients/${maria.externalId}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
      body: JSON.stringify({
        firstName: 'Mariana',
        lastName: maria.lastName,
        dateOfBirth: maria.dateOfBirth,
      }),
    });
    expect(renamed.status).toBe(200);
    expect(((await profile(other, accessToken)).json() as { firstName: string }).firstName).toBe('Mariana');
  });

  it('runs each reminder pass on one instance only: every reminder e-mail arrives once', async () => {
    const runs = async () =>
      (
        await database.db
          .select({ n: scheduledJob.runCount })
          .from(scheduledJob)
          .where(eq(scheduledJob.name, 'reminders'))
      )[0]?.n ?? 0;
    // The seeded practice has an appointment reminder and a follow-up reminder due at once.
    await expect
      .poll(() => smtp.received.length, { timeout: 120_000, interval: 200 })
      .toBeGreaterThanOrEqual(2);
    // Several more passes, by either instance, send nothing again.
    const seen = await runs();
    await expect.poll(runs, { timeout: 60_000, interval: 200 }).toBeGreaterThanOrEqual(seen + 4);
    const subjects = smtp.received.map(
      (mail) => `${mail.to.join(',')} ${/^Subject: (.*)$/m.exec(mail.raw)?.[1]}`,
    );
    expect(subjects).toHaveLength(2);
    expect(new Set(subjects).size).toBe(2);
  }, 240_000);
});
