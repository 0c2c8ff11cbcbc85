import { type PGlite, type QueryOptions, type Transaction, types } from '@electric-sql/pglite';

/*
 * drizzle's PGlite session passes, with every query, parsers that keep these types as PGlite's
 * text (timestamps, dates, intervals and the arrays of those and of numeric): drizzle maps them
 * itself. PGlite merges per-query parsers into a copy of its whole parser table, about 350
 * entries once it knows the array types, for every query: some 0.15 ms each time, more than an
 * indexed select of a few rows costs to run. So the instance gets these parsers once, at creation,
 * and the per-query copy is skipped when the query's parsers are exactly these types.
 */
const TEXT_TYPES = new Set<number>([
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
]);

/** the parsers to create PGlite with: the text of these types as it is */
export const textParsers: Record<number, (value: string) => string> = Object.fromEntries(
  [...TEXT_TYPES].map((type) => [type, (value: string) => value]),
);

/** the options without their parsers when the instance already has them; else as they are */
export function withoutTextParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  if (!options?.parsers) return options;
  for (const key of Object.keys(options.parsers)) if (!TEXT_TYPES.has(Number(key))) return options;
  const { parsers: _, ...rest } = options;
  return rest;
}

/**
 * Makes the client (created with `textParsers`) and its transactions drop the per-query parsers
 * that only repeat the instance's own.
 */
export function skipRepeatedParsers(client: PGlite): void {
  const query = client.query.bind(client);
  client.query = ((text: string, params?: unknown[], options?: QueryOptions) =>
    query(text, params, withoutTextParsers(options))) as PGlite['query'];
  const transaction = client.transaction.bind(client);
  client.transaction = (<T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction((tx) =>
      callback(
        Object.create(tx, {
          query: {
            value: (text: string, params?: unknown[], options?: QueryOptions) =>
              tx.query(text, params, withoutTextParsers(options)),
          },
        }) as Transaction,
      ),
    )) as PGlite['transaction'];
}
