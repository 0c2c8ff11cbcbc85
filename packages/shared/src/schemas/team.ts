import { z } from 'zod';
import { isIsoDate } from '../domain/learning-dates.ts';
import { encodeMessage as m } from '../i18n/messages.ts';
import { id } from './rules.ts';

/**
 * Due dates of company assignments and the company's team view (issue 36 items 5 and 7):
 * `PUT /api/companies/{id}/assignments/due-date`, `GET /api/companies/{id}/team` and its export.
 * Contract: docs/api/companies.md.
 */

/** an assignment's state: completed, past its due date, due within 7 days, due later, no due date */
export const TEAM_STATES = ['done', 'overdue', 'due_soon', 'due', 'none'] as const;
export type TeamState = (typeof TEAM_STATES)[number];

/** a calendar day YYYY-MM-DD (Europe/Zurich) that exists */
export const dueDate = () =>
  z
    .string({ error: m('validation.date') })
    .refine(isIsoDate, { error: m('validation.date') })
    .meta({ format: 'date' });

/** `PUT /api/companies/{id}/assignments/due-date`: null clears it */
export const dueDateBodySchema = z.strictObject({
  user_id: id(),
  seminar_id: id(),
  due_date: dueDate().nullable(),
});
export type DueDateBody = z.infer<typeof dueDateBodySchema>;

export const assignmentDueSchema = z.object({
  user_id: z.number().int(),
  seminar_id: z.number().int(),
  due_date: z.string().nullable(),
  state: z.enum(TEAM_STATES),
});
export type AssignmentDue = z.infer<typeof assignmentDueSchema>;

export const TEAM_PER_PAGE_MAX = 100;
/** a keyset cursor (opaque to the client): base64url of the row's sort key */
const cursor = () =>
  z
    .string()
    .max(1000, { error: m('validation.invalid') })
    .regex(/^[A-Za-z0-9_-]+$/, { error: m('validation.invalid') });

/** `GET /api/companies/{id}/team` (and `/export`, which ignores the page) */
export const teamQuerySchema = z.object({
  seminar_id: id().optional(),
  state: z.enum(TEAM_STATES, { error: m('validation.invalid') }).optional(),
  q: z
    .string()
    .trim()
    .max(200, { error: m('validation.max', { max: 200 }) })
    .optional(),
  /** the page after this cursor (`next` of a page) */
  after: cursor().optional(),
  /** the page before this cursor (`prev` of a page) */
  before: cursor().optional(),
  /** `1`: the last page (as fast as the first: the same scan backwards) */
  last: z.literal('1', { error: m('validation.invalid') }).optional(),
  per_page: z.coerce
    .number({ error: m('validation.integer') })
    .int({ error: m('validation.integer') })
    .min(1, { error: m('validation.number_min', { min: 1 }) })
    .max(TEAM_PER_PAGE_MAX, { error: m('validation.number_max', { max: TEAM_PER_PAGE_MAX }) })
    .default(20),
});
export type TeamQuery = z.infer<typeof teamQuerySchema>;

export const teamRowSchema = z.object({
  user: z.object({
    id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
  }),
  seminar: z.object({ id: z.number().int(), title: z.string(), slug: z.string() }),
  /** chapters done and tests passed, of all (the progress read model) */
  percent: z.number(),
  /** the latest done mark, video position or test run in the seminar; null: nothing yet */
  last_activity: z.string().nullable(),
  /** the best result (%) of a finished run of a test of the seminar; null: none */
  best_result: z.number().nullable(),
  completed_at: z.string().nullable(),
  certificate: z.object({ code: z.string(), revoked_at: z.string().nullable() }).nullable(),
  due_date: z.string().nullable(),
  state: z.enum(TEAM_STATES),
});
export type TeamRow = z.infer<typeof teamRowSchema>;

/** a keyset page: `next`/`prev` are cursors for `after`/`before` (null at the ends) */
export const teamPageSchema = z.object({
  data: z.array(teamRowSchema),
  per_page: z.number().int(),
  total: z.number().int(),
  next: z.string().nullable(),
  prev: z.string().nullable(),
});
export type TeamPage = z.infer<typeof teamPageSchema>;
