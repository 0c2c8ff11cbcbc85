import { type FileAnswer, type FileQuestion, type FileText, MalformedFile } from './exchange.model.ts';

/**
 * GIFT (docs.moodle.org "GIFT format") read into the file model: the supported subset is
 * multiple choice (`=` right, `~` wrong, `~%50%` weighted), true/false (`{T}`, `{FALSE#…#…}`),
 * per-answer feedback (`#`), general feedback (`####`), titles (`::…::`), text formats
 * (`[html]`, `[moodle]`, `[plain]`, `[markdown]`), `$CATEGORY:` and the escapes `\~ \= \# \{ \} \: \\ \n`.
 * Other types (short answer, numerical, matching, essay, description) are recognised and named
 * so that the import can list them as skipped. Comment lines start with `//`.
 */

/** characters with a meaning in GIFT, written escaped with a backslash in texts */
const SPECIAL = new Set(['~', '=', '#', '{', '}', ':', '\\']);

/** the index of `token` in `s` at or after `from`, not preceded by an escaping backslash */
function findUnescaped(s: string, token: string, from = 0): number {
  for (let i = from; i < s.length; i++) {
    if (s[i] === '\\') {
      i++;
      continue;
    }
    if (s.startsWith(token, i)) return i;
  }
  return -1;
}

/** splits at every unescaped occurrence of one of `chars`, keeping the char at each part's start */
function splitAtMarkers(s: string, chars: string): string[] {
  const parts: string[] = [];
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '\\') {
      i++;
      continue;
    }
    if (chars.includes(s[i]!) && i > start) {
      parts.push(s.slice(start, i));
      start = i;
    }
  }
  parts.push(s.slice(start));
  return parts.filter((p) => p.trim() !== '');
}

export function unescapeGift(s: string): string {
  return s.replace(/\\(.)/gs, (all, c: string) => (c === 'n' ? '\n' : SPECIAL.has(c) ? c : all));
}

/** `[html]` and the like at the start of a text */
function withFormat(raw: string, inherited: FileText['format']): FileText {
  const f = /^\s*\[(html|moodle|plain|markdown)\]/i.exec(raw);
  const format = f ? (f[1]!.toLowerCase() === 'html' ? 'html' : 'plain') : inherited;
  const rest = f ? raw.slice(f[0].length) : raw;
  return { text: unescapeGift(rest).trim(), format };
}

/** an answer: `=` or `~`, an optional `%weight%`, the text, an optional `#feedback` */
function answerOf(part: string, format: FileText['format']): FileAnswer {
  const right = part[0] === '=';
  let body = part.slice(1);
  let fraction = right ? 100 : 0;
  const w = /^\s*%(-?\d+(?:\.\d+)?)%/.exec(body);
  if (w) {
    fraction = Number(w[1]);
    body = body.slice(w[0].length);
  }
  const hash = findUnescaped(body, '#');
  const text = hash < 0 ? body : body.slice(0, hash);
  const feedback = hash < 0 ? null : withFormat(body.slice(hash + 1), format);
  return { text: withFormat(text, format), fraction, feedback: feedback?.text ? feedback : null };
}

