import { readFileSync } from 'node:fs';
import { localizeMessage } from '@elearn/shared';
import { describe, expect, it } from 'vitest';
import { fromMoodleCategory, MalformedFile, mapQuestions } from './exchange.model.ts';
import { type ExportQuestion, fractionsOf, toGift, toMoodleXml } from './export.ts';
import { parseGift, unescapeGift } from './gift.ts';
import { parseMoodleXml } from './moodle-xml.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const en = (encoded: string) => localizeMessage('en', encoded);

describe('GIFT import (issue 37 item 6)', () => {
  const mapped = mapQuestions(parseGift(fixture('pool.gift.txt')), 'de');

  it('reads single choice with escaped characters, per-answer and general feedback and its category', () => {
    expect(mapped.questions[0]).toMatchObject({
      name: 'Feuerlöscher',
      type: 'multichoice',
      label: 'Welcher Löscher passt zu Klasse {B}: brennbare Flüssigkeiten?',
      explanation: 'Klasse B: flüssige oder flüssig werdende Stoffe.',
      category: 'Sicherheit/Brandschutz',
      points: null,
      answers: [
        { label: 'Schaum = gut', correct: true, explanation: 'Richtig: Schaum erstickt die Flamme.' },
        { label: 'Wasser ~ Strahl', correct: false, explanation: 'Falsch: Wasser verteilt brennendes Öl.' },
        { label: 'Metallbrand-Pulver # D', correct: false, explanation: 'Nur für Klasse D.' },
      ],
      notes: [],
    });
  });

  it('reads multiple answers with percentages (positive = correct) and HTML text, sanitized', () => {
    expect(mapped.questions[1]).toMatchObject({
      label: 'Was gilt für <b>Notausgänge</b>?',
      answers: [
        { label: 'Sie sind gekennzeichnet.', correct: true, explanation: '<em>Ja</em>, grün-weiss.' },
        { label: 'Sie sind frei zugänglich.', correct: true, explanation: null },
        { label: 'Sie dürfen abgeschlossen sein.', correct: false, explanation: 'Nie.' },
      ],
    });
  });

  it('reads true/false with the feedback for the wrong and the right answer, in the importer language', () => {
    expect(mapped.questions[2]).toMatchObject({
      type: 'truefalse',
      category: 'Sicherheit/Erste Hilfe',
      explanation: '112 gilt europaweit.',
      answers: [
        { label: 'Wahr', correct: true, explanation: 'Richtig.' },
        { label: 'Falsch', correct: false, explanation: 'Doch, 144 ist der Sanitätsnotruf.' },
      ],
    });
    expect(mapped.questions[3]!.answers.map((a) => [a.label, a.correct])).toEqual([
      ['Wahr', false],
      ['Falsch', true],
    ]);
  });

  it('skips and names the other types', () => {
    expect(mapped.skipped.map((s) => [s.position, s.type, en(s.reason)])).toEqual([
      [5, 'shortanswer', 'Question type “shortanswer” is not supported.'],
      [6, 'essay', 'Question type “essay” is not supported.'],
      [7, 'matching', 'Question type “matching” is not supported.'],
      [8, 'numerical', 'Question type “numerical” is not supported.'],
    ]);
  });

  it('refuses an unclosed answer block with its line and column', () => {
    const source = '// x\n\n::A:: Frage eins {=ja ~nein}\n\n::B:: Frage zwei\n{=ja ~nein\n';
    expect(() => parseGift(source)).toThrow(MalformedFile);
    try {
      parseGift(source);
    } catch (err) {
      expect(err).toMatchObject({ line: 6, column: 1 });
    }
  });

  it('reads what Moodle reads in a hand-written file: unescaped : = ~ # in the question text, a line break kept', () => {
    // Moodle's importer takes these (only the answer block and a title need escapes); the PEG
    // grammar gift-pegjs refuses the whole file at the first unescaped colon (docs/decisions/question-pool.md)
    const [q, tf] = parseGift(
      'Frage: Was ergibt 2+2=?\nZweite Zeile ~ mit # Zeichen {\n=4\n~5\n}\n\nRichtig: Die Erde ist rund. {T}\n',
    );
    expect(q).toMatchObject({
      type: 'multichoice',
      text: { text: 'Frage: Was ergibt 2+2=?\nZweite Zeile ~ mit # Zeichen' },
      answers: [
        { text: { text: '4' }, fraction: 100 },
        { text: { text: '5' }, fraction: 0 },
      ],
    });
    expect(tf).toMatchObject({ type: 'truefalse', text: { text: 'Richtig: Die Erde ist rund.' } });
  });

  it('unescapes only GIFT escapes', () => {
    expect(unescapeGift('a\\~b\\=c\\#d\\{e\\}f\\:g\\\\h\\ni\\x')).toBe('a~b=c#d{e}f:g\\h\ni\\x');
  });
});

