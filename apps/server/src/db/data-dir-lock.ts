/**
 * PGlite has no cross-process lock: two processes opening the same folder corrupt it. The folder is
 * guarded by an exclusive lock the kernel holds on an open lock file (an open-file-description lock,
 * fcntl F_OFD_SETLK, through fs-native-extensions). The kernel drops it when the holder exits or
 * crashes, so a leftover file never blocks a start, whatever process its pid now belongs to; the pid
 * written inside only names the holder in the message.
 */
import fs from 'node:fs';
import path from 'node:path';
import fsExt from 'fs-native-extensions';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
  constructor(readonly pid: number | null) {
    super(
      `Dermis is already running on this data folder${pid === null ? '' : ` (pid ${pid})`}; stop it first or use DATABASE_URL`,
    );
  }
}

export interface DataDirLock {
  readonly file: string;
  release(): void;
}

/** The lock of a PGlite folder sits beside it, so it exists before PGlite creates anything inside. */
export function dataDirLockFile(databaseDir: string): string {
  return path.join(path.dirname(databaseDir), `${path.basename(databaseDir)}.lock`);
}

export function acquireDataDirLock(lockFile: string): DataDirLock {
  const file = path.resolve(lockFile);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // Opened without truncating: the holder's pid must stay readable until the lock is ours.
  const fd = fs.openSync(file, fs.constants.O_RDWR | fs.constants.O_CREAT, 0o600);
  let locked: boolean;
  try {
    locked = fsExt.tryLock(fd);
  } catch (error) {
    fs.closeSync(fd);
    throw error;
  }
  if (!locked) {
    const holder = readPid(fd);
    fs.closeSync(fd);
    throw new DataDirLockedError(holder);
  }
  fs.ftruncateSync(fd);
  fs.writeSync(fd, `${process.pid}\n`, 0);
  let held = true;
  return {
    file,
    release: () => {
      if (!held) return;
      held = false;
      // The file stays: removing it could let a second process lock a new file while a third
      // still holds the old one. Closing the descriptor is what frees the lock.
      fs.closeSync(fd);
    },
  };
}

function readPid(fd: number): number | null {
  const buffer = Buffer.alloc(32);
  const read = fs.readSync(fd, buffer, 0, buffer.length, 0);
  const pid = Number.parseInt(buffer.subarray(0, read).toString('utf8').trim(), 10);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}
