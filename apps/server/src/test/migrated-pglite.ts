/**
 * Every server test file needs a migrated in-memory PGlite, and migrating one costs seconds (the
 * terminology starter set alone is 17,000 rows with trigram indexes). The first file to need one
 * migrates it and leaves a dump of its data folder in the temporary folder; the others restore that
 * dump. The dump's name carries a hash of the migrations and of the PGlite version, so a changed
 * migration never restores a stale database.
 *
 * A test process (a Vitest worker runs many files) reads the dump, unpacks it and compiles PGlite's
 * WebAssembly once, and hands them to every database it opens: that more than halved the time to
 * open one (about 3.3 s to 1.4 s on a busy 2-core machine), which about 110 files a run each pay.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { openMemoryDatabase, type Database, type PgliteAssets } from '../db/database';
import { migrate, migrationsDir } from '../db/migrate';

function dumpFile(): string {
  return path.join(os.tmpdir(), `dermis-test-pglite-${migrationsHash()}.tar.gz`);
}

/**
 * Fills DATA_DIR/db with the migrated database, for a server process a test starts: it then starts
 * in seconds instead of migrating.
 */
export async function givenMigratedDataDir(dataDir: string): Promise<void> {
  if (!fs.existsSync(dumpFile())) await (await openMigratedPglite()).close();
  fs.mkdirSync(dataDir, { recursive: true });
  const client = new PGlite(path.join(dataDir, 'db'), {
    extensions: { pg_trgm },
    loadDataDir: new Blob([fs.readFileSync(dumpFile())]),
  });
  await client.waitReady;
  await client.close();
}

export async function openMigratedPglite(): Promise<Database> {
  const file = dumpFile();
  if (fs.existsSync(file)) {
    const { tar, assets } = await (restoring.get(file) ?? readOnce(file));
    const { database } = await openMemoryDatabase(tar, assets);
    // A no-op when the dump is complete; it also proves the restored database knows every migration.
    await migrate(database);
    return database;
  }
  const { database, dump } = await openMemoryDatabase();
  await migrate(database);
  const bytes = Buffer.from(await (await dump()).arrayBuffer());
  // Written aside and renamed, so a file restoring in parallel never reads half a dump.
  const partial = `${file}.${process.pid}.partial`;
  fs.writeFileSync(partial, bytes);
  fs.renameSync(partial, file);
  return database;
}

/** The dump of `file` unpacked, and PGlite's assets, per test process: see the top of this file. */
const restoring = new Map<string, Promise<{ tar: Blob; assets: PgliteAssets }>>();

function readOnce(file: string) {
  const read = (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const pgliteWasmModule = await compileWasm(fs.readFileSync(path.join(dist, 'pglite.wasm')));
    // Unpacked once here rather than by PGlite for each database; the type tells PGlite it is a tar.
    const tar = new Blob([gunzipSync(fs.readFileSync(file))], { type: 'application/x-tar' });
    const fsBundle = new Blob([fs.readFileSync(path.join(dist, 'pglite.data'))]);
    return { tar, assets: { pgliteWasmModule, fsBundle } };
  })();
  restoring.set(file, read);
  return read;
}

/** Node's WebAssembly.compile, which the server's TypeScript library (ES2023, no DOM) does not declare. */
const compileWasm = (bytes: Uint8Array) =>
  (
    globalThis as unknown as {
      WebAssembly: { compile(bytes: Uint8Array): Promise<PgliteAssets['pgliteWasmModule']> };
    }
  ).WebAssembly.compile(bytes);

/** Names a migrated database: the migrations and the PGlite version that ran them. */
export function migrationsHash(): string {
  const hash = createHash('sha256');
  hash.update(fs.readFileSync(packageManifest('@electric-sql/pglite')));
  for (const name of fs.readdirSync(migrationsDir).sort()) {
    hash.update(name);
    hash.update(fs.readFileSync(path.join(migrationsDir, name)));
  }
  return hash.digest('hex').slice(0, 16);
}

/** The package.json of an installed package (its "exports" do not list it, so it is found upwards). */
function packageManifest(name: string): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve(name));
  while (!fs.existsSync(path.join(dir, 'package.json')) || !dir.endsWith(name)) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no package.json found for ${name}`);
    dir = parent;
  }
  return path.join(dir, 'package.json');
}
