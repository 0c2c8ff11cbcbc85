import { EXPLANATION_MAX, type StartedRun, type StopResult, type StudentRow } from '@elearn/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answers, questions } from '../../db/schema/index.ts';
import { type Agent, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { mcTestFixtures } from '../../test/mc-test-fixtures.ts';

/** every key of a JSON value, at any depth */
function keysOf(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) keysOf(v, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.add(k);
      keysOf(v, out);
    }
  }
  return out;
}
/** what must not reach a learner before a practice run is submitted, or ever in an exam */
const TEACHING_KEY = /^(correct|is_?correct|isCorrect|right_?answer|solution|explanation|chosen)$/i;
const leaked = (body: unknown) => [...keysOf(body)].filter((k) => TEACHING_KEY.test(k));

interface AnswerOut {
  id: number;
  label: string;
  correct: boolean;
  explanation: string | null;
}

describe('explanations: stored sanitized, shown only after a practice run (issue 36 item 4)', () => {
  let t: TestApp;
  let mx: ReturnType<typeof mcTestFixtures>;
  let trainer: Agent;
  let trainerId: number;
  let student: Agent;
  let studentId: number;

  beforeAll(async () => {
    t = await buildTestApp({ rateLimitFactor: 100 });
    mx = mcTestFixtures(t.app);
    const tr = await t.make.user({ scopes: ['trainer'] });
    const st = await t.make.user();
    trainerId = tr.id;
    studentId = st.id;
    [trainer, student] = await Promise.all([t.loginAs(tr.email), t.loginAs(st.email)]);
  });
  afterAll(() => t.close());

  const start = (agent: Agent, id: number) => agent.post('/api/graduate/startTest/', { id });
  const stop = (agent: Agent, userGraduateId: number, qs: { questionId: number; answerIds: number[] }[]) =>
    agent.patch('/api/graduate/stopTest/', { resultSet: { userGraduateId, questions: qs } });

  /** a test of the trainer booked by the student, with one question carrying explanations */
  async function testWithExplanations(mode: 'exam' | 'practice') {
    const made = await mx.bookedTest(trainerId, [studentId], { mode, questions: 0, percent: 50 });
    const res = await trainer.post('/api/questions', {
      label: '<p>Welche Stadt ist die Bundesstadt?</p>',
      explanation: '<p>Seit <strong>1848</strong> tagt das Parlament in Bern.</p><script>alert(1)</script>',
      answers: [
        { label: 'Bern', correct: true, explanation: '<p>Richtig: Bern.</p><img src=x onerror=alert(1)>' },
        { label: 'Zürich', correct: false, explanation: '<p>Zürich ist die grösste Stadt.</p>' },
        { label: 'Genf', correct: false },
      ],
      mcTestId: made.test.id,
    });
    expect(res.statusCode).toBe(201);
    return { made, question: res.json() as { id: number; explanation: string | null; answers: AnswerOut[] } };
  }

  it('stores explanations sanitized (no script, no event handler), updates and clears them', async () => {
    const { question } = await testWithExplanations('practice');
    expect(question.explanation).toBe('<p>Seit <strong>1848</strong> tagt das Parlament in Bern.</p>');
    expect(question.answers.map((a) => [a.label, a.explanation])).toEqual([
      ['Bern', '<p>Richtig: Bern.</p><img src="x" />'],
      ['Zürich', '<p>Zürich ist die grösste Stadt.</p>'],
      ['Genf', null],
    ]);
    const [row] = await t.app.database.db
      .select({ explanation: questions.explanation })
      .from(questions)
      .where(eq(questions.id, question.id));
    expect(row!.explanation).not.toMatch(/script|alert/);

    const updated = await trainer.patch('/api/questions/update', {
      id: question.id,
      label: '<p>Welche Stadt ist die Bundesstadt?</p>',
      explanation: '<p onclick="x()">Neu</p><iframe src="https://evil.example"></iframe>',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().explanation).toBe('<p>Neu</p>');
    // left out: unchanged; nothing visible or null: cleared
    const kept = await trainer.patch('/api/questions/update', { id: question.id, label: '<p>Q</p>' });
    expect(kept.json().explanation).toBe('<p>Neu</p>');
    const cleared = await trainer.patch('/api/questions/update', {
      id: question.id,
      label: '<p>Q</p>',
      explanation: '<p> </p><script>x</script>',
    });
    expect(cleared.json().explanation).toBeNull();

    const genf = question.answers[2]!;
    const answer = await trainer.patch('/api/answers', {
      id: genf.id,
      explanation: '<p>Genf: UNO</p><script>x</script>',
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ label: 'Genf', explanation: '<p>Genf: UNO</p>' });
    expect(
      (await trainer.patch('/api/answers', { id: genf.id, explanation: null })).json().explanation,
    ).toBeNull();
    const added = await trainer.post('/api/answers/new', {
      question_id: question.id,
      label: 'Basel',
      correct: false,
      explanation: '<p>Basel liegt am Rhein.</p>',
    });
    expect(added.statusCode).toBe(201);
    expect(added.json().explanation).toBe('<p>Basel liegt am Rhein.</p>');
    const stored = await t.app.database.db
      .select({ explanation: answers.explanation })
      .from(answers)
      .where(eq(answers.id, added.json().id));
    expect(stored[0]!.explanation).toBe('<p>Basel liegt am Rhein.</p>');
  });

  it('refuses explanations beyond the limit with a field error in the request’s language', async () => {
    const { question } = await testWithExplanations('practice');
    const long = `<p>${'a'.repeat(EXPLANATION_MAX)}</p>`;
    const cases: [string, () => ReturnType<Agent['post']>, string][] = [
      [
        'create question',
        () => trainer.post('/api/questions', { label: '<p>x</p>', explanation: long }),
        'explanation',
      ],
      [
        'create with answers',
        () =>
          trainer.post('/api/questions', {
            label: '<p>x</p>',
            answers: [{ label: 'a', correct: true, explanation: long }],
          }),
        'answers.0.explanation',
      ],
      [
        'update question',
        () =>
          trainer.patch('/api/questions/update', { id: question.id, label: '<p>x</p>', explanation: long }),
        'explanation',
      ],
      [
        'new answer',
        () =>
          trainer.post('/api/answers/new', {
            question_id: question.id,
            label: 'a',
            correct: false,
            explanation: long,
          }),
        'explanation',
      ],
      [
        'update answer',
        () => trainer.patch('/api/answers', { id: question.answers[0]!.id, explanation: long }),
        'explanation',
      ],
      [
        'not text',
        () => trainer.patch('/api/answers', { id: question.answers[0]!.id, explanation: 42 }),
        'explanation',
      ],
      [
        'NUL',
        () => trainer.patch('/api/answers', { id: question.answers[0]!.id, explanation: 'a\u0000b' }),
        'explanation',
      ],
    ];
    for (const [name, call, field] of cases) {
      const res = await call();
      expect(`${name}: ${res.statusCode}`).toBe(`${name}: 422`);
      expect(Object.keys(res.json().errors)).toContain(field);
    }
    trainer.lang = 'en';
    const en = await trainer.post('/api/questions', { label: '<p>x</p>', explanation: long });
    trainer.lang = 'de';
    expect(en.json().errors.explanation).toEqual([`May be at most ${EXPLANATION_MAX} characters long.`]);
    const de = await trainer.post('/api/questions', { label: '<p>x</p>', explanation: long });
    expect(de.json().errors.explanation).toEqual([`Darf höchstens ${EXPLANATION_MAX} Zeichen lang sein.`]);
    // nothing was written
    const [row] = await t.app.database.db
      .select({ explanation: answers.explanation })
      .from(answers)
      .where(eq(answers.id, question.answers[0]!.id));
    expect(row!.explanation).toBe('<p>Richtig: Bern.</p><img src="x" />');
  });

  it('practice: no explanation or correctness during the run; after submitting the choice, the correct answers and the explanations', async () => {
    const { made, question } = await testWithExplanations('practice');
    const started = await start(student, made.test.id);
    expect(started.statusCode).toBe(201);
    expect(leaked(started.json())).toEqual([]);
    expect(JSON.stringify(started.json())).not.toMatch(/1848|Richtig: Bern|grösste Stadt/);
    const resumed = await start(student, made.test.id);
    expect(leaked(resumed.json())).toEqual([]);
    // every learner read while the run is open
    for (const url of [
      '/api/mc_tests/user/assigned',
      `/api/mc_tests/chapter/${made.chapter.id}`,
      '/api/graduate/history/student',
    ]) {
      const got = await student.get(url);
      expect(`${url}: ${got.statusCode}`).toBe(`${url}: 200`);
      expect(leaked(got.json())).toEqual([]);
    }
    const run = started.json() as StartedRun;
    const zurich = question.answers[1]!.id;
    const res = await stop(student, run.user_graduate_id, [{ questionId: question.id, answerIds: [zurich] }]);
    expect(res.statusCode).toBe(200);
    const result = res.json() as StopResult;
    expect(result.result?.questions).toEqual([
      {
        id: question.id,
        label: '<p>Welche Stadt ist die Bundesstadt?</p>',
        right: false,
        points: null,
        explanation: '<p>Seit <strong>1848</strong> tagt das Parlament in Bern.</p>',
        answers: expect.arrayContaining([
          {
            id: question.answers[0]!.id,
            label: 'Bern',
            chosen: false,
            correct: true,
            explanation: '<p>Richtig: Bern.</p><img src="x" />',
          },
          {
            id: zurich,
            label: 'Zürich',
            chosen: true,
            correct: false,
            explanation: '<p>Zürich ist die grösste Stadt.</p>',
          },
          { id: question.answers[2]!.id, label: 'Genf', chosen: false, correct: false, explanation: null },
        ]),
      },
    ]);
    // the answers in the order the run showed them
    expect(result.result!.questions[0]!.answers.map((a) => a.id)).toEqual(
      run.questions[0]!.answers.map((a) => a.id),
    );

    // the run keeps what the learner saw: later edits of the pool change neither the stored review...
    await trainer.patch('/api/questions/update', {
      id: question.id,
      label: '<p>Geändert</p>',
      explanation: '<p>Später geändert</p>',
    });
    await trainer.patch('/api/answers', { id: question.answers[0]!.id, explanation: '<p>Auch geändert</p>' });
    const history = (await student.get('/api/graduate/history/student')).json().data as StudentRow[];
    const mine = history.find((r) => r.id === run.user_graduate_id)!;
    expect(mine.result?.questions[0]).toMatchObject({
      label: '<p>Welche Stadt ist die Bundesstadt?</p>',
      explanation: '<p>Seit <strong>1848</strong> tagt das Parlament in Bern.</p>',
    });
    expect(mine.result!.questions[0]!.answers.find((a) => a.label === 'Bern')!.explanation).toBe(
      '<p>Richtig: Bern.</p><img src="x" />',
    );
    // ...while the next run shows the new text
    const next = (await start(student, made.test.id)).json() as StartedRun;
    const again = (await stop(student, next.user_graduate_id, [])).json() as StopResult;
    expect(again.result!.questions[0]!.explanation).toBe('<p>Später geändert</p>');
  });

  it('exam: never an explanation or a correct flag, during the run, in the result or in the history', async () => {
    const { made, question } = await testWithExplanations('exam');
    const started = await start(student, made.test.id);
    expect(started.statusCode).toBe(201);
    expect(leaked(started.json())).toEqual([]);
    const run = started.json() as StartedRun;
    const res = await stop(student, run.user_graduate_id, [
      { questionId: question.id, answerIds: [question.answers[0]!.id] },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ mode: 'exam', achievedPercent: 100, accomp: true, result: null });
    expect(leaked(res.json())).toEqual([]);
    const history = (await student.get('/api/graduate/history/student')).json().data as StudentRow[];
    const exams = history.filter((r) => r.mc_test_id === made.test.id);
    expect(exams.map((r) => r.result)).toEqual([null]);
    expect(leaked(exams)).toEqual([]);
    expect(JSON.stringify(exams)).not.toMatch(/1848|Richtig: Bern/);
  });
});
