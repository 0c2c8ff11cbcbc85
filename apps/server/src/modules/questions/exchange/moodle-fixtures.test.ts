import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { localizeMessage } from '@elearn/shared';
import { describe, expect, it } from 'vitest';
import { mapQuestions } from './exchange.model.ts';
import { parseGift } from './gift.ts';
import { parseMoodleXml } from './moodle-xml.ts';

/*
 * Moodle's own import fixtures (issue 37 item 6: "test against question files from Moodle's own
 * repository"), read from a Moodle checkout: they are Moodle's (GPL) and not copied into this
 * repository (docs/decisions/question-pool.md). Run with the root of a checkout of moodle/moodle:
 *
 *   MOODLE_DIR=/path/to/moodle npx vitest run --project server \
 *     apps/server/src/modules/questions/exchange/moodle-fixtures.test.ts
 *
 * Without MOODLE_DIR the cases are skipped (CI has no Moodle checkout and no network).
 */
const MOODLE_DIR = process.env.MOODLE_DIR;
const GIFT = 'question/format/gift/tests/fixtures';
const XML = 'question/format/xml/tests/fixtures';
const read = (rel: string) => {
  const file = path.join(MOODLE_DIR ?? '', rel);
  if (!existsSync(file)) throw new Error(`MOODLE_DIR has no ${rel}`);
  return readFileSync(file, 'utf8');
};
const en = (encoded: string) => localizeMessage('en', encoded);
/** what the importer makes of a question, in short: type, category, text, answers as [label, correct] */
const brief = (q: ReturnType<typeof mapQuestions>['questions'][number]) => ({
  type: q.type,
  category: q.category,
  label: q.label,
  answers: q.answers.map((a) => [a.label, a.correct]),
});

