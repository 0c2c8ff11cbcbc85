import type { PGlite, QueryOptions } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client.ts';
import { withoutTextParsers } from './pglite-parsers.ts';
import { rowsOf } from './query-helpers.ts';
import { users } from './schema/index.ts';

describe('PGlite without a parser table copy per query', () => {
  let database: Database;
  let client: PGlite;
  const seen: (QueryOptions | undefined)[] = [];

  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
    client = (database.db as unknown as { $client: PGlite }).$client;
    // records what drizzle hands the client, before the options lose their parsers
    const query = client.query;
    client.query = ((text: string, params?: unknown[], options?: QueryOptions) => {
      seen.push(options);
      return query(text, params, options);
    }) as PGlite['query'];
  });
  afterAll(() => database.close());

  it('drizzle asks only for the types the instance already keeps as text, so its parsers are dropped', async () => {
    seen.length = 0;
    await database.db.select().from(users).limit(1);
    await database.db.execute(sql`select now() as t`);
    expect(seen).toHaveLength(2);
    for (const options of seen) {
      const parsers = options?.parsers ?? {};
      expect(Object.keys(parsers).length).toBeGreaterThan(0);
      // drizzle's parsers keep the text as it is: the instance's own do the same
      for (const parse of Object.values(parsers))
        expect(parse('2026-01-02 03:04:05.678+00', 1184)).toBe('2026-01-02 03:04:05.678+00');
      expect(withoutTextParsers(options)).not.toHaveProperty('parsers');
      expect(withoutTextParsers(options)).toMatchObject({ rowMode: options?.rowMode });
    }
  });

  it('keeps parsers for any other type, and the options of a query without parsers as they are', () => {
    const json = { parsers: { 1184: (v: string) => v, 114: (v: string) => JSON.parse(v) as unknown } };
    expect(withoutTextParsers(json)).toBe(json);
    const plain = { rowMode: 'array' as const };
    expect(withoutTextParsers(plain)).toBe(plain);
    expect(withoutTextParsers(undefined)).toBeUndefined();
  });

  it('reads times as drizzle did: text from raw SQL, Dates from typed selects, in and out of transactions', async () => {
    const [raw] = rowsOf(
      await database.db.execute(
        sql`select '2026-01-02T03:04:05.678Z'::timestamptz as t, '2026-01-02'::date as d`,
      ),
    );
    expect(raw).toEqual({ t: '2026-01-02 03:04:05.678+00', d: '2026-01-02' });
    const inTx = await database.db.transaction(async (tx) => {
      const [row] = rowsOf(await tx.execute(sql`select '2026-01-02T03:04:05.678Z'::timestamptz as t`));
      const [made] = await tx
        .insert(users)
        .values({
          username: 'parsers',
          email: 'parsers@example.test',
          firstName: 'P',
          lastName: 'Q',
          passwordHash: 'x',
        })
        .returning({ createdAt: users.createdAt });
      return { t: row?.t, createdAt: made?.createdAt };
    });
    expect(inTx.t).toBe('2026-01-02 03:04:05.678+00');
    expect(inTx.createdAt).toBeInstanceOf(Date);
    const [back] = await database.db.select({ createdAt: users.createdAt }).from(users).limit(1);
    expect(back?.createdAt.getTime()).toBe(inTx.createdAt?.getTime());
  });
});
