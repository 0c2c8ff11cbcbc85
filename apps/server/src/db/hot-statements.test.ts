import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchPostgres, type Database, openDatabase } from './client.ts';
import { type HotStatement, runHot } from './hot-statements.ts';
import { rowsOf } from './query-helpers.ts';

describe('hot statements on PGlite', () => {
  let database: Database;
  const lookup: HotStatement = {
    name: 'hot_test_lookup',
    plan: 'generic',
    types: ['int'],
    text: 'select id, name from hot_test where k = $1::int order by id',
  };
  const filtered: HotStatement = {
    name: 'hot_test_filtered',
    plan: 'custom',
    types: ['int', 'text'],
    text: 'select id, name from hot_test where ($1::int is null or k = $1::int) and ($2::text is null or name = $2::text) order by id',
  };
  const plansOf = async (name: string) => {
    const [plans] = rowsOf(
      await database.db.execute(
        sql`select generic_plans, custom_plans from pg_prepared_statements where name = ${name}`,
      ),
    );
    return { generic: Number(plans?.generic_plans), custom: Number(plans?.custom_plans) };
  };

  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    // skewed values with statistics, as on a live database: the case where PostgreSQL keeps
    // planning a prepared statement for its arguments
    await database.db.execute(
      sql.raw('create table hot_test (id int primary key, k int not null, name text)'),
    );
    await database.db.execute(
      sql.raw(
        "insert into hot_test select g, case when g % 100 = 0 then g else 1 end, 'n' || g from generate_series(1, 5000) g",
      ),
    );
    await database.db.execute(sql.raw("insert into hot_test values (5001, 7, 'O''Brien')"));
    await database.db.execute(sql.raw('create index on hot_test (k)'));
    await database.db.execute(sql.raw('analyze hot_test'));
  });
  afterAll(() => database.close());

  it('runs with its generic plan from the first call, counted once a call, and answers right', async () => {
    const before = database.queryCount();
    for (let i = 0; i < 8; i++) {
      const rows = await runHot(database.db, lookup, [i % 2 ? 1 : 200]);
      expect(rows.length).toBe(i % 2 ? 4950 : 1);
    }
    // the first call also prepares the statement (and checks the quoting setting once)
    expect(database.queryCount() - before).toBe(8 + 2);
    expect(await plansOf('hot_test_lookup')).toEqual({ generic: 8, custom: 0 });
  });

  it('plans a statement with optional filters for each call, and quotes text arguments', async () => {
    for (let i = 0; i < 8; i++) expect(await runHot(database.db, filtered, [7, null])).toHaveLength(1);
    expect(await runHot(database.db, filtered, [null, "O'Brien"])).toEqual([{ id: 5001, name: "O'Brien" }]);
    expect(await plansOf('hot_test_filtered')).toEqual({ generic: 0, custom: 9 });
  });

  it('leaves the planning of every other query of the session as it was', async () => {
    await runHot(database.db, lookup, [1]);
    await runHot(database.db, filtered, [1, 'n2']);
    const [mode] = rowsOf(await database.db.execute(sql.raw('show plan_cache_mode')));
    expect(mode?.plan_cache_mode).toBe('auto');
  });

  it('a failing hot statement leaves the session as it was too', async () => {
    const failing: HotStatement = {
      name: 'hot_test_failing',
      plan: 'generic',
      types: ['int'],
      text: 'select 1 / $1::int as x',
    };
    await expect(runHot(database.db, failing, [0])).rejects.toThrow(/division by zero/);
    const [mode] = rowsOf(await database.db.execute(sql.raw('show plan_cache_mode')));
    expect(mode?.plan_cache_mode).toBe('auto');
    expect(await runHot(database.db, failing, [1])).toEqual([{ x: 1 }]);
  });
});

const postgresUrl = process.env.TEST_DATABASE_URL;
describe.runIf(!!postgresUrl)('hot statements on PostgreSQL (TEST_DATABASE_URL)', () => {
  let database: Database;
  let drop: () => Promise<void>;
  const modeOf = (plan: 'generic' | 'custom'): HotStatement => ({
    name: `hot_test_mode_${plan}`,
    plan,
    types: ['int'],
    text: "select current_setting('plan_cache_mode') as mode, $1::int as n",
  });

  beforeAll(async () => {
    const scratch = await createScratchPostgres(postgresUrl!);
    drop = scratch.drop;
    database = await openDatabase({ databaseUrl: scratch.url, dataDir: 'memory://' });
  });
  afterAll(async () => {
    await database.close();
    await drop();
  });

  it('runs every statement as a named statement on the pool, without changing its plan mode', async () => {
    for (let i = 0; i < 3; i++) {
      expect(await runHot(database.db, modeOf('generic'), [i])).toEqual([{ mode: 'auto', n: i }]);
      expect(await runHot(database.db, modeOf('custom'), [i])).toEqual([{ mode: 'auto', n: i }]);
    }
    const inTx = await database.db.transaction((tx) => runHot(tx, modeOf('generic'), [7]));
    expect(inTx).toEqual([{ mode: 'auto', n: 7 }]);
  });
});
