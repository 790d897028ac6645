import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock';
import { openDatabase } from './database';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'dermis-lock-'));
const fsExtPath = createRequire(import.meta.url).resolve('fs-native-extensions');

/**
 * Another process that takes the lock the way the server does and holds it until its stdin closes:
 * resolves once it holds it.
 */
async function holdLockInAnotherProcess(file: string) {
  const script = `
    const fs = require('node:fs');
    const fsExt = require(${JSON.stringify(fsExtPath)});
    const fd = fs.openSync(${JSON.stringify(file)}, fs.constants.O_RDWR | fs.constants.O_CREAT, 0o600);
    if (!fsExt.tryLock(fd)) process.exit(3);
    fs.ftruncateSync(fd);
    fs.writeSync(fd, process.pid + '\\n', 0);
    process.stdout.write('held\\n');
    process.stdin.resume();
    process.stdin.on('end', () => process.exit(0));`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['pipe', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('held')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the lock holder exited with ${code}`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    pid: child.pid!,
    stop: async () => {
      child.stdin.end();
      await exited;
    },
    kill: async () => {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

describe('data folder lock', () => {
  it('writes our pid, refuses a second holder, and frees the folder on release', () => {
    const file = path.join(tmp(), 'db.lock');
    const lock = acquireDataDirLock(file);
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(String(process.pid));
    expect(() => acquireDataDirLock(file)).toThrow(DataDirLockedError);
    lock.release();
    acquireDataDirLock(file).release();
  });

  it('refuses a lock another running process holds, with the message the operator needs', async () => {
    const file = path.join(tmp(), 'db.lock');
    const holder = await holdLockInAnotherProcess(file);
    try {
      expect(() => acquireDataDirLock(file)).toThrow(
        `Dermis is already running on this data folder (pid ${holder.pid}); stop it first or use DATABASE_URL`,
      );
      expect(fs.readFileSync(file, 'utf8').trim()).toBe(String(holder.pid));
    } finally {
      await holder.stop();
    }
    acquireDataDirLock(file).release();
  });

  it('takes over a stale lock file whose pid now belongs to another live process', () => {
    const file = path.join(tmp(), 'db.lock');
    // A crash left the file; its pid was reused by a process that is alive now (the test runner).
    fs.writeFileSync(file, `${process.ppid}\n`);
    const lock = acquireDataDirLock(file);
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(String(process.pid));
    lock.release();

    fs.writeFileSync(file, `${process.pid}\n`); // e.g. pid 1 of a container that crashed
    acquireDataDirLock(file).release();
    fs.writeFileSync(file, 'garbage');
    acquireDataDirLock(file).release();
  });

  it('is free again the moment its holder is killed, without clean-up', async () => {
    const file = path.join(tmp(), 'db.lock');
    const holder = await holdLockInAnotherProcess(file);
    expect(() => acquireDataDirLock(file)).toThrow(DataDirLockedError);
    await holder.kill();
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(String(holder.pid));
    acquireDataDirLock(file).release();
  });

  // A new PGlite folder (an initdb), then opened again: tens of seconds on a loaded two-core machine.
  it(
    'guards a PGlite folder: a second open fails until the first is closed',
    { timeout: 120_000 },
    async () => {
      const dir = path.join(tmp(), 'db');
      const first = await openDatabase({ kind: 'pglite', dir });
      try {
        await expect(openDatabase({ kind: 'pglite', dir })).rejects.toThrow(DataDirLockedError);
      } finally {
        await first.close();
      }
      const again = await openDatabase({ kind: 'pglite', dir });
      await again.close();
    },
  );
});
