import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type HotStatement, runHot } from '../../db/hot-statements.ts';
import {
  type RunSnapshot,
  type SavedAnswers,
  type StoredChoice,
  userGraduateMctests,
  type userGraduateResults,
} from '../../db/schema/index.ts';
import { uniqueRounds } from '../../lib/batch.ts';
import { holdsSqlText } from '../enrolments/enrolments.sql.ts';
import { toDate, toDateOrNull, toNumOrNull } from './graduate.raw.ts';

export type RunRow = typeof userGraduateMctests.$inferSelect;
export type ResultRow = typeof userGraduateResults.$inferSelect;

/**
 * $1: a jsonb array of look-ups {k: key, r: run, u: caller, s: with the snapshot}; each row
 * carries its look-up's key
 */
const RUNS_FOR_STOP: HotStatement = {
  name: 'mc_runs_for_stop',
  plan: 'generic',
  types: ['jsonb'],
  text: `select i.k, r.id, r.user_id, r.mc_test_id, r.started_at, r.stopped_at, r.deadline,
      case when i.s then r.snapshot::text end as snapshot,
      case when r.deadline is not null then r.saved_answers::text end as saved_answers,
      t.owner_id, t.enabled, c.unlocked as chapter_unlocked, p.unlocked as parent_unlocked,
      s.owner_id as seminar_owner_id, s.is_public, s.is_company, s.company_id,
      ${holdsSqlText('s.id', 'i.u')} as booked,
      t.review_content, t.review_when, t.closes_at,
      exists (select 1 from user_graduate_mctests x
        where x.mc_test_id = r.mc_test_id and x.user_id = r.user_id and x.accomp) as accomplished
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

/** a run about to be stopped, with what the take rule needs to know about its test */
export interface RunForStop {
  run: {
    id: number;
    userId: number;
    mcTestId: number;
    startedAt: Date;
    stoppedAt: Date | null;
    /** null: no time limit (issue 37) */
    deadline: Date | null;
    /** the answers saved during the run (read only for timed runs) */
    savedAnswers: SavedAnswers | null;
    /** null when the caller said it has the snapshot */
    snapshot: RunSnapshot | null;
  };
  /** what the review of the run depends on besides its mode (issue 37 item 5) */
  review: {
    reviewContent: string | null;
    reviewWhen: string | null;
    closesAt: Date | null;
    accomplished: boolean;
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

/** Runs: start, the stop's look-up and the scoring's write (part of graduateRepository). */
export const runsRepository = {
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
    values: {
      mcTestId: number;
      userId: number;
      mode: string;
      snapshot: RunSnapshot;
      startedAt: Date;
      deadline: Date | null;
    },
  ): Promise<RunRow | undefined> {
    const [row] = await db.insert(userGraduateMctests).values(values).onConflictDoNothing().returning();
    return row;
  },
  /**
   * Scores runs exactly once, in one statement per round (the stops of players that arrive
   * together, see graduate.context.ts): the UPDATE only matches while a run is open (a concurrent
   * stop waits for the row lock and then matches nothing) and the result's run id is UNIQUE, so
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
          deadline: toDateOrNull(r.deadline),
          savedAnswers:
            r.saved_answers == null ? null : (JSON.parse(String(r.saved_answers)) as SavedAnswers),
          snapshot: r.snapshot == null ? null : (JSON.parse(String(r.snapshot)) as RunSnapshot),
        },
        review: {
          reviewContent: r.review_content == null ? null : String(r.review_content),
          reviewWhen: r.review_when == null ? null : String(r.review_when),
          closesAt: toDateOrNull(r.closes_at),
          accomplished: !!r.accomplished,
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
};
