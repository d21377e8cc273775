import type { PGlite, ParserOptions, Results } from '@electric-sql/pglite';
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
    this.#connection = new PGliteConnection(this.#pglite, this.#config.parsers);
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

class PGliteConnection implements DatabaseConnection {
  readonly #pglite: PGlite;
  readonly #options: { parsers?: ParserOptions };
  inTransaction = false;

  constructor(pglite: PGlite, parsers: ParserOptions | undefined) {
    this.#pglite = pglite;
    this.#options = parsers ? { parsers } : {};
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const { sql, parameters } = compiledQuery;
    if (parameters.length === 0) {
      // Without parameters pg uses the simple protocol, which allows several
      // statements in one string (common in migrations); exec() matches that.
      const results = await this.#pglite.exec(sql, this.#options);
      if (results.length !== 1) return { rows: [] }; // pg returns no rows for multi-statement too
      return toQueryResult<R>(compiledQuery, results[0] as Results<R>);
    }
    const result = await this.#pglite.query<R>(sql, [...parameters], this.#options);
    return toQueryResult(compiledQuery, result);
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    // pg has no cursor configured either, so refuse on both drivers alike.
    throw new Error('Streaming (.stream()) is not supported by the database kit; page with limit/offset or keyset instead.');
  }
}

const MUTATION_NODES = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'MergeQueryNode']);
const MUTATION_SQL = /^\s*(insert|update|delete|merge)\b/i;

function toQueryResult<R>(compiledQuery: CompiledQuery, result: Results<R>): QueryResult<R> {
  // PGlite reports affectedRows (0 for selects) but not the command tag, so
  // infer from the query node, or from the SQL text for raw queries.
  const kind = compiledQuery.query.kind;
  const isMutation =
    MUTATION_NODES.has(kind) || (kind === 'RawNode' && (MUTATION_SQL.test(compiledQuery.sql) || (result.affectedRows ?? 0) > 0));
  return {
    rows: result.rows,
    ...(isMutation ? { numAffectedRows: BigInt(result.affectedRows ?? 0) } : {}),
  };
}

function asPGliteConnection(connection: DatabaseConnection): PGliteConnection {
  if (!(connection instanceof PGliteConnection)) throw new Error('Not a PGlite connection');
  return connection;
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
