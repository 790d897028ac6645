/**
 * PGlite has no cross-process lock: two processes opening the same folder corrupt it. A lock file
 * holding the owner's pid guards the folder; a lock whose pid no longer runs is taken over, so a
 * crash never needs manual clean-up.
 */
import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
  constructor(readonly pid: number) {
    super(`Dermis is already running on this data folder (pid ${pid}); stop it first or use DATABASE_URL`);
  }
}

export interface DataDirLock {
  readonly file: string;
  release(): void;
}

/** Lock files this process holds: its own pid in a file is only "ours" when it is listed here. */
const heldHere = new Set<string>();

export function acquireDataDirLock(lockFile: string): DataDirLock {
  const file = path.resolve(lockFile);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // Two rounds: the second runs after removing a stale lock.
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
      heldHere.add(file);
      return { file, release: () => release(file) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = readPid(file);
    if (owner !== null && isRunning(owner, file)) throw new DataDirLockedError(owner);
    fs.rmSync(file, { force: true });
  }
  throw new Error(`Could not take the lock ${file}; another process is starting on this data folder`);
}

function release(file: string): void {
  if (!heldHere.delete(file)) return;
  // Only remove the file while it still names us.
  if (readPid(file) === process.pid) fs.rmSync(file, { force: true });
}

function readPid(file: string): number | null {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isRunning(pid: number, file: string): boolean {
  // Our own pid in the file is a leftover of an earlier process that had the same pid (pid 1 in a
  // container), unless this process really holds it.
  if (pid === process.pid) return heldHere.has(file);
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
