import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { type HotStatement, type HotValue, runHot } from '../../db/hot-statements.ts';
import { containsPattern } from '../../db/query-helpers.ts';
import {
  mcTests,
  type RunSnapshot,
  type StoredChoice,
  userGraduateMctests,
  userGraduateResults,
  users,
} from '../../db/schema/index.ts';
import { uniqueRounds } from '../../lib/batch.ts';
import type { TtlCache } from '../../lib/ttl-cache.ts';
import { holdsSqlText } from '../enrolments/enrolments.sql.ts';

export type RunRow = typeof userGraduateMctests.$inferSelect;
export type ResultRow = typeof userGraduateResults.$inferSelect;

const confirmer = alias(users, 'confirmer');

/** a run as the owner's lists need it (no snapshot) */
const ownerRow = {
  id: userGraduateMctests.id,
  mcTestId: userGraduateMctests.mcTestId,
  mode: userGraduateMctests.mode,
  startedAt: userGraduateMctests.startedAt,
  stoppedAt: userGraduateMctests.stoppedAt,
  achievedPercent: userGraduateMctests.achievedPercent,
  accomp: userGraduateMctests.accomp,
  rightCount: userGraduateMctests.rightCount,
  totalCount: userGraduateMctests.totalCount,
  passed: userGraduateMctests.passed,
  confirmedAt: userGraduateMctests.confirmedAt,
  label: mcTests.label,
  user: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
};
export type OwnerRunRow = {
  id: number;
  mcTestId: number;
  mode: string;
  startedAt: Date;
  stoppedAt: Date | null;
  achievedPercent: number | null;
  accomp: boolean | null;
  rightCount: number | null;
  totalCount: number | null;
  passed: number;
  confirmedAt: Date | null;
  label: string;
  user: { id: number; firstName: string; lastName: string; email: string };
};

/**
 * $1: a jsonb array of look-ups {k: key, r: run, u: caller, s: with the snapshot}; each row
 * carries its look-up's key
 */
const RUNS_FOR_STOP: HotStatement = {
  name: 'mc_runs_for_stop',
  plan: 'generic',
  types: ['jsonb'],
  text: `select i.k, r.id, r.user_id, r.mc_test_id, r.started_at, r.stopped_at,
      case when i.s then r.snapshot::text end as snapshot,
      t.owner_id, t.enabled, c.unlocked as chapter_unlocked, p.unlocked as parent_unlocked,
      s.owner_id as seminar_owner_id, s.is_public, s.is_company, s.company_id,
      ${holdsSqlText('s.id', 'i.u')} as booked
    from jsonb_to_recordset($1::jsonb) as i(k int, r int, u int, s boolean)
    join user_graduate_mctests r on r.id = i.r
    join mc_tests t on t.id = r.mc_test_id
    left join chapters c on c.id = t.chapter_id
    left join chapters p on p.id = c.chapter_id
    left join seminars s on s.id = c.seminar_id`,
};

/**
 * $1: a jsonb array of results {id: run, t: time, p: percent, a: passed, rc: right, tc: total,
 * c: choices}, each run once. A run is stopped only if it is still running; answers the
 * runs stopped.
 */
const STOP_RUNS: HotStatement = {
  name: 'mc_stop_runs',
  plan: 'generic',
  types: ['jsonb'],
  text: `with i as (
      select * from jsonb_to_recordset($1::jsonb) as i(id int, t timestamptz, p float8, a boolean, rc int, tc int, c jsonb)
    ), upd as (
      update user_graduate_mctests g set stopped_at = i.t, achieved_percent = i.p, accomp = i.a,
        right_count = i.rc, total_count = i.tc
      from i where g.id = i.id and g.stopped_at is null
      returning g.id, i.c, i.t
    )
    insert into user_graduate_results (user_graduate_mctest_id, choices, created_at)
    select id, c, t from upd order by id
    on conflict (user_graduate_mctest_id) do nothing
    returning user_graduate_mctest_id as id`,
};

