/**
 * A prepared statement per database, made on first use: PostgreSQL parses and plans a named
 * statement once per connection instead of on every call, and Drizzle builds its SQL once. For the
 * hot statements (docs/decisions/045); a WeakMap so a closed test database takes its statements
 * with it.
 */
import { sql, type Column, type SQL } from 'drizzle-orm';
import type { Db } from './database';

export function preparedPerDatabase<Statement>(prepare: (db: Db) => Statement): (db: Db) => Statement {
  const statements = new WeakMap<Db, Statement>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) {
      statement = prepare(db);
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
