import {
  type GIFTQuestion,
  SyntaxError as GiftSyntaxError,
  parse,
  type TextChoice,
  type TextFormat,
} from 'gift-pegjs';
import { type FileAnswer, type FileQuestion, type FileText, MalformedFile } from './exchange.model.ts';

/**
 * GIFT (docs.moodle.org "GIFT format") read into the file model with gift-pegjs, a PEG grammar of
 * the format (issue 37 item 6). The supported subset is multiple choice (`=` right, `~` wrong,
 * `~%50%` weighted), true/false (`{T}`, `{FALSE#…#…}`), per-answer feedback (`#`), general feedback
 * (`####`), titles (`::…::`), text formats (`[html]`; `[moodle]`, `[plain]`, `[markdown]` are plain
 * text) and `$CATEGORY:`. Other types (short answer, numerical, matching, essay, description) are
 * named so that the import can list them as skipped. What this file adds to the library, and why,
 * is said where it is done; the cases where the library reads differently from the hand-made
 * parser it replaced are in docs/decisions/question-pool.md.
 */

/** GIFT's escapes (`\~ \= \# \{ \} \: \\ \n`) read; any other backslash stays (as the grammar does) */
export function unescapeGift(s: string): string {
  return s.replace(/\\(.)/gs, (all, c: string) => (c === 'n' ? '\n' : '~=#{}:\\'.includes(c) ? c : all));
}

const TYPES: Record<GIFTQuestion['type'], string> = {
  MC: 'multichoice',
  TF: 'truefalse',
  Short: 'shortanswer',
  Numerical: 'numerical',
  Matching: 'matching',
  Essay: 'essay',
  Description: 'description',
  Category: 'category',
};