/** what kind of question the answer block is (Moodle's own order of checks) */
function typeOf(block: string): string {
  const b = block.trim();
  if (b === '') return 'essay';
  if (b.startsWith('#')) return 'numerical';
  if (/^(T|TRUE|F|FALSE)\s*(#|$)/.test(b)) return 'truefalse';
  if (findUnescaped(b, '->') >= 0) return 'matching';
  if (findUnescaped(b, '~') >= 0) return 'multichoice';
  return 'shortanswer';
}

interface Block {
  text: string;
  line: number;
}

/** the file's blocks: separated by blank lines, comment lines dropped */
function blocksOf(source: string): Block[] {
  const lines = source.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const blocks: Block[] = [];
  let current: string[] = [];
  let start = 0;
  lines.forEach((line, i) => {
    if (/^\s*\/\//.test(line)) return;
    if (line.trim() === '') {
      if (current.length) blocks.push({ text: current.join('\n'), line: start + 1 });
      current = [];
      return;
    }
    if (!current.length) start = i;
    current.push(line);
  });
  if (current.length) blocks.push({ text: current.join('\n'), line: start + 1 });
  return blocks;
}

const positionIn = (block: Block, index: number) => {
  const before = block.text.slice(0, index).split('\n');
  return { line: block.line + before.length - 1, column: (before.at(-1)?.length ?? 0) + 1 };
};

function malformed(block: Block, index: number, reason: string): MalformedFile {
  const at = positionIn(block, index);
  return new MalformedFile(reason, at.line, at.column);
}

function trueFalse(block: string, format: FileText['format']): FileAnswer[] {
  const parts = block.trim().split(/(?<!\\)#/);
  const value = /^(T|TRUE)$/.test(parts[0]!.trim());
  // {T#feedback when wrong#feedback when right}
  const fb = (i: number) => (parts[i]?.trim() ? withFormat(parts[i]!, format) : null);
  const [wrongFb, rightFb] = [fb(1), fb(2)];
  return [
    {
      text: { text: 'true', format: 'plain' },
      fraction: value ? 100 : 0,
      feedback: value ? rightFb : wrongFb,
    },
    {
      text: { text: 'false', format: 'plain' },
      fraction: value ? 0 : 100,
      feedback: value ? wrongFb : rightFb,
    },
  ];
}

function questionOf(block: Block, position: number, category: string | null): FileQuestion {
  let s = block.text;
  let name: string | null = null;
  let offset = 0;
  const lead = s.length - s.trimStart().length;
  if (s.startsWith('::', lead)) {
    const end = findUnescaped(s, '::', lead + 2);
    if (end < 0) throw malformed(block, lead, 'the title (::…::) is not closed');
    name = unescapeGift(s.slice(lead + 2, end)).trim() || null;
    offset = end + 2;
  }
  s = s.slice(offset);
  const open = findUnescaped(s, '{');
  const base = { position, name, category, defaultGrade: null, hasFiles: false, generalFeedback: null };
  if (open < 0) {
    return { ...base, type: 'description', text: withFormat(s, 'plain'), single: true, answers: [] };
  }
  const close = findUnescaped(s, '}', open + 1);
  if (close < 0) throw malformed(block, offset + open, 'the answers ({…}) are not closed');
  const text = withFormat(s.slice(0, open), 'plain');
  const after = s.slice(close + 1).trim();
  // a missing word question: the blank stands where the answers were
  if (after) text.text = `${text.text} _____ ${withFormat(after, text.format).text}`;
  let answerBlock = s.slice(open + 1, close);
  let generalFeedback: FileText | null = null;
  const general = findUnescaped(answerBlock, '####');
  if (general >= 0) {
    const fb = withFormat(answerBlock.slice(general + 4), text.format);
    generalFeedback = fb.text ? fb : null;
    answerBlock = answerBlock.slice(0, general);
  }
  const type = typeOf(answerBlock);
  const common = { ...base, type, text, generalFeedback };
  if (type === 'truefalse') return { ...common, single: true, answers: trueFalse(answerBlock, text.format) };
  if (type !== 'multichoice') return { ...common, single: true, answers: [] };
  const answers = splitAtMarkers(answerBlock.trim(), '=~').map((p) => answerOf(p.trim(), text.format));
  // Moodle: one answer to choose when some answer is written with "=", else several
  return { ...common, single: findUnescaped(answerBlock, '=') >= 0, answers };
}

/** the questions of a GIFT file, categories applied; throws MalformedFile */
export function parseGift(source: string): FileQuestion[] {
  const out: FileQuestion[] = [];
  let category: string | null = null;
  for (const block of blocksOf(source)) {
    const cat = /^\s*\$CATEGORY:\s*(.*)$/m.exec(block.text);
    if (cat && block.text.trimStart().startsWith('$CATEGORY:')) {
      category = cat[1]!.trim() || null;
      const rest = block.text.slice(block.text.indexOf(cat[0]) + cat[0].length);
      if (rest.trim() === '') continue;
      out.push(questionOf({ text: rest.replace(/^\n/, ''), line: block.line + 1 }, out.length + 1, category));
      continue;
    }
    out.push(questionOf(block, out.length + 1, category));
  }
  return out;
}
