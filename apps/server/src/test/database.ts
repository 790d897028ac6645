/**
 * A fresh, migrated database for each test file: an in-memory PGlite always, and a throw-away
 * PostgreSQL database too when DATABASE_URL is set. Tables are emptied before every test, which is
 * much cheaper than a new database (an in-memory PGlite costs ~780 MB and ~3 s to create).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe } from 'vitest';
import { testServices } from '../config/env';
import type { Database, Db } from '../db/database';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrate';

export type DatabaseVariant = 'PGlite' | 'PostgreSQL';

export interface TestDatabase {
  readonly variant: DatabaseVariant;
  readonly database: Database;
  readonly db: Db;
}

/**
 * Registers `fn`'s tests once per database. Without DATABASE_URL the PostgreSQL run is not
 * registered at all (no skipped tests), and a note says so once per test run.
 */
export function describeEachDatabase(name: string, fn: (t: TestDatabase) => void): void {
  describe(`${name} [PGlite]`, () => fn(useTestDatabase('PGlite')));
  const url = testServices().databaseUrl;
  if (url) describe(`${name} [PostgreSQL]`, () => fn(useTestDatabase('PostgreSQL', url)));
  else noteOnce('PostgreSQL variants not run: set DATABASE_URL=postgres://… to run them too.');
}

/** Hooks for one database inside the current describe block; read the fields inside tests only. */
export function useTestDatabase(variant: DatabaseVariant, url?: string): TestDatabase {
  let database: Database | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  let tables: string[] = [];

  beforeAll(async () => {
    if (variant === 'PostgreSQL') {
      const created = await createPostgresDatabase(url ?? '');
      dropDatabase = created.drop;
      database = await openDatabase({ kind: 'postgres', url: created.url });
    } else {
      database = await openDatabase({ kind: 'memory' });
    }
    await migrate(database);
    tables = await appTables(database);
  });

  beforeEach(async () => {
    if (database && tables.length > 0) {
      await database.scriptTransaction((tx) =>
        tx.exec(`TRUNCATE ${tables.join(', ')} RESTART IDENTITY CASCADE`),
      );
    }
  });

  afterAll(async () => {
    await database?.close();
    await dropDatabase?.();
  });

  const current = () => {
    if (!database) throw new Error('the test database is only available inside tests and hooks');
    return database;
  };
  return {
    variant,
    get database() {
      return current();
    },
    get db() {
      return current().db;
    },
  };
}

async function appTables(database: Database): Promise<string[]> {
  const rows = await database.scriptTransaction((tx) =>
    tx.query<{ tablename: string }>(
      "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'schema_migrations' ORDER BY tablename",
    ),
  );
  return rows.map((r) => `"${r.tablename}"`);
}

async function createPostgresDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `dermis_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** Logs a note once per test run, although each test file runs in its own worker. */
function noteOnce(message: string): void {
  const marker = path.join(os.tmpdir(), `dermis-test-note-${process.ppid}`);
  try {
    fs.writeFileSync(marker, message, { flag: 'wx' });
    console.info(message);
  } catch {
    // Already noted in this run.
  }
}
