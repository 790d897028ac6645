/**
 * Named statements on PGlite (decision 297). Drizzle's PGlite driver ignores a prepared statement's
 * name and sends every call through `PGlite.query`, which parses, plans and describes the statement
 * each time. A hot statement (db/prepared.ts) is instead parsed once per PGlite instance under a
 * name; a call then only binds and executes it. Everything else is PGlite's own: its protocol
 * serializer, its serializers and parsers by type, its result parsing and its locks, used as
 * `PGlite.query` uses them, so a call answers the same rows, types and errors.
 *
 * PostgreSQL re-plans a named statement itself when the schema under it changes; a change of its
 * result's columns fails the call (0A000) and a statement dropped by DEALLOCATE fails it (26000):
 * either forgets the name, so the next call parses again.
 */
import {
  type PGlite,
  messages,
  parse,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';

type Query = (text: string, params: unknown[], options?: QueryOptions) => Promise<Results>;

interface Described {
  name: string;
  /** The parameters' type OIDs, which choose each value's serializer as `PGlite.query` does. */
  paramTypes: number[];
  /** The result's columns (none for a statement without rows), put before each call's rows. */
  rowDescription: messages.RowDescriptionMessage | undefined;
}

/** Codes after which a named statement is no longer the one parsed: parse it again next time. */
const staleStatementCodes = new Set(['0A000', '26000']);

/** The named statements of one PGlite instance; names are unique within it. */
class NamedStatements {
  readonly #byText = new Map<string, Described>();
  #count = 0;

  constructor(private readonly pglite: PGlite) {}

  /**
   * Runs `text` as a named statement. Outside a transaction it takes PGlite's transaction lock and
   * then its query lock, as `PGlite.query` does; inside one (whose callback holds the transaction
   * lock) only the query lock, as the transaction's own `query` does.
   */
  async query(
    inTransaction: boolean,
    text: string,
    params: unknown[],
    options?: QueryOptions,
  ): Promise<Results> {
    const { pglite } = this;
    await pglite._checkReady();
    const run = () => pglite._runExclusiveQuery(() => this.#run(inTransaction, text, params, options));
    return inTransaction ? run() : pglite._runExclusiveTransaction(run);
  }

  async #run(
    inTransaction: boolean,
    text: string,
    params: unknown[],
    options?: QueryOptions,
  ): Promise<Results> {
    const { pglite } = this;
    try {
      const statement = this.#byText.get(text) ?? (await this.#describe(text));
      const rows = await pglite.execProtocolStream(
        joined([
          protocol.serialize.bind({
            statement: statement.name,
            values: this.#values(statement, params, options),
          }),
          protocol.serialize.execute({}),
          protocol.serialize.sync(),
        ]),
        { syncToFs: false },
      );
      if (!inTransaction) await pglite.syncToFs();
      const answer = statement.rowDescription ? [statement.rowDescription, ...rows] : rows;
      return parse.parseResults(answer, pglite.parsers, options)[0]!;
    } catch (error) {
      if (!(error instanceof messages.DatabaseError)) throw error;
      if (error.code && staleStatementCodes.has(error.code)) this.#byText.delete(text);
      // The fields `PGlite.query` adds to the error it throws.
      throw Object.assign(error, { query: text, params, queryOptions: options });
    }
  }

  /** Parses `text` under a new name and learns its parameters' and columns' types. */
  async #describe(text: string): Promise<Described> {
    const name = `dermis_${++this.#count}`;
    const answer = await this.pglite.execProtocolStream(
      joined([
        protocol.serialize.parse({ name, text }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const described: Described = {
      name,
      paramTypes: parse.parseDescribeStatementResults(answer),
      rowDescription: answer.find((message) => message instanceof messages.RowDescriptionMessage),
    };
    this.#byText.set(text, described);
    return described;
  }

  /** Each value serialized by its parameter's type, exactly as `PGlite.query` does. */
  #values(statement: Described, params: unknown[], options?: QueryOptions): (string | null)[] {
    return params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const oid = statement.paramTypes[i]!;
      const serialize = options?.serializers?.[oid] ?? this.pglite.serializers[oid];
      // PGlite's own fallback for a type it has no serializer for.
      return serialize ? serialize(param) : (param as { toString(): string }).toString();
    });
  }
}

function joined(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** One set per PGlite instance, so a name is never given twice on its one connection. */
const statementsOf = new WeakMap<PGlite, NamedStatements>();

/** The named-statement query of each client handed to Drizzle: the database's, and each transaction's. */
const namedQueryOf = new WeakMap<object, Query>();

/**
 * The client Drizzle is given for `pglite`: its `query` and `transaction` (all Drizzle's PGlite
 * session calls), remembering which client is a transaction so a prepared statement on it takes
 * only the query lock.
 */
export function drizzleClientOf(pglite: PGlite): PGlite {
  const statements = statementsOf.get(pglite) ?? new NamedStatements(pglite);
  statementsOf.set(pglite, statements);
  const client = {
    query: pglite.query.bind(pglite),
    transaction: <T>(callback: (tx: Transaction) => Promise<T>) =>
      pglite.transaction((tx) => {
        namedQueryOf.set(tx, (text, params, options) => statements.query(true, text, params, options));
        return callback(tx);
      }),
  };
  namedQueryOf.set(client, (text, params, options) => statements.query(false, text, params, options));
  // Drizzle's PGlite driver is typed for a PGlite; it calls only these two.
  return client as unknown as PGlite;
}

/**
 * Sends a Drizzle statement prepared on PGlite through a named statement; a statement on any other
 * client (PostgreSQL's driver names its statements itself) is returned as it is.
 */
export function withNamedStatement<Statement>(statement: Statement): Statement {
  const prepared = statement as { client?: unknown };
  if (typeof prepared !== 'object' || prepared === null || typeof prepared.client !== 'object')
    return statement;
  const query = namedQueryOf.get(prepared.client!);
  if (query) prepared.client = { query };
  return statement;
}
