/**
 * Pieces of SQL that write an answer's JSON text in the bytes the contract's serialiser writes, for
 * the statements whose text is sent as it is (decisions 291, 293, 299). Shared so that every such
 * statement escapes and writes instants the same way.
 *
 * A string goes through `to_json`, which escapes what JSON.stringify escapes: the quote, the
 * backslash and the characters below U+0020 (`\b \f \n \r \t`, the others as lowercase `\u00xx`);
 * neither escapes U+2028, U+2029 or U+007F, and PostgreSQL text holds no lone surrogate, the one other
 * thing JSON.stringify escapes.
 */
import { sql, type SQL } from 'drizzle-orm';

/** A text (or date) expression as a JSON string, or `null`. */
export const jsonString = (expression: SQL) => sql`coalesce(to_json(${expression})::text, 'null')`;

/**
 * An instant as `toISOString()` writes the driver's `Date` of it: UTC, milliseconds cut from the
 * stored microseconds (never rounded), `Z`. The bare text, without quotes.
 */
export const isoInstant = (expression: SQL) =>
  sql`to_char(${expression} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** An instant as a JSON string of `isoInstant`. */
export const jsonInstant = (expression: SQL) => sql`('"' || ${isoInstant(expression)} || '"')`;

/** An instant as a JSON string of `isoInstant`, or `null`. */
export const jsonInstantOrNull = (expression: SQL) => sql`coalesce(${jsonInstant(expression)}, 'null')`;
