/**
 * Applies the committed SQL migrations (apps/server/migrations/NNNN_name.sql) in order, each once and
 * in its own transaction, recording them in schema_migrations. Runs in code at every start because
 * drizzle-kit cannot load extensions into PGlite and the same runner must serve PGlite and PostgreSQL.
 */
import fs from 'node:fs';
import path from 'node:path';
import { migrationsDir } from '../config/paths';
import type { Database } from './database';

export { migrationsDir };

const fileName = /^\d{4}_[a-z0-9_-]+\.sql$/;
// Serialises concurrent starts of several instances against one PostgreSQL (an arbitrary constant).
const advisoryLockKey = 4_711_2024;

export async function migrate(database: Database, dir: string = migrationsDir): Promise<string[]> {
  const files = fs
    .readdirSync(dir)
    .filter((name) => fileName.test(name))
    .sort();

  await database.scriptTransaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [advisoryLockKey]);
    await tx.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
  });

  const applied: string[] = [];
  for (const name of files) {
    const script = fs.readFileSync(path.join(dir, name), 'utf8');
    const ran = await database.scriptTransaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [advisoryLockKey]);
      const done = await tx.query('SELECT 1 FROM schema_migrations WHERE name = $1', [name]);
      if (done.length > 0) return false;
      await tx.exec(script);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
      return true;
    });
    if (ran) applied.push(name);
  }
  return applied;
}
