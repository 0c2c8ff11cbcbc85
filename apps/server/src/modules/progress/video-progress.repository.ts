import { VIDEO_DONE_SHARE } from '@elearn/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type HotStatement, runHot } from '../../db/hot-statements.ts';
import { chapterFiles, chapters, seminars } from '../../db/schema/index.ts';
import { uniqueRounds } from '../../lib/batch.ts';
import { holdsSql, holdsSqlText } from '../enrolments/enrolments.sql.ts';
import { parent, playable } from './progress.sql.ts';

/**
 * Merges stored and new intervals in the database (gaps and islands): sorted by start, a new
 * island begins where a start lies beyond every end before it. `fresh` is a jsonb array of new
 * [start, end] pairs, already clamped to the video's length.
 */
const islands = (stored: string, fresh: string) => `
  with iv as (
    select (x->>0)::float8 as s, (x->>1)::float8 as e from jsonb_array_elements(${stored} || ${fresh}) as x
  ), marked as (
    select s, e, max(e) over (order by s, e rows between unbounded preceding and 1 preceding) as prev_end from iv
  ), grouped as (
    select s, e, sum(case when prev_end is null or s > prev_end then 1 else 0 end) over (order by s, e) as g
    from marked
  )
  select min(s) as s, max(e) as e from grouped group by g`;
const mergedText = (stored: string, fresh: string) =>
  `(select coalesce(jsonb_agg(jsonb_build_array(s, e) order by s), '[]'::jsonb) from (${islands(stored, fresh)}) i)`;
const lengthText = (stored: string, fresh: string) =>
  `(select coalesce(sum(e - s), 0) from (${islands(stored, fresh)}) i)`;

/**
 * $1: a jsonb array of saves {u: user, f: file, p: position, d: duration, s: new segments, t: time,
 * a: caller is admin}, at most one per user and video. A row is written only where the check
 * passes; the new segments are merged first, then with the stored ones on conflict. `decides`:
 * the seminar whose completion the save may have decided (the video is in a chapter done by
 * coverage, the user's coverage of it passes the rule, no completion stored; issue 36 item 3).
 */
const SAVE_POSITIONS: HotStatement = {
  name: 'progress_save_positions',
  plan: 'generic',
  types: ['jsonb'],
  text: `
insert into video_progress (user_id, file_id, position_s, duration_s, intervals, watched_s, updated_at)
select i.u, f.id, i.p, i.d, ${mergedText(`'[]'::jsonb`, 'i.s')}, ${lengthText(`'[]'::jsonb`, 'i.s')}, i.t
from jsonb_to_recordset($1::jsonb) as i(u int, f int, p float8, d float8, s jsonb, t timestamptz, a boolean)
join chapter_files f on f.id = i.f and f.kind = 'video'
join chapters c on c.id = f.chapter_id
left join chapters p on p.id = c.chapter_id
join seminars s on s.id = c.seminar_id
where i.a or s.owner_id = i.u
  or (c.unlocked = 1 and (c.chapter_id is null or p.unlocked = 1) and ${holdsSqlText('s.id', 'i.u')})
on conflict (user_id, file_id) do update set
  position_s = excluded.position_s,
  duration_s = excluded.duration_s,
  intervals = ${mergedText('video_progress.intervals', 'excluded.intervals')},
  watched_s = ${lengthText('video_progress.intervals', 'excluded.intervals')},
  updated_at = excluded.updated_at
returning user_id, file_id, (
  select c2.seminar_id from chapter_files f2
  join chapters c2 on c2.id = f2.chapter_id
  join chapter_completion_rules r on r.chapter_id = c2.id and r.video_done
  where f2.id = video_progress.file_id
    and video_progress.duration_s > 0
    and video_progress.watched_s >= ${VIDEO_DONE_SHARE} * video_progress.duration_s
    and not exists (select 1 from seminar_completions sc
      where sc.user_id = video_progress.user_id and sc.seminar_id = c2.seminar_id)
) as decides`,
};

export interface PositionSave {
  userId: number;
  isAdmin: boolean;
  fileId: number;
  position: number;
  duration: number;
  segments: [number, number][];
  at: Date;
}

/** a save's answer: written or not, and the seminar whose completion it may have decided */
export interface SavedPosition {
  saved: boolean;
  decides: number | null;
}

/** The player's saves: positions and the parts of a video played (part of progressRepository). */
export const videoProgressRepository = {
  /** a video file with its seminar, whether its chapter is playable and whether `userId` holds it */
  async videoAccess(db: DbOrTx, fileId: number, userId: number) {
    const [row] = await db
      .select({
        seminarId: seminars.id,
        ownerId: seminars.ownerId,
        open: sql<boolean>`${playable}`,
        held: sql<boolean>`${holdsSql(seminars.id, userId)}`,
      })
      .from(chapterFiles)
      .innerJoin(chapters, eq(chapters.id, chapterFiles.chapterId))
      .leftJoin(parent, eq(parent.id, chapters.chapterId))
      .innerJoin(seminars, eq(seminars.id, chapters.seminarId))
      .where(and(eq(chapterFiles.id, fileId), eq(chapterFiles.kind, 'video')))
      .limit(1);
    return row;
  },

  /**
   * Saves in one statement each round: the access check (a video of a seminar the user may play:
   * its owner, an admin, or a holder when the chapter is playable) and the upsert that replaces
   * position and length and merges the intervals. Answers per save whether it was written (false:
   * the check failed, nothing written) and the seminar whose completion it may have decided. Two saves of one user and video go in successive rounds,
   * in their order (an upsert touches a row once per statement). A hot statement (db/hot-statements.ts:
   * planned once, the hot path of the player).
   */
  async savePositions(db: DbOrTx, saves: PositionSave[]): Promise<SavedPosition[]> {
    const saved: SavedPosition[] = saves.map(() => ({ saved: false, decides: null }));
    const indexed = saves.map((save, index) => ({ save, index }));
    for (const round of uniqueRounds(indexed, (p) => `${p.save.userId}/${p.save.fileId}`)) {
      const json = JSON.stringify(
        round.map(({ save: v }) => ({
          u: v.userId,
          f: v.fileId,
          p: v.position,
          d: v.duration,
          s: v.segments,
          t: v.at.toISOString(),
          a: v.isAdmin,
        })),
      );
      const rows = await runHot(db, SAVE_POSITIONS, [json]);
      const written = new Map(
        rows.map((r) => [`${r.user_id}/${r.file_id}`, r.decides == null ? null : Number(r.decides)]),
      );
      for (const { save, index } of round) {
        const key = `${save.userId}/${save.fileId}`;
        saved[index] = { saved: written.has(key), decides: written.get(key) ?? null };
      }
    }
    return saved;
  },
};
