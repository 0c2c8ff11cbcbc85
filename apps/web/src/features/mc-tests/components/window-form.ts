/**
 * The window and review fields of the test form (issue 37 items 4 and 5): the window is entered
 * as the clock in Zurich reads it (a datetime-local field, whatever the browser's zone) and sent
 * as the instant it stands for; empty fields send null (no bound, the mode's default).
 */
import {
  encodeMessage,
  instantOfZonedLocal,
  REVIEW_CONTENTS,
  REVIEW_WHENS,
  zonedLocalOf,
} from '@elearn/shared';
import { z } from 'zod';

const zonedMoment = () =>
  z.string().transform((text, ctx) => {
    const value = text.trim();
    if (value === '') return null;
    const at = instantOfZonedLocal(value);
    if (!at) {
      ctx.issues.push({ code: 'custom', input: text, message: encodeMessage('validation.invalid') });
      return z.NEVER;
    }
    return at.toISOString();
  });
const orDefault = <T extends readonly [string, ...string[]]>(values: T) =>
  z.union([z.literal(''), z.enum(values)]).transform((v) => (v === '' ? null : v));

export const windowFormFields = {
  opens_at: zonedMoment(),
  closes_at: zonedMoment(),
  review_content: orDefault(REVIEW_CONTENTS),
  review_when: orDefault(REVIEW_WHENS),
};
export const WINDOW_FIELDS = ['opens_at', 'closes_at', 'review_content', 'review_when'] as const;

/** the form's values of a saved test */
export const windowFormValues = (test?: {
  opens_at: string | null;
  closes_at: string | null;
  review_content: string | null;
  review_when: string | null;
}) => ({
  opens_at: test?.opens_at ? zonedLocalOf(new Date(test.opens_at)) : '',
  closes_at: test?.closes_at ? zonedLocalOf(new Date(test.closes_at)) : '',
  review_content: (test?.review_content ?? '') as '' | (typeof REVIEW_CONTENTS)[number],
  review_when: (test?.review_when ?? '') as '' | (typeof REVIEW_WHENS)[number],
});
