/**
 * A prepared statement per database, made on first use: PostgreSQL parses and plans a named
 * statement once per connection instead of on every call, and Drizzle builds its SQL once. For the
 * hot statements (docs/decisions/045); a WeakMap so a closed test database takes its statements
 * with it. A select's rows are mapped by a mapping planned once for the statement (decision 288).
 * On PGlite, whose Drizzle driver ignores the name, it is made a named statement (decision 297).
 */
import { sql, type Column, type SQL } from 'drizzle-orm';
import type { Db } from './database';
import { withNamedStatement } from './pglite-statements';
import { withPlannedRowMapper } from './row-mapper';

/**
 * `parts` is what a statement is built of that its module is handed rather than imports (another
 * feature's SQL): the same on every call, so the statement made on first use stays right.
 */
export function preparedPerDatabase<Statement, Parts = void>(
  prepare: (db: Db, parts: Parts) => Statement,
): (db: Db, parts: Parts) => Statement {
  const statements = new WeakMap<Db, Statement>();
  return (db, parts) => {
    let statement = statements.get(db);
    if (!statement) {
      statement = withNamedStatement(withPlannedRowMapper(prepare(db, parts)));
      statements.set(db, statement);
    }
    return statement;
  };
}

/**
 * `column = ANY($name::integer[])`: a list of ids bound as ONE array, so a prepared statement keeps
 * one shape however many ids it is given (drizzle's inArray spells out a parameter per id).
 */
export function isAnyOf(column: Column, name: string): SQL {
  return sql`${column} = ANY(${sql.placeholder(name)}::integer[])`;
}
