import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/database';
import { migrate, migrationsDir } from './migrate';
import * as schema from './schema';

const committed = fs
  .readdirSync(migrationsDir)
  .filter((f) => f.endsWith('.sql'))
  .sort();

describeEachDatabase('migrations', (t) => {
  const appliedNames = async () =>
    (
      await t.database.scriptTransaction((tx) =>
        tx.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name'),
      )
    ).map((r) => r.name);

  it('have applied every committed file exactly once, and a second run applies nothing', async () => {
    expect(committed.length).toBeGreaterThan(0);
    expect(await appliedNames()).toEqual(committed);
    expect(await migrate(t.database)).toEqual([]);
    expect(await appliedNames()).toEqual(committed);
  });

  it('apply new files in order and roll a failing file back completely', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dermis-migrations-'));
    fs.writeFileSync(path.join(dir, '9001_first.sql'), 'CREATE TABLE t9001 (id int);');
    fs.writeFileSync(
      path.join(dir, '9002_broken.sql'),
      'CREATE TABLE t9002 (id int);\nSELECT * FROM no_such_table;',
    );
    fs.writeFileSync(path.join(dir, 'README.txt'), 'not a migration');

    await expect(migrate(t.database, dir)).rejects.toThrow(/no_such_table/);
    const names = await appliedNames();
    expect(names).toContain('9001_first.sql');
    expect(names).not.toContain('9002_broken.sql');
    const tables = await t.database.scriptTransaction((tx) =>
      tx.query<{ tablename: string }>(
        "SELECT tablename FROM pg_tables WHERE tablename IN ('t9001', 't9002')",
      ),
    );
    expect(tables.map((r) => r.tablename)).toEqual(['t9001']);
    await t.database.scriptTransaction((tx) =>
      tx.exec('DROP TABLE t9001; DELETE FROM schema_migrations WHERE name LIKE $$9%$$;'),
    );
  });

  it('create exactly the columns the Drizzle schema describes', async () => {
    const tables: PgTable[] = Object.values(schema).filter((v) => is(v, PgTable));
    expect(tables.length).toBeGreaterThan(5);
    for (const table of tables) {
      const config = getTableConfig(table);
      const rows = await t.database.scriptTransaction((tx) =>
        tx.query<{ column_name: string; is_nullable: string }>(
          "SELECT column_name, is_nullable FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1",
          [config.name],
        ),
      );
      const inDatabase = Object.fromEntries(rows.map((r) => [r.column_name, r.is_nullable === 'NO']));
      const inSchema = Object.fromEntries(config.columns.map((c) => [c.name, c.notNull]));
      expect(inDatabase, config.name).toEqual(inSchema);
    }
  });
});
