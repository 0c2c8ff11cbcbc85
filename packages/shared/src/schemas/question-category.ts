/**
 * A pool question's category (issue 37 item 3): a path of levels separated by "/", like Moodle's
 * category tree (`$course$/top/Safety/Fire` arrives here as `Safety/Fire`). One path per question;
 * the pool filters a category with everything below it. Decision: docs/decisions/question-pool.md.
 */
import { z } from 'zod';
import { encodeMessage as m } from '../i18n/messages.ts';

export const QUESTION_CATEGORY_MAX = 255;
export const QUESTION_CATEGORY_DEPTH_MAX = 10;

/** control characters (C0, DEL, C1) and the line and paragraph separators */
const hasControl = (s: string) =>
  [...s].some((c) => {
    const code = c.codePointAt(0) ?? 0;
    return code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
  });

/** "a / b /c" → "a/b/c"; blank → null (no category) */
export function normalizeCategory(raw: string | null | undefined): string | null {
  if (raw == null) return null;
  const trimmed = raw.trim();
  if (trimmed === '') return null;
  return trimmed
    .split('/')
    .map((level) => level.trim().replace(/ {2,}/g, ' '))
    .join('/');
}

export type CategoryProblem = 'invalid' | 'depth' | 'length';

/** what is wrong with a normalized category, or null */
export function categoryProblem(path: string): CategoryProblem | null {
  if (hasControl(path)) return 'invalid';
  const levels = path.split('/');
  if (levels.some((level) => level === '')) return 'invalid';
  if (levels.length > QUESTION_CATEGORY_DEPTH_MAX) return 'depth';
  if (path.length > QUESTION_CATEGORY_MAX) return 'length';
  return null;
}

export const categoryMessage = (problem: CategoryProblem): string =>
  problem === 'depth'
    ? m('question.category_depth', { max: QUESTION_CATEGORY_DEPTH_MAX })
    : problem === 'length'
      ? m('validation.max', { max: QUESTION_CATEGORY_MAX })
      : m('question.category_invalid');

/** a category in a request: a path, or null / blank for none */
export const questionCategory = () =>
  z
    .string({ error: m('question.category_invalid') })
    .max(QUESTION_CATEGORY_MAX * 4, { error: m('validation.max', { max: QUESTION_CATEGORY_MAX }) })
    .nullable()
    .transform((v, ctx) => {
      const path = normalizeCategory(v);
      if (path === null) return null;
      const problem = categoryProblem(path);
      if (problem) {
        ctx.addIssue({ code: 'custom', message: categoryMessage(problem) });
        return z.NEVER;
      }
      return path;
    });

/** the categories below and including `path`: `path` itself or `path/…` */
export const inCategory = (category: string | null, path: string): boolean =>
  category !== null && (category === path || category.startsWith(`${path}/`));
