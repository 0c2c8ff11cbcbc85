import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type HotStatement, type HotValue, runHot } from '../../db/hot-statements.ts';
import { containsPattern } from '../../db/query-helpers.ts';
import {
  mcTests,
  type RunSnapshot,
  userGraduateMctests,
  userGraduateResults,
  users,
} from '../../db/schema/index.ts';
import type { TtlCache } from '../../lib/ttl-cache.ts';
import { toNumOrNull } from './graduate.raw.ts';

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
  reviewContent: mcTests.reviewContent,
  reviewWhen: mcTests.reviewWhen,
  closesAt: mcTests.closesAt,
  accomplished: sql<boolean>`exists (select 1 from user_graduate_mctests x
    where x.user_id = ${userGraduateMctests.userId} and x.mc_test_id = ${userGraduateMctests.mcTestId} and x.accomp)`,
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
  /** what the learner's review depends on (issue 37 item 5; mcTestPolicy.review) */
  reviewContent: string | null;
  reviewWhen: string | null;
  closesAt: Date | null;
  accomplished: boolean;
  user: { id: number; firstName: string; lastName: string; email: string };
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
  'review_content',
  'review_when',
  'closes_at',
  'accomplished',
  'user_id',
  'first_name',
  'last_name',
  'email',
] as const;
const TIME_FIELDS = new Set<string>(['started_at', 'stopped_at', 'confirmed_at', 'closes_at']);
/** a field's place in a run's array */
const at = Object.fromEntries(PAGE_FIELDS.map((f, i) => [f, i])) as Record<
  (typeof PAGE_FIELDS)[number],
  number
>;

/** the learner has an accomplished run of the test ("after passing"); asked of the limited page only */
const ACCOMPLISHED = `exists (select 1 from user_graduate_mctests x
  where x.user_id = p.user_id and x.mc_test_id = p.mc_test_id and x.accomp)`;

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
    TIME_FIELDS.has(f)
      ? `floor(extract(epoch from p.${f}) * 1000)::int8`
      : f === 'accomplished'
        ? ACCOMPLISHED
        : `p.${f}`,
  ).join(', ');
  return `select coalesce(json_agg(json_build_array(${cells}) order by p.started_at desc, p.id desc), '[]'::json)::text as page from (${text}) p`;
};

/** one page of runs, newest first */
const OWNER_PAGE: HotStatement = {
  name: 'mc_owner_history',
  plan: 'custom',
  types: ['int', 'int', 'text', 'int', 'int'],
  text: asJsonPage(`select r.id, r.mc_test_id, r.mode, r.started_at, r.stopped_at, r.achieved_percent, r.accomp,
      r.right_count, r.total_count, r.passed, r.confirmed_at, t.label, t.review_content, t.review_when, t.closes_at,
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
      r.right_count, r.total_count, r.passed, r.confirmed_at, r.label, r.review_content, r.review_when, r.closes_at,
      u.id as user_id, u.first_name, u.last_name, u.email
    from (
      select r.id, r.mc_test_id, r.user_id, r.mode, r.started_at, r.stopped_at, r.achieved_percent,
        r.accomp, r.right_count, r.total_count, r.passed, r.confirmed_at, t.label,
        t.review_content, t.review_when, t.closes_at
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

/** The students' and owners' history of runs (part of graduateRepository). */
export const historyRepository = {
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
          // the review's questions as asked and its choices, unless the policy shows only the score
          snapshot: sql<RunSnapshot | null>`case when coalesce(${mcTests.reviewContent},
            case when ${userGraduateMctests.mode} = 'practice' then 'full' else 'score' end) <> 'score'
            then ${userGraduateMctests.snapshot} end`,
          choices: userGraduateResults.choices,
          // what the review policy decides on (issue 37 item 5)
          reviewContent: mcTests.reviewContent,
          reviewWhen: mcTests.reviewWhen,
          closesAt: mcTests.closesAt,
          // the user given as a value, not the row's column: the planner then reads the user's
          // accomplished runs through ugm_user_test_idx instead of hashing every accomplished run
          // (the plan check, bench/plans, found the scan)
          testAccomplished: sql<boolean>`exists (select 1 from user_graduate_mctests x
            where x.user_id = ${userId} and x.mc_test_id = ${userGraduateMctests.mcTestId} and x.accomp)`,
        })
        .from(userGraduateMctests)
        .innerJoin(mcTests, eq(mcTests.id, userGraduateMctests.mcTestId))
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
        reviewContent: r[at.review_content] == null ? null : String(r[at.review_content]),
        reviewWhen: r[at.review_when] == null ? null : String(r[at.review_when]),
        closesAt: time(r[at.closes_at]),
        accomplished: !!r[at.accomplished],
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
};
