import { htmlToPlain, toMoodleCategory } from './exchange.model.ts';

/**
 * The pool's questions written as Moodle XML or GIFT (issue 37 item 6), to be imported by Moodle
 * as multiple choice: one correct answer → single choice (100 % / 0 %); otherwise multiple
 * answers, each correct one 100/k %, each wrong one −100 % (Moodle's nearest to all-or-nothing).
 * Categories as `$course$/top/A/B`. Lossy cases: docs/decisions/question-pool.md.
 */
export interface ExportQuestion {
  id: number;
  label: string;
  points: number | null;
  explanation: string | null;
  category: string | null;
  answers: { label: string; correct: boolean; explanation: string | null }[];
}

const xmlEscape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const cdata = (s: string) => `<![CDATA[${s.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;

/** Moodle's grade of each answer in percent (five decimals: Moodle's own grade list) */
export function fractionsOf(answers: ExportQuestion['answers']): { single: boolean; fractions: number[] } {
  const k = answers.filter((a) => a.correct).length;
  if (k === 1) return { single: true, fractions: answers.map((a) => (a.correct ? 100 : 0)) };
  const share = k === 0 ? 0 : Number((100 / k).toFixed(5));
  return { single: false, fractions: answers.map((a) => (a.correct ? share : -100)) };
}

/** a short plain name for Moodle's list of questions */
const nameOf = (q: ExportQuestion) => {
  const text = htmlToPlain(q.label);
  return (text.length > 80 ? `${text.slice(0, 79)}…` : text) || `#${q.id}`;
};

/** questions without a category first, then by category (each category written once) */
const byCategory = (list: ExportQuestion[]) =>
  [...list].sort((a, b) =>
    a.category === b.category ? a.id - b.id : (a.category ?? '').localeCompare(b.category ?? '', 'en'),
  );

function xmlQuestion(q: ExportQuestion): string {
  const { single, fractions } = fractionsOf(q.answers);
  const answers = q.answers.map((a, i) => {
    const feedback = a.explanation
      ? `<feedback format="html"><text>${cdata(a.explanation)}</text></feedback>`
      : '';
    return `    <answer fraction="${fractions[i]}" format="html"><text>${xmlEscape(xmlEscape(a.label))}</text>${feedback}</answer>`;
  });
  return [
    '  <question type="multichoice">',
    `    <name><text>${xmlEscape(nameOf(q))}</text></name>`,
    `    <questiontext format="html"><text>${cdata(q.label)}</text></questiontext>`,
    `    <generalfeedback format="html"><text>${q.explanation ? cdata(q.explanation) : ''}</text></generalfeedback>`,
    `    <defaultgrade>${q.points ?? 1}</defaultgrade>`,
    '    <penalty>0</penalty>',
    '    <hidden>0</hidden>',
    `    <single>${single}</single>`,
    '    <shuffleanswers>true</shuffleanswers>',
    '    <answernumbering>abc</answernumbering>',
    ...answers,
    '  </question>',
  ].join('\n');
}

export function toMoodleXml(list: ExportQuestion[]): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>', '<quiz>'];
  let category: string | null = null;
  for (const q of byCategory(list)) {
    if (q.category !== null && q.category !== category) {
      category = q.category;
      out.push(
        '  <question type="category">',
        `    <category><text>${xmlEscape(toMoodleCategory(category))}</text></category>`,
        '  </question>',
      );
    }
    out.push(xmlQuestion(q));
  }
  out.push('</quiz>', '');
  return out.join('\n');
}

/** GIFT's special characters escaped; a line break as \n (a blank line would end the question) */
const giftEscape = (s: string) => s.replace(/[~=#{}:\\]/g, (c) => `\\${c}`).replace(/\r?\n/g, '\\n');

function giftQuestion(q: ExportQuestion): string {
  const { single, fractions } = fractionsOf(q.answers);
  // answers written only with "=" would be a short answer question for Moodle: then "~%100%"
  const withEquals = single && q.answers.some((a) => !a.correct);
  const answers = q.answers.map((a, i) => {
    const mark = withEquals ? (a.correct ? '=' : '~') : `~%${fractions[i]}%`;
    const feedback = a.explanation ? ` #[html]${giftEscape(a.explanation)}` : '';
    return `  ${mark}[plain]${giftEscape(a.label)}${feedback}`;
  });
  const general = q.explanation ? [`  ####[html]${giftEscape(q.explanation)}`] : [];
  return [
    `// question: ${q.id}`,
    `::${giftEscape(nameOf(q))}::[html]${giftEscape(q.label)}{`,
    ...answers,
    ...general,
    '}',
  ].join('\n');
}

export function toGift(list: ExportQuestion[]): string {
  const out: string[] = [];
  let category: string | null = null;
  for (const q of byCategory(list)) {
    if (q.category !== null && q.category !== category) {
      category = q.category;
      out.push(`$CATEGORY: ${toMoodleCategory(category)}`);
    }
    out.push(giftQuestion(q));
  }
  return `${out.join('\n\n')}\n`;
}
