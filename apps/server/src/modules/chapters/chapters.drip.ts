import { eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { chapters, seminars } from '../../db/schema/index.ts';

export interface DripChapter {
  id: number;
  seminarId: number;
  label: string;
  seminarTitle: string;
  days: number;
}

/**
 * The chapters that open by drip (`available_after_days` > 0) with their seminar's title, for the
 * drip mails of the notifications module (issue 36 item 6; the service's `dripChapters`).
 */
export const dripChapters = (db: DbOrTx) => (): Promise<DripChapter[]> =>
  db
    .select({
      id: chapters.id,
      seminarId: chapters.seminarId,
      label: chapters.label,
      seminarTitle: seminars.title,
      days: chapters.availableAfterDays,
    })
    .from(chapters)
    .innerJoin(seminars, eq(seminars.id, chapters.seminarId))
    .where(gt(chapters.availableAfterDays, 0)) as Promise<DripChapter[]>;
