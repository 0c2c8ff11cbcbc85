import { z } from 'zod';
import { encodeMessage as m } from '../i18n/messages.ts';
import { pageQuery, paginated } from './common.ts';

/** Contract: docs/api/progress.md (issue 16). */

/** a chapter counts as done by its videos when each is watched to this share */
export const VIDEO_DONE_SHARE = 0.9;
/** longest video the position endpoint accepts (seconds): 24 hours */
export const MAX_VIDEO_SECONDS = 86_400;
/** segments one save may report */
export const MAX_SEGMENTS = 50;
/** the verification code: 24 base64url characters (144 random bits) */
export const CERTIFICATE_CODE_RE = /^[A-Za-z0-9_-]{24}$/;

const seconds = () =>
  z
    .number({ error: m('validation.invalid') })
    .finite({ error: m('validation.invalid') })
    .min(0, { error: m('validation.number_min', { min: 0 }) })
    .max(MAX_VIDEO_SECONDS, { error: m('validation.number_max', { max: MAX_VIDEO_SECONDS }) });

/**
 * One save of the player: where it is, the video's length and the parts played since the last
 * save ([from, to] in seconds, from < to ≤ duration). `xsrf` carries the CSRF token for
 * `navigator.sendBeacon`, which cannot set the header (docs/decisions.md, issue 16).
 */
export const videoPositionBodySchema = z
  .object({
    position: seconds(),
    duration: seconds().refine((d) => d > 0, { error: m('validation.number_min', { min: 0 }) }),
    segments: z
      .array(z.tuple([seconds(), seconds()]), { error: m('validation.invalid') })
      .max(MAX_SEGMENTS, { error: m('progress.too_many_segments', { max: MAX_SEGMENTS }) })
      .default([]),
    xsrf: z.string().max(200).optional(),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.position > b.duration + 1)
      ctx.addIssue({ code: 'custom', path: ['position'], message: m('progress.beyond_duration') });
    b.segments.forEach(([from, to], i) => {
      if (!(from < to))
        ctx.addIssue({ code: 'custom', path: ['segments', i], message: m('progress.segment_order') });
      else if (to > b.duration + 1)
        ctx.addIssue({ code: 'custom', path: ['segments', i], message: m('progress.beyond_duration') });
    });
  });
export type VideoPositionBody = z.infer<typeof videoPositionBodySchema>;

export const videoProgressSchema = z.object({
  video_id: z.number().int(),
  chapter_id: z.number().int(),
  /** seconds where the learner stopped (0: never played) */
  position: z.number(),
  duration: z.number(),
  /** share of the video watched, 0..1 */
  coverage: z.number().min(0).max(1),
});
export type VideoProgressDto = z.infer<typeof videoProgressSchema>;

export const certificateRefSchema = z.object({
  code: z.string(),
  issued_at: z.string(),
  revoked_at: z.string().nullable(),
});

/** a learner's progress in one seminar */
export const seminarProgressSchema = z.object({
  seminar_id: z.number().int(),
  chapters_total: z.number().int(),
  chapters_done: z.number().int(),
  tests_total: z.number().int(),
  tests_passed: z.number().int(),
  /** (chapters done + tests passed) / (chapters + tests), 0..100 rounded; 0 when there is nothing */
  percent: z.number().int().min(0).max(100),
  /** watched seconds / length of all videos of the playable chapters, 0..1 (null: no video) */
  video_coverage: z.number().min(0).max(1).nullable(),
  completed_at: z.string().nullable(),
  certificate: certificateRefSchema.nullable(),
});
export type SeminarProgressDto = z.infer<typeof seminarProgressSchema>;

/** the learner's own view of one seminar: the summary with each chapter, test and video */
export const seminarProgressDetailSchema = seminarProgressSchema.extend({
  chapters: z.array(
    z.object({
      chapter_id: z.number().int(),
      done: z.boolean(),
      /** done by watching its videos (owner's rule) instead of the mark */
      video_rule: z.boolean(),
    }),
  ),
  tests: z.array(
    z.object({ mc_test_id: z.number().int(), chapter_id: z.number().int(), passed: z.boolean() }),
  ),
  videos: z.array(videoProgressSchema),
});
export type SeminarProgressDetailDto = z.infer<typeof seminarProgressDetailSchema>;

export const learnerProgressQuerySchema = pageQuery.extend({
  kind: z.enum(['personal', 'company'], { error: m('validation.invalid') }).optional(),
});
export type LearnerProgressQuery = z.infer<typeof learnerProgressQuerySchema>;

export const learnerProgressRowSchema = z.object({
  user: z.object({
    id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
  }),
  source: z.enum(['free', 'purchase', 'company']),
  company_id: z.number().int().nullable(),
  progress: seminarProgressSchema,
  /** coverage per video of the seminar's playable chapters */
  videos: z.array(z.object({ video_id: z.number().int(), coverage: z.number().min(0).max(1) })),
  /** a company assignment's due date (YYYY-MM-DD, Europe/Zurich) and its state; null: none */
  due: z.object({ due_date: z.string(), state: z.enum(['done', 'overdue', 'due_soon', 'due']) }).nullable(),
});
export type LearnerProgressRow = z.infer<typeof learnerProgressRowSchema>;
export const learnerProgressPageSchema = paginated(learnerProgressRowSchema);

export const completionSettingsSchema = z.object({
  /** hours printed on the certificate (null: none) */
  hours: z.number().nullable(),
  /** tests count as passed only after the owner confirmed the graduation */
  require_confirmation: z.boolean(),
  /** chapters that are done when their videos are watched to 90 % */
  video_done_chapter_ids: z.array(z.number().int()),
});
export type CompletionSettingsDto = z.infer<typeof completionSettingsSchema>;

export const completionSettingsBodySchema = z
  .object({
    hours: z
      .number({ error: m('validation.invalid') })
      .gt(0, { error: m('validation.number_min', { min: 0 }) })
      .max(1000, { error: m('validation.number_max', { max: 1000 }) })
      .nullable(),
    require_confirmation: z.boolean({ error: m('validation.invalid') }),
    video_done_chapter_ids: z
      .array(
        z
          .number({ error: m('validation.integer') })
          .int({ error: m('validation.integer') })
          .positive(),
      )
      .max(1000),
  })
  .strict();
export type CompletionSettingsBody = z.infer<typeof completionSettingsBodySchema>;

/** what a certificate says, on the PDF, the verification page and the learner's list */
export const certificateSchema = z.object({
  code: z.string(),
  learner_name: z.string(),
  seminar_title: z.string(),
  trainer_name: z.string(),
  hours: z.number().nullable(),
  completed_at: z.string(),
  status: z.enum(['valid', 'revoked']),
  revoked_at: z.string().nullable(),
});
export type CertificateDto = z.infer<typeof certificateSchema>;

/** the learner's own list: with the seminar's slug while it exists */
export const myCertificateSchema = certificateSchema.extend({
  seminar_slug: z.string().nullable(),
  issued_at: z.string(),
});
export type MyCertificateDto = z.infer<typeof myCertificateSchema>;

export const certificateCodeParams = z.object({
  code: z.string().regex(CERTIFICATE_CODE_RE, { error: m('certificate.invalid') }),
});

export const revokeCertificateBodySchema = z
  .object({
    reason: z
      .string({ error: m('validation.required') })
      .trim()
      .min(3, { error: m('validation.min', { min: 3 }) })
      .max(500, { error: m('validation.max', { max: 500 }) }),
  })
  .strict();
export type RevokeCertificateBody = z.infer<typeof revokeCertificateBodySchema>;
