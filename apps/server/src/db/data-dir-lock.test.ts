import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock';
import { openDatabase } from './database';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'dermis-lock-'));

describe('data folder lock', () => {
  it('writes our pid, refuses a second holder, and frees the folder on release', () => {
    const file = path.join(tmp(), 'db.lock');
    const lock = acquireDataDirLock(file);
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(String(process.pid));
    expect(() => acquireDataDirLock(file)).toThrow(DataDirLockedError);
    lock.release();
    expect(fs.existsSync(file)).toBe(false);
    acquireDataDirLock(file).release();
  });

  it('refuses a lock held by another running process, with the message the operator needs', () => {
    const file = path.join(tmp(), 'db.lock');
    fs.writeFileSync(file, `${process.ppid}\n`); // the test runner: certainly alive
    expect(() => acquireDataDirLock(file)).toThrow(
      `Dermis is already running on this data folder (pid ${process.ppid}); stop it first or use DATABASE_URL`,
    );
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(String(process.ppid));
  });

  it('takes over the lock of a process that no longer runs, and a leftover of our own pid', () => {
    const file = path.join(tmp(), 'db.lock');
    fs.writeFileSync(file, '2147483646\n');
    const lock = acquireDataDirLock(file);
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(String(process.pid));
    lock.release();

    fs.writeFileSync(file, `${process.pid}\n`); // e.g. pid 1 of a container that crashed
    acquireDataDirLock(file).release();
    fs.writeFileSync(file, 'garbage');
    acquireDataDirLock(file).release();
  });

  it('guards a PGlite folder: a second open fails until the first is closed', async () => {
    const dir = path.join(tmp(), 'db');
    const first = await openDatabase({ kind: 'pglite', dir });
    try {
      await expect(openDatabase({ kind: 'pglite', dir })).rejects.toThrow(DataDirLockedError);
    } finally {
      await first.close();
    }
    expect(fs.existsSync(`${dir}.lock`)).toBe(false);
    const again = await openDatabase({ kind: 'pglite', dir });
    await again.close();
  });
});