/** the fields of a page's runs, in the order of each run's array (see {@link asJsonPage}) */
const PAGE_FIELDS = [
  'id',
  'mc_test_id',
  'mode',
  'started_at',
  'stopped_at',
  'achieved_percent',
  'accomp',
  'right_count',
  'total_count',
  'passed',
  'confirmed_at',
  'label',
  'user_id',
  'first_name',
  'last_name',
  'email',
] as const;
const TIME_FIELDS = new Set<string>(['started_at', 'stopped_at', 'confirmed_at']);
/** a field's place in a run's array */
const at = Object.fromEntries(PAGE_FIELDS.map((f, i) => [f, i])) as Record<
  (typeof PAGE_FIELDS)[number],
  number
>;

/**
 * A page of runs as one JSON text (one row, one field): the drivers parse a page of 50 runs with 16
 * columns field by field, which cost more than the query on PGlite (its protocol reader copies and
 * decodes each field in JavaScript); `JSON.parse` reads the whole page at once. Each run is an
 * array of {@link PAGE_FIELDS} (half the text of objects with their keys), and times are epoch
 * milliseconds (floored, as a timestamp's text is cut to milliseconds when read as a Date): no
 * date text to write there and parse again here.
 */
const asJsonPage = (text: string) => {
  const cells = PAGE_FIELDS.map((f) =>
    TIME_FIELDS.has(f) ? `floor(extract(epoch from p.${f}) * 1000)::int8` : `p.${f}`,
  ).join(', ');
  return `select coalesce(json_agg(json_build_array(${cells}) order by p.started_at desc, p.id desc), '[]'::json)::text as page from (${text}) p`;
};

/** one page of runs, newest first */
const OWNER_PAGE: HotStatement = {
  name: 'mc_owner_history',
  plan: 'custom',
  types: ['int', 'int', 'text', 'int', 'int'],
  text: asJsonPage(`select r.id, r.mc_test_id, r.mode, r.started_at, r.stopped_at, r.achieved_percent, r.accomp,
      r.right_count, r.total_count, r.passed, r.confirmed_at, t.label,
      u.id as user_id, u.first_name, u.last_name, u.email
    from user_graduate_mctests r
    join mc_tests t on t.id = r.mc_test_id
    join users u on u.id = r.user_id
    where ($1::int is null or t.owner_id = $1::int) and ($2::int is null or r.mc_test_id = $2::int)
      and ($3::text is null or u.first_name ilike $3::text or u.last_name ilike $3::text or u.email ilike $3::text)
    order by r.started_at desc, r.id desc
    limit $4::int offset $5::int`),
};
/** the total without a name search: no join of users (a count over the runs and their tests only) */
const OWNER_COUNT_ALL: HotStatement = {
  name: 'mc_owner_history_count_all',
  plan: 'custom',
  types: ['int', 'int'],
  text: `select count(*)::int as total
    from user_graduate_mctests r
    join mc_tests t on t.id = r.mc_test_id
    where ($1::int is null or t.owner_id = $1::int) and ($2::int is null or r.mc_test_id = $2::int)`,
};
const OWNER_COUNT: HotStatement = {
  name: 'mc_owner_history_count',
  plan: 'custom',
  types: ['int', 'int', 'text'],
  text: `select count(*)::int as total
    from user_graduate_mctests r
    join mc_tests t on t.id = r.mc_test_id
    join users u on u.id = r.user_id
    where ($1::int is null or t.owner_id = $1::int) and ($2::int is null or r.mc_test_id = $2::int)
      and ($3::text is null or u.first_name ilike $3::text or u.last_name ilike $3::text or u.email ilike $3::text)`,
};

/**
 * The common case (a trainer's own runs, no test filter, no name search) without the optional
 * filters, whose `$n is null or …` branches make every call plan anew and keep PostgreSQL from
 * reusing a plan: the same page as {@link OWNER_PAGE}, then the page's 50 users by their key (the
 * `offset 0` keeps the planner from hashing the whole users table for them, as it did on PGlite);
 * the count through the owner's test ids as an array (one index pass, no join).
 */
