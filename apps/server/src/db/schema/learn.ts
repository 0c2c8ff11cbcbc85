import { index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { chapters, seminars } from './seminars.ts';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The chapter a learner opened last in a seminar (module `learn`, issue 36): written by the player
 * when a chapter opens, read by "Mein Lernen" and the seminar page's "Fortsetzen".
 */
export const seminarVisits = pgTable(
  'seminar_visits',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seminarId: integer('seminar_id')
      .notNull()
      .references(() => seminars.id, { onDelete: 'cascade' }),
    chapterId: integer('chapter_id')
      .notNull()
      .references(() => chapters.id, { onDelete: 'cascade' }),
    visitedAt: ts('visited_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.seminarId] }),
    index('seminar_visits_seminar_idx').on(t.seminarId),
    index('seminar_visits_chapter_idx').on(t.chapterId),
  ],
);