describe.skipIf(!MOODLE_DIR)("Moodle's own import fixtures (MOODLE_DIR)", () => {
  it('questions.gift.txt: multiple choice (single, multiple with % grades) and true/false imported; the rest skipped and named', () => {
    const { questions, skipped } = mapQuestions(parseGift(read(`${GIFT}/questions.gift.txt`)), 'en');
    expect(questions.map(brief)).toEqual([
      {
        type: 'multichoice',
        category: null,
        label: "What's between orange and green in the spectrum?",
        answers: [
          ['yellow', true],
          ['red', false],
          ['blue', false],
        ],
      },
      {
        type: 'multichoice',
        category: null,
        label: "What's between orange and green in the spectrum?",
        answers: [
          ['yellow', true],
          ['red', false],
          ['off-beige', true],
          ['blue', false],
        ],
      },
      {
        type: 'truefalse',
        category: null,
        // the fixture has a stray `";` after the answer block (a PHP string's end): text after the
        // block makes a blank, as Moodle's reader does ("missing word")
        label: '42 is the Absolute Answer to everything. _____ ";',
        answers: [
          ['True', false],
          ['False', true],
        ],
      },
      {
        type: 'truefalse',
        category: null,
        label: 'TSL is blablabla.',
        answers: [
          ['True', true],
          ['False', false],
        ],
      },
      {
        type: 'truefalse',
        category: null,
        label: 'TSL is blablabla.',
        answers: [
          ['True', true],
          ['False', false],
        ],
      },
    ]);
    // per-answer feedback as explanations; Moodle's true/false: the first feedback for the wrong answer
    expect(questions[0]!.answers.map((a) => a.explanation)).toEqual([
      'right; good!',
      "wrong, it's yellow",
      "wrong, it's yellow",
    ]);
    expect(questions[2]).toMatchObject({
      explanation: "This is, of course, a Hitchiker's Guide to the Galaxy reference.",
      answers: [
        { label: 'True', explanation: '42 is the Ultimate Answer.' },
        { label: 'False', explanation: 'You gave the right answer.' },
      ],
    });
    expect(skipped.map((s) => [s.position, s.name, s.type])).toEqual([
      [1, 'Q8', 'essay'],
      [2, 'Moodle activities', 'matching'],
      [5, 'Q5', 'numerical'],
      [6, 'Shortanswer', 'shortanswer'],
    ]);
    expect(en(skipped[0]!.reason)).toBe('Question type “essay” is not supported.');
  });

  it('questions_in_category.gift.txt: its $CATEGORY, escaped = and : in HTML, true/false', () => {
    const { questions, skipped } = mapQuestions(
      parseGift(read(`${GIFT}/questions_in_category.gift.txt`)),
      'en',
    );
    expect(questions.map((q) => [q.name, q.type, q.category])).toEqual([
      ['Greeting', 'multichoice', 'Default for New Features'],
      ['Moodle acronym', 'truefalse', 'Default for New Features'],
    ]);
    expect(questions[0]!.label).toContain('Listen to this greeting:');
    expect(questions[0]!.label).toContain('href="http://demo.moodle.net/file.php/5/media/bonjour.mp3"');
    expect(questions[0]!.answers.map((a) => [a.label, a.correct, a.explanation])).toEqual([
      ['English', false, 'Sorry, listen again.'],
      ['French', true, 'Yes, well done!'],
      ['German', false, 'Sorry, listen again.'],
      ['Spanish', false, 'Sorry, listen again.'],
    ]);
    expect(questions[1]!.label).toContain('Modular Object-Oriented Dynamic Learning Environment');
    expect(questions[1]!.answers.map((a) => a.correct)).toEqual([true, false]);
    expect(skipped.map((s) => [s.name, s.type])).toEqual([
      ['Moodle activities', 'matching'],
      ['Moodle user', 'shortanswer'],
    ]);
  });

  it('multichoice.xml: single choice with per-answer feedback; the embedded images and sound are dropped with a note', () => {
    const { questions, skipped } = mapQuestions(parseMoodleXml(read(`${XML}/multichoice.xml`)), 'en');
    expect(skipped).toEqual([]);
    expect(questions).toHaveLength(1);
    const [q] = questions;
    expect(q).toMatchObject({
      name: 'Greeting',
      type: 'multichoice',
      category: 'Default for testhead/Multichoice',
    });
    expect(q!.label).toContain('What language is being spoken?');
    expect(q!.label).not.toContain('@@PLUGINFILE@@');
    expect(q!.answers.map((a) => [a.label, a.correct, a.explanation])).toEqual([
      ['English', false, '<p>Sorry, listen again.</p>'],
      ['French', true, '<p>Yes, well done!</p>'],
      ['German', false, '<p>Sorry, listen again.</p>'],
      ['Danish', false, '<p>Sorry, listen again.</p>'],
    ]);
    expect(q!.notes.map(en)).toContain('Embedded files are not imported.');
  });

  it('truefalse.xml: both questions, the correct one by its fraction, feedback per answer, general feedback', () => {
    const { questions, skipped } = mapQuestions(parseMoodleXml(read(`${XML}/truefalse.xml`)), 'de');
    expect(skipped).toEqual([]);
    expect(questions.map((q) => [q.name, q.category, q.answers.map((a) => [a.label, a.correct])])).toEqual([
      [
        'Moodle acronym (False)',
        'Default for testhead/TrueFalse',
        [
          ['Wahr', false],
          ['Falsch', true],
        ],
      ],
      [
        'Moodle acronym (True)',
        'Default for testhead/TrueFalse',
        [
          ['Wahr', true],
          ['Falsch', false],
        ],
      ],
    ]);
    for (const q of questions) {
      expect(q.explanation).toContain('href="http://docs.moodle.org/en/About_Moodle"');
      expect(`${q.label}${q.explanation}`).not.toContain('@@PLUGINFILE@@');
      expect(q.answers.map((a) => a.explanation)).toEqual([
        expect.stringContaining('Your answer is'),
        expect.stringContaining('Your answer is'),
      ]);
    }
  });

  it('nested_categories_with_questions.xml: each question in its level of the tree; the essay skipped', () => {
    const { questions, skipped } = mapQuestions(
      parseMoodleXml(read(`${XML}/nested_categories_with_questions.xml`)),
      'en',
    );
    expect(questions.map((q) => [q.name, q.category])).toEqual([
      ['Iota Question', 'Iota'],
      ['Kappa Question', 'Iota/Kappa'],
      ['Lambda Question', 'Iota/Kappa/Lambda'],
      ['Mu Question', 'Iota/Mu'],
    ]);
    expect(skipped.map((s) => [s.position, s.name, s.type])).toEqual([[2, 'Kappa Essay Question', 'essay']]);
  });
});
