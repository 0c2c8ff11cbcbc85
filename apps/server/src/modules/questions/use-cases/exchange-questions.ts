import {
  encodeMessage as m,
  QUESTION_IMPORT_MAX_QUESTIONS,
  type QuestionCategories,
  type QuestionCategoriesQuery,
  type QuestionExportQuery,
  type QuestionFileFormat,
  type QuestionImportPreview,
  type QuestionImportResult,
} from '@elearn/shared';
import { forbidden, notFound, validation } from '../../../errors.ts';
import type { AuthUser } from '../../../plugins/session.ts';
import { mcTestPolicy } from '../../../policies/mc-test.policy.ts';
import {
  type FileQuestion,
  type ImportLocale,
  MalformedFile,
  mapQuestions,
} from '../exchange/exchange.model.ts';
import { type ExportQuestion, toGift, toMoodleXml } from '../exchange/export.ts';
import { parseGift } from '../exchange/gift.ts';
import { parseMoodleXml } from '../exchange/moodle-xml.ts';
import type { QuestionsContext } from '../questions.context.ts';
import { questionsRepository as repo } from '../questions.repository.ts';

/** a question file as an import receives it */
export interface QuestionFile {
  content: string;
  /** detected from the content when absent: XML starts with "<" */
  format?: QuestionFileFormat;
  locale: ImportLocale;
}

const fileError = (message: string) => validation({ file: [message] });

function parse(content: string, format: QuestionFileFormat): FileQuestion[] {
  try {
    return format === 'moodle-xml' ? parseMoodleXml(content) : parseGift(content);
  } catch (err) {
    if (err instanceof MalformedFile) {
      throw fileError(
        m('question.import_malformed', { line: err.line, column: err.column, reason: err.reason }),
      );
    }
    throw err;
  }
}

/** what the file would create and what it skips (nothing is written); 422 for an unreadable file */
export function readQuestionFile(file: QuestionFile): QuestionImportPreview {
  const content = file.content.replace(/^\uFEFF/, '');
  if (content.trim() === '') throw fileError(m('question.import_file_missing'));
  const format = file.format ?? (content.trimStart().startsWith('<') ? 'moodle-xml' : 'gift');
  const parsed = parse(content, format);
  if (parsed.length > QUESTION_IMPORT_MAX_QUESTIONS) {
    throw fileError(m('question.import_too_many', { max: QUESTION_IMPORT_MAX_QUESTIONS }));
  }
  return { format, ...mapQuestions(parsed, file.locale) };
}

export function previewImport(actor: AuthUser, file: QuestionFile): QuestionImportPreview {
  if (!mcTestPolicy.author(actor)) throw forbidden();
  return readQuestionFile(file);
}

/** every importable question of the file in the caller's pool, in one transaction; 422 when none */
export async function importQuestions(
  ctx: QuestionsContext,
  actor: AuthUser,
  file: QuestionFile,
): Promise<QuestionImportResult> {
  const preview = previewImport(actor, file);
  if (preview.questions.length === 0) throw fileError(m('question.import_nothing'));
  const ids = await ctx.db.transaction((tx) => repo.insertImported(tx, actor.id, preview.questions));
  return { format: preview.format, created: ids.length, question_ids: ids, skipped: preview.skipped };
}

/**
 * The categories of one owner's pool, the one that owner's tests draw from (an admin editing a
 * trainer's test; 404 for another trainer's), or else the caller's (every one for an admin), with
 * their ancestors, counted with everything below.
 */
export async function listCategories(
  ctx: QuestionsContext,
  actor: AuthUser,
  q: QuestionCategoriesQuery = {},
): Promise<QuestionCategories> {
  if (!mcTestPolicy.author(actor)) throw forbidden();
  if (q.owner_id !== undefined && !mcTestPolicy.manage(actor, { ownerId: q.owner_id })) throw notFound();
  const owner = q.owner_id ?? (mcTestPolicy.managesEvery(actor) ? null : actor.id);
  const rows = await repo.categoryCounts(ctx.db, owner);
  const counts = new Map<string, number>();
  for (const { category, n } of rows) {
    const levels = category.split('/');
    for (let depth = 1; depth <= levels.length; depth++) {
      const path = levels.slice(0, depth).join('/');
      counts.set(path, (counts.get(path) ?? 0) + n);
    }
  }
  const data = [...counts].map(([path, count]) => ({ path, count }));
  // a parent before its children: compare level by level
  data.sort((a, b) => {
    const x = a.path.split('/');
    const y = b.path.split('/');
    for (let i = 0; i < Math.min(x.length, y.length); i++) {
      const c = x[i]!.localeCompare(y[i]!, 'de');
      if (c !== 0) return c;
    }
    return x.length - y.length;
  });
  return { data };
}

/** the caller's pool (every question for an admin, as the pool list) as a file for Moodle */
export async function exportQuestions(
  ctx: QuestionsContext,
  actor: AuthUser,
  q: QuestionExportQuery,
): Promise<{ fileName: string; contentType: string; body: string }> {
  if (!mcTestPolicy.author(actor)) throw forbidden();
  const rows = await repo.forExport(
    ctx.db,
    mcTestPolicy.managesEvery(actor) ? null : actor.id,
    q.category ?? undefined,
  );
  const list: ExportQuestion[] = rows.map((r) => ({
    id: r.question.id,
    label: r.question.label,
    points: r.question.points,
    explanation: r.question.explanation,
    category: r.question.category,
    answers: r.answers.map((a) => ({ label: a.label, correct: a.correct, explanation: a.explanation })),
  }));
  const day = new Date().toISOString().slice(0, 10);
  return q.format === 'moodle-xml'
    ? {
        fileName: `questions-${day}.xml`,
        contentType: 'application/xml; charset=utf-8',
        body: toMoodleXml(list),
      }
    : { fileName: `questions-${day}.gift.txt`, contentType: 'text/plain; charset=utf-8', body: toGift(list) };
}
