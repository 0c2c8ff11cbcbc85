import { z } from 'zod';
import { encodeMessage as m } from '../i18n/messages.ts';
import { httpUrl, id, NON_BLANK } from './rules.ts';

export const CHAPTER_LABEL_MAX = 200;
export const CHAPTER_HTML_MAX = 200_000;
// without zod, so the web app's download helper doesn't pull zod into the chapter player
export { DOC_TYPES } from '../domain/doc-types.ts';
export const VIDEO_TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  webm: 'video/webm',
  ogg: 'video/ogg',
  ogv: 'video/ogg',
};

const label = () =>
  z
    .string({ error: m('validation.required') })
    .trim()
    .min(1, { error: m('validation.required') })
    .max(CHAPTER_LABEL_MAX, { error: m('validation.max', { max: CHAPTER_LABEL_MAX }) })
    .meta(NON_BLANK);
const html = () =>
  z
    .string()
    .max(CHAPTER_HTML_MAX, { error: m('validation.max', { max: CHAPTER_HTML_MAX }) })
    .default('');

/** the most days after booking a chapter can wait for (drip, issue 36; the database checks it too) */
export const DRIP_DAYS_MAX = 3650;
/** "available N days after booking": a whole number 0..3650, or null for at once */
const dripDays = () =>
  z
    .number({ error: m('validation.integer') })
    .int({ error: m('validation.integer') })
    .min(0, { error: m('validation.number_min', { min: 0 }) })
    .max(DRIP_DAYS_MAX, { error: m('validation.number_max', { max: DRIP_DAYS_MAX }) })
    .nullable();

export const createChapterBodySchema = z
  .object({
    seminar_id: id(),
    /** parent chapter for a sub-chapter (one level only) */
    chapter_id: id().nullable().optional(),
    label: label(),
    content: html(),
    description: html(),
    /** a free preview: playable without a booking in a public seminar */
    preview: z.boolean().default(false),
    /** drip: open to learners N calendar days after their first grant of the seminar; null = at once */
    available_after_days: dripDays().default(null),
  })
  .strict();

export const updateChapterBodySchema = z
  .object({
    id: id(),
    label: label(),
    content: html(),
    description: html(),
    /** the free-preview flag; omitted = unchanged */
    preview: z.boolean().optional(),
    /** drip days (see create); omitted = unchanged, null = at once */
    available_after_days: dripDays().optional(),
  })
  .strict();

export const reorderChaptersBodySchema = z
  .object({
    seminar_id: id(),
    /** every chapter of the seminar: its parent (null = top level) and its position among siblings */
    order: z
      .array(
        z
          .object({ id: id(), chapter_id: id().nullable(), position: z.number().int().min(0).max(10_000) })
          .strict(),
      )
      .min(1)
      .max(2000),
  })
  .strict();

export const toggleLockedBodySchema = z.object({ id: id() }).strict();
/** `chapterUser` is the chapter id; `done` sets the state (omitted = toggle) */
export const toggleUserBodySchema = z.object({ chapterUser: id(), done: z.boolean().optional() }).strict();

export const storeLinksBodySchema = z
  .object({
    chapter_id: id(),
    links: z
      .array(z.object({ label: label(), url: httpUrl() }).strict())
      .min(1)
      .max(50),
  })
  .strict();

export const mediaVideoSchema = z.object({
  id: z.number().int(),
  chapter_id: z.number().int(),
  label: z.string(),
  original_name: z.string(),
  mime: z.string(),
  size: z.number().int(),
  /** a video's length in whole seconds, read from the file (issue 34); null: unknown, and for documents */
  duration_seconds: z.number().int().nullable(),
  url: z.string(),
  created_at: z.string(),
});
export const mediaDocSchema = mediaVideoSchema;
export const mediaLinkSchema = z.object({
  id: z.number().int(),
  chapter_id: z.number().int(),
  label: z.string(),
  url: z.string(),
  created_at: z.string(),
});

const chapterBase = z.object({
  id: z.number().int(),
  seminar_id: z.number().int(),
  chapter_id: z.number().int().nullable(),
  label: z.string(),
  content: z.string(),
  description: z.string(),
  position: z.number().int(),
  unlocked: z.union([z.literal(0), z.literal(1)]),
  /** a free preview: the owner's flag (owners' tree); as applied, the parent's included (players, outline) */
  preview: z.boolean(),
  /** drip: the owner's "available N days after booking" (null = at once) */
  available_after_days: z.number().int().nullable(),
  /**
   * when the chapter opens (ISO) for the calling learner by drip, its parent's included; null when
   * no drip applies (no drip days, owners, no grant). While in the future, the chapter is locked.
   */
  available_at: z.string().nullable(),
  /** the caller marked it done (students); owners: false */
  done: z.boolean(),
  chapter_videos: z.array(mediaVideoSchema),
  /**
   * the total length in seconds of its own videos (not its sub-chapters'), null when none is known
   * (issue 34); shown also where the videos themselves are not (the preview outline)
   */
  video_seconds: z.number().int().nullable(),
  chapter_docs: z.array(mediaDocSchema),
  chapter_links: z.array(mediaLinkSchema),
});
export const chapterDtoSchema = chapterBase.extend({ sub_chapters: z.array(chapterBase) });
export type ChapterDto = z.infer<typeof chapterDtoSchema>;
export type SubChapterDto = z.infer<typeof chapterBase>;

export const sideMenuEntrySchema = z.object({
  id: z.number().int(),
  label: z.string(),
  chapter_id: z.number().int().nullable(),
  position: z.number().int(),
  unlocked: z.union([z.literal(0), z.literal(1)]),
  /** a free preview: own flag for owners, as applied (the parent's included) for players */
  preview: z.boolean(),
  sub_chapters: z.array(
    z.object({
      id: z.number().int(),
      label: z.string(),
      chapter_id: z.number().int().nullable(),
      position: z.number().int(),
      unlocked: z.union([z.literal(0), z.literal(1)]),
      preview: z.boolean(),
    }),
  ),
});

export const userInteractionSchema = z.object({
  user_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  done_at: z.string(),
});
