import type { DbOrTx } from '../../db/client.ts';
import { type HotStatement, runHot } from '../../db/hot-statements.ts';
import type { RunSnapshot } from '../../db/schema/index.ts';
import { uniqueRounds } from '../../lib/batch.ts';
import { toDateOrNull } from './graduate.raw.ts';

/*
 * The answer saves of runs (issue 37 item 2) a batch at a time: players save as they answer, so
 * a class in an exam sends many saves at once; the saves that arrive together share one look-up
 * and one write (graduate.context.ts) instead of two statements each.
 */

/** $1: a jsonb array of look-ups {k: key, r: run, s: with the snapshot}; each row carries its key */
const RUNS_FOR_SAVE: HotStatement = {
  name: 'mc_runs_for_save',
  plan: 'generic',
  types: ['jsonb'],
  text: `select i.k, r.user_id, r.stopped_at, r.deadline, case when i.s then r.snapshot::text end as snapshot
    from jsonb_to_recordset($1::jsonb) as i(k int, r int, s boolean)
    join user_graduate_mctests r on r.id = i.r`,
};

/**
 * $1: a jsonb array of saves {id: run, u: caller, q: question, a: answer ids, t: time}, each run
 * once. A save is written only while its run is the caller's, open and before its deadline;
 * other questions' answers are kept. Answers the runs saved with their deadlines.
 */
const SAVE_ANSWERS: HotStatement = {
  name: 'mc_save_answers',
  plan: 'generic',
  types: ['jsonb'],
  text: `with i as (
      select * from jsonb_to_recordset($1::jsonb) as i(id int, u int, q text, a jsonb, t timestamptz)
    )
    update user_graduate_mctests g
      set saved_answers = coalesce(g.saved_answers, '{}'::jsonb) || jsonb_build_object(i.q, i.a)
    from i
    where g.id = i.id and g.user_id = i.u and g.stopped_at is null and (g.deadline is null or g.deadline > i.t)
    returning g.id, g.deadline`,
};

export interface RunForSave {
  userId: number;
  stoppedAt: Date | null;
  deadline: Date | null;
  snapshot: RunSnapshot | null;
}

export interface SaveValues {
  runId: number;
  userId: number;
  questionId: number;
  answerIds: number[];
  at: Date;
}

/** what saving an answer needs to know about each run (its snapshot only where asked), in one query */
export async function runsForSave(
  db: DbOrTx,
  lookups: { runId: number; withSnapshot: boolean }[],
): Promise<(RunForSave | undefined)[]> {
  const json = JSON.stringify(lookups.map((l, k) => ({ k, r: l.runId, s: l.withSnapshot })));
  const found: (RunForSave | undefined)[] = lookups.map(() => undefined);
  for (const r of await runHot(db, RUNS_FOR_SAVE, [json])) {
    found[Number(r.k)] = {
      userId: Number(r.user_id),
      stoppedAt: toDateOrNull(r.stopped_at),
      deadline: toDateOrNull(r.deadline),
      snapshot: r.snapshot == null ? null : (JSON.parse(String(r.snapshot)) as RunSnapshot),
    };
  }
  return found;
}

/**
 * Writes the saves, one statement per round; two saves of one run go in successive rounds, in
 * their order (the later one's answers to a question win). Answers per save its run's deadline,
 * or undefined when nothing was saved (not the caller's, stopped, or past its deadline).
 */
export async function saveMany(
  db: DbOrTx,
  saves: SaveValues[],
): Promise<({ deadline: Date | null } | undefined)[]> {
  const saved: ({ deadline: Date | null } | undefined)[] = saves.map(() => undefined);
  const indexed = saves.map((values, index) => ({ values, index }));
  for (const round of uniqueRounds(indexed, (s) => s.values.runId)) {
    const json = JSON.stringify(
      round.map(({ values: v }) => ({
        id: v.runId,
        u: v.userId,
        q: String(v.questionId),
        a: v.answerIds,
        t: v.at.toISOString(),
      })),
    );
    const written = new Map<number, Date | null>();
    for (const r of await runHot(db, SAVE_ANSWERS, [json]))
      written.set(Number(r.id), toDateOrNull(r.deadline));
    for (const { values, index } of round) {
      if (written.has(values.runId)) saved[index] = { deadline: written.get(values.runId) ?? null };
    }
  }
  return saved;
}
