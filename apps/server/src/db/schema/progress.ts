import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { chapterFiles, chapters, seminars } from './seminars.ts';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Where a learner stopped in a video and which parts they watched (issue 16): `intervals` are the
 * watched seconds as sorted, disjoint [start, end] pairs (merged by the database on every save);
 * `watched_s` is their total length.
 */
export const videoProgress = pgTable(
  'video_progress',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => chapterFiles.id, { onDelete: 'cascade' }),
    positionS: doublePrecision('position_s').notNull().default(0),
    durationS: doublePrecision('duration_s').notNull().default(0),
    intervals: jsonb('intervals').$type<[number, number][]>().notNull().default([]),
    watchedS: doublePrecision('watched_s').notNull().default(0),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.fileId] }), index('video_progress_file_idx').on(t.fileId)],
);

/** The owner's completion rule of a chapter: done when its videos are watched to 90 %. */
export const chapterCompletionRules = pgTable('chapter_completion_rules', {
  chapterId: integer('chapter_id')
    .primaryKey()
    .references(() => chapters.id, { onDelete: 'cascade' }),
  videoDone: boolean('video_done').notNull().default(false),
});

/** The owner's completion settings of a seminar: hours on the certificate, graduation confirmation. */
export const seminarCompletionSettings = pgTable(
  'seminar_completion_settings',
  {
    seminarId: integer('seminar_id')
      .primaryKey()
      .references(() => seminars.id, { onDelete: 'cascade' }),
    hours: doublePrecision('hours'),
    requireConfirmation: boolean('require_confirmation').notNull().default(false),
  },
  (t) => [
    check('seminar_completion_hours', sql`${t.hours} is null or (${t.hours} > 0 and ${t.hours} <= 1000)`),
  ],
);

/** A learner completed a seminar (stored once; later changes of the seminar do not undo it). */
export const seminarCompletions = pgTable(
  'seminar_completions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seminarId: integer('seminar_id')
      .notNull()
      .references(() => seminars.id, { onDelete: 'cascade' }),
    completedAt: ts('completed_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.seminarId] }),
    index('seminar_completions_seminar_idx').on(t.seminarId),
  ],
);

/**
 * A certificate of completion: its facts are copied at issue (they stay when the seminar, the
 * trainer or the learner change names, or the seminar is deleted). `code` is the public,
 * unguessable verification code (144 random bits, base64url).
 */
export const certificates = pgTable(
  'certificates',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    seminarId: integer('seminar_id').references(() => seminars.id, { onDelete: 'set null' }),
    /** the seminar's owner at issue (may revoke) */
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    learnerName: text('learner_name').notNull(),
    seminarTitle: text('seminar_title').notNull(),
    trainerName: text('trainer_name').notNull(),
    hours: doublePrecision('hours'),
    completedAt: ts('completed_at').notNull(),
    issuedAt: ts('issued_at').notNull().defaultNow(),
    revokedAt: ts('revoked_at'),
    revokedBy: integer('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    revokeReason: text('revoke_reason'),
  },
  (t) => [
    uniqueIndex('certificates_code_unique').on(t.code),
    uniqueIndex('certificates_user_seminar_unique').on(t.userId, t.seminarId),
    index('certificates_seminar_idx').on(t.seminarId),
    index('certificates_owner_idx').on(t.ownerId).where(sql`${t.ownerId} is not null`),
    index('certificates_revoked_by_idx').on(t.revokedBy).where(sql`${t.revokedBy} is not null`),
  ],
);
