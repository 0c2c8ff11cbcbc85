import type { DbOrTx, Tx } from '../../../db/client.ts';
import { randomToken } from '../../../lib/crypto.ts';
import { computeOn } from '../progress.read-model.ts';
import { progressRepository as repo } from '../progress.repository.ts';

/**
 * Decides a learner's completion of a seminar now, after a fact changed (issue 36 item 3): a
 * chapter marked done, a video passing its coverage rule, a test run stopped, a graduation
 * confirmed. The one completion rule is the read model's (`meetsRules`: every playable chapter
 * done, by its mark or by its videos' coverage, and every enabled test passed, confirmed when the
 * seminar asks for it). When it is met and no completion is stored, the completion and its
 * certificate are stored with the date `at`, the moment of the write; a stored one stays as it is
 * (idempotent: parallel writes store one, the first). A completion is never taken back by a later
 * change (a chapter unmarked, a graduation undone): it is a certificate already issued.
 * Run it in the write's transaction; returns whether it stored a completion.
 */
export async function evaluateCompletion(
  tx: Tx,
  userId: number,
  seminarId: number,
  at: Date,
): Promise<boolean> {
  const done = await evaluateCompletions(tx, [{ userId, seminarId, at }]);
  return done > 0;
}

/**
 * evaluateCompletion after test runs stopped, for many at once (the stops are batched): the
 * seminars of the tests in one statement, then the evaluation of every learner and seminar
 */
export async function evaluateAfterRuns(
  tx: Tx,
  runs: { userId: number; mcTestId: number; at: Date }[],
): Promise<number> {
  const seminarOf = await repo.seminarsOfTests(tx, [...new Set(runs.map((r) => r.mcTestId))]);
  const pairs = runs.flatMap((r) => {
    const seminarId = seminarOf.get(r.mcTestId);
    return seminarId === undefined ? [] : [{ userId: r.userId, seminarId, at: r.at }];
  });
  return evaluateCompletions(tx, pairs);
}

/** evaluateCompletion for many pairs at once (the catch-up): the read model's statements plus two */
export async function evaluateCompletions(
  db: DbOrTx,
  pairs: { userId: number; seminarId: number; at: Date }[],
): Promise<number> {
  const computed = await computeOn(db, pairs);
  const atOf = new Map(pairs.map((p) => [`${p.userId}/${p.seminarId}`, p.at]));
  const due = [...computed.entries()].filter(([, c]) => c.meetsRules && !c.completed);
  if (due.length === 0) return 0;
  const names = await repo.names(db, [...new Set(due.map(([k]) => Number(k.split('/')[0])))]);
  const rows = due.map(([key, c]) => {
    const userId = Number(key.split('/')[0]);
    return {
      userId,
      seminarId: c.seminar.id,
      at: atOf.get(key)!,
      certificate: {
        code: randomToken(18),
        ownerId: c.seminar.ownerId,
        learnerName: names.get(userId) ?? '',
        seminarTitle: c.seminar.title,
        trainerName: c.seminar.ownerName,
        hours: c.seminar.hours,
      },
    };
  });
  await repo.complete(db, rows);
  return rows.length;
}
