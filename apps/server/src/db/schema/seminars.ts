import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const seminars = pgTable(
  'seminars',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    imagePath: text('image_path'),
    /** minor units; 0 = free */
    price: integer('price').notNull().default(0),
    currency: text('currency').notNull(),
    /** the language it is taught in, `de` or `en` (issue 34: the catalogue's filter) */
    language: text('language').notNull().default('de'),
    isPublic: boolean('is_public').notNull().default(false),
    isCompany: boolean('is_company').notNull().default(false),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('seminars_slug_unique').on(t.slug),
    // ascending: scanned backwards it serves ORDER BY created_at DESC, id DESC (NULLS FIRST)
    index('seminars_public_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.isPublic} and not ${t.isCompany}`),
    index('seminars_owner_idx').on(t.ownerId),
    index('seminars_company_idx').on(t.companyId).where(sql`${t.companyId} is not null`),
  ],
);

/** Top-level chapters (chapter_id null) and one level of sub-chapters. */
export const chapters = pgTable(
  'chapters',
  {
    id: serial('id').primaryKey(),
    seminarId: integer('seminar_id')
      .notNull()
      .references(() => seminars.id, { onDelete: 'cascade' }),
    chapterId: integer('chapter_id'),
    label: text('label').notNull(),
    content: text('content').notNull().default(''),
    description: text('description').notNull().default(''),
    position: integer('position').notNull().default(0),
    unlocked: smallint('unlocked').notNull().default(0),
    /** a free preview: playable without a booking in a public seminar (a sub-chapter inherits it) */
    preview: boolean('preview').notNull().default(false),
    /** drip (issue 36): playable for a learner this many days after their grant; null = at once */
    availableAfterDays: integer('available_after_days'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('chapters_seminar_idx').on(t.seminarId, t.position),
    index('chapters_parent_idx').on(t.chapterId),
    check(
      'chapters_available_after_days',
      sql`${t.availableAfterDays} is null or (${t.availableAfterDays} >= 0 and ${t.availableAfterDays} <= 3650)`,
    ),
    foreignKey({ columns: [t.chapterId], foreignColumns: [t.id], name: 'chapters_parent_fk' }).onDelete(
      'cascade',
    ),
  ],
);

/** Uploaded files of a chapter: kind `video` or `doc`. Rows exist only for complete files. */
export const chapterFiles = pgTable(
  'chapter_files',
  {
    id: serial('id').primaryKey(),
    chapterId: integer('chapter_id')
      .notNull()
      .references(() => chapters.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    label: text('label').notNull(),
    originalName: text('original_name').notNull(),
    /** relative to DATA_DIR/uploads, random name */
    storagePath: text('storage_path').notNull(),
    mime: text('mime').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    /** videos: their length in whole seconds, read from the file (issue 34); null = unknown, docs */
    durationSeconds: integer('duration_seconds'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('chapter_files_chapter_idx').on(t.chapterId, t.kind)],
);

export const chapterLinks = pgTable(
  'chapter_links',
  {
    id: serial('id').primaryKey(),
    chapterId: integer('chapter_id')
      .notNull()
      .references(() => chapters.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    url: text('url').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('chapter_links_chapter_idx').on(t.chapterId)],
);

/** A user marked a chapter as done. */
export const chapterUsers = pgTable(
  'chapter_users',
  {
    chapterId: integer('chapter_id')
      .notNull()
      .references(() => chapters.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    doneAt: ts('done_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chapterId, t.userId] }), index('chapter_users_user_idx').on(t.userId)],
);