describe('Moodle XML import (issue 37 item 6)', () => {
  const mapped = mapQuestions(parseMoodleXml(fixture('pool.xml')), 'en');

  it('reads HTML in CDATA and as entities, sanitized, with grades as points and categories', () => {
    expect(mapped.questions[0]).toMatchObject({
      label: '<p>Which extinguisher suits <strong>class B</strong> fires?</p>',
      explanation: '<p>Class B: burning liquids.</p>',
      points: 2,
      category: 'Safety/Fire',
      answers: [
        { label: 'Foam', correct: true, explanation: '<p>Right: foam smothers the flame.</p>' },
        { label: 'Water & jet', correct: false, explanation: '<p>Wrong: water spreads burning oil.</p>' },
        { label: 'Class D powder', correct: false, explanation: null },
      ],
      notes: [],
    });
  });

  it('maps multiple answers (fraction > 0 correct) and records what is lost', () => {
    const q = mapped.questions[1]!;
    expect(q.label).toBe('What is true of emergency exits? (a &lt; b)');
    expect(q.answers.map((a) => [a.label, a.correct])).toEqual([
      ['They are marked.', true],
      ['They are kept free.', true],
      ['They may be locked.', false],
    ]);
    expect(q.points).toBe(3);
    expect(q.notes.map(en)).toEqual([
      'Formatting of an answer removed (answers are plain text).',
      'Points 2.5 taken as 3.',
    ]);
  });

  it('reads true/false, drops embedded files with a note, and partial credit with a note', () => {
    expect(mapped.questions[2]).toMatchObject({
      type: 'truefalse',
      label: '<p>The Swiss ambulance number is 144. </p>',
      category: 'Safety/First aid',
      answers: [
        { label: 'True', correct: true, explanation: 'Right.' },
        { label: 'False', correct: false, explanation: 'It is 144.' },
      ],
    });
    expect(mapped.questions[2]!.notes.map(en)).toEqual(['Embedded files are not imported.']);
    expect(mapped.questions[3]!.answers.map((a) => a.correct)).toEqual([true, false, false]);
    expect(mapped.questions[3]!.notes.map(en)).toEqual([
      'Partial credit (50 %) does not exist here: the answer counts as wrong.',
    ]);
    expect(mapped.skipped.map((s) => s.type)).toEqual(['essay', 'shortanswer']);
  });

  it('refuses malformed XML with the parser line and column', () => {
    expect(() => parseMoodleXml('<quiz>\n<question type="multichoice">\n</quiz>')).toThrow(MalformedFile);
    try {
      parseMoodleXml('<quiz>\n  <question type="x" <b>\n</quiz>');
    } catch (err) {
      expect((err as MalformedFile).line).toBe(2);
    }
    expect(() => parseMoodleXml('<!DOCTYPE x [<!ENTITY a "b">]><quiz/>')).toThrow(/entity/);
    expect(() => parseMoodleXml('<other/>')).toThrow(/quiz/);
  });
});

describe('categories and export', () => {
  it("takes Moodle's paths without $course$ and top; // is Moodle's escaped slash", () => {
    expect(fromMoodleCategory('$course$/top/Safety/Fire')).toBe('Safety/Fire');
    expect(fromMoodleCategory('$course$/Default for X/Multichoice')).toBe('Default for X/Multichoice');
    expect(fromMoodleCategory('$system$/top')).toBeNull();
    expect(fromMoodleCategory('A//B/C')).toBe('A-B/C');
  });

  it('writes fractions Moodle accepts: single choice 100/0, several answers 100/k and -100', () => {
    const a = (correct: boolean) => ({ label: 'x', correct, explanation: null });
    expect(fractionsOf([a(true), a(false)])).toEqual({ single: true, fractions: [100, 0] });
    expect(fractionsOf([a(true), a(true), a(true), a(false)])).toEqual({
      single: false,
      fractions: [33.33333, 33.33333, 33.33333, -100],
    });
  });

  const list: ExportQuestion[] = [
    {
      id: 1,
      label: '<p>Zeichen ~ = # { } : \\ und ]]&gt; &amp;</p>',
      points: 4,
      explanation: '<p>Allgemein: <em>ja</em></p>',
      category: 'A/B c',
      answers: [
        { label: 'a < b & "c" ~ = # { } :', correct: true, explanation: '<p>Warum: so</p>' },
        { label: 'zwei', correct: false, explanation: null },
      ],
    },
    {
      id: 2,
      label: '<p>Mehrere</p>',
      points: null,
      explanation: null,
      category: null,
      answers: [
        { label: 'eins', correct: true, explanation: null },
        { label: 'zwei', correct: true, explanation: null },
        { label: 'drei', correct: false, explanation: 'nein' },
      ],
    },
    {
      id: 3,
      label: '<p>Keine richtig</p>',
      points: 7,
      explanation: null,
      category: 'A',
      answers: [
        { label: 'x', correct: false, explanation: null },
        { label: 'y', correct: false, explanation: null },
      ],
    },
  ];
  const comparable = (q: {
    label: string;
    explanation: string | null;
    category: string | null;
    answers: unknown;
  }) => ({
    label: q.label,
    explanation: q.explanation,
    category: q.category,
    answers: q.answers,
  });

  it('round-trips Moodle XML: equal questions, points included', () => {
    const back = mapQuestions(parseMoodleXml(toMoodleXml(list)), 'de');
    expect(back.skipped).toEqual([]);
    const byLabel = (l: string) => back.questions.find((q) => q.label === l)!;
    for (const q of list) {
      expect(comparable(byLabel(q.label))).toEqual(comparable(q));
      expect(byLabel(q.label).points).toBe(q.points);
    }
  });

  it('round-trips GIFT: equal questions (GIFT has no points)', () => {
    const back = mapQuestions(parseGift(toGift(list)), 'de');
    expect(back.skipped).toEqual([]);
    for (const q of list) {
      expect(comparable(back.questions.find((b) => b.label === q.label)!)).toEqual(comparable(q));
    }
  });
});
