import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { type FileAnswer, type FileQuestion, type FileText, MalformedFile } from './exchange.model.ts';

/**
 * Moodle XML (docs.moodle.org "Moodle XML format") read into the file model: every <question>,
 * categories (<question type="category">) applying to the questions after them. Texts keep their
 * format (html, or plain for moodle_auto_format, plain_text and markdown). CDATA is text.
 */
type Node = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  attributesGroupName: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: false,
  isArray: (name) => name === 'question' || name === 'answer' || name === 'file',
});

const attr = (n: unknown, name: string): string | undefined => {
  if (n === null || typeof n !== 'object') return undefined;
  const a = (n as Node)['@'] as Record<string, string> | undefined;
  return a?.[name];
};

/** the text of a node: a string, { '#text' }, or an element with a <text> child */
function textOf(n: unknown): string {
  if (n === undefined || n === null) return '';
  if (typeof n === 'string' || typeof n === 'number') return String(n);
  const node = n as Node;
  if ('text' in node) return textOf(node.text);
  if ('#text' in node) return textOf(node['#text']);
  return '';
}

const formatOf = (n: unknown): FileText['format'] => (attr(n, 'format') === 'html' ? 'html' : 'plain');

function fileText(n: unknown): FileText | null {
  if (n === undefined || n === null) return null;
  const text = textOf(n);
  return text.trim() === '' ? null : { text, format: formatOf(n) };
}

const hasFiles = (n: unknown): boolean => {
  if (n === null || typeof n !== 'object') return false;
  const node = n as Node;
  return Array.isArray(node.file) && node.file.length > 0;
};

/** the question or one of its answers or feedbacks refers to an embedded file */
const usesFiles = (q: Node): boolean =>
  hasFiles(q.questiontext) ||
  hasFiles(q.generalfeedback) ||
  ((q.answer as Node[] | undefined) ?? []).some((a) => hasFiles(a) || hasFiles(a.feedback)) ||
  /@@PLUGINFILE@@/.test(JSON.stringify(q));

function answerOf(a: Node, type: string): FileAnswer {
  const fraction = Number(attr(a, 'fraction') ?? 0);
  let text: FileText = { text: textOf(a), format: formatOf(a) };
  // Moodle writes true/false answers as the words "true" and "false"
  if (type === 'truefalse') text = { text: textOf(a).trim(), format: 'plain' };
  return { text, fraction: Number.isFinite(fraction) ? fraction : 0, feedback: fileText(a.feedback) };
}

/** line and column of the parser's complaint */
function validate(xml: string): void {
  if (/<!ENTITY/i.test(xml)) {
    const at = xml.search(/<!ENTITY/i);
    const before = xml.slice(0, at).split('\n');
    throw new MalformedFile(
      'entity declarations are not supported',
      before.length,
      (before.at(-1)?.length ?? 0) + 1,
    );
  }
  const result = XMLValidator.validate(xml);
  if (result !== true) throw new MalformedFile(result.err.msg, result.err.line, result.err.col);
}

/** the questions of a Moodle XML file, categories applied; throws MalformedFile */
export function parseMoodleXml(xml: string): FileQuestion[] {
  validate(xml);
  const doc = parser.parse(xml) as Node;
  const quiz = doc.quiz as Node | undefined;
  if (!quiz || typeof quiz !== 'object') throw new MalformedFile('no <quiz> element', 1, 1);
  const list = (quiz.question as Node[] | undefined) ?? [];
  const out: FileQuestion[] = [];
  let category: string | null = null;
  for (const q of list) {
    const type = attr(q, 'type') ?? 'unknown';
    if (type === 'category') {
      category = textOf(q.category).trim() || null;
      continue;
    }
    const answers = ((q.answer as Node[] | undefined) ?? []).map((a) => answerOf(a, type));
    const grade = textOf(q.defaultgrade).trim();
    out.push({
      position: out.length + 1,
      type,
      name: textOf(q.name).trim() || null,
      text: { text: textOf(q.questiontext), format: formatOf(q.questiontext) },
      generalFeedback: fileText(q.generalfeedback),
      defaultGrade: grade === '' ? null : Number(grade),
      single: textOf(q.single).trim() !== 'false' && textOf(q.single).trim() !== '0',
      answers,
      category,
      hasFiles: usesFiles(q),
    });
  }
  return out;
}
