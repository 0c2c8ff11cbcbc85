import { type SQL, sql } from 'drizzle-orm';

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