const OWN_PAGE: HotStatement = {
  name: 'mc_owner_history_own',
  plan: 'generic',
  types: ['int', 'int', 'int'],
  text: asJsonPage(`select r.id, r.mc_test_id, r.mode, r.started_at, r.stopped_at, r.achieved_percent, r.accomp,
      r.right_count, r.total_count, r.passed, r.confirmed_at, r.label,
      u.id as user_id, u.first_name, u.last_name, u.email
    from (
      select r.id, r.mc_test_id, r.user_id, r.mode, r.started_at, r.stopped_at, r.achieved_percent,
        r.accomp, r.right_count, r.total_count, r.passed, r.confirmed_at, t.label
      from user_graduate_mctests r
      join mc_tests t on t.id = r.mc_test_id
      where t.owner_id = $1::int
      order by r.started_at desc, r.id desc
      limit $2::int offset $3::int
    ) r
    cross join lateral (
      select u.id, u.first_name, u.last_name, u.email from users u where u.id = r.user_id offset 0
    ) u
    order by r.started_at desc, r.id desc`),
};
const OWN_COUNT: HotStatement = {
  name: 'mc_owner_history_own_count',
  plan: 'generic',
  types: ['int'],
  text: `select count(*)::int as total from user_graduate_mctests r
    where r.mc_test_id = any(array(select t.id from mc_tests t where t.owner_id = $1::int))`,
};

const toDate = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));
const toDateOrNull = (v: unknown): Date | null => (v == null ? null : toDate(v));
const toNumOrNull = (v: unknown): number | null => (v == null ? null : Number(v));

/** a run about to be stopped, with what the take rule needs to know about its test */
/** a scored run to store */
export interface StopValues {
  runId: number;
  achievedPercent: number;
  accomp: boolean;
  rightCount: number;
  totalCount: number;
  at: Date;
  choices: StoredChoice[];
}

export interface RunForStop {
  run: {
    id: number;
    userId: number;
    mcTestId: number;
    startedAt: Date;
    stoppedAt: Date | null;
    /** null when the caller said it has the snapshot */
    snapshot: RunSnapshot | null;
  };
  facts: {
    ownerId: number;
    enabled: number;
    chapter: {
      unlocked: number;
      parentUnlocked: number | null;
      seminar: { ownerId: number; isPublic: boolean; isCompany: boolean; companyId: number | null };
      booked: boolean;
    } | null;
  };
}

