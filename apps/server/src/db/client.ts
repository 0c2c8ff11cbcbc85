import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../paths.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { skipRepeatedParsers, textParsers } from './pglite-parsers.ts';
import * as schema from './schema/index.ts';
import type { Db } from './types.ts';

export type { Db, DbOrTx, Schema, Tx } from './types.ts';

export { MIGRATIONS_DIR };

export interface Database {
  db: Db;
  kind: 'pglite' | 'pg';
  /** how many queries Drizzle has sent so far (query-count tests: no N+1) */
  queryCount(): number;
  /** connections of the pool (PostgreSQL only; the embedded database has none) */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /** `SELECT 1`; throws when the database does not answer */
  ping(): Promise<void>;
  /** applies pending migrations (of `migrationsFolder`, default the project's: tests of a migration) */
  migrate(migrationsFolder?: string): Promise<void>;
  close(): Promise<void>;
}

interface Logger {
  error(obj: unknown, msg?: string): void;
}

/**
 * How much longer than statement_timeout the client waits for an answer before it gives up on
 * the connection: long enough for the server's own timeout (57014) to arrive first from a server
 * that runs, short enough to answer soon when it is frozen (a quarter, 250 ms to 1 s).
 */
export const clientMarginMs = (statementTimeoutMs: number) =>
  Math.min(1000, Math.max(250, Math.round(statementTimeoutMs / 4)));

/** the error a query gets when the client gave up on its connection (a 503 in plugins/errors.ts) */
function connectionGivenUp(ms: number): Error {
  return Object.assign(new Error(`Connection terminated: the database did not answer within ${ms} ms`), {
    code: '08006',
  });
}

/**
 * A node-postgres client that closes its connection when a query outlives `query_timeout`
 * (node-postgres only stops waiting and would hand the still busy connection back to the pool,
 * where the next request queues behind the hung statement). Closed, the pool drops it on
 * release; later queries on it (a transaction's ROLLBACK) fail at once with the same 503 error.
 */
class GuardedClient extends pg.Client {
  #gaveUp: Error | null = null;

  /** after a query's error: on a timeout, closes the connection; returns the error to pass on */
  #failed(err: unknown): unknown {
    if ((err as Error | undefined)?.message !== 'Query read timeout') return err;
    if (this.#gaveUp) return this.#gaveUp;
    const ms = (this as unknown as { connectionParameters: { query_timeout?: number } }).connectionParameters
      .query_timeout;
    this.#gaveUp = connectionGivenUp(ms ?? 0);
    // the pool's idle listener is gone while the client is checked out: an unhandled 'error'
    // event would end the process
    this.on('error', () => undefined);
    // end() destroys the socket of a client with an active query; the pool then drops it
    void this.end().catch(() => undefined);
    return this.#gaveUp;
  }

