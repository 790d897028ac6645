/**
 * Avatar end to end on the server (spec 001 §4 "Avatar", §5, §7): upload URL → PUT → addAvatar →
 * download through the template → delete, with the checks by content, on the local store and on a
 * real S3 protocol server (s3rver).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AvatarDownloadUrlResponse, AvatarInfo, UploadUrlResponse } from '@dermis/contract';
import { avatarMaxBytes, avatarUrl } from '@dermis/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import S3rver from 's3rver';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { patient, responsiblePerson, userAccount } from '../../db/schema';
import type { BlobStore } from '../../lib/blob-store/blob-store';
import { blobKey } from '../../lib/blob-store/blob-store';
import { LocalBlobStore } from '../../lib/blob-store/local-blob-store';
import { S3BlobStore } from '../../lib/blob-store/s3-blob-store';
import { buildApp } from '../../app';
import { testConfig } from '../../test/config';
import { describeEachDatabase } from '../../test/database';
import type { UserFixture } from '../../test/fixtures';
import { bearer, givenPractice, givenResponsiblePerson, givenUser, signIn } from '../../test/fixtures';

export const pngBytes = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000dIHDR-rest-of-a-png', 'latin1'),
]);
export const jpegBytes = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF-rest')]);

let s3rver: S3rver;
let s3Endpoint = '';
const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dermis-avatar-test-'));
  dirs.push(dir);
  return dir;
};

beforeAll(async () => {
  s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: tempDir(),
    configureBuckets: [{ name: 'dermis-avatars' }],
  });
  s3Endpoint = `http://127.0.0.1:${(await s3rver.run()).port}`;
});
afterAll(async () => {
  await s3rver.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const stores: [string, () => BlobStore][] = [
  ['local folder', () => new LocalBlobStore(tempDir())],
  [
    'S3',
    () =>
      new S3BlobStore({
        kind: 's3',
        bucket: 'dermis-avatars',
        region: 'us-east-1',
        endpoint: s3Endpoint,
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
      }),
  ],
];

describeEachDatabase('avatar', (t) => {
  const open: FastifyInstance[] = [];
  let user: UserFixture;
  let token: string;
  let app: FastifyInstance;
  let blobs: BlobStore;

  async function start(store: BlobStore) {
    blobs = store;
    app = await buildApp(testConfig(), { database: t.database, blobs });
    open.push(app);
    token = (await signIn(app, user.username, user.password)).accessToken;
  }

  beforeEach(async () => {
    while (open.length) await open.pop()!.close();
    const practiceId = await givenPractice(t.db);
    user = await givenUser(t.db, practiceId, { username: `avatar${Date.now()}` });
  });

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, auth = token) =>
    app.inject({ method, url, headers: bearer(auth), ...(payload ? { payload } : {}) });

  async function upload(bytes: Buffer, contentType = 'image/png') {
    const issued = (await call('GET', '/api/app/dms/url/avatar/getUploadURL')).json<UploadUrlResponse>();
    const put = await app.inject({
      method: 'PUT',
      url: issued.url,
      payload: bytes,
      headers: { 'content-type': contentType },
    });
    return { issued, put };
  }

  it.each(stores)('uploads, registers, shows and deletes an avatar (%s)', async (_name, create) => {
    await start(create());
    const { issued, put } = await upload(pngBytes);
    expect(issued).toMatchObject({ maxBytes: avatarMaxBytes });
    expect(issued.url).toMatch(/^\/api\/blobs\/upload\?t=/);
    expect(issued.s3Id).toMatch(/^[0-9a-f]{32}$/);
    expect(put.statusCode).toBe(204);

    const added = await call('POST', '/api/app/profile/addAvatar', {
      profileId: user.patientId,
      avatarS3Id: issued.s3Id,
      contentLength: pngBytes.length,
      contentType: 'image/png',
    });
    expect(added.statusCode).toBe(200);
    expect(added.json<AvatarInfo>()).toEqual({
      profileId: user.patientId,
      avatarS3Id: issued.s3Id,
      avatarContentLength: pngBytes.length,
      avatarMimeType: 'image/png',
    });
    const [stored] = await t.db.select().from(patient).where(eq(patient.id, user.patientId));
    expect(stored?.avatarS3Id).toBe(issued.s3Id);

    const template = (
      await call('GET', '/api/app/dms/url/avatar/getDownloadURL')
    ).json<AvatarDownloadUrlResponse>();
    expect(template.url).toContain('{s3Id}');
    const image = await app.inject({ method: 'GET', url: avatarUrl(template.url, issued.s3Id) });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(pngBytes)).toBe(true);

    // A second registration of the same upload is refused; a new avatar replaces and removes the old.
    const again = await call('POST', '/api/app/profile/addAvatar', {
      profileId: user.patientId,
      avatarS3Id: issued.s3Id,
      contentLength: pngBytes.length,
      contentType: 'image/png',
    });
    expect(again.statusCode).toBe(400);
    const second = await upload(jpegBytes, 'image/jpeg');
    const replaced = await call('POST', '/api/app/profile/addAvatar', {
      profileId: user.patientId,
      avatarS3Id: second.issued.s3Id,
      contentLength: jpegBytes.length,
      contentType: 'image/png',
    });
    expect(replaced.json<AvatarInfo>().avatarMimeType).toBe('image/jpeg');
    expect(await blobs.head(blobKey('avatars', issued.s3Id))).toBeNull();

    const deleted = await call('DELETE', `/api/app/profile/deleteAvatar/_rid/${user.patientId}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json<AvatarInfo>().avatarS3Id).toBeNull();
    expect(await blobs.head(blobKey('avatars', second.issued.s3Id))).toBeNull();
    const gone = await app.inject({ method: 'GET', url: avatarUrl(template.url, second.issued.s3Id) });
    expect(gone.statusCode).toBe(404);
  });

  it('takes the bytes of an upload address once, so a registered avatar cannot be swapped', async () => {
    await start(stores[0]![1]());
    const { issued, put } = await upload(pngBytes);
    expect(put.statusCode).toBe(204);
    const swapBefore = await app.inject({
      method: 'PUT',
      url: issued.url,
      payload: jpegBytes,
      headers: { 'content-type': 'image/jpeg' },
    });
    expect(swapBefore.statusCode).toBe(400);
    expect(swapBefore.body).toContain('This upload address has already been used.');
    const added = await call('POST', '/api/app/profile/addAvatar', {
      profileId: user.patientId,
      avatarS3Id: issued.s3Id,
      contentLength: pngBytes.length,
      contentType: 'image/png',
    });
    expect(added.statusCode, added.body).toBe(200);

    // Within the address's lifetime, after registration: refused, and the checked bytes are served.
    const swapAfter = await app.inject({
      method: 'PUT',
      url: issued.url,
      payload: jpegBytes,
      headers: { 'content-type': 'image/jpeg', 'accept-language': 'es' },
    });
    expect(swapAfter.statusCode).toBe(400);
    expect(swapAfter.body).toContain('Esta dirección de subida ya se usó.');
    const template = (
      await call('GET', '/api/app/dms/url/avatar/getDownloadURL')
    ).json<AvatarDownloadUrlResponse>();
    const image = await app.inject({ method: 'GET', url: avatarUrl(template.url, issued.s3Id) });
    expect(image.rawPayload.equals(pngBytes)).toBe(true);
  });

  it('refuses what is not a JPEG or PNG by content, whatever it is called', async () => {
    await start(stores[0]![1]());
    const gif = Buffer.from('GIF89a-not-allowed');
    const { put } = await upload(gif, 'image/png');
    expect(put.statusCode).toBe(400);
    expect(
      put.json<{ validationMessages: { description: string }[] }>().validationMessages[0]?.description,
    ).toBe('Image must be in JPEG, JPG or PNG format!');

    const issued = (await call('GET', '/api/app/dms/url/avatar/getUploadURL')).json<UploadUrlResponse>();
    // Bytes written behind the upload route's back (as a direct S3 upload could) are checked at registration.
    await blobs.put(blobKey('avatars', issued.s3Id), Buffer.from('%PDF-1.4 not an image'), 'image/png');
    const added = await call('POST', '/api/app/profile/addAvatar', {
      profileId: user.patientId,
      avatarS3Id: issued.s3Id,
      contentLength: 21,
      contentType: 'image/png',
    });
    expect(added.statusCode).toBe(400);
    expect(await blobs.head(blobKey('avatars', issued.s3Id))).toBeNull();

    const wrongType = await call('POST', '/api/app/profile/addAvatar', {
      profileId: user.patientId,
      avatarS3Id: issued.s3Id,
      contentLength: 21,
      contentType: 'image/gif',
    });
    expect(wrongType.statusCode).toBe(400);
  });

  it('refuses more than 5 MB, a length that does not match, and a forged or expired upload token', async () => {
    await start(stores[0]![1]());
    const big = Buffer.concat([pngBytes, Buffer.alloc(avatarMaxBytes)]);
    const { put } = await upload(big);
    expect(put.statusCode).toBe(413);
    const tooLong = await call('POST', '/api/app/profile/addAvatar', {
      profileId: user.patientId,
      avatarS3Id: 'a'.repeat(32),
      contentLength: avatarMaxBytes + 1,
      contentType: 'image/png',
    });
    expect(tooLong.statusCode).toBe(400);

    const { issued } = await upload(pngBytes);
    const mismatch = await call('POST', '/api/app/profile/addAvatar', {
      profileId: user.patientId,
      avatarS3Id: issued.s3Id,
      contentLength: pngBytes.length + 1,
      contentType: 'image/png',
    });
    expect(mismatch.statusCode).toBe(400);

    const forged = await app.inject({
      method: 'PUT',
      url: issued.url.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
      payload: pngBytes,
      headers: { 'content-type': 'image/png' },
    });
    expect(forged.statusCode).toBe(404);

    const shortLived = await buildApp(
      testConfig({ blobUrlTtlSeconds: -1, jwtSecret: app.config.jwtSecret }),
      { database: t.database, blobs },
    );
    open.push(shortLived);
    const expired = (
      await shortLived.inject({
        method: 'GET',
        url: '/api/app/dms/url/avatar/getUploadURL',
        headers: bearer(token),
      })
    ).json<UploadUrlResponse>();
    const late = await shortLived.inject({
      method: 'PUT',
      url: expired.url,
      payload: pngBytes,
      headers: { 'content-type': 'image/png' },
    });
    expect(late.statusCode).toBe(404);
  });

  it('lets only the uploader register an upload, only for a patient they may act for, and shows avatars only to family', async () => {
    await start(stores[0]![1]());
    const practiceId = user.practiceId;
    const other = await givenUser(t.db, practiceId, { username: `other${Date.now()}` });
    const child = await givenUser(t.db, practiceId, { username: `child${Date.now()}` });
    await givenResponsiblePerson(t.db, child.patientId, user.patientId);
    const otherToken = (await signIn(app, other.username, other.password)).accessToken;

    const { issued } = await upload(pngBytes);
    const body = { avatarS3Id: issued.s3Id, contentLength: pngBytes.length, contentType: 'image/png' };
    // Someone else cannot register the caller's upload, even on their own profile.
    expect(
      (await call('POST', '/api/app/profile/addAvatar', { ...body, profileId: other.patientId }, otherToken))
        .statusCode,
    ).toBe(400);
    // The caller cannot put it on a stranger's profile: the guard refuses.
    expect(
      (await call('POST', '/api/app/profile/addAvatar', { ...body, profileId: other.patientId })).statusCode,
    ).toBe(403);
    expect((await call('DELETE', `/api/app/profile/deleteAvatar/_rid/${other.patientId}`)).statusCode).toBe(
      403,
    );
    // As the child's responsible person, the caller sets the child's avatar.
    const forChild = await call('POST', '/api/app/profile/addAvatar', {
      ...body,
      profileId: child.patientId,
    });
    expect(forChild.statusCode).toBe(200);

    const childToken = (await signIn(app, child.username, child.password)).accessToken;
    const templates = await Promise.all(
      [token, childToken, otherToken].map(
        async (auth) =>
          (
            await call('GET', '/api/app/dms/url/avatar/getDownloadURL', undefined, auth)
          ).json<AvatarDownloadUrlResponse>().url,
      ),
    );
    const statuses = await Promise.all(
      templates.map(
        async (template) =>
          (await app.inject({ method: 'GET', url: avatarUrl(template, issued.s3Id) })).statusCode,
      ),
    );
    expect(statuses).toEqual([200, 200, 404]);
  });

  it('stops showing an avatar when the viewer, the owner or their link is no longer active, and across practices', async () => {
    await start(stores[0]![1]());
    const child = await givenUser(t.db, user.practiceId, { username: `ward${Date.now()}` });
    const linkId = await givenResponsiblePerson(t.db, child.patientId, user.patientId);
    const childToken = (await signIn(app, child.username, child.password)).accessToken;
    const register = async (profileId: number) => {
      const { issued } = await upload(pngBytes);
      const added = await call('POST', '/api/app/profile/addAvatar', {
        profileId,
        avatarS3Id: issued.s3Id,
        contentLength: pngBytes.length,
        contentType: 'image/png',
      });
      expect(added.statusCode).toBe(200);
      return issued.s3Id;
    };
    const childAvatar = await register(child.patientId);
    const ownAvatar = await register(user.patientId);
    const template = async (auth: string) =>
      (
        await call('GET', '/api/app/dms/url/avatar/getDownloadURL', undefined, auth)
      ).json<AvatarDownloadUrlResponse>().url;
    const [mine, wards] = [await template(token), await template(childToken)];
    // The guardian's view of the ward's avatar and of their own; the ward's view of the guardian's.
    const seen = async () =>
      Promise.all(
        [avatarUrl(mine, childAvatar), avatarUrl(mine, ownAvatar), avatarUrl(wards, ownAvatar)].map(
          async (url) => (await app.inject({ method: 'GET', url })).statusCode,
        ),
      );
    expect(await seen()).toEqual([200, 200, 200]);

    const setPatient = (id: number, values: Partial<typeof patient.$inferInsert>) =>
      t.db.update(patient).set(values).where(eq(patient.id, id));
    await setPatient(child.patientId, { active: false });
    expect(await seen()).toEqual([404, 200, 404]);
    await setPatient(child.patientId, { active: true });

    await t.db.update(responsiblePerson).set({ active: false }).where(eq(responsiblePerson.id, linkId));
    expect(await seen()).toEqual([404, 200, 404]);
    await t.db.update(responsiblePerson).set({ active: true }).where(eq(responsiblePerson.id, linkId));

    // A deactivated account's links stop at once, though each lives an hour.
    await t.db.update(userAccount).set({ active: false }).where(eq(userAccount.id, user.userId));
    expect(await seen()).toEqual([404, 404, 200]);
    await t.db.update(userAccount).set({ active: true }).where(eq(userAccount.id, user.userId));

    // A link can only join patients of one practice; were one to reach across, it shows nothing.
    await setPatient(child.patientId, { practiceId: await givenPractice(t.db, 'Elsewhere') });
    expect((await seen())[0]).toBe(404);
  });

  it('needs a signed-in caller for the calls and a valid token for the blob addresses', async () => {
    await start(stores[0]![1]());
    expect(
      (await app.inject({ method: 'GET', url: '/api/app/dms/url/avatar/getUploadURL' })).statusCode,
    ).toBe(401);
    expect(
      (await app.inject({ method: 'GET', url: '/api/app/dms/url/avatar/getDownloadURL' })).statusCode,
    ).toBe(401);
    expect(
      (await app.inject({ method: 'GET', url: `/api/blobs/avatar/${'a'.repeat(32)}?t=nonsense` })).statusCode,
    ).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/blobs/download?t=nonsense' })).statusCode).toBe(404);
  });
});
