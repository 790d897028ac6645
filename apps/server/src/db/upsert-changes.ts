import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * An upsert's `setWhere`: the existing row differs from the proposed one (`excluded`) in one of
 * `fields`. A feed that sends the same row again then writes nothing, so no statement trigger
 * counts it as a change: the practice's providers and clinics are shown in the visit lists of every
 * patient with a visit they are on, whose kept answers a write moves on (decision 321).
 */
export function rowDiffers<T extends PgTable>(table: T, fields: readonly (keyof T['$inferInsert'])[]): SQL {
  const columns = getTableColumns(table);
  const names = fields.map((field) => sql.raw(`"${columns[field as string]!.name}"`));
  const mine = sql.join(
    names.map((name) => sql`${table}.${name}`),
    sql`, `,
  );
  const proposed = sql.join(
    names.map((name) => sql`excluded.${name}`),
    sql`, `,
  );
  return sql`(${mine}) IS DISTINCT FROM (${proposed})`;
}
