/**
 * The PostgreSQL test databases: the migrated template is built by one test run at a time, even when
 * two runs (two checkouts) point at different databases of one server.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { testServices } from '../config/env';
import { createPostgresDatabase, templateLock } from './database';

const adminUrl = testServices().databaseUrl ?? '';
const cleanUps: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanUp of cleanUps.splice(0).reverse()) await cleanUp();
});

function inDatabase(url: string, name: string): string {
  const other = new URL(url);
  other.pathname = `/${name}`;
  return other.toString();
}

async function connected(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  cleanUps.push(() => client.end());
  return client;
}

describe.runIf(adminUrl)('the test databases (needs PostgreSQL: DATABASE_URL)', () => {
  it("waits for the template's lock held from another database of the same server", async () => {
    // A second run's own database, as another checkout's DATABASE_URL would name it.
    const admin = await connected(adminUrl);
    const otherRun = `dermis_test_other_run_${randomBytes(4).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${otherRun}`);
    cleanUps.push(async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${otherRun} WITH (FORCE)`);
    });
    // This run holds the lock, as it would while building the template.
    const holder = await connected(inDatabase(adminUrl, 'postgres'));
    await holder.query('SELECT pg_advisory_lock(hashtext($1))', [templateLock]);

    let settled = false;
    const created = createPostgresDatabase(inDatabase(adminUrl, otherRun)).finally(() => {
      settled = true;
    });
    // Until the other run is seen waiting for the lock, or has gone ahead without it.
    const waiting = async () => {
      const { rows } = await admin.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
           WHERE l.locktype = 'advisory' AND NOT l.granted AND a.datname = 'postgres'`,
      );
      return rows[0]!.n > 0;
    };
    while (!settled && !(await waiting())) await new Promise((resolve) => setImmediate(resolve));
    expect(settled, 'the other run made its database without waiting for the lock').toBe(false);

    await holder.query('SELECT pg_advisory_unlock(hashtext($1))', [templateLock]);
    const database = await created;
    cleanUps.push(database.drop);
    const copy = await connected(database.url);
    const { rows } = await copy.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations');
    const committed = readdirSync(new URL('../../migrations', import.meta.url)).filter((f) =>
      f.endsWith('.sql'),
    );
    expect(rows[0]!.n).toBe(committed.length);
  });
});
