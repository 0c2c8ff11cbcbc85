/**
 * The form schemas of the test pages: the shared rules of `@elearn/shared` (mc-test.ts), with
 * number fields typed as text (an empty points field means "no points").
 */
import {
  answerLabel,
  encodeMessage,
  explanation,
  mcTestLabel,
  mcTestMode,
  newAnswerInputSchema,
  percentToAccomplish,
  points,
  questionCategory,
  questionLabel,
  timeLimitMinutes,
} from '@elearn/shared';
import { z } from 'zod';
import { drawFormFields } from './draw-form';
import { windowFormFields } from './window-form';

/** "60" → 60; anything that is not a whole number is an error of the field. */
const wholeNumber = (allowEmpty: boolean) =>
  z.string().transform((text, ctx) => {
    const value = text.trim();
    if (value === '' && allowEmpty) return null;
    if (!/^-?\d{1,9}$/.test(value)) {
      ctx.issues.push({
        code: 'custom',
        input: text,
        message: encodeMessage(value === '' ? 'validation.required' : 'validation.integer'),
      });
      return z.NEVER;
    }
    return Number(value);
  });

export const percentField = () =>
  wholeNumber(false).pipe(percentToAccomplish() as unknown as z.ZodType<number, number | null>);
export const pointsField = () =>
  wholeNumber(true).pipe(points() as unknown as z.ZodType<number | null, number | null>);

/** minutes, or empty for no time limit (issue 37) */
export const timeLimitField = () =>
  wholeNumber(true).pipe(timeLimitMinutes() as unknown as z.ZodType<number | null, number | null>);

/** Label, threshold, mode, time limit, window and review policy of a test (create and edit). */
export const mcTestFormSchema = z.object({
  label: mcTestLabel(),
  percent_to_accomplish: percentField(),
  mode: mcTestMode(),
  time_limit_minutes: timeLimitField(),
  ...windowFormFields,
  ...drawFormFields,
});
export type McTestFormInput = z.input<typeof mcTestFormSchema>;
export type McTestFormOutput = z.output<typeof mcTestFormSchema>;

/** A new question with its answers (pool and `/mcTest/{id}/new`). */
export const questionFormSchema = z.object({
  label: questionLabel(),
  points: pointsField(),
  explanation: explanation(),
  /** a path like "Sicherheit/Brandschutz"; empty: none (issue 37) */
  category: questionCategory(),
  answers: z
    .array(newAnswerInputSchema)
    .max(20, { error: encodeMessage('validation.number_max', { max: 20 }) }),
});
export type QuestionFormInput = z.input<typeof questionFormSchema>;
export type QuestionFormOutput = z.output<typeof questionFormSchema>;

/** Inline edit of a question's text and points. */
export const questionEditSchema = z.object({
  label: questionLabel(),
  points: pointsField(),
  explanation: explanation(),
  category: questionCategory(),
});
export type QuestionEditInput = z.input<typeof questionEditSchema>;
export type QuestionEditOutput = z.output<typeof questionEditSchema>;

/** One answer's label (inline edit and "add answer"). */
export const answerFormSchema = z.object({ label: answerLabel(), correct: z.boolean() });
export type AnswerFormInput = z.input<typeof answerFormSchema>;
