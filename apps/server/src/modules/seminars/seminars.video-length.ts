import { type SQL, sql } from 'drizzle-orm';
import { chapterFiles, chapters } from '../../db/schema/index.ts';

/**
 * The total length in seconds of a seminar's videos (issue 34: the catalogue), as a column of the
 * list query (one correlated sum per listed row, by the chapter and the media index, no N+1): the
 * sum of the known lengths (0 is an unreadable video's); null when no video of the seminar has a known length (none uploaded,
 * or none readable). Capped at the integer column's range so a sum never fails the query.
 */
export const videoSecondsSql = (seminarId: SQL): SQL<number | null> =>
  sql<
    number | null
  >`(select nullif(least(coalesce(sum(f.duration_seconds), 0), 2147483647), 0)::int from ${chapterFiles} f
    join ${chapters} c on c.id = f.chapter_id
    where c.seminar_id = ${seminarId} and f.kind = 'video')`;
