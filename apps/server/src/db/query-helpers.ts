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
