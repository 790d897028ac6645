/**
 * Opens the configured database: PGlite in a folder (default), in-memory PGlite (tests), or a
 * PostgreSQL server. Everything above this file sees one Drizzle type and never the driver.
 */
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { fromPglite, type Db as JobDatabase } from 'pg-boss';
import type { DatabaseTarget } from '../config/env';
import { acquireDataDirLock, dataDirLockFile } from './data-dir-lock';
import { type ListenEvents, type Listener, listenPglite, listenPostgres } from './notifications';
import { drizzleClientOf } from './pglite-statements';
import { type PostgresWait, waitForPostgres } from './postgres-wait';
import * as schema from './schema';

/** Extensions the migrations create: pg_trgm for terminology search (PostgreSQL ships it in contrib). */
const pgliteExtensions = { pg_trgm };

/**
 * PGlite's own settings. Its initdb leaves PostgreSQL's default shared_buffers of 128 MB, which the
 * single embedded backend fills and keeps inside its WebAssembly memory for the life of the process
 * (a WebAssembly memory never shrinks): most of an idle server's resident memory. The database
 * files sit in the operating system's page cache anyway, so a page not in shared buffers costs a
 * read from that cache, not from disk; 16 MB holds the hot indexes and catalogs of a practice
 * (decision 246). The other settings are PGlite's defaults, which start parameters replace.
 */
const pgliteStartParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];
const pgliteOptions = { extensions: pgliteExtensions, startParams: pgliteStartParams };

export type Schema = typeof schema;
/** A Drizzle database or transaction on either driver. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** Runs raw SQL inside one transaction; used by the migration runner (scripts hold several statements). */
export interface ScriptTransaction {
  exec(script: string): Promise<void>;
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

export interface Database {
  readonly kind: 'pglite' | 'memory' | 'postgres';
  readonly db: Db;
  /** Raw SQL in a transaction: committed when `fn` resolves, rolled back when it throws. */
  scriptTransaction<T>(fn: (tx: ScriptTransaction) => Promise<T>): Promise<T>;
  /** The PostgreSQL pool's connections, for metrics; the embedded database has no pool. */
  poolConnections?(): { total: number; idle: number; waiting: number };
  /**
   * PGlite only: the data folder as a gzipped tarball, taken between two transactions (no write is
   * half done in it), while the database stays open. PGlite's own loadDataDir restores it.
   */
  dumpDataDir?(): Promise<Blob>;
  /** The same connection(s) in the shape the job queue library (pg-boss) takes (decision 184). */
  readonly jobDatabase: JobDatabase;
  /** LISTEN on `channel`, recovering from a lost connection by itself (db/notifications.ts). */
  listen(channel: string, events: ListenEvents): Listener;
  close(): Promise<void>;
}

export async function openDatabase(target: DatabaseTarget, wait: PostgresWait = {}): Promise<Database> {
  switch (target.kind) {
    case 'postgres': {
      const database = openPostgres(target.url);
      try {
        await waitForPostgres(database.pool, target.url, wait);
      } catch (error) {
        await database.close();
        throw error;
      }
      return database;
    }
    case 'memory':
      return openPglite(new PGlite(pgliteOptions), 'memory', () => undefined);
    case 'pglite': {
      const lock = acquireDataDirLock(dataDirLockFile(target.dir));
      try {
        const client = new PGlite(target.dir, pgliteOptions);
        await client.waitReady;
        return openPglite(client, 'pglite', () => lock.release());
      } catch (error) {
        lock.release();
        throw error;
      }
    }
  }
}

/**
 * What PGlite can be handed instead of reading and compiling it again for every instance: its
 * compiled WebAssembly and its file-system bundle (PGlite's own options). Test files open many
 * databases in one process; each would otherwise compile 9 MB of WebAssembly.
 */
export type PgliteAssets = Required<Pick<PGliteOptions, 'pgliteWasmModule' | 'fsBundle'>>;

/**
 * Tests: an in-memory PGlite, started from a data-folder dump when one is given (a migrated database
 * restores in a fraction of the time the migrations take), and a way to dump it for the next one.
 */
export async function openMemoryDatabase(
  dump?: Blob,
  assets?: PgliteAssets,
): Promise<{ database: Database; dump: () => Promise<Blob> }> {
  const client = new PGlite({ ...pgliteOptions, ...assets, ...(dump ? { loadDataDir: dump } : {}) });
  await client.waitReady;
  return {
    database: openPglite(client, 'memory', () => undefined),
    dump: () => dumpDataDir(client),
  };
}

async function dumpDataDir(client: PGlite): Promise<Blob> {
  // A checkpoint first: the copy then needs little WAL replayed when it is opened.
  await client.exec('CHECKPOINT');
  // Inside a transaction of its own: PGlite runs transactions one at a time, so no other one is
  // between two of its statements while the files are read.
  return client.transaction(() => client.dumpDataDir('gzip'));
}

function openPglite(client: PGlite, kind: 'pglite' | 'memory', afterClose: () => void): Database {
  let closed = false;
  return {
    kind,
    // Its prepared statements are named statements, parsed once (db/pglite-statements.ts).
    db: drizzlePglite({ client: drizzleClientOf(client), schema }),
    // pg-boss's own adapter: multi-statement scripts through exec(), in-process LISTEN/NOTIFY.
    jobDatabase: fromPglite(client),
    listen: (channel, events) => listenPglite(client, channel, events),
    scriptTransaction: (fn) =>
      client.transaction((tx) =>
        fn({
          exec: async (script) => {
            await tx.exec(script);
          },
          query: async <T>(text: string, params?: unknown[]) => (await tx.query<T>(text, params)).rows,
        }),
      ),
    dumpDataDir: () => dumpDataDir(client),
    close: async () => {
      if (closed) return;
      closed = true;
      await client.close();
      afterClose();
    },
  };
}

function openPostgres(url: string): Database & { pool: pg.Pool } {
  // A server that takes no connection (or a host that drops packets) fails the request in seconds
  // (503) instead of holding it.
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  let closed = false;
  return {
    kind: 'postgres',
    pool,
    db: drizzlePg({ client: pool, schema }),
    listen: (channel, events) => listenPostgres(url, channel, events),
    poolConnections: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    jobDatabase: {
      // A script of several statements answers one result per statement: their rows, together.
      executeSql: async (text: string, values?: unknown[]) => {
        const result = (await pool.query(text, values)) as
          pg.QueryResult<Record<string, unknown>> | pg.QueryResult<Record<string, unknown>>[];
        return { rows: Array.isArray(result) ? result.flatMap((r) => r.rows) : result.rows };
      },
    },
    scriptTransaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({
          exec: async (script) => {
            await client.query(script);
          },
          query: async <T>(text: string, params?: unknown[]) =>
            (await client.query(text, params)).rows as T[],
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
