import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from './types.ts';

/** the rows of a raw `db.execute` (node-postgres and PGlite both answer `{ rows }`) */
export const rowsOf = (res: unknown) => (res as { rows: Record<string, unknown>[] }).rows;

/** `1, 2, 3` as bound parameters, for `in (…)` in raw SQL */
export const sqlList = (values: number[]): SQL =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** A `LIKE`/`ILIKE` pattern that finds `q` anywhere, with `\`, `%` and `_` in `q` taken literally. */
export const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface Page {
  limit: number;
  offset: number;
}

/** one page of rows and the total count, queried together */
export async function paged<T>(rows: Promise<T[]>, count: Promise<{ n: number }[]>) {
  const [r, [c]] = await Promise.all([rows, count]);
  return { rows: r, total: c?.n ?? 0 };
}

/** below this many matching rows a list's total is counted exactly; above, the planner estimates it */
export const EXACT_COUNT_LIMIT = 100_000;

/**
 * The number of rows `matching` (a select of the list's rows, without order and limit) selects:
 * exact up to {@link EXACT_COUNT_LIMIT} (the count stops there), above it the planner's estimate,
 * so a list of two million audit entries does not count them for every page (issue 39 item 4).
 */
export async function cheapCount(
  db: DbOrTx,
  matching: SQLWrapper,
  exactUpTo = EXACT_COUNT_LIMIT,
): Promise<number> {
  const [row] = rowsOf(
    await db.execute(sql`SELECT count(*)::int AS n FROM (${matching} LIMIT ${exactUpTo + 1}) AS c`),
  );
  const exact = Number(row?.n ?? 0);
  if (exact <= exactUpTo) return exact;
  const [plan] = rowsOf(await db.execute(sql`EXPLAIN (FORMAT JSON) ${matching}`));
  const json = (plan?.['QUERY PLAN'] ?? []) as { Plan?: { 'Plan Rows'?: number } }[] | string;
  const parsed = typeof json === 'string' ? (JSON.parse(json) as typeof json) : json;
  const estimate = Array.isArray(parsed) ? Number(parsed[0]?.Plan?.['Plan Rows'] ?? 0) : 0;
  return Math.max(exact, Math.round(estimate));
}

/**
 * One page of a long list and its total (issue 39 item 4): the total from {@link cheapCount}; a
 * page in the later half is read from the far end in the opposite order and turned round, so its
 * offset stays small and the last page costs what the first does (an offset scan of two million
 * rows took seconds). `read` queries the rows in the list's order (`forward`) or against it.
 */
export async function pagedFromNearerEnd<T>(
  db: DbOrTx,
  page: Page,
  matching: SQLWrapper,
  read: (direction: 'forward' | 'backward', window: Page) => Promise<T[]>,
  exactUpTo = EXACT_COUNT_LIMIT,
): Promise<{ rows: T[]; total: number }> {
  const total = await cheapCount(db, matching, exactUpTo);
  if (page.offset >= total) return { rows: [], total };
  if (page.offset + page.limit / 2 <= total / 2) return { rows: await read('forward', page), total };
  const limit = Math.min(page.limit, total - page.offset);
  const rows = await read('backward', { limit, offset: total - page.offset - limit });
  return { rows: rows.reverse(), total };
}
