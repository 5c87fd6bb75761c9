import { Worker } from 'node:worker_threads';
import {
  CamelCasePlugin,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import type { DB } from './schema.ts';
import type { Database, Dialect } from './database.ts';

/**
 * The database the slow aggregates read: analytics (distinct creators over a period, 1.7 s over
 * a million posts) and the dashboard's chart. SQLite runs a query on the server's only thread,
 * so such a count held every other request meanwhile (decision 0075). Here they run on a read-only connection of their own, in a worker thread.
 * PostgreSQL runs queries off the event loop already, and an in-memory SQLite database (the API
 * tests) cannot be opened twice: both read the main database.
 */
export function openAggregatesReader(options: { db: Database; dialect: Dialect; sqlitePath: string }) {
  if (options.dialect === 'postgres' || options.sqlitePath === ':memory:')
    return { db: options.db, close: () => Promise.resolve() };
  const driver = new WorkerDriver(options.sqlitePath);
  const db = new Kysely<DB>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => driver,
      createIntrospector: (kysely) => new SqliteIntrospector(kysely),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
    plugins: [new CamelCasePlugin()],
  });
  return { db, close: () => db.destroy() };
}

type Waiting = { resolve: (rows: unknown[]) => void; reject: (error: Error) => void };
type Answer = { id: number; rows?: unknown[]; error?: string };

/** Kysely's driver over the worker (aggregates-worker.mjs): one thread, its queries in turn. */
class WorkerDriver implements Driver {
  /** The running thread and the answers it owes (a new thread starts with none). */
  #thread: { worker: Worker; waiting: Map<number, Waiting> } | null = null;
  #next = 0;
  readonly #connection: DatabaseConnection = {
    executeQuery: async <R>(query: CompiledQuery): Promise<QueryResult<R>> => ({
      rows: (await this.#ask(query.sql, query.parameters)) as R[],
    }),
    streamQuery: () => {
      throw new Error('The aggregates reader does not stream');
    },
  };

  constructor(private readonly sqlitePath: string) {}

  #ask(sql: string, parameters: readonly unknown[]) {
    const { worker, waiting } = (this.#thread ??= this.#start());
    const id = this.#next++;
    return new Promise<unknown[]>((resolve, reject) => {
      try {
        worker.postMessage({ id, sql, parameters });
      } catch (error) {
        // A parameter a thread cannot be sent: nothing is owed for it.
        reject(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      waiting.set(id, { resolve, reject });
      // Held open while it owes an answer, and never otherwise (a server closing, a script ending).
      worker.ref();
    });
  }

  #start() {
    const worker = new Worker(new URL('./aggregates-worker.mjs', import.meta.url), {
      workerData: { sqlitePath: this.sqlitePath },
    });
    const thread = { worker, waiting: new Map<number, Waiting>() };
    worker.on('message', ({ id, rows, error }: Answer) => {
      const owed = thread.waiting.get(id);
      thread.waiting.delete(id);
      if (thread.waiting.size === 0) worker.unref();
      if (error === undefined) owed?.resolve(rows ?? []);
      else owed?.reject(new Error(error));
    });
    // A thread that died fails what it owed (only its own); the next query starts a new one.
    const fail = (error: Error) => {
      if (this.#thread === thread) this.#thread = null;
      for (const owed of thread.waiting.values()) owed.reject(error);
      thread.waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The aggregates reader's thread stopped (${code})`)));
    return thread;
  }

  async init() {}
  async acquireConnection() {
    return this.#connection;
  }
  async beginTransaction(): Promise<void> {
    throw new Error('The aggregates reader only reads: no transactions');
  }
  async commitTransaction() {}
  async rollbackTransaction() {}
  async releaseConnection() {}
  async destroy() {
    const thread = this.#thread;
    this.#thread = null;
    await thread?.worker.terminate();
  }
}