const COMMENT = /^\s*\/\//;
const CATEGORY = /^\s*\$CATEGORY:/;
/** `{#3:2~…`: a numerical block whose first answer has no "=" */
const NUMERICAL_FIRST = /((?<!\\)\{\s*#\s*)(?=[-+]?[\d.][^{}]*~)/g;
/**
 * The longest question (the text between two blank lines) read, in characters. The grammar holds a
 * text as an array of its characters while it reads it: about 100 bytes of memory a character, so
 * a file of 10 MB that is one question took 1 GB. An importable question is far shorter (its text
 * at most 20,000 characters, 20 answers of 1,000, explanations of 10,000).
 */
const QUESTION_CHARS_MAX = 256 * 1024;

interface Prepared {
  text: string;
  /** the line of the file for a line of `text` (1-based) */
  lineOf: (line: number) => number;
}

/**
 * The file as the grammar is given it. Moodle drops a comment line wherever it stands (qformat_gift
 * readquestion); the grammar only where a question starts and reads one between answers as answer
 * text, so comment lines are taken out here. The grammar wants a blank line after `$CATEGORY: …`:
 * one is put in where the file has none (Moodle would take the whole block as the category's name).
 * Moodle writes a numerical answer without "=" followed by more answers (`{#3:2~#wrong}`, in its
 * own test fixture questions.gift.txt), which the grammar refuses unless the first answer has its
 * "=": it is put in (such questions are only named and skipped here; a column on that line moves
 * by one). A question longer than QUESTION_CHARS_MAX is refused here, before the grammar reads it.
 */
function prepared(source: string): Prepared {
  const lines = source.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const out: string[] = [];
  const from: number[] = [];
  let start = 0;
  let length = 0;
  lines.forEach((line, i) => {
    if (COMMENT.test(line)) return;
    if (line.trim() === '') length = 0;
    else if (length === 0) start = i + 1;
    length += line.length + 1;
    if (length > QUESTION_CHARS_MAX) {
      throw new MalformedFile(`a question longer than ${QUESTION_CHARS_MAX} characters`, start, 1);
    }
    out.push(line.replace(NUMERICAL_FIRST, '$1='));
    from.push(i + 1);
    if (CATEGORY.test(line) && lines[i + 1]?.trim()) {
      out.push('');
      from.push(i + 1);
    }
  });
  return { text: out.join('\n'), lineOf: (line) => from[line - 1] ?? lines.length };
}

/** line and column (1-based) of an offset in a text */
function positionOf(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
}

/** the last `{` before `end` that is not escaped */
function lastOpenBrace(text: string, end: number): number {
  let found = -1;
  for (let i = 0; i < end; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '{') found = i;
  }
  return found;
}

/**
 * The grammar's error as MalformedFile. An answer block cut off by a blank line or the end of the
 * file is reported by the grammar where it gave up (the next question, or the end of the file); it
 * is reported here at its `{`, which is where the author has to look. A title whose `::` is not
 * closed gets words of its own too (the grammar lists every rule that could have started there).
 */
function malformed(file: Prepared, err: GiftSyntaxError): MalformedFile {
  const { offset, line, column } = err.location.start;
  if (file.text.startsWith('::', offset) && /^\s*$/.test(file.text.slice(0, offset).split('\n').at(-1)!)) {
    return new MalformedFile('the title (::…::) is not closed', file.lineOf(line), column);
  }
  // the grammar refuses ~ = # : where Moodle would read them as text (Moodle's docs ask for escapes)
  const special = err.found !== null && '~=#:'.includes(err.found) ? err.found : null;
  const wantsClose = err.expected.some((e) => e.type === 'literal' && e.text === '}');
  const blockEnds = /^(\r\n|\n|\r)?[ \t]*(\r\n|\n|\r|$)/.test(file.text.slice(offset));
  const open = wantsClose && blockEnds ? lastOpenBrace(file.text, offset) : -1;
  if (open >= 0) {
    const at = positionOf(file.text, open);
    return new MalformedFile('the answers ({…}) are not closed', file.lineOf(at.line), at.column);
  }
  const reason = special
    ? `"${special}" has a meaning in GIFT: write it as "\\${special}" in a text (${err.message})`
    : err.message;
  return new MalformedFile(reason, file.lineOf(line), column);
}

const textOf = (t: TextFormat | null | undefined): FileText | null =>
  t && t.text.trim() !== '' ? { text: t.text, format: t.format === 'html' ? 'html' : 'plain' } : null;

/** Moodle's grade of an answer: its `%weight%`, else 100 for `=` and 0 for `~` */
const answerOf = (c: TextChoice): FileAnswer => ({
  text: textOf(c.text) ?? { text: '', format: c.text.format === 'html' ? 'html' : 'plain' },
  fraction: c.weight ?? (c.isCorrect ? 100 : 0),
  feedback: textOf(c.feedback),
});

function answersOf(q: Exclude<GIFTQuestion, { type: 'Category' }>): Pick<FileQuestion, 'single' | 'answers'> {
  if (q.type === 'MC') {
    // Moodle: one answer to choose when some answer is written with "=", else several
    return { single: q.choices.some((c) => c.isCorrect), answers: q.choices.map(answerOf) };
  }
  if (q.type !== 'TF') return { single: true, answers: [] };
  // {T#…#…}: the grammar calls the first feedback "trueFeedback" and the second "falseFeedback";
  // Moodle (split_truefalse_comment) shows the first for the wrong answer, the second for the right
  const [wrong, right] = [textOf(q.trueFeedback), textOf(q.falseFeedback)];
  const answer = (text: string, isRight: boolean): FileAnswer => ({
    text: { text, format: 'plain' },
    fraction: isRight ? 100 : 0,
    feedback: isRight ? right : wrong,
  });
  return { single: true, answers: [answer('true', q.isTrue), answer('false', !q.isTrue)] };
}

/** the questions of a GIFT file, categories applied; throws MalformedFile */
export function parseGift(source: string): FileQuestion[] {
  const file = prepared(source);
  if (file.text.trim() === '') return [];
  let parsed: GIFTQuestion[];
  try {
    parsed = parse(file.text);
  } catch (err) {
    if (err instanceof GiftSyntaxError) throw malformed(file, err);
    throw err;
  }
  const out: FileQuestion[] = [];
  let category: string | null = null;
  for (const q of parsed) {
    if (q.type === 'Category') {
      category = q.title.trim() || null;
      continue;
    }
    out.push({
      position: out.length + 1,
      type: TYPES[q.type],
      name: q.title?.trim() || null,
      text: textOf(q.stem) ?? { text: '', format: 'plain' },
      generalFeedback: 'globalFeedback' in q ? textOf(q.globalFeedback) : null,
      defaultGrade: null,
      hasFiles: false,
      category,
      ...answersOf(q),
    });
  }
  return out;
}
