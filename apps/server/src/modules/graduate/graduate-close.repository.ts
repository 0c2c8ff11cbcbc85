import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { RunSnapshot, SavedAnswers } from '../../db/schema/index.ts';
import { toDate, toDateOrNull } from './graduate.raw.ts';

/** an open run past its end: its deadline, or its test's close */
export interface ClosedWindowRun {
  id: number;
  userId: number;
  mcTestId: number;
  startedAt: Date;
  deadline: Date | null;
  closesAt: Date | null;
  snapshot: RunSnapshot;
  savedAnswers: SavedAnswers | null;
}

/** the runs that nobody stopped by their end (issue 37 items 1 and 4) */
export const graduateCloseRepository = {
  /**
   * up to `limit` runs still open whose deadline is `graceSeconds` past at `now` (the partial
   * index ugm_open_deadline_idx), or started before their test's window closed by `now`
   */
  async openRunsPastEnd(
    db: DbOrTx,
    now: Date,
    graceSeconds: number,
    limit: number,
  ): Promise<ClosedWindowRun[]> {
    const at = now.toISOString();
    const result = await db.execute(sql`
      select r.id, r.user_id, r.mc_test_id, r.started_at, r.deadline, t.closes_at,
        r.snapshot::text as snapshot, r.saved_answers::text as saved_answers
      from user_graduate_mctests r
      join mc_tests t on t.id = r.mc_test_id
      where r.id in (
        select id from user_graduate_mctests
        where stopped_at is null and deadline is not null
          and deadline <= ${at}::timestamptz - make_interval(secs => ${graceSeconds})
        union
        select x.id from mc_tests c join user_graduate_mctests x on x.mc_test_id = c.id and x.stopped_at is null
        -- a manager's preview started after the close is not the close's to end
        where c.closes_at <= ${at}::timestamptz and x.started_at < c.closes_at
      )
      order by r.id
      limit ${limit}`);
    return (result as unknown as { rows: Record<string, unknown>[] }).rows.map((r) => ({
      id: Number(r.id),
      userId: Number(r.user_id),
      mcTestId: Number(r.mc_test_id),
      startedAt: toDate(r.started_at),
      deadline: toDateOrNull(r.deadline),
      closesAt: toDateOrNull(r.closes_at),
      snapshot: JSON.parse(String(r.snapshot)) as RunSnapshot,
      savedAnswers: r.saved_answers == null ? null : (JSON.parse(String(r.saved_answers)) as SavedAnswers),
    }));
  },
};
