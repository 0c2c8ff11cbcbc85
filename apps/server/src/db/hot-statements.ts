import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from './query-helpers.ts';
import type { DbOrTx } from './types.ts';

/*
 * Hot statements: the queries of the hot paths (the bench's 200 concurrent stops and position
 * saves, the owner history with 2,000 runs), each run the same way on both databases.
 *
 * On PGlite, planning a statement costs several times more than running it, and its driver has no
 * named statements; PGlite is one session, so a server-side PREPARE made once per database serves
 * every later call. The arguments are rendered as SQL literals: numbers must be finite, dates are
 * ISO strings, text doubles its quotes (safe with standard_conforming_strings, checked once). On
 * PostgreSQL the same text runs as an ordinary parameterized query.
 */

export type HotValue = number | boolean | string | Date | null;
export interface HotStatement {
  name: string;
  /** parameter types of the PREPARE, in order */
  types: string[];
  /** the statement with $1… placeholders (each cast where it is used) */
  text: string;
  /**
   * On PGlite: `generic` for a statement written for one plan whatever its arguments (planned
   * once), `custom` for one with optional filters (`$1 is null or …`), whose only good plans are
   * those made for the call's arguments
   */
  plan: 'generic' | 'custom';
}
interface RenderedQuery {
  sql: string;
  params: unknown[];
}
/** the part of drizzle's node-postgres session that prepares a named statement */
interface NamedSession {
  prepareQuery(
    query: RenderedQuery,
    fields: undefined,
    name: string,
    arrayMode: boolean,
  ): { execute(): Promise<unknown> };
}
/** drizzle's session, whose logger counts the queries (the query-count tests) */
interface CountedSession {
  logger?: { logQuery(query: string, params: unknown[]): void };
}
/** per database: the statements prepared (or being prepared) there; concurrent first calls share one PREPARE */
const preparedOn = new WeakMap<object, Map<string, Promise<void>>>();
const isPglite = (db: DbOrTx) => '$client' in db && (db as { $client: unknown }).$client instanceof PGlite;

function literal(v: HotValue): string {
  if (v === null) return 'null';
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new TypeError('finite number expected');
    return String(v);
  }
  if (v instanceof Date) return `'${v.toISOString()}'`;
  return `'${v.replace(/'/g, "''")}'`;
}

export async function runHot(
  db: DbOrTx,
  stmt: HotStatement,
  values: HotValue[],
): Promise<Record<string, unknown>[]> {
  if (isPglite(db)) {
    let names = preparedOn.get(db);
    if (!names) {
      names = new Map();
      preparedOn.set(db, names);
    }
    let ready = names.get(stmt.name);
    if (!ready) {
      ready = (async () => {
        const [row] = rowsOf(await db.execute(sql.raw('show standard_conforming_strings')));
        if (row?.standard_conforming_strings !== 'on')
          throw new Error('standard_conforming_strings must be on');
        await db.execute(sql.raw(`prepare ${stmt.name}(${stmt.types.join(', ')}) as ${stmt.text}`));
      })();
      names.set(stmt.name, ready);
      // a failed PREPARE is tried again by the next call
      ready.catch(() => names.delete(stmt.name));
    }
    await ready;
    // PostgreSQL plans a prepared statement for its arguments for its first five runs, and after
    // that whenever the generic plan's estimate is not the cheaper one: with the statistics of a
    // live database (ANALYZE) the owner history was planned anew on every call, 0.35 of its 0.8
    // ms. So each statement runs with the plan it is written for; `set local` ends with the one
    // implicit transaction of the two statements, and no other query of the session plans
    // differently
    const text = `set local plan_cache_mode = force_${stmt.plan}_plan; execute ${stmt.name}(${values.map(literal).join(', ')})`;
    const { $client, session } = db as unknown as { $client: PGlite; session?: CountedSession };
    session?.logger?.logQuery(text, []);
    const results = await $client.exec(text);
    return (results[1]?.rows ?? []) as Record<string, unknown>[];
  }
  const parts = stmt.text.split(/(\$\d+)/).map((part) => {
    const m = /^\$(\d+)$/.exec(part);
    return m ? sql`${values[Number(m[1]) - 1]}` : sql.raw(part);
  });
  const query = sql.join(parts, sql.raw(''));
  // PostgreSQL: a named statement, parsed and planned once per connection (node-postgres keeps it;
  // the server reuses the plan); through drizzle's session, so the query counter still sees it
  const named = db as unknown as { session?: NamedSession; dialect?: { sqlToQuery(q: SQL): RenderedQuery } };
  if (named.session?.prepareQuery && named.dialect) {
    const rendered = named.dialect.sqlToQuery(query);
    return rowsOf(await named.session.prepareQuery(rendered, undefined, stmt.name, false).execute());
  }
  return rowsOf(await db.execute(query));
}
