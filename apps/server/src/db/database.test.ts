import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, openMemoryDatabase } from './database';

const sharedBuffers = (database: Awaited<ReturnType<typeof openDatabase>>) =>
  database.scriptTransaction((tx) => tx.query<{ shared_buffers: string }>('SHOW shared_buffers'));

// The embedded database's shared buffers stay inside the process's WebAssembly memory for its whole
// life: the PostgreSQL default of 128 MB was most of an idle server's resident memory.
describe('the embedded database', () => {
  // A new data folder is an initdb: tens of seconds on a loaded two-core machine.
  it('keeps 16 MB of shared buffers in a data folder, the server default', { timeout: 120_000 }, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dermis-db-'));
    const database = await openDatabase({ kind: 'pglite', dir: path.join(dir, 'db') });
    try {
      expect(await sharedBuffers(database)).toEqual([{ shared_buffers: '16MB' }]);
    } finally {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps 16 MB of shared buffers in memory too', async () => {
    const { database } = await openMemoryDatabase();
    try {
      expect(await sharedBuffers(database)).toEqual([{ shared_buffers: '16MB' }]);
    } finally {
      await database.close();
    }
  });
});
