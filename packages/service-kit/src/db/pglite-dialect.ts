import { protocol, type PGlite, type ParserOptions } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

export type PGliteDialectConfig = {
  /** The instance (or a factory for it). The driver owns it and closes it on destroy. */
  pglite: PGlite | (() => Promise<PGlite>);
  /** Type parsers applied to every query (they win over PGlite's own, including array parsers). */
  parsers?: ParserOptions;
};

/**
 * Kysely dialect for an in-process PGlite.
 * PGlite has exactly one session, so the driver hands out a single connection
 * guarded by a FIFO mutex: a transaction keeps the session from `begin` until
 * commit/rollback and every other query waits for it.
 * Caveat: using the outer `db` inside a transaction callback (instead of `trx`)
 * deadlocks here, where on `pg` it would just take another pooled connection.
 */
export class PGliteDialect implements Dialect {
  readonly #config: PGliteDialectConfig;

  constructor(config: PGliteDialectConfig) {
    this.#config = config;
  }

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PGliteDriver(this.#config);
  }

  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }
}

class Mutex {
  #tail: Promise<void> = Promise.resolve();

  /** Resolves with a release function once every earlier holder has released. */
  lock(): Promise<() => void> {
    const previous = this.#tail;
    let release!: () => void;
    this.#tail = new Promise<void>((resolve) => {
      release = resolve;
    });
    return previous.then(() => release);
  }
}

// How long destroy() waits for in-flight work before closing anyway (a leaked
// controlled transaction would otherwise block shutdown forever).
const DESTROY_WAIT_MS = 5_000;

class PGliteDriver implements Driver {
  readonly #config: PGliteDialectConfig;
  readonly #mutex = new Mutex();
  #pglite: PGlite | undefined;
  #connection: PGliteConnection | undefined;
  #release: (() => void) | undefined;

  constructor(config: PGliteDialectConfig) {
    this.#config = config;
  }

