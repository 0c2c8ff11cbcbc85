/**
 * Import and export of pool questions as Moodle XML or GIFT (issue 37 item 6). An import is
 * previewed first (nothing is created), then created in one transaction. Report texts (why a
 * question is skipped, what was lost on the way) are encoded messages (encodeMessage).
 */
import { z } from 'zod';
import { encodeMessage as m } from '../i18n/messages.ts';
import { questionCategory } from './question-category.ts';
import { id } from './rules.ts';

export const QUESTION_FILE_FORMATS = ['moodle-xml', 'gift'] as const;
export type QuestionFileFormat = (typeof QUESTION_FILE_FORMATS)[number];
/** the largest file an import reads */
export const QUESTION_IMPORT_MAX_MB = 10;
export const QUESTION_IMPORT_MAX_BYTES = QUESTION_IMPORT_MAX_MB * 1024 * 1024;
/** the most questions (of any type) one file may hold */
export const QUESTION_IMPORT_MAX_QUESTIONS = 5000;

const format = () => z.enum(QUESTION_FILE_FORMATS, { error: m('validation.invalid') });

/** the JSON form of an import (the web sends multipart with a `file` part and optional `format`) */
export const questionImportBodySchema = z
  .object({
    /** detected from the content when left out (XML starts with "<") */
    format: format().optional(),
    content: z
      .string({ error: m('question.import_file_missing') })
      .min(1, { error: m('question.import_file_missing') })
      .max(QUESTION_IMPORT_MAX_BYTES, {
        error: m('question.import_too_large', { max: QUESTION_IMPORT_MAX_MB }),
      }),
  })
  .strict();
export type QuestionImportBody = z.infer<typeof questionImportBodySchema>;

export const questionExportQuerySchema = z.object({
  format: format(),
  /** only this category and the categories below it */
  category: questionCategory().optional(),
});
export type QuestionExportQuery = z.infer<typeof questionExportQuerySchema>;

export const importedAnswerSchema = z.object({
  label: z.string(),
  correct: z.boolean(),
  explanation: z.string().nullable(),
});
export const importedQuestionSchema = z.object({
  /** the question's place in the file (1-based, counting every question, skipped ones too) */
  position: z.number().int(),
  /** the name in the file (Moodle's question name or GIFT's ::title::), not stored */
  name: z.string().nullable(),
  /** the type in the file: multichoice or truefalse */
  type: z.string(),
  label: z.string(),
  points: z.number().int().nullable(),
  explanation: z.string().nullable(),
  category: z.string().nullable(),
  answers: z.array(importedAnswerSchema),
  /** what did not survive the mapping (encoded messages) */
  notes: z.array(z.string()),
});
export type ImportedQuestion = z.infer<typeof importedQuestionSchema>;
export const skippedQuestionSchema = z.object({
  position: z.number().int(),
  name: z.string().nullable(),
  type: z.string(),
  /** an encoded message */
  reason: z.string(),
});
export type SkippedQuestion = z.infer<typeof skippedQuestionSchema>;

export const questionImportPreviewSchema = z.object({
  format: format(),
  questions: z.array(importedQuestionSchema),
  skipped: z.array(skippedQuestionSchema),
});
export type QuestionImportPreview = z.infer<typeof questionImportPreviewSchema>;

/**
 * `owner_id`: the categories of that owner's pool, the one their tests draw from (the owner
 * and admins; an admin editing a trainer's test); left out: the caller's (an admin's: every one)
 */
export const questionCategoriesQuerySchema = z.object({ owner_id: id().optional() });
export type QuestionCategoriesQuery = z.infer<typeof questionCategoriesQuerySchema>;

/** the caller's categories: every path with its ancestors, and how many questions are in it and below */
export const questionCategoriesSchema = z.object({
  data: z.array(
    z.object({
      path: z.string(),
      /** questions of this category and every category below it */
      count: z.number().int(),
    }),
  ),
});
export type QuestionCategories = z.infer<typeof questionCategoriesSchema>;

export const questionImportResultSchema = z.object({
  format: format(),
  created: z.number().int(),
  question_ids: z.array(z.number().int()),
  skipped: z.array(skippedQuestionSchema),
});
export type QuestionImportResult = z.infer<typeof questionImportResultSchema>;
