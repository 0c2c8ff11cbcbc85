import {
  ANSWER_LABEL_MAX,
  ANSWERS_PER_QUESTION_MAX,
  categoryProblem,
  EXPLANATION_MAX,
  type ImportedQuestion,
  encodeMessage as m,
  normalizeCategory,
  POINTS_MAX,
  QUESTION_LABEL_MAX,
  type SkippedQuestion,
} from '@elearn/shared';
import { sanitizeRichText } from '../../../lib/sanitize.ts';

/**
 * A question as a file holds it (Moodle XML or GIFT), before it is mapped to the pool's model
 * (issue 37 item 6). Texts keep their format: `html` is HTML, anything else is plain text.
 */
export interface FileText {
  text: string;
  format: 'html' | 'plain';
}
export interface FileAnswer {
  text: FileText;
  /** Moodle's grade of the answer in percent (-100..100) */
  fraction: number;
  feedback: FileText | null;
}
export interface FileQuestion {
  /** 1-based place among the file's questions (category entries not counted) */
  position: number;
  /** Moodle's type name (multichoice, truefalse, shortanswer, …) */
  type: string;
  name: string | null;
  text: FileText;
  generalFeedback: FileText | null;
  /** Moodle's defaultgrade; null when the file has none (GIFT) */
  defaultGrade: number | null;
  /** multichoice: one answer to choose (radio buttons) */
  single: boolean;
  answers: FileAnswer[];
  /** the category path as the file writes it ($course$/top/A/B) */
  category: string | null;
  /** the text refers to files embedded in the file (@@PLUGINFILE@@) */
  hasFiles: boolean;
}

/** the words of a true/false question's answers, in the importer's language */
export const TRUE_FALSE_LABELS = { de: ['Wahr', 'Falsch'], en: ['True', 'False'] } as const;
export type ImportLocale = keyof typeof TRUE_FALSE_LABELS;

/** A file that cannot be read: where and why. */
export class MalformedFile extends Error {
  constructor(
    readonly reason: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(`${reason} (line ${line}, column ${column})`);
  }
}

export const SUPPORTED_TYPES = new Set(['multichoice', 'truefalse']);

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** a text of the file as HTML (plain text escaped, its line breaks kept) */
export const asHtml = (t: FileText): string =>
  t.format === 'html' ? t.text : escapeHtml(t.text.trim()).replace(/\r?\n/g, '<br>');

const NAMED: Record<string, string> = { nbsp: ' ', lt: '<', gt: '>', quot: '"', amp: '&', apos: "'" };
/** HTML as plain text: tags dropped, entities decoded, white space collapsed */
export function htmlToPlain(html: string): string {
  return html
    .replace(/<\/(p|li|div|h\d|tr|blockquote)>|<br\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, e: string) => {
      if (e[0] === '#') {
        const code = e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1));
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : all;
      }
      return NAMED[e.toLowerCase()] ?? all;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** only paragraphs and line breaks: nothing a plain-text answer loses */
const onlyParagraphs = (html: string) => !/<(?!\/?(p|br)\b)[^>]*>/i.test(html);

const blank = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim() === '' && !/<img\s/i.test(html);