  async init(): Promise<void> {
    const { pglite } = this.#config;
    this.#pglite = typeof pglite === 'function' ? await pglite() : pglite;
    await this.#pglite.waitReady;
    // Installed on the instance once it is ready (after PGlite has registered its own array parsers), so they win over
    // PGlite's own without being passed with every query: PGlite merges per-query parsers into a copy of its ~300 on
    // every call, which cost more than a small statement itself.
    if (this.#config.parsers) Object.assign(this.#pglite.parsers, this.#config.parsers);
    this.#connection = new PGliteConnection(this.#pglite);
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.#mutex.lock();
    const connection = this.#connection;
    if (!connection) {
      release();
      throw new Error('PGlite driver has been destroyed');
    }
    this.#release = release;
    return connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    let statement = 'begin';
    if (settings.isolationLevel || settings.accessMode) {
      statement = 'start transaction';
      if (settings.isolationLevel) statement += ` isolation level ${settings.isolationLevel}`;
      if (settings.accessMode) statement += ` ${settings.accessMode}`;
    }
    await connection.executeQuery(CompiledQuery.raw(statement));
    asPGliteConnection(connection).inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    // Postgres ends the transaction even when commit fails.
    try {
      await connection.executeQuery(CompiledQuery.raw('commit'));
    } finally {
      asPGliteConnection(connection).inTransaction = false;
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await connection.executeQuery(CompiledQuery.raw('rollback'));
    } finally {
      asPGliteConnection(connection).inTransaction = false;
    }
  }

  async savepoint(connection: DatabaseConnection, savepointName: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoteIdentifier(savepointName)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, savepointName: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint ${quoteIdentifier(savepointName)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, savepointName: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release savepoint ${quoteIdentifier(savepointName)}`));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const conn = asPGliteConnection(connection);
    // Never hand the single session to the next caller mid-transaction
    // (e.g. a controlled transaction whose rollback itself failed).
    if (conn.inTransaction) {
      conn.inTransaction = false;
      await connection.executeQuery(CompiledQuery.raw('rollback')).catch(() => undefined);
    }
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }

  async destroy(): Promise<void> {
    const pglite = this.#pglite;
    if (!pglite) return;
    this.#pglite = undefined;
    let timer: NodeJS.Timeout | undefined;
    const release = await Promise.race([
      this.#mutex.lock(),
      new Promise<undefined>((resolve) => {
        timer = setTimeout(() => resolve(undefined), DESTROY_WAIT_MS);
      }),
    ]);
    clearTimeout(timer);
    this.#connection = undefined;
    try {
      if (!pglite.closed) await pglite.close();
    } finally {
      release?.();
    }
  }
}

export type BackendMessage = { name: string };
type FieldsMessage = BackendMessage & { fields: { name: string; dataTypeID: number }[] };
type RowMessage = BackendMessage & { fields: (string | null)[] };
type CompleteMessage = BackendMessage & { text: string };
type ParametersMessage = BackendMessage & { dataTypeIDs: number[] };

const { serialize } = protocol;
const noSync = { syncToFs: false };

/** The session is shared with the app; the caller must hold the dialect's mutex (or be the dialect itself). */
class PGliteConnection implements DatabaseConnection {
  readonly #pglite: PGlite;
  inTransaction = false;

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const messages = await runStatement(this.#pglite, compiledQuery.sql, compiledQuery.parameters, { inTransaction: this.inTransaction });
    return toQueryResult<R>(compiledQuery, messages, this.#pglite.parsers);
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    // pg has no cursor configured either, so refuse on both drivers alike.
    throw new Error('Streaming (.stream()) is not supported by the database kit; page with limit/offset or keyset instead.');
  }
}

const MUTATION_NODES = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'MergeQueryNode']);
const MUTATION_SQL = /^\s*(insert|update|delete|merge)\b/i;

/**
 * Runs one statement string through PGlite's wire protocol, a few messages per call into the database. PGlite's own
 * query() makes six calls per parameterised statement (parse, describe, bind, describe, execute, sync) and copies its
 * map of ~300 parsers on each, which made a small insert cost several times what Postgres spends on it. Here a
 * parameterised statement takes two calls: parse and describe, then bind, describe, execute and sync. Each value is
 * serialised by the type Postgres infers for its parameter, with PGlite's serialisers, as query() does. Without
 * parameters, the string goes as one simple query message, which may hold several statements (pg does the same; common
 * in migrations). Errors are PGlite's (with `query` and `params`, as query() adds); notifications reach PGlite's
 * listeners as they do from query() and exec(). The caller holds the dialect's mutex.
 */
export async function runStatement(
  pglite: PGlite,
  sql: string,
  parameters: readonly unknown[],
  { inTransaction }: { inTransaction: boolean },
): Promise<BackendMessage[]> {
  return pglite.runExclusive(async () => {
    try {
      if (parameters.length === 0) return await pglite.execProtocolStream(serialize.query(sql), noSync);
      return await extendedQuery(pglite, sql, parameters, inTransaction);
    } catch (err) {
      throw Object.assign(err as Error, { query: sql, params: parameters });
    } finally {
      // PGlite's own query() syncs the file system after every statement outside a transaction (a no-op on Node's).
      if (!inTransaction) await pglite.syncToFs();
    }
  });
}

/** A statement prepared once per session: its name, its parameters' types and the row description of its results. */
type Prepared = { name: string; types: number[]; rows: BackendMessage | undefined };
type StatementCache = { statements: Map<string, Prepared>; nextName: number };

/** Prepared statements kept per PGlite session; the least recently used is closed beyond this many. */
export const PREPARED_STATEMENT_LIMIT = 500;
const statementCaches = new WeakMap<PGlite, StatementCache>();
/** SQLSTATE 0A000 with this text: a table changed under a prepared statement (a column added, say). */
const CHANGED_RESULT_TYPE = /cached plan must not change result type/;

/**
 * A parameterised statement is parsed and described once per session, under a name, and then only bound and
 * executed: one call into the database instead of two, and none of the parse and plan work (a small write costs about
 * half as much). Its row description is kept with it, as its parameters' types are. When a table changed under a kept
 * statement Postgres refuses to run it; the statement is then forgotten, and run again at once outside a transaction
 * (inside one, the refusal has already ended the transaction, so the error goes to the caller).
 */
async function extendedQuery(pglite: PGlite, sql: string, parameters: readonly unknown[], inTransaction: boolean): Promise<BackendMessage[]> {
  let cache = statementCaches.get(pglite);
  if (!cache) statementCaches.set(pglite, (cache = { statements: new Map(), nextName: 1 }));
  let prepared = cache.statements.get(sql);
  if (prepared) {
    // Most recently used last, so the first entry is the one to close when the cache is full.
    cache.statements.delete(sql);
    cache.statements.set(sql, prepared);
  } else {
    prepared = await prepare(pglite, cache, sql);
  }
  const serializers = pglite.serializers;
  const values = parameters.map((value, index) => {
    if (value === null || value === undefined) return null;
    const serializer = serializers[prepared.types[index]!];
    return serializer ? serializer(value) : String(value);
  });
  try {
    // The sync rides in the same call, so the session is ready for the next statement even when this one fails.
    const messages = await pglite.execProtocolStream(concat(serialize.bind({ statement: prepared.name, values }), serialize.execute({}), serialize.sync()), noSync);
    return prepared.rows ? [prepared.rows, ...messages] : messages;
  } catch (err) {
    if (!CHANGED_RESULT_TYPE.test((err as Error).message)) throw err;
    await forget(pglite, cache, sql);
    if (inTransaction) throw err;
    return extendedQuery(pglite, sql, parameters, inTransaction);
  }
}

async function prepare(pglite: PGlite, cache: StatementCache, sql: string): Promise<Prepared> {
  if (cache.statements.size >= PREPARED_STATEMENT_LIMIT) await forget(pglite, cache, cache.statements.keys().next().value!);
  const name = `kit_${cache.nextName++}`;
  let described: BackendMessage[];
  try {
    described = await pglite.execProtocolStream(concat(serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name })), noSync);
  } catch (err) {
    // A statement that does not parse leaves the session waiting for a sync before it takes the next one.
    await pglite.execProtocolStream(serialize.sync(), noSync);
    throw err;
  }
  const types = (described.find((message) => message.name === 'parameterDescription') as ParametersMessage | undefined)?.dataTypeIDs ?? [];
  const prepared = { name, types, rows: described.find((message) => message.name === 'rowDescription') };
  cache.statements.set(sql, prepared);
  return prepared;
}

async function forget(pglite: PGlite, cache: StatementCache, sql: string): Promise<void> {
  const prepared = cache.statements.get(sql);
  if (!prepared) return;
  cache.statements.delete(sql);
  await pglite.execProtocolStream(concat(serialize.close({ type: 'S', name: prepared.name }), serialize.sync()), noSync);
}

/** The rows of every statement in the reply, in order (what pg-boss expects of a multi-statement string). */
export function allRows(messages: BackendMessage[], parsers: ParserOptions): Record<string, unknown>[] {
  let fields: FieldsMessage['fields'] = [];
  const rows: Record<string, unknown>[] = [];
  for (const message of messages) {
    if (message.name === 'rowDescription') fields = (message as FieldsMessage).fields;
    else if (message.name === 'dataRow') rows.push(toRow((message as RowMessage).fields, fields, parsers));
  }
  return rows;
}

/**
 * The rows of a single statement (none for a multi-statement string: pg returns none either) and, for a mutation, the
 * count in its command tag. A mutation is told from the query node, or for raw SQL from its text or a non-zero count
 * (a data-modifying CTE ends in a SELECT tag).
 */
function toQueryResult<R>(compiledQuery: CompiledQuery, messages: BackendMessage[], parsers: ParserOptions): QueryResult<R> {
  let statements = 0;
  let fields: FieldsMessage['fields'] = [];
  let rows: R[] = [];
  let affectedRows = 0;
  for (const message of messages) {
    if (message.name === 'rowDescription') fields = (message as FieldsMessage).fields;
    else if (message.name === 'dataRow') rows.push(toRow<R>((message as RowMessage).fields, fields, parsers));
    else if (message.name === 'commandComplete') {
      statements += 1;
      affectedRows = rowCount((message as CompleteMessage).text);
      if (statements > 1) rows = [];
    }
  }
  if (statements > 1) return { rows: [] };
  const kind = compiledQuery.query.kind;
  const isMutation = MUTATION_NODES.has(kind) || (kind === 'RawNode' && (MUTATION_SQL.test(compiledQuery.sql) || affectedRows > 0));
  return { rows, ...(isMutation ? { numAffectedRows: BigInt(affectedRows) } : {}) };
}

function toRow<R>(values: (string | null)[], fields: FieldsMessage['fields'], parsers: ParserOptions): R {
  const row: Record<string, unknown> = {};
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!;
    const { name, dataTypeID } = fields[i]!;
    const parser = parsers[dataTypeID];
    // PGlite calls its parsers with the type too (array parsers read it).
    row[name] = value === null || !parser ? value : (parser as (text: string, type: number) => unknown)(value, dataTypeID);
  }
  return row as R;
}

/** The count in a command tag: INSERT 0 n, UPDATE n, DELETE n, MERGE n, COPY n, SELECT n (which counts no change). */
function rowCount(tag: string): number {
  const parts = tag.split(' ');
  if (parts[0] === 'INSERT') return Number(parts[2]);
  if (parts[0] === 'UPDATE' || parts[0] === 'DELETE' || parts[0] === 'MERGE' || parts[0] === 'COPY') return Number(parts[1]);
  return 0;
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}

function asPGliteConnection(connection: DatabaseConnection): PGliteConnection {
  if (!(connection instanceof PGliteConnection)) throw new Error('Not a PGlite connection');
  return connection;
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