  // biome-ignore lint/suspicious/noExplicitAny: node-postgres' overloads (promise, callback, submittable)
  override query(config: any, values?: any, callback?: any): any {
    if (this.#gaveUp) {
      const err = this.#gaveUp;
      const cb = typeof values === 'function' ? values : typeof callback === 'function' ? callback : null;
      if (cb) return void process.nextTick(() => cb(err));
      return Promise.reject(err);
    }
    if (typeof config?.submit === 'function') return super.query(config, values, callback);
    if (typeof values === 'function' || typeof callback === 'function') {
      const cb = typeof values === 'function' ? values : callback;
      const wrapped = (err: unknown, res: unknown) => cb(err ? this.#failed(err) : err, res);
      return typeof values === 'function'
        ? super.query(config, wrapped)
        : super.query(config, values, wrapped);
    }
    return (super.query(config, values) as Promise<unknown>).catch((err: unknown) => {
      throw this.#failed(err);
    });
  }
}

export async function openDatabase(
  opts: {
    databaseUrl?: string;
    dataDir: string;
    dbStatementTimeoutMs?: number;
    dbPoolWaitMs?: number;
    /** in memory only: start from this dump of a migrated data directory (tests) */
    pgliteSnapshot?: string;
  },
  log: Logger = console,
): Promise<Database> {
  let queries = 0;
  const logger = { logQuery: () => void queries++ };
  if (opts.databaseUrl) {
    // a stalled database must not hold requests: a statement (or its wait for a lock) ends after
    // statement_timeout, a request waits at most dbPoolWaitMs for a connection; both answer 503.
    // statement_timeout is enforced by the server: a frozen one (SIGSTOP, a hung host) enforces
    // nothing, so the client gives up on its own a little later (GuardedClient) and the
    // connection it gave up on is closed, never handed to the next request
    const statementTimeoutMs = opts.dbStatementTimeoutMs ?? 10_000;
    const connections: pg.PoolConfig = {
      connectionString: opts.databaseUrl,
      connectionTimeoutMillis: opts.dbPoolWaitMs ?? 5000,
      statement_timeout: statementTimeoutMs,
      query_timeout: statementTimeoutMs + clientMarginMs(statementTimeoutMs),
      idle_in_transaction_session_timeout: 60_000,
      Client: GuardedClient,
    };
    const pool = new pg.Pool({ ...connections, max: 10 });
    // an idle client whose backend was killed must not crash the process (node-postgres docs)
    pool.on('error', (err) => log.error({ err }, 'postgres pool error'));
    const db = drizzleNodePg(pool, { schema, casing: 'snake_case', logger }) as unknown as Db;
    return {
      db,
      kind: 'pg',
      queryCount: () => queries,
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      ping: async () => {
        await pool.query('SELECT 1');
      },
      migrate: async (migrationsFolder = MIGRATIONS_DIR) => {
        // several instances may start at once: one migrates, the others wait; migrations may
        // run long: a connection of its own, without the pool's statement and client timeouts
        const client = new pg.Client({ connectionString: opts.databaseUrl });
        client.on('error', (err) => log.error({ err }, 'postgres migration connection error'));
        await client.connect();
        try {
          await client.query('SELECT pg_advisory_lock(727274)');
          await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder });
        } finally {
          await client.query('SELECT pg_advisory_unlock(727274)').catch(() => undefined);
          await client.end().catch(() => undefined);
        }
      },
      close: async () => {
        if (!pool.ended) await pool.end();
      },
    };
  }

  const memory = opts.dataDir === 'memory://';
  const dir = memory ? undefined : path.resolve(opts.dataDir, 'pglite');
  if (dir) mkdirSync(dir, { recursive: true });
  // PGlite allows one process per directory: a second one is refused with a clear message
  const unlock = dir ? lockDataDir(dir, `${dir}.lock`) : () => undefined;
  let client: PGlite;
  try {
    // timestamps and dates stay text as drizzle wants them, without a parser copy per query
    const loadDataDir =
      memory && opts.pgliteSnapshot ? new Blob([readFileSync(opts.pgliteSnapshot)]) : undefined;
    client = await PGlite.create({
      dataDir: dir,
      parsers: textParsers,
      ...(loadDataDir ? { loadDataDir } : {}),
    });
    skipRepeatedParsers(client);
  } catch (err) {
    unlock();
    throw err;
  }
  const db = drizzlePglite(client, { schema, casing: 'snake_case', logger }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    queryCount: () => queries,
    ping: async () => {
      await client.query('SELECT 1');
    },
    migrate: async (migrationsFolder = MIGRATIONS_DIR) => {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    },
    close: async () => {
      if (!client.closed) await client.close();
      unlock();
    },
  };
}

/**
 * A fresh, empty PostgreSQL database cloned from nothing, for one test app; `drop()` removes it.
 * Used when TEST_DATABASE_URL is set so that every test file gets its own database.
 */
export async function createScratchPostgres(
  baseUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE template0`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

export { sql };
