/**
 * A fresh, migrated database for each test file: an in-memory PGlite always, and a throw-away
 * PostgreSQL database too when DATABASE_URL is set. Tables are emptied before every test, which is
 * much cheaper than a new database (an in-memory PGlite costs ~780 MB and ~3 s to create).
 *
 * They are emptied by DELETE, not TRUNCATE: a TRUNCATE of every table gives each a new file, and it
 * took 0.6–1.0 s a test on PostgreSQL and 0.2–0.3 s on PGlite, where deleting the few rows a test
 * wrote takes under 0.1 s (docs/decisions/296).
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
import { migrationsHash, openMigratedPglite } from './migrated-pglite';

export type DatabaseVariant = 'PGlite' | 'PostgreSQL';

export interface TestDatabase {
  readonly variant: DatabaseVariant;
  readonly database: Database;
  readonly db: Db;
  /** The PostgreSQL database's URL (null on PGlite): for a test that reaches it another way, e.g. through a proxy. */
  readonly url: string | null;
}

/**
 * Registers `fn`'s tests once per database. Without DATABASE_URL the PostgreSQL run is not
 * registered at all (no skipped tests), and a note says so once per test run. With
 * TEST_DATABASES=PostgreSQL the PGlite run is not registered: CI runs it on its other runtime
 * (docs/decisions/335).
 */
export function describeEachDatabase(name: string, fn: (t: TestDatabase) => void): void {
  const { databaseUrl: url, postgresOnly } = testServices();
  if (!postgresOnly) describe(`${name} [PGlite]`, () => fn(useTestDatabase('PGlite')));
  else
    noteOnce(
      'PGlite variants not run: TEST_DATABASES=PostgreSQL runs each database test on PostgreSQL alone.',
    );
  if (url) describe(`${name} [PostgreSQL]`, () => fn(useTestDatabase('PostgreSQL', url)));
  else noteOnce('PostgreSQL variants not run: set DATABASE_URL=postgres://… to run them too.');
}

/** Hooks for one database inside the current describe block; read the fields inside tests only. */
export function useTestDatabase(variant: DatabaseVariant, url?: string): TestDatabase {
  let database: Database | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  let databaseUrlOfTest: string | null = null;
  let emptyTables = '';

  beforeAll(async () => {
    if (variant === 'PostgreSQL') {
      const created = await createPostgresDatabase(url ?? '');
      dropDatabase = created.drop;
      databaseUrlOfTest = created.url;
      database = await openDatabase({ kind: 'postgres', url: created.url });
      // A no-op on a copy of the migrated template; it also proves the copy knows every migration.
      await migrate(database);
    } else {
      database = await openMigratedPglite();
    }
    emptyTables = await emptyingScript(database);
  });

  beforeEach(async () => {
    if (database && emptyTables) await database.scriptTransaction((tx) => tx.exec(emptyTables));
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
    get url() {
      return databaseUrlOfTest;
    },
  };
}

/**
 * What empties the app's tables as a new database has them: every row deleted and the sequences the
 * tables own restarted (what TRUNCATE … RESTART IDENTITY did). Foreign keys and triggers are not run
 * for the deletes (`session_replication_role = replica`, as a restore does), so the order does not
 * matter and no trigger writes elsewhere; the one announcement a truncate made, that every cached
 * caller is gone (migration 0481), is made by hand.
 */
async function emptyingScript(database: Database): Promise<string> {
  const tables = await appTables(database);
  if (tables.length === 0) return '';
  const sequences = await database.scriptTransaction((tx) =>
    tx.query<{ name: string }>(
      `SELECT DISTINCT s.oid::regclass::text AS name FROM pg_class s
         JOIN pg_depend d ON d.classid = 'pg_class'::regclass AND d.objid = s.oid AND d.deptype IN ('a', 'i')
         JOIN pg_class t ON t.oid = d.refobjid
       WHERE s.relkind = 'S' AND t.oid = ANY(ARRAY[${tables.map((t) => `'${t.replaceAll("'", "''")}'::regclass`).join(', ')}])
       ORDER BY 1`,
    ),
  );
  return [
    'SET LOCAL session_replication_role = replica',
    ...tables.map((t) => `DELETE FROM ${t}`),
    ...sequences.map((s) => `ALTER SEQUENCE ${s.name} RESTART`),
    "SELECT pg_notify('dermis_caller', '*')",
  ].join(';\n');
}

async function appTables(database: Database): Promise<string[]> {
  const rows = await database.scriptTransaction((tx) =>
    tx.query<{ tablename: string }>(
      // The terminology store is reference data a migration loads (the starter set): kept between tests.
      "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'schema_migrations' AND tablename NOT LIKE 'terminology\\_%' ORDER BY tablename",
    ),
  );
  // The job queue's jobs (decision 184) point at rows of the app's tables: emptied with them.
  const jobs = await database.scriptTransaction((tx) =>
    tx.query("SELECT 1 FROM pg_tables WHERE schemaname = 'pgboss' AND tablename = 'job'"),
  );
  return [...rows.map((r) => `"${r.tablename}"`), ...(jobs.length > 0 ? ['pgboss.job'] : [])];
}

/**
 * A throw-away database copied from a migrated template: copying takes a third of a second where
 * migrating takes seconds (the terminology starter set). The template's name carries the hash of
 * the migrations, so a changed migration gets a new template; the first test file to need it builds
 * it under an advisory lock while the others wait.
 */
export async function createPostgresDatabase(
  adminUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `dermis_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const template = await migratedTemplate(admin, adminUrl);
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
  return {
    url: databaseUrl(adminUrl, name),
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

/** The advisory lock under which one test run at a time builds the template. */
export const templateLock = 'dermis_test_template';

async function migratedTemplate(admin: pg.Client, adminUrl: string): Promise<string> {
  const template = `dermis_test_template_${migrationsHash()}`;
  // An advisory lock belongs to the database it is taken in: taken in the run's own database, two
  // runs on different databases of one server (two checkouts) each built the same template at once.
  // The server's maintenance database is common to every run.
  const locker = new pg.Client({ connectionString: databaseUrl(adminUrl, 'postgres') });
  await locker.connect();
  try {
    await locker.query('SELECT pg_advisory_lock(hashtext($1))', [templateLock]);
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
    if (exists.rowCount) return template;
    // Built under another name and renamed when complete, so a run stopped halfway leaves no
    // half-migrated template behind to be copied.
    const partial = `${template}_partial`;
    await admin.query(`DROP DATABASE IF EXISTS ${partial} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${partial}`);
    const database = await openDatabase({ kind: 'postgres', url: databaseUrl(adminUrl, partial) });
    try {
      await migrate(database);
    } finally {
      await database.close();
    }
    await admin.query(`ALTER DATABASE ${partial} RENAME TO ${template}`);
    await dropOtherTemplates(admin, template);
    return template;
  } finally {
    // Ending the session releases its lock.
    await locker.end();
  }
}

/** Templates of earlier migrations would pile up on a developer's server; one in use stays. */
async function dropOtherTemplates(admin: pg.Client, keep: string): Promise<void> {
  const others = await admin.query<{ datname: string }>(
    "SELECT datname FROM pg_database WHERE datname LIKE 'dermis\\_test\\_template\\_%' AND datname <> $1",
    [keep],
  );
  for (const { datname } of others.rows) {
    await admin.query(`DROP DATABASE IF EXISTS ${datname}`).catch(() => undefined);
  }
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
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
