import type { PGlite, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Database, Tx } from '../../db/client.ts';

/** what pg-boss runs its SQL through (its `db` option, and `db` per call for the outbox) */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/** node-postgres' pool or client, PGlite or its transaction */
interface Queryable {
  query(text: string, values?: unknown[]): Promise<unknown>;
}

/** node-postgres' and PGlite's query both answer `{ rows }`; a multi-statement text gives an array */
async function run(client: Queryable, text: string, values?: unknown[]) {
  const result = await client.query(text, values);
  const last = Array.isArray(result) ? result[result.length - 1] : result;
  return { rows: (last as { rows?: Record<string, unknown>[] } | undefined)?.rows ?? [] };
}

/** PGlite prepares a query with parameters: several statements without any go through `exec` */
function pgliteExecutor(client: PGlite | Transaction): SqlExecutor {
  return {
    async executeSql(text, values) {
      if (!values?.length && isMultiStatement(text)) {
        const results = await client.exec(text);
        return { rows: (results[results.length - 1]?.rows ?? []) as Record<string, unknown>[] };
      }
      return run(client, text, values);
    },
  };
}

/** pg-boss wraps its maintenance in `BEGIN; ...; COMMIT;`: a semicolon before the end means several */
function isMultiStatement(text: string): boolean {
  const trimmed = text.trim().replace(/;$/, '');
  return trimmed.includes(';');
}

/**
 * The executor pg-boss uses outside a caller's transaction: the app's PGlite instance (its one
 * connection; PGlite queues the statements behind a running transaction), or on PostgreSQL the
 * queue's own pool (`pool`, made by openJobQueue) so that polling workers never wait for a
 * connection behind requests, nor requests behind them.
 */
export function databaseExecutor(database: Database, pool?: pg.Pool): SqlExecutor {
  if (database.kind === 'pglite') return pgliteExecutor(clientOf(database.db) as PGlite);
  const client = (pool ?? clientOf(database.db)) as Queryable;
  return { executeSql: (text, values) => run(client, text, values) };
}

/**
 * The executor of a caller's Drizzle transaction: the job row is written on the transaction's
 * own connection (node-postgres' PoolClient, PGlite's Transaction), so it commits or rolls back
 * with the caller's write (the outbox).
 */
export function transactionExecutor(database: Database, tx: Tx): SqlExecutor {
  const client = (tx as unknown as { session: { client: Queryable } }).session.client;
  if (database.kind === 'pglite') return pgliteExecutor(client as Transaction);
  return { executeSql: (text, values) => run(client, text, values) };
}

/** Drizzle keeps the client it was made with as `$client` (the pool, or the PGlite instance) */
function clientOf(db: Database['db']): unknown {
  return (db as unknown as { $client: unknown }).$client;
}
