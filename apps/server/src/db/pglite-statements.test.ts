/**
 * A named statement on PGlite answers what `PGlite.query` answers for the same text, parameters and
 * options: rows, column types, nulls, arrays, JSON, timestamps, bigints, row counts, and errors of
 * the same class with the same fields. Through Drizzle, a prepared statement inside `db.transaction`
 * runs inside that transaction, and one outside waits for it to end.
 */
import { PGlite, type QueryOptions, type Results, types } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, expect, it, describe } from 'vitest';
import { drizzleClientOf, withNamedStatement } from './pglite-statements';

/** Drizzle's own options for a select (drizzle-orm/pglite/session.js): dates left as text. */
const drizzleOptions: QueryOptions = {
  rowMode: 'array',
  parsers: {
    [types.TIMESTAMP]: (v: string) => v,
    [types.TIMESTAMPTZ]: (v: string) => v,
    [types.DATE]: (v: string) => v,
  },
};

const item = pgTable('item', { id: integer('id').primaryKey(), label: text('label') });

describe('named statements on PGlite', () => {
  let pglite: PGlite;
  let client: PGlite;
  /** The named-statement query of the database's client, as a prepared statement gets it. */
  let named: (text: string, params?: unknown[], options?: QueryOptions) => Promise<Results>;

  beforeAll(async () => {
    pglite = new PGlite();
    await pglite.exec(`
      CREATE TABLE sample (
        id integer PRIMARY KEY, big bigint, amount numeric, label text, tags text[], ids integer[],
        doc jsonb, raw json, at timestamptz, local timestamp, day date, flag boolean, bytes bytea
      );
      CREATE TABLE item (id integer PRIMARY KEY, label text);
    `);
    client = drizzleClientOf(pglite);
    const statement = withNamedStatement({ client });
    const query = (statement.client as { query: typeof named }).query;
    named = (text, params = [], options) => query(text, params, options);
    // A new PGlite runs initdb: seconds alone, far more on a loaded machine.
  }, 300_000);

  afterAll(async () => {
    await pglite.close();
  });

  const insert = `INSERT INTO sample (id, big, amount, label, tags, ids, doc, raw, at, local, day, flag, bytes)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING *`;
  const select = 'SELECT * FROM sample WHERE id = ANY($1::integer[]) ORDER BY id';

  it('answers the rows and types query() answers', async () => {
    const at = new Date('2024-02-29T12:34:56.789Z');
    const rows: unknown[][] = [
      [
        1,
        9007199254740993n,
        '12.50',
        'a "quoted" 😀',
        ['x', 'y,z', null],
        [1, 2],
        { a: [1, { b: null }] },
        [1, 'two'],
        at,
        '2024-01-01 00:00:00',
        '2024-02-29',
        true,
        new Uint8Array([0, 255]),
      ],
      [2, null, null, null, null, null, null, null, null, null, null, null, null],
      [3, '42', 0.1, '', [], [], 'null', '"text"', '2024-02-29T12:34:56+02:00', at, at, false, null],
    ];
    for (const [i, params] of rows.entries()) {
      const viaNamed = await named(insert, params);
      const id = (params[0] as number) + 10;
      const viaQuery = await pglite.query(insert, [id, ...params.slice(1)]);
      expect({ ...viaNamed.rows[0]!, id: 0 }, `row ${i}`).toEqual({ ...(viaQuery.rows[0] as object), id: 0 });
      expect(viaNamed.fields).toEqual(viaQuery.fields);
      expect(viaNamed.affectedRows).toBe(1);
    }
    for (const options of [undefined, drizzleOptions, { rowMode: 'object' } as QueryOptions]) {
      const ids = [1, 2, 3, 11, 12, 13];
      expect(await named(select, [ids], options)).toEqual(await pglite.query(select, [ids], options));
    }
  });

  it('answers statements without rows and row counts as query() does', async () => {
    await pglite.query('INSERT INTO item VALUES (1, $1), (2, $1)', ['x']);
    const update = 'UPDATE item SET label = $1 WHERE label = $2';
    const viaNamed = await named(update, ['y', 'x']);
    const viaQuery = await pglite.query(update, ['x', 'y']);
    expect(viaNamed).toEqual(viaQuery);
    expect(viaNamed.rowCount).toBe(2);
    expect(await named('SELECT 1 AS one WHERE false')).toEqual(
      await pglite.query('SELECT 1 AS one WHERE false'),
    );
  });

  it('throws the error query() throws, and the statement still works after it', async () => {
    const errorOf = (run: () => Promise<unknown>) =>
      run().then(
        () => expect.fail('no error'),
        (e: unknown) => e,
      );
    await pglite.query('INSERT INTO item VALUES (100, $1)', ['unique']);
    const cases: [string, unknown[]][] = [
      ['INSERT INTO sample (id, label) VALUES ($1, $2)', [1, 'a "quoted" 😀']], // 23505 at execute
      ['SELECT * FROM sample WHERE id = $1', ['not a number']], // 22P02 at bind
      ['SELEC 1', []], // 42601 at parse
    ];
    for (const [text, params] of cases) {
      const viaNamed = (await errorOf(() => named(text, params))) as Record<string, unknown>;
      const viaQuery = (await errorOf(() => pglite.query(text, params))) as Record<string, unknown>;
      expect(viaNamed.constructor).toBe(viaQuery.constructor);
      expect({ ...viaNamed, message: viaNamed.message }).toEqual({ ...viaQuery, message: viaQuery.message });
    }
    expect((await named('SELECT * FROM sample WHERE id = $1', [1])).rows).toHaveLength(1);
  });

  it('runs inside a Drizzle transaction, and a call outside waits for it', async () => {
    const db = drizzle({ client });
    const byId = db
      .select({ id: item.id, label: item.label })
      .from(item)
      .where(eq(item.id, sql.placeholder('id')))
      .prepare('byId');
    withNamedStatement(byId);
    let outside: Promise<unknown> | undefined;
    await expect(
      db.transaction(async (tx) => {
        const insert = withNamedStatement(
          tx
            .insert(item)
            .values({ id: sql.placeholder('id'), label: 'in tx' })
            .returning()
            .prepare('insert'),
        );
        await insert.execute({ id: 7 });
        const seen = withNamedStatement(tx.select().from(item).where(eq(item.id, 7)).prepare('seen'));
        expect(await seen.execute()).toEqual([{ id: 7, label: 'in tx' }]);
        // Queued behind the transaction: it sees the transaction's end, not its middle.
        outside = byId.execute({ id: 7 });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await outside).toEqual([]);
    // A statement parsed inside the rolled-back transaction is still there afterwards.
    const after = withNamedStatement(db.select().from(item).where(eq(item.id, 7)).prepare('after'));
    expect(await after.execute()).toEqual([]);

    await db.transaction(async (tx) => {
      const insert = withNamedStatement(tx.insert(item).values({ id: 8, label: 'kept' }).prepare('insert'));
      await insert.execute();
    });
    expect(await byId.execute({ id: 8 })).toEqual([{ id: 8, label: 'kept' }]);
  });

  it('parses again after a schema change alters the columns it answers', async () => {
    const text = 'SELECT * FROM item WHERE id = $1';
    await named(text, [8]);
    await pglite.exec('ALTER TABLE item ADD COLUMN note text');
    // PostgreSQL refuses a named statement whose columns changed (0A000); the next call parses again.
    await expect(named(text, [8])).rejects.toMatchObject({ code: '0A000' });
    expect(await named(text, [8])).toEqual(await pglite.query(text, [8]));
  });
});
