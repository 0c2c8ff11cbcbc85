import { z } from 'zod';
import { seminarProgressSchema } from './progress.ts';

/**
 * "Mein Lernen" (issue 36 items 1 and 2): the learner's own dashboard (`GET /api/learn`) and the
 * player's record of the chapter opened last (`PUT /api/seminars/{id}/visit`).
 */

const dueStateSchema = z.enum(['done', 'overdue', 'due_soon', 'due']);

/** the exact place to continue: the chapter opened last and where its first video stands */
export const continueTargetSchema = z.object({
  chapter_id: z.number().int(),
  /** 1-based place of the chapter among the seminar's playable chapters */
  chapter_number: z.number().int(),
  /** the chapter's first video, null when it has none */
  video_id: z.number().int().nullable(),
  /** seconds into that video (0 when never played) */
  position: z.number().min(0),
  visited_at: z.string(),
});
export type ContinueTarget = z.infer<typeof continueTargetSchema>;

/** a company assignment's due date (YYYY-MM-DD, Europe/Zurich) and its state */
export const learnDueSchema = z.object({ due_date: z.string(), state: dueStateSchema });

export const learnSeminarSchema = z.object({
  seminar_id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  image_url: z.string().nullable(),
  /** `not_started`: no chapter opened and nothing done; `completed`: completion stored */
  state: z.enum(['not_started', 'in_progress', 'completed']),
  progress: seminarProgressSchema,
  /** null until the learner opens a chapter of the seminar */
  continue: continueTargetSchema.nullable(),
  /** the first playable chapter (the "Starten" target), null when none is playable */
  first_chapter_id: z.number().int().nullable(),
  /** the first playable chapter not done yet (after the last: null) */
  next_chapter_id: z.number().int().nullable(),
  /** the earliest due date of its company assignments, null when none is set */
  due: learnDueSchema.nullable(),
});
export type LearnSeminar = z.infer<typeof learnSeminarSchema>;

export const learnTestSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  mode: z.enum(['exam', 'practice']),
  seminar_id: z.number().int(),
  seminar_title: z.string(),
  chapter_id: z.number().int(),
  /** `open`: a run was started and not stopped; `failed`: stopped runs, none passed */
  state: z.enum(['not_started', 'open', 'passed', 'failed']),
  runs_used: z.number().int(),
  /** null: no limit (practice) */
  runs_allowed: z.number().int().nullable(),
  /** null: no limit */
  attempts_left: z.number().int().nullable(),
  best_percent: z.number().nullable(),
});
export type LearnTest = z.infer<typeof learnTestSchema>;

export const learnDeadlineSchema = z.object({
  seminar_id: z.number().int(),
  title: z.string(),
  due_date: z.string(),
  state: z.enum(['overdue', 'due_soon']),
});

export const learnCertificateSchema = z.object({
  code: z.string(),
  seminar_id: z.number().int(),
  title: z.string(),
  issued_at: z.string(),
});

export const learnDashboardSchema = z.object({
  seminars: z.array(learnSeminarSchema),
  tests: z.array(learnTestSchema),
  /** due within DUE_SOON_DAYS or overdue, not done; the soonest first */
  deadlines: z.array(learnDeadlineSchema),
  /** certificates issued in the last 30 days, the newest first */
  certificates: z.array(learnCertificateSchema),
  /** the companies whose team the caller manages (a card to `/company/{short_name}/team`) */
  team_views: z.array(z.object({ name: z.string(), short_name: z.string() })),
});
export type LearnDashboard = z.infer<typeof learnDashboardSchema>;

export const seminarVisitBodySchema = z.object({ chapter_id: z.number().int().positive() }).strict();
export type SeminarVisitBody = z.infer<typeof seminarVisitBodySchema>;