/** The only place that builds queries on runs and results. */
export const graduateRepository = {
  async openRun(db: DbOrTx, testId: number, userId: number): Promise<RunRow | undefined> {
    const [row] = await db
      .select()
      .from(userGraduateMctests)
      .where(
        and(
          eq(userGraduateMctests.mcTestId, testId),
          eq(userGraduateMctests.userId, userId),
          isNull(userGraduateMctests.stoppedAt),
        ),
      )
      .limit(1);
    return row;
  },
  /** a new open run; undefined when the user already has one (unique partial index) */
  async insertRun(
    db: DbOrTx,
    values: { mcTestId: number; userId: number; mode: string; snapshot: RunSnapshot; startedAt: Date },
  ): Promise<RunRow | undefined> {
    const [row] = await db.insert(userGraduateMctests).values(values).onConflictDoNothing().returning();
    return row;
  },
  /**
   * Scores runs exactly once, in one statement per round (the stops of players that arrive
   * together, see the service): the UPDATE only matches while a run is open (a concurrent stop
   * waits for the row lock and then matches nothing) and the result's run id is UNIQUE, so
   * nothing is left half-written. Answers per result whether it stopped its run (false: already
   * stopped). Two results of one run go in successive rounds, in their order: the first counts.
   */
  async stopMany(db: DbOrTx, results: StopValues[]): Promise<boolean[]> {
    const stored = results.map(() => false);
    const indexed = results.map((values, index) => ({ values, index }));
    for (const round of uniqueRounds(indexed, (p) => p.values.runId)) {
      // in the order of the runs: concurrent rounds lock their rows in the same order
      round.sort((x, y) => x.values.runId - y.values.runId);
      const json = JSON.stringify(
        round.map(({ values: v }) => ({
          id: v.runId,
          t: v.at.toISOString(),
          p: v.achievedPercent,
          a: v.accomp,
          rc: v.rightCount,
          tc: v.totalCount,
          c: v.choices,
        })),
      );
      const done = new Set((await runHot(db, STOP_RUNS, [json])).map((r) => Number(r.id)));
      for (const { values, index } of round) stored[index] = done.has(values.runId);
    }
    return stored;
  },
  /** the runs, their snapshots and the take facts of their tests for each caller, in one query */
  async runsForStop(
    db: DbOrTx,
    lookups: { runId: number; userId: number; withSnapshot: boolean }[],
  ): Promise<(RunForStop | undefined)[]> {
    const json = JSON.stringify(lookups.map((l, k) => ({ k, r: l.runId, u: l.userId, s: l.withSnapshot })));
    const found: (RunForStop | undefined)[] = lookups.map(() => undefined);
    for (const r of await runHot(db, RUNS_FOR_STOP, [json])) {
      found[Number(r.k)] = {
        run: {
          id: Number(r.id),
          userId: Number(r.user_id),
          mcTestId: Number(r.mc_test_id),
          startedAt: toDate(r.started_at),
          stoppedAt: toDateOrNull(r.stopped_at),
          snapshot: r.snapshot == null ? null : (JSON.parse(String(r.snapshot)) as RunSnapshot),
        },
        facts: {
          ownerId: Number(r.owner_id),
          enabled: Number(r.enabled),
          chapter:
            r.chapter_unlocked == null || r.seminar_owner_id == null
              ? null
              : {
                  unlocked: Number(r.chapter_unlocked),
                  parentUnlocked: toNumOrNull(r.parent_unlocked),
                  seminar: {
                    ownerId: Number(r.seminar_owner_id),
                    isPublic: !!r.is_public,
                    isCompany: !!r.is_company,
                    companyId: toNumOrNull(r.company_id),
                  },
                  booked: !!r.booked,
                },
        },
      };
    }
    return found;
  },

  /** the user's runs, newest first, with the result of practice runs */
  async studentPage(db: DbOrTx, userId: number, limit: number, offset: number) {
    const where = eq(userGraduateMctests.userId, userId);
    const [rows, [count]] = await Promise.all([
      db
        .select({
          id: userGraduateMctests.id,
          mcTestId: userGraduateMctests.mcTestId,
          mode: userGraduateMctests.mode,
          label: sql<string>`${userGraduateMctests.snapshot}->>'label'`,
          percent: sql<number>`(${userGraduateMctests.snapshot}->>'percentToAccomplish')::int`,
          startedAt: userGraduateMctests.startedAt,
          stoppedAt: userGraduateMctests.stoppedAt,
          achievedPercent: userGraduateMctests.achievedPercent,
          accomp: userGraduateMctests.accomp,
          passed: userGraduateMctests.passed,
          // a practice run's review: its questions as asked and its choices
          snapshot: sql<RunSnapshot | null>`case when ${userGraduateMctests.mode} = 'practice'
            then ${userGraduateMctests.snapshot} end`,
          choices: userGraduateResults.choices,
        })
        .from(userGraduateMctests)
        .leftJoin(userGraduateResults, eq(userGraduateResults.userGraduateMctestId, userGraduateMctests.id))
        .where(where)
        .orderBy(desc(userGraduateMctests.startedAt), desc(userGraduateMctests.id))
        .limit(limit)
        .offset(offset),
      db.select({ n: sql<number>`count(*)::int` }).from(userGraduateMctests).where(where),
    ]);
    return { rows, total: count?.n ?? 0 };
  },

  /**
   * Runs of the owner's tests (every test when ownerId is null), newest first: one query (the
   * total comes as a window count); a second only for a page past the end.
   */
  async ownerPage(
    db: DbOrTx,
    opts: { ownerId: number | null; testId?: number; q?: string; limit: number; offset: number },
    totals?: TtlCache<number>,
  ): Promise<{ rows: OwnerRunRow[]; total: number }> {
    const like = opts.q ? containsPattern(opts.q) : null;
    const filters: HotValue[] = [opts.ownerId, opts.testId ?? null, like];
    // the page through the started_at index (stops after `limit` rows) and the total apart: a
    // window count over the page query would read and sort every run of the owner
    const own = opts.ownerId !== null && opts.testId === undefined && like === null;
    const count = async () => {
      const counted = own
        ? await runHot(db, OWN_COUNT, [opts.ownerId])
        : like === null
          ? await runHot(db, OWNER_COUNT_ALL, [opts.ownerId, opts.testId ?? null])
          : await runHot(db, OWNER_COUNT, filters);
      return Number(counted[0]?.total ?? 0);
    };
    const [[page], total] = await Promise.all([
      own
        ? runHot(db, OWN_PAGE, [opts.ownerId, opts.limit, opts.offset])
        : runHot(db, OWNER_PAGE, [...filters, opts.limit, opts.offset]),
      totals ? totals.get(JSON.stringify(filters), count) : count(),
    ]);
    const raw = JSON.parse(String(page?.page ?? '[]')) as unknown[][];
    const time = (v: unknown) => (v == null ? null : new Date(Number(v)));
    return {
      total,
      rows: raw.map((r) => ({
        id: Number(r[at.id]),
        mcTestId: Number(r[at.mc_test_id]),
        mode: String(r[at.mode]),
        startedAt: new Date(Number(r[at.started_at])),
        stoppedAt: time(r[at.stopped_at]),
        achievedPercent: toNumOrNull(r[at.achieved_percent]),
        accomp: r[at.accomp] == null ? null : !!r[at.accomp],
        rightCount: toNumOrNull(r[at.right_count]),
        totalCount: toNumOrNull(r[at.total_count]),
        passed: Number(r[at.passed]),
        confirmedAt: time(r[at.confirmed_at]),
        label: String(r[at.label]),
        user: {
          id: Number(r[at.user_id]),
          firstName: String(r[at.first_name]),
          lastName: String(r[at.last_name]),
          email: String(r[at.email]),
        },
      })),
    };
  },
  async ownerRowById(db: DbOrTx, runId: number): Promise<OwnerRunRow | undefined> {
    const [row] = await db
      .select(ownerRow)
      .from(userGraduateMctests)
      .innerJoin(mcTests, eq(mcTests.id, userGraduateMctests.mcTestId))
      .innerJoin(users, eq(users.id, userGraduateMctests.userId))
      .where(eq(userGraduateMctests.id, runId))
      .limit(1);
    return row;
  },
  /** a run with its test's owner and label and the run's user (for confirmation and audit) */
  async runWithTestOwner(db: DbOrTx, runId: number) {
    const [row] = await db
      .select({
        run: userGraduateMctests,
        ownerId: mcTests.ownerId,
        label: mcTests.label,
        user: { firstName: users.firstName, lastName: users.lastName },
      })
      .from(userGraduateMctests)
      .innerJoin(mcTests, eq(mcTests.id, userGraduateMctests.mcTestId))
      .innerJoin(users, eq(users.id, userGraduateMctests.userId))
      .where(eq(userGraduateMctests.id, runId))
      .limit(1);
    return row;
  },
  async setPassed(db: DbOrTx, runId: number, passed: 0 | 1, by: number, at: Date): Promise<void> {
    await db
      .update(userGraduateMctests)
      .set(
        passed
          ? { passed, confirmedBy: by, confirmedAt: at }
          : { passed, confirmedBy: null, confirmedAt: null },
      )
      .where(eq(userGraduateMctests.id, runId));
  },

  /** every run of a test with its user and who confirmed it, newest first */
  async runsOfTest(db: DbOrTx, testId: number) {
    return db
      .select({
        run: {
          id: userGraduateMctests.id,
          mcTestId: userGraduateMctests.mcTestId,
          mode: userGraduateMctests.mode,
          startedAt: userGraduateMctests.startedAt,
          stoppedAt: userGraduateMctests.stoppedAt,
          achievedPercent: userGraduateMctests.achievedPercent,
          accomp: userGraduateMctests.accomp,
          passed: userGraduateMctests.passed,
          confirmedAt: userGraduateMctests.confirmedAt,
        },
        user: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
        confirmer: { id: confirmer.id, firstName: confirmer.firstName, lastName: confirmer.lastName },
      })
      .from(userGraduateMctests)
      .innerJoin(users, eq(users.id, userGraduateMctests.userId))
      .leftJoin(confirmer, eq(confirmer.id, userGraduateMctests.confirmedBy))
      .where(eq(userGraduateMctests.mcTestId, testId))
      .orderBy(desc(userGraduateMctests.startedAt), desc(userGraduateMctests.id));
  },
  /** the results of a test's runs with the snapshots they were scored on */
  async resultsOfTest(db: DbOrTx, testId: number) {
    return db
      .select({
        id: userGraduateResults.id,
        userGraduateMctestId: userGraduateResults.userGraduateMctestId,
        snapshot: userGraduateMctests.snapshot,
        choices: userGraduateResults.choices,
        createdAt: userGraduateResults.createdAt,
      })
      .from(userGraduateResults)
      .innerJoin(userGraduateMctests, eq(userGraduateMctests.id, userGraduateResults.userGraduateMctestId))
      .where(eq(userGraduateMctests.mcTestId, testId))
      .orderBy(desc(userGraduateResults.createdAt), desc(userGraduateResults.id));
  },
  /**
   * Per question of a test: in how many finished runs it was asked and how often it was right,
   * from the stored choices (the label of the newest snapshot), in the order first asked.
   */
  async questionStats(db: DbOrTx, testId: number) {
    const result = await db.execute(sql`select (c.v->>'q')::int as question_id,
        (array_agg(r.snapshot->'questions'->(c.n::int - 1)->>'label'
          order by res.created_at desc, res.id desc))[1] as label,
        count(*)::int as answered,
        count(*) filter (where (c.v->>'r')::boolean)::int as right_count
      from ${userGraduateResults} res
      join ${userGraduateMctests} r on r.id = res.user_graduate_mctest_id
      cross join lateral jsonb_array_elements(res.choices) with ordinality as c(v, n)
      where r.mc_test_id = ${testId}
      group by 1
      order by min(c.n), 1`);
    return (
      result as unknown as {
        rows: { question_id: number; label: string; answered: number; right_count: number }[];
      }
    ).rows.map((r) => ({
      questionId: Number(r.question_id),
      label: r.label,
      answered: Number(r.answered),
      right: Number(r.right_count),
    }));
  },
  /** the user's stopped runs over all tests, newest first (the admin area's user detail) */
  async stoppedRunsOfUser(db: DbOrTx, userId: number) {
    return db
      .select({
        runId: userGraduateMctests.id,
        mcTest: { id: mcTests.id, label: mcTests.label },
        achievedPercent: userGraduateMctests.achievedPercent,
        accomp: userGraduateMctests.accomp,
        passed: userGraduateMctests.passed,
        stoppedAt: userGraduateMctests.stoppedAt,
      })
      .from(userGraduateMctests)
      .innerJoin(mcTests, eq(mcTests.id, userGraduateMctests.mcTestId))
      .where(and(eq(userGraduateMctests.userId, userId), isNotNull(userGraduateMctests.stoppedAt)))
      .orderBy(desc(userGraduateMctests.stoppedAt));
  },
};