/** Moodle's category path ($course$/top/A/B) as the pool's (A/B); "//" is Moodle's escaped "/" */
export function fromMoodleCategory(raw: string): string | null {
  const levels = raw
    .trim()
    .split(/(?<!\/)\/(?!\/)/)
    .map((level) => level.replace(/\/\//g, '-').trim());
  if (/^\$[a-z0-9]*\$$/i.test(levels[0] ?? '')) levels.shift();
  if (levels[0]?.toLowerCase() === 'top') levels.shift();
  return normalizeCategory(levels.join('/'));
}

/** the pool's category as Moodle's path (for an export) */
export const toMoodleCategory = (category: string | null): string =>
  category ? `$course$/top/${category}` : '$course$/top';

const pointsOf = (grade: number | null, notes: string[]): number | null => {
  if (grade === null || !Number.isFinite(grade)) return null;
  const whole = Math.min(POINTS_MAX, Math.max(1, Math.round(grade)));
  if (whole !== grade)
    notes.push(m('question_import.note_points', { from: String(grade), to: String(whole) }));
  return whole === 1 ? null : whole;
};

type Mapped = { ok: ImportedQuestion } | { skip: SkippedQuestion };

function answersOf(
  q: FileQuestion,
  notes: string[],
  locale: ImportLocale,
): ImportedQuestion['answers'] | string {
  const out: ImportedQuestion['answers'] = [];
  let htmlNoted = false;
  const singleChoice = q.single || q.type === 'truefalse';
  for (const a of q.answers) {
    const raw = a.text.format === 'html' ? a.text.text : a.text.text.trim();
    let label = a.text.format === 'html' ? htmlToPlain(raw) : raw.replace(/\s+/g, ' ');
    if (q.type === 'truefalse' && /^(true|false)$/i.test(label)) {
      label = TRUE_FALSE_LABELS[locale][label.toLowerCase() === 'true' ? 0 : 1];
    }
    if (label === '') continue; // Moodle drops blank answers too
    if (label.length > ANSWER_LABEL_MAX)
      return m('question_import.skip_answer_too_long', { max: ANSWER_LABEL_MAX });
    if (a.text.format === 'html' && !onlyParagraphs(raw) && !htmlNoted) {
      notes.push(m('question_import.note_answer_html'));
      htmlNoted = true;
    }
    const correct = singleChoice ? a.fraction >= 99.999 : a.fraction > 0;
    if (singleChoice && a.fraction > 0 && !correct) {
      notes.push(m('question_import.note_partial_credit', { fraction: String(a.fraction) }));
    }
    const explanation = a.feedback ? cleanText(a.feedback) : null;
    if (explanation !== null && explanation.length > EXPLANATION_MAX) {
      return m('question_import.skip_too_long', { max: EXPLANATION_MAX });
    }
    out.push({ label, correct, explanation });
  }
  return out;
}

/** references to files embedded in a Moodle file: the files are not imported, so neither are they */
const withoutEmbedded = (html: string) =>
  html
    .replace(/<img\b[^>]*@@PLUGINFILE@@[^>]*>/gi, '')
    .replace(/<a\b[^>]*@@PLUGINFILE@@[^>]*>([\s\S]*?)<\/a>/gi, '$1');

const cleanText = (t: FileText): string | null => {
  const clean = sanitizeRichText(withoutEmbedded(asHtml(t)));
  return blank(clean) ? null : clean;
};

/** a question of the file in the pool's model, or why it is skipped (and what was lost) */
export function mapQuestion(q: FileQuestion, locale: ImportLocale): Mapped {
  const skip = (reason: string): Mapped => ({
    skip: { position: q.position, name: q.name, type: q.type, reason },
  });
  if (!SUPPORTED_TYPES.has(q.type)) return skip(m('question_import.skip_type', { type: q.type }));
  const notes: string[] = [];
  const label = cleanText(q.text);
  if (label === null) return skip(m('question_import.skip_empty_text'));
  if (label.length > QUESTION_LABEL_MAX)
    return skip(m('question_import.skip_too_long', { max: QUESTION_LABEL_MAX }));
  const explanation = q.generalFeedback ? cleanText(q.generalFeedback) : null;
  if (explanation !== null && explanation.length > EXPLANATION_MAX) {
    return skip(m('question_import.skip_too_long', { max: EXPLANATION_MAX }));
  }
  const answers = answersOf(q, notes, locale);
  if (typeof answers === 'string') return skip(answers);
  if (answers.length === 0) return skip(m('question_import.skip_no_answers'));
  if (answers.length > ANSWERS_PER_QUESTION_MAX) {
    return skip(m('question_import.skip_too_many_answers', { max: ANSWERS_PER_QUESTION_MAX }));
  }
  if (!answers.some((a) => a.correct)) notes.push(m('question_import.note_no_correct'));
  if (q.hasFiles) notes.push(m('question_import.note_files'));
  let category = q.category === null ? null : fromMoodleCategory(q.category);
  const problem = category === null ? null : categoryProblem(category);
  if (problem) {
    notes.push(m('question.category_invalid'));
    category = null;
  }
  return {
    ok: {
      position: q.position,
      name: q.name,
      type: q.type,
      label,
      points: pointsOf(q.defaultGrade, notes),
      explanation,
      category,
      answers,
      notes,
    },
  };
}

/** every question of the file mapped: what an import creates and what it skips */
export function mapQuestions(
  list: FileQuestion[],
  locale: ImportLocale,
): { questions: ImportedQuestion[]; skipped: SkippedQuestion[] } {
  const questions: ImportedQuestion[] = [];
  const skipped: SkippedQuestion[] = [];
  for (const q of list) {
    const r = mapQuestion(q, locale);
    if ('ok' in r) questions.push(r.ok);
    else skipped.push(r.skip);
  }
  return { questions, skipped };
}
