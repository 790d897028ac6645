/**
 * `dermis backup` and `dermis restore` for the embedded default (PGlite in DATA_DIR): a backup is a
 * folder holding a snapshot of the database (database.tar.gz, PGlite's own data-folder tarball), a
 * copy of every other file of DATA_DIR (the local blobs, the generated signing secret) and a
 * manifest.json written last. The snapshot is taken by the running server when there is one (see
 * control-socket.ts), otherwise by opening the folder under its lock; the files are copied after it,
 * so every blob the snapshot names is in the copy (blobs are written before the rows naming them).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { CliInputError } from '../../cli/commands';
import type { Config } from '../../config/env';
import { acquireDataDirLock, DataDirLockedError, dataDirLockFile } from '../../db/data-dir-lock';
import { openDatabase } from '../../db/database';
import { controlSocketPath, requestDump } from './control-socket';

const manifestFile = 'manifest.json';
const databaseFile = 'database.tar.gz';
const filesFolder = 'files';
const backupFormat = 'dermis-backup';

interface Manifest {
  format: typeof backupFormat;
  version: 1;
  createdAt: string;
  appVersion: string;
  /** How the snapshot was taken: from the running server, or with the server stopped. */
  source: 'running-server' | 'stopped-server';
  files: string[];
}

/** What DATA_DIR holds besides the database: the database folder, its lock and the socket stay out. */
function isCopied(relative: string, databaseDir: string): boolean {
  const top = relative.split(path.sep)[0]!;
  if (top === path.basename(databaseDir) || top === `${path.basename(databaseDir)}.lock`) return false;
  if (top === path.basename(path.dirname(controlSocketPath('.')))) return false;
  // A blob still being written (local-blob-store writes to *.part and renames).
  return !relative.endsWith('.part');
}

function embedded(config: Config): { dataDir: string; databaseDir: string } {
  if (config.database.kind !== 'pglite') {
    throw new CliInputError(
      config.database.kind === 'postgres'
        ? 'dermis backup and restore cover the embedded database (DATA_DIR). With DATABASE_URL, back up PostgreSQL with pg_dump or your provider’s snapshots, and the blob bucket with versioning.'
        : 'Nothing to back up: DATABASE_URL=memory:// keeps no data.',
    );
  }
  return { dataDir: config.dataDir, databaseDir: config.database.dir };
}

/** The database as a tarball: from the running server, or opened here when none runs. */
async function snapshot(
  dataDir: string,
  databaseDir: string,
): Promise<{ bytes: Buffer; source: Manifest['source'] }> {
  try {
    const database = await openDatabase({ kind: 'pglite', dir: databaseDir });
    try {
      const blob = await database.dumpDataDir!();
      return { bytes: Buffer.from(await blob.arrayBuffer()), source: 'stopped-server' };
    } finally {
      await database.close();
    }
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    const bytes = await requestDump(dataDir);
    if (bytes === null)
      throw new CliInputError(
        `${error.message}. It does not answer on ${controlSocketPath(dataDir)}: is it a Dermis server of this version?`,
      );
    return { bytes, source: 'running-server' };
  }
}

function listFiles(root: string, keep: (relative: string) => boolean): string[] {
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .filter(keep)
    .sort();
}

/** Writes a backup of DATA_DIR into `target` (a new or empty folder); answers what it wrote. */
export async function backupDataDir(config: Config, target: string): Promise<string> {
  const { dataDir, databaseDir } = embedded(config);
  const destination = path.resolve(target);
  if (!fs.existsSync(path.join(databaseDir, 'PG_VERSION')))
    throw new CliInputError(`${dataDir} holds no database to back up (is DATA_DIR right?)`);
  if (fs.existsSync(destination) && fs.readdirSync(destination).length > 0)
    throw new CliInputError(`${destination} is not empty: give a new folder for the backup`);

  // Written beside the destination and renamed at the end: a backup cut short never looks whole.
  let files: string[];
  const partial = `${destination}.partial-${randomBytes(4).toString('hex')}`;
  fs.mkdirSync(partial, { recursive: true, mode: 0o700 });
  try {
    const { bytes, source } = await snapshot(dataDir, databaseDir);
    fs.writeFileSync(path.join(partial, databaseFile), bytes, { mode: 0o600 });

    files = listFiles(dataDir, (relative) => isCopied(relative, databaseDir));
    for (const relative of files) {
      const to = path.join(partial, filesFolder, relative);
      fs.mkdirSync(path.dirname(to), { recursive: true, mode: 0o700 });
      try {
        fs.copyFileSync(path.join(dataDir, relative), to);
      } catch (error) {
        // Deleted since it was listed (an attachment cleaned up): the snapshot no longer names it.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
    const manifest: Manifest = {
      format: backupFormat,
      version: 1,
      createdAt: new Date().toISOString(),
      appVersion: config.appVersion,
      source,
      files,
    };
    fs.writeFileSync(path.join(partial, manifestFile), `${JSON.stringify(manifest, null, 2)}\n`, {
      mode: 0o600,
    });
    fs.rmSync(destination, { recursive: true, force: true });
    fs.renameSync(partial, destination);
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true });
    throw error;
  }
  const blobNote =
    config.blobStore.kind === 's3'
      ? ` Blobs are in the S3 bucket ${config.blobStore.bucket}: keep versioning on for it.`
      : '';
  return `Backup written to ${destination}: the database and ${files.length} file(s) of ${dataDir} (blobs, signing secret).${blobNote}`;
}

function readManifest(source: string): Manifest {
  const file = path.join(source, manifestFile);
  let manifest: Partial<Manifest>;
  try {
    manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Manifest>;
  } catch {
    throw new CliInputError(`${source} is not a Dermis backup (no readable ${manifestFile})`);
  }
  if (manifest.format !== backupFormat || manifest.version !== 1 || !Array.isArray(manifest.files))
    throw new CliInputError(`${source} is not a Dermis backup this version can restore`);
  return manifest as Manifest;
}

/** Restores the backup in `source` into DATA_DIR, which must hold no database yet. */
export async function restoreDataDir(config: Config, source: string): Promise<string> {
  const { dataDir, databaseDir } = embedded(config);
  const from = path.resolve(source);
  const manifest = readManifest(from);
  const lock = acquireDataDirLock(dataDirLockFile(databaseDir));
  try {
    if (fs.existsSync(databaseDir) && fs.readdirSync(databaseDir).length > 0)
      throw new CliInputError(
        `${dataDir} already holds a database: restore into a new DATA_DIR (or move this one aside first)`,
      );
    const tarball = new Blob([fs.readFileSync(path.join(from, databaseFile))]);
    const client = new PGlite(databaseDir, { extensions: { pg_trgm }, loadDataDir: tarball });
    await client.waitReady;
    // The restored database answers before it is called restored.
    await client.query('SELECT 1');
    await client.close();

    for (const relative of manifest.files) {
      const to = path.join(dataDir, relative);
      // The manifest is data: a name leaving the folder is refused.
      if (path.relative(dataDir, to).startsWith('..') || path.isAbsolute(relative))
        throw new CliInputError(`${from} lists a file outside the data folder: ${relative}`);
      const copy = path.join(from, filesFolder, relative);
      if (!fs.existsSync(copy)) continue;
      fs.mkdirSync(path.dirname(to), { recursive: true, mode: 0o700 });
      fs.copyFileSync(copy, to);
      fs.chmodSync(to, 0o600);
    }
  } finally {
    lock.release();
  }
  return `Restored the backup of ${manifest.createdAt} into ${dataDir}: start the server with DATA_DIR=${dataDir}.`;
}
