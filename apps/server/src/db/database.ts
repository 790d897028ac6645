/**
 * Opens the configured database: PGlite in a folder (default), in-memory PGlite (tests), or a
 * PostgreSQL server. Everything above this file sees one Drizzle type and never the driver.
 */
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { fromPglite, type Db as JobDatabase } from 'pg-boss';
import type { DatabaseTarget } from '../config/env';
import { acquireDataDirLock } from './data-dir-lock';
import * as schema from './schema';

/** Extensions the migrations create: pg_trgm for terminology search (PostgreSQL ships it in contrib). */
const pgliteExtensions = { pg_trgm };

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
  /** The same connection(s) in the shape the job queue library (pg-boss) takes (decision 184). */
  readonly jobDatabase: JobDatabase;
  close(): Promise<void>;
}

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  switch (target.kind) {
    case 'postgres':
      return openPostgres(target.url);
    case 'memory':
      return openPglite(new PGlite({ extensions: pgliteExtensions }), 'memory', () => undefined);
    case 'pglite': {
      // The lock sits beside the folder so it exists before PGlite creates anything inside.
      const lock = acquireDataDirLock(
        path.join(path.dirname(target.dir), `${path.basename(target.dir)}.lock`),
      );
      try {
        const client = new PGlite(target.dir, { extensions: pgliteExtensions });
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
 * Tests: an in-memory PGlite, started from a data-folder dump when one is given (a migrated database
 * restores in a fraction of the time the migrations take), and a way to dump it for the next one.
 */
export async function openMemoryDatabase(
  dump?: Blob,
): Promise<{ database: Database; dump: () => Promise<Blob> }> {
  const client = new PGlite({ extensions: pgliteExtensions, ...(dump ? { loadDataDir: dump } : {}) });
  await client.waitReady;
  return {
    database: openPglite(client, 'memory', () => undefined),
    dump: () => client.dumpDataDir('gzip'),
  };
}

function openPglite(client: PGlite, kind: 'pglite' | 'memory', afterClose: () => void): Database {
  let closed = false;
  return {
    kind,
    db: drizzlePglite({ client, schema }),
    // pg-boss's own adapter: multi-statement scripts through exec(), in-process LISTEN/NOTIFY.
    jobDatabase: fromPglite(client),
    scriptTransaction: (fn) =>
      client.transaction((tx) =>
        fn({
          exec: async (script) => {
            await tx.exec(script);
          },
          query: async <T>(text: string, params?: unknown[]) => (await tx.query<T>(text, params)).rows,
        }),
      ),
    close: async () => {
      if (closed) return;
      closed = true;
      await client.close();
      afterClose();
    },
  };
}

function openPostgres(url: string): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  let closed = false;
  return {
    kind: 'postgres',
    db: drizzlePg({ client: pool, schema }),
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
