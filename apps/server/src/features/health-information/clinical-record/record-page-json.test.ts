/**
 * The page's JSON writes a float as JavaScript does (`jsNumber`, and the database's own
 * `json_js_number` that writes the lab test summary's charts): where PostgreSQL's text and
 * JavaScript's differ (exponents, the sign of zero) and where they agree, on both databases.
 */
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/database';
import { jsNumber } from './record-page-json';

// The text PostgreSQL reads each from ('-0' keeps the sign String(-0) drops).
const values: [string, number | null][] = [
  ['0', 0],
  ['-0', -0],
  ['1', 1],
  ['-1', -1],
  ['0.1', 0.1],
  [String(1 / 3), 1 / 3],
  ['135.1', 135.1],
  ['0.0001', 0.0001],
  ['0.000015', 0.000015],
  ['0.00001', 0.00001],
  ['-0.000025', -0.000025],
  ['0.000001', 0.000001],
  ['1.5e-7', 1.5e-7],
  ['1e-7', 1e-7],
  ['1.23e-18', 1.23e-18],
  ['5e-324', 5e-324],
  ['100000000000000', 1e14],
  ['1000000000000000', 1e15],
  ['1500000000000000', 1.5e15],
  ['-10000000000000000', -1e16],
  ['123456789012345680', 123456789012345680],
  ['9007199254740992', 2 ** 53],
  ['100000000000000000000', 1e20],
  ['1e21', 1e21],
  ['1.5e21', 1.5e21],
  ['1.7976931348623157e308', 1.7976931348623157e308],
  ['98765.4321', 98765.4321],
];

describeEachDatabase('clinical record page JSON: numbers', (t) => {
  it('writes every float as JSON.stringify does, and null as null', async () => {
    const rows = sql.join(
      [
        ...values.map(([text], n) => sql`(${n}::integer, ${text}::float8)`),
        sql`(${values.length}::integer, null::float8)`,
      ],
      sql`, `,
    );
    const written = await t.db
      .select({ n: sql<number>`x.n`, json: sql<string>`${jsNumber(sql`x.v`)}` })
      .from(sql`(values ${rows}) as x(n, v)`)
      .orderBy(sql`x.n`);
    expect(written.map((row) => row.json)).toEqual([
      ...values.map(([, value]) => JSON.stringify(value)),
      'null',
    ]);
  });

  it('writes every float in the summary charts as JSON.stringify does, and null as null', async () => {
    const rows = sql.join(
      [
        ...values.map(([text], n) => sql`(${n}::integer, ${text}::float8)`),
        sql`(${values.length}::integer, null::float8)`,
      ],
      sql`, `,
    );
    const written = await t.db
      .select({ n: sql<number>`x.n`, json: sql<string>`json_js_number(x.v)` })
      .from(sql`(values ${rows}) as x(n, v)`)
      .orderBy(sql`x.n`);
    expect(written.map((row) => row.json)).toEqual([
      ...values.map(([, value]) => JSON.stringify(value)),
      'null',
    ]);
  });
});
