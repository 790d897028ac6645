/**
 * `dermis backup` while a real server takes writes, `dermis restore` into a new folder, and a server
 * on that folder: every write acknowledged before the backup began is there, the blobs and the
 * signing secret too (a token issued before the backup still works).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { patientSubjectiveItemsResponse, type SubjectiveItemInput } from '@dermis/contract';
import { afterEach, expect, it } from 'vitest';
import { demoAccounts } from '../../demo/demo-accounts';
import { openDatabase } from '../../db/database';
import { testConfig } from '../../test/config';
import { givenMigratedDataDir } from '../../test/migrated-pglite';
import { runCli, startServerProcess, type ServerProcess } from '../../test/server-process';
import { backupDataDir, restoreDataDir } from './backup';

const servers: ServerProcess[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.kill()));
});

async function startOn(dataDir: string, seed: boolean): Promise<ServerProcess> {
  const server = await startServerProcess({ DATA_DIR: dataDir, SEED_DEMO: String(seed) });
  servers.push(server);
  await server.waitForOutput(/is listening on http/);
  return server;
}

function client(server: ServerProcess, accessToken: string) {
  return async (route: string, payload: object) => {
    const response = await fetch(`${server.url}/api/app/${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify(payload),
    });
    return { status: response.status, body: await response.json() };
  };
}

const allergy = (n: number, id?: number): SubjectiveItemInput => ({
  ...(id === undefined ? {} : { id }),
  sectionId: 'ALLERGIES',
  attributes: [
    { order: 1, values: [{ value: `T-${n}`, description: `Test allergen ${n}`, customValue: '1' }] },
  ],
});

it('backs up a running server during writes and restores every acknowledged write into a new folder', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'dermis-backup-'));
  const dataDir = path.join(root, 'data');
  await givenMigratedDataDir(dataDir);
  const server = await startOn(dataDir, true);
  // A blob as the local blob store keeps it.
  const blob = path.join(dataDir, 'blobs', 'documents', 'backup-test.bin');
  fs.mkdirSync(path.dirname(blob), { recursive: true });
  fs.writeFileSync(blob, Buffer.from('a document the patient uploaded'));

  const { username, password } = demoAccounts.patient;
  const signIn = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const { accessToken } = (await signIn.json()) as { accessToken: string };
  const call = client(server, accessToken);
  const { id: patientId } = (await call('patient/getByUsername', { username })).body as { id: number };

  // The writer: one save after the other, each adding an allergen; `acknowledged` counts the 200s.
  let acknowledged = 0;
  let writing = true;
  const writer = (async () => {
    const ids: number[] = [];
    for (let n = 1; writing && n <= 150; n++) {
      const items = [...ids.map((id, i) => allergy(i + 1, id)), allergy(n)];
      const answer = await call('subjective/savePatientSubjectiveItems', {
        type: 'HISTORY',
        patientId,
        items,
      });
      expect(answer.status).toBe(200);
      const saved = patientSubjectiveItemsResponse
        .parse(answer.body)
        .items.filter((i) => i.sectionId === 'ALLERGIES');
      ids.splice(0, ids.length, ...saved.map((i) => i.id));
      acknowledged = n;
    }
  })();

  await expect.poll(() => acknowledged, { timeout: 60_000 }).toBeGreaterThanOrEqual(3);
  const acknowledgedBefore = acknowledged;
  const backupDir = path.join(root, 'backup');
  const backup = await runCli(['backup', backupDir], { DATA_DIR: dataDir });
  const acknowledgedAfter = acknowledged;
  writing = false;
  await writer;
  expect(backup.output).toContain(`Backup written to ${backupDir}`);
  expect(backup.code).toBe(0);
  expect(JSON.parse(fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8'))).toMatchObject({
    source: 'running-server',
  });

  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);

  const restoredDir = path.join(root, 'restored');
  const restore = await runCli(['restore', backupDir], { DATA_DIR: restoredDir });
  expect(restore.output).toContain(`into ${restoredDir}`);
  expect(restore.code).toBe(0);
  expect(fs.readFileSync(path.join(restoredDir, 'blobs', 'documents', 'backup-test.bin'), 'utf8')).toBe(
    'a document the patient uploaded',
  );
  expect(fs.readFileSync(path.join(restoredDir, 'jwt-secret'), 'utf8')).toBe(
    fs.readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8'),
  );

  // The restored server accepts the token issued before the backup and holds every acknowledged
  // save: allergens 1..k with no gap, k at least what was acknowledged when the backup began.
  const restored = await startOn(restoredDir, false);
  const read = await client(restored, accessToken)('subjective/getPatientSubjectiveAndTemplateItems', {
    type: 'HISTORY',
    patientId,
  });
  expect(read.status).toBe(200);
  const names = patientSubjectiveItemsResponse
    .parse(read.body)
    .items.filter((i) => i.attributes[0]!.values[0]!.value.startsWith('T-'))
    .map((i) => i.attributes[0]!.values[0]!.value);
  expect(names.length).toBeGreaterThanOrEqual(acknowledgedBefore);
  expect(names.length).toBeLessThanOrEqual(acknowledgedAfter + 1);
  expect(names).toEqual(Array.from({ length: names.length }, (_, i) => `T-${i + 1}`));
}, 300_000);

it('refuses a folder without a database, a restore over a database, and PostgreSQL', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'dermis-backup-'));
  const dataDir = path.join(root, 'data');
  const config = (dir: string) =>
    testConfig({ dataDir: dir, database: { kind: 'pglite', dir: path.join(dir, 'db') } });
  const backupDir = path.join(root, 'backup');
  await expect(backupDataDir(config(dataDir), backupDir)).rejects.toThrow(
    `${dataDir} holds no database to back up`,
  );

  // A stopped server's folder: the command opens it under the lock itself.
  const database = await openDatabase({ kind: 'pglite', dir: path.join(dataDir, 'db') });
  await database.close();
  expect(await backupDataDir(config(dataDir), backupDir)).toContain(`Backup written to ${backupDir}`);
  expect(JSON.parse(fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8'))).toMatchObject({
    source: 'stopped-server',
  });
  await expect(backupDataDir(config(dataDir), backupDir)).rejects.toThrow(`${backupDir} is not empty`);

  await expect(restoreDataDir(config(dataDir), backupDir)).rejects.toThrow(
    `${dataDir} already holds a database`,
  );
  await expect(restoreDataDir(config(path.join(root, 'other')), root)).rejects.toThrow(
    `${root} is not a Dermis backup`,
  );
  await expect(
    backupDataDir(testConfig({ database: { kind: 'postgres', url: 'postgres://127.0.0.1:9/none' } }), root),
  ).rejects.toThrow('back up PostgreSQL with pg_dump');
}, 120_000);
