/**
 * A prepared select's rows mapped by a mapping planned once per statement. Drizzle's own mapping
 * (`mapResultRow`) works out every column's decoder with `is()` checks and walks its path with a
 * fresh iterator for every column of every row: about a tenth of the Node CPU of a read answering
 * tens of rows (decision 288). The plan made here gives the same objects: the same keys in the
 * same order, the same decoders, and a left-joined table's object null when Drizzle makes it null.
 */
import { Column, getTableName, is, SQL, Subquery } from 'drizzle-orm';

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** What Drizzle keeps of a prepared select: its columns in the order of the row's values. */
interface PreparedSelect {
  fields?: { path: string[]; field: unknown }[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
}

/** A key of the mapped object: a value of the row, or an object of its own keys. */
interface Value {
  name: string;
  index: number;
  decoder: Decoder;
}
interface Group {
  name: string;
  keys: Key[];
  /** Drizzle's rule for a joined table: null when its first column is null and the join may miss. */
  nullWhen: { first: Value; table: string } | null;
  /** Drawn from two tables: never made null. */
  mixed: boolean;
}
type Key = Value | Group;

const isGroup = (key: Key): key is Group => 'keys' in key;

function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  // SQL, an aliased SQL and a subquery keep their decoder where Drizzle's own mapping reads it.
  const holder = field as { decoder: Decoder; sql: { decoder: Decoder }; _: { sql: { decoder: Decoder } } };
  if (is(field, SQL)) return holder.decoder;
  if (is(field, Subquery)) return holder._.sql.decoder;
  return holder.sql.decoder;
}

function planOf(statement: Required<Pick<PreparedSelect, 'fields'>> & PreparedSelect): Key[] {
  const joins = statement.joinsNotNullableMap;
  const top: Key[] = [];
  statement.fields.forEach(({ path, field }, index) => {
    let keys = top;
    let group: Group | undefined;
    for (const name of path.slice(0, -1)) {
      const found = keys.find((key) => key.name === name);
      if (found && !isGroup(found)) throw new Error(`a selected path runs through the value ${name}`);
      group = found ?? { name, keys: [], nullWhen: null, mixed: false };
      if (!found) keys.push(group);
      keys = group.keys;
    }
    const value: Value = { name: path.at(-1)!, index, decoder: decoderOf(field) };
    keys.push(value);
    if (joins && group && path.length === 2 && is(field, Column) && !group.mixed) {
      const table = getTableName(field.table);
      if (group.nullWhen === null) group.nullWhen = { first: value, table };
      else if (group.nullWhen.table !== table) {
        group.nullWhen = null;
        group.mixed = true;
      }
    }
  });
  for (const key of top) if (isGroup(key) && key.nullWhen && joins?.[key.nullWhen.table]) key.nullWhen = null;
  return top;
}

function valueOf(key: Value, row: unknown[]): unknown {
  const raw = row[key.index];
  return raw === null ? null : key.decoder.mapFromDriverValue(raw);
}

function build(keys: Key[], row: unknown[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) out[key.name] = isGroup(key) ? build(key.keys, row) : valueOf(key, row);
  return out;
}

function mapperOf(keys: Key[]): (rows: unknown[][]) => Record<string, unknown>[] {
  const nullable = keys.filter((key): key is Group => isGroup(key) && key.nullWhen !== null);
  return (rows) =>
    rows.map((row) => {
      const out = build(keys, row);
      for (const group of nullable) if (valueOf(group.nullWhen!.first, row) === null) out[group.name] = null;
      return out;
    });
}

/**
 * Gives a prepared select (node-postgres or PGlite) the planned mapping; anything else (a relational
 * query, which maps its own rows, or a statement without columns) is returned as it is.
 */
export function withPlannedRowMapper<Statement>(statement: Statement): Statement {
  if (typeof statement !== 'object' || statement === null) return statement;
  const prepared = statement as PreparedSelect;
  if (!Array.isArray(prepared.fields) || prepared.customResultMapper) return statement;
  prepared.customResultMapper = mapperOf(planOf({ ...prepared, fields: prepared.fields }));
  return statement;
}
