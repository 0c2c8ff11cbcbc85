/** the values of a hot statement's raw rows (db/hot-statements.ts) as typed fields */
export const toDate = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));
export const toDateOrNull = (v: unknown): Date | null => (v == null ? null : toDate(v));
export const toNumOrNull = (v: unknown): number | null => (v == null ? null : Number(v));
