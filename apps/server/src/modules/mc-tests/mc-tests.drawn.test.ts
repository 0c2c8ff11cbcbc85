import { type ItemAnalysis, inCategory, type McTestDto, type StartedRun } from '@elearn/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcTests, questions, userGraduateMctests } from '../../db/schema/index.ts';
import { type Agent, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { mcTestFixtures } from '../../test/mc-test-fixtures.ts';

/** issue 37 item 3: drawn tests, their rules, the draw at each run's start and what runs keep of it */
describe('drawn tests', () => {
  let t: TestApp;
  let mx: ReturnType<typeof mcTestFixtures>;
  let trainer: Agent;
  let trainerId: number;
  let student: Agent;
  let studentId: number;
  let student2: Agent;
  let student2Id: number;
  /** the trainer's pool by category: ids */
  const pool = new Map<string, number[]>();

  beforeAll(async () => {
    t = await buildTestApp({ rateLimitFactor: 100 });
    mx = mcTestFixtures(t.app);
    const [tr, s1, s2] = await Promise.all([
      t.make.user({ scopes: ['trainer'] }),
      t.make.user(),
      t.make.user(),
    ]);
    trainerId = tr.id;
    studentId = s1.id;
    student2Id = s2.id;
    [trainer, student, student2] = await Promise.all([
      t.loginAs(tr.email),
      t.loginAs(s1.email),
      t.loginAs(s2.email),
    ]);
    // Safety 6 (+ 4 in Safety/Fire), Law 5, 3 without a category
    for (const [category, n] of [
      ['Safety', 6],
      ['Safety/Fire', 4],
      ['Law', 5],
      [null, 3],
    ] as const) {
      const ids: number[] = [];
      for (let i = 0; i < n; i++) {
        const q = await mx.question(trainerId);
        await db().update(questions).set({ category }).where(eq(questions.id, q.question.id));
        ids.push(q.question.id);
      }
      if (category) pool.set(category, ids);
    }
  });
  afterAll(() => t.close());

  const db = () => t.app.database.db;
  const categoryOf = (id: number) => [...pool].find(([, ids]) => ids.includes(id))?.[0] ?? null;
  const rules = [
    { category: 'Safety', count: 4 },
    { category: 'Safety/Fire', count: 2 },
    { category: 'Law', count: 3 },
  ];
  /** a drawn test of the trainer on a chapter booked by both students */
  const drawnTest = async (
    opts: { mode?: 'exam' | 'practice'; shuffle?: boolean; rules?: typeof rules } = {},
  ) => {
    const made = await mx.bookedTest(trainerId, [studentId, student2Id], { questions: 0, mode: opts.mode });
    await db()
      .update(mcTests)
      .set({
        questionSelection: 'drawn',
        drawRules: opts.rules ?? rules,
        shuffleQuestions: opts.shuffle ?? false,
      })
      .where(eq(mcTests.id, made.test.id));
    return made.test.id;
  };
  const start = async (agent: Agent, id: number) => {
    const res = await agent.post('/api/graduate/startTest/', { id });
    expect(res.statusCode).toBe(201);
    return res.json() as StartedRun;
  };
  const stop = (agent: Agent, run: StartedRun, answerIds: (q: StartedRun['questions'][number]) => number[]) =>
    agent.patch('/api/graduate/stopTest/', {
      resultSet: {
        userGraduateId: run.user_graduate_id,
        questions: run.questions.map((q) => ({ questionId: q.id, answerIds: answerIds(q) })),
      },
    });
  /** every drawn question in its rule's place and category, none twice */
  const expectObeys = (ids: number[], rs = rules) => {
    expect(ids).toHaveLength(rs.reduce((n, r) => n + r.count, 0));
    expect(new Set(ids).size).toBe(ids.length);
    let at = 0;
    for (const rule of rs) {
      for (const id of ids.slice(at, at + rule.count))
        expect(inCategory(categoryOf(id), rule.category)).toBe(true);
      at += rule.count;
    }
  };

  it('saves the selection, the rules and the shuffle with the test and counts what a run draws', async () => {
    const res = await trainer.post('/api/mc_tests', {
      label: 'Gezogen',
      percent_to_accomplish: 50,
      mode: 'exam',
      question_selection: 'drawn',
      draw_rules: [
        { category: ' Safety / Fire ', count: 2 },
        { category: 'Law', count: 3 },
      ],
      shuffle_questions: true,
    });
    expect(res.statusCode).toBe(201);
    const created = res.json() as McTestDto;
    expect(created).toMatchObject({
      question_selection: 'drawn',
      draw_rules: [
        { category: 'Safety/Fire', count: 2 },
        { category: 'Law', count: 3 },
      ],
      shuffle_questions: true,
      questions_count: 5,
      enabled: 0,
    });
    const updated = await trainer.patch('/api/mc_tests/update', {
      id: created.id,
      label: 'Gezogen',
      percent_to_accomplish: 50,
      mode: 'exam',
      question_selection: 'fixed',
    });
    expect(updated.statusCode).toBe(200);
    // back to fixed: the rules are kept for later, the run asks the linked questions (none)
    expect(updated.json()).toMatchObject({
      question_selection: 'fixed',
      draw_rules: [{ category: 'Safety/Fire' }, { category: 'Law' }],
      shuffle_questions: true,
      questions_count: 0,
    });
    // a test made before drawn tests is fixed
    const plain = await trainer.post('/api/mc_tests', {
      label: 'Fest',
      percent_to_accomplish: 50,
      mode: 'exam',
    });
    expect(plain.json()).toMatchObject({
      question_selection: 'fixed',
      draw_rules: [],
      shuffle_questions: false,
    });
  });

  it('refuses malformed rules with a message in both languages', async () => {
    const body = (draw_rules: unknown) => ({
      label: 'X',
      percent_to_accomplish: 50,
      mode: 'exam',
      question_selection: 'drawn',
      draw_rules,
    });
    for (const [bad, en] of [
      [[{ category: 'Law', count: 0 }], 'at least 1'],
      [[{ category: '', count: 1 }], 'required'],
      [[{ category: 'Law', count: 1, extra: 1 }], ''],
      [Array.from({ length: 3 }, () => ({ category: 'Law', count: 100 })), 'at most 200 questions'],
      ['Law', ''],
    ] as const) {
      const res = await trainer.post('/api/mc_tests', body(bad), { headers: { 'accept-language': 'en' } });
      expect(res.statusCode, JSON.stringify(bad)).toBe(422);
      expect(JSON.stringify(res.json().errors)).toContain('draw_rules');
      if (en) expect(JSON.stringify(res.json().errors)).toContain(en);
    }
    const de = await trainer.post('/api/mc_tests', body([{ category: 'Law', count: 0 }]));
    expect(JSON.stringify(de.json().errors)).toContain('mindestens 1');
    const selection = await trainer.post('/api/mc_tests', { ...body([]), question_selection: 'random' });
    expect(selection.statusCode).toBe(422);
  });

  it('refuses to enable a drawn test whose rules the pool cannot satisfy (422, in both languages)', async () => {
    // Safety has 10 with Fire; 4 go to the Fire rule, so 7 from Safety leave it short by one
    const short = [
      { category: 'Safety/Fire', count: 4 },
      { category: 'Safety', count: 7 },
    ];
    const created = await trainer.post(
      '/api/mc_tests',
      {
        label: 'Zu viel',
        percent_to_accomplish: 50,
        mode: 'exam',
        enabled: 1,
        question_selection: 'drawn',
        draw_rules: short,
      },
      { headers: { 'accept-language': 'en' } },
    );
    expect(created.statusCode).toBe(422);
    expect(created.json()).toMatchObject({
      code: 'mc_test.draw_unsatisfiable',
      errors: {
        draw_rules: [
          'The category “Safety” has 10 questions in the pool with its sub-categories, but the rules draw 11 from it.',
        ],
      },
    });
    // saved disabled it is kept; enabling it is refused, in German by default
    const saved = await trainer.post('/api/mc_tests', {
      label: 'Zu viel',
      percent_to_accomplish: 50,
      mode: 'exam',
      question_selection: 'drawn',
      draw_rules: short,
    });
    expect(saved.statusCode).toBe(201);
    const id = (saved.json() as McTestDto).id;
    const toggled = await trainer.patch('/api/mc_tests/toggle/enabled', { mcTestId: id });
    expect(toggled.statusCode).toBe(422);
    expect(toggled.json().errors.draw_rules[0]).toBe(
      'Die Kategorie «Safety» hat mit ihren Unterkategorien 10 Fragen im Pool, die Regeln ziehen aber 11 daraus.',
    );
    // a category the pool does not have
    const none = await trainer.patch('/api/mc_tests/update', {
      id,
      label: 'Zu viel',
      percent_to_accomplish: 50,
      mode: 'exam',
      draw_rules: [{ category: 'Nowhere', count: 1 }],
    });
    expect(none.statusCode).toBe(200);
    expect(
      (await trainer.patch('/api/mc_tests/toggle/enabled', { mcTestId: id })).json().errors.draw_rules[0],
    ).toContain('«Nowhere» hat mit ihren Unterkategorien 0 Fragen');
    // satisfiable: enabled; then saving unsatisfiable rules on the enabled test is refused
    const fixedRules = await trainer.patch('/api/mc_tests/update', {
      id,
      label: 'Passt',
      percent_to_accomplish: 50,
      mode: 'exam',
      draw_rules: rules,
    });
    expect(fixedRules.statusCode).toBe(200);
    expect((await trainer.patch('/api/mc_tests/toggle/enabled', { mcTestId: id })).json()).toMatchObject({
      enabled: 1,
      questions_count: 9,
    });
    const worse = await trainer.patch('/api/mc_tests/update', {
      id,
      label: 'Passt',
      percent_to_accomplish: 50,
      mode: 'exam',
      draw_rules: [{ category: 'Law', count: 6 }],
    });
    expect(worse.statusCode).toBe(422);
    expect(worse.json().code).toBe('mc_test.draw_unsatisfiable');
    const [row] = await db().select().from(mcTests).where(eq(mcTests.id, id));
    expect(row!.drawRules).toEqual(rules);
    // an enabled drawn test needs a rule
    const empty = await trainer.patch(
      '/api/mc_tests/update',
      { id, label: 'Passt', percent_to_accomplish: 50, mode: 'exam', draw_rules: [] },
      { headers: { 'accept-language': 'en' } },
    );
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toMatchObject({
      code: 'mc_test.draw_no_rules',
      errors: { draw_rules: ['A test with drawn questions needs at least one rule.'] },
    });
    // disabling is never refused
    await db()
      .update(mcTests)
      .set({ drawRules: [{ category: 'Nowhere', count: 1 }] })
      .where(eq(mcTests.id, id));
    expect((await trainer.patch('/api/mc_tests/toggle/enabled', { mcTestId: id })).json().enabled).toBe(0);
  });

  it('draws afresh for each run by the rules and keeps the draw in the run’s snapshot', async () => {
    const id = await drawnTest({ mode: 'practice' });
    const draws = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const run = await start(i % 2 ? student2 : student, id);
      const ids = run.questions.map((q) => q.id);
      expectObeys(ids);
      // grouped by rule, each rule's questions in pool order when not shuffled
      expect(ids.slice(0, 4)).toEqual([...ids.slice(0, 4)].sort((a, b) => a - b));
      draws.add(ids.join(','));
      const [row] = await db()
        .select({ snapshot: userGraduateMctests.snapshot })
        .from(userGraduateMctests)
        .where(eq(userGraduateMctests.id, run.user_graduate_id));
      expect(row!.snapshot.questions.map((q) => q.id)).toEqual(ids);
      // resuming the open run gives the same questions, not a new draw
      const again = await (i % 2 ? student2 : student).post('/api/graduate/startTest/', { id });
      expect(again.statusCode).toBe(200);
      expect((again.json() as StartedRun).questions.map((q) => q.id)).toEqual(ids);
      expect((await stop(i % 2 ? student2 : student, run, () => [])).statusCode).toBe(200);
    }
    expect(draws.size).toBeGreaterThan(1);
  });

  it('shuffles the question order per run when the test says so, fixed tests too', async () => {
    const id = await drawnTest({ mode: 'practice', shuffle: true });
    let mixed = 0;
    for (let i = 0; i < 6; i++) {
      const run = await start(student, id);
      const ids = run.questions.map((q) => q.id);
      expect(new Set(ids).size).toBe(9);
      const kinds = ids.map((q) => (categoryOf(q) === 'Law' ? 'L' : 'S')).join('');
      if (kinds !== 'SSSSSSLLL') mixed++;
      await stop(student, run, () => []);
    }
    expect(mixed).toBeGreaterThan(0);
    const fixed = await mx.bookedTest(trainerId, [studentId], { questions: 8, mode: 'practice' });
    await db().update(mcTests).set({ shuffleQuestions: true }).where(eq(mcTests.id, fixed.test.id));
    const linked = fixed.questions.map((q) => q.question.id);
    const orders = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const run = await start(student, fixed.test.id);
      expect([...run.questions.map((q) => q.id)].sort((a, b) => a - b)).toEqual(linked);
      orders.add(run.questions.map((q) => q.id).join(','));
      await stop(student, run, () => []);
    }
    expect(orders.size).toBeGreaterThan(1);
  });

  it('answers a start the shrunk pool cannot satisfy with a clear 409, never a 500', async () => {
    const id = await drawnTest({ rules: [{ category: 'Law', count: 5 }] });
    const lawIds = pool.get('Law')!;
    // one Law question moves to another category
    await db().update(questions).set({ category: 'Other' }).where(eq(questions.id, lawIds[0]!));
    try {
      const res = await student.post(
        '/api/graduate/startTest/',
        { id },
        { headers: { 'accept-language': 'en' } },
      );
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'mc_test.draw_unsatisfiable',
        message:
          'The category “Law” has 4 questions in the pool with its sub-categories, but the rules draw 5 from it.',
      });
      const de = await student.post('/api/graduate/startTest/', { id });
      expect(de.json().message).toContain('«Law»');
      const runs = await db().select().from(userGraduateMctests).where(eq(userGraduateMctests.mcTestId, id));
      expect(runs).toHaveLength(0);
    } finally {
      await db().update(questions).set({ category: 'Law' }).where(eq(questions.id, lawIds[0]!));
    }
    // a drawn test without rules has no questions
    const empty = await drawnTest({ rules: [] });
    const res = await student.post('/api/graduate/startTest/', { id: empty });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('mc_test.empty');
  });

  it('draws by the pool as it is now, also right after another start kept the pool', async () => {
    const id = await drawnTest({ mode: 'practice', rules: [{ category: 'Law', count: 4 }] });
    const lawIds = pool.get('Law')!;
    // a start keeps the owner's pool for a few seconds
    await stop(student, await start(student, id), () => []);
    await db().update(questions).set({ category: 'Other' }).where(eq(questions.id, lawIds[1]!));
    try {
      for (let i = 0; i < 6; i++) {
        const run = await start(student, id);
        const ids = run.questions.map((q) => q.id);
        // never the question that left the category, though the kept pool still has it there
        expect(ids).not.toContain(lawIds[1]);
        expect(ids.every((q) => lawIds.includes(q))).toBe(true);
        expect(new Set(ids).size).toBe(4);
        await stop(student, run, () => []);
      }
    } finally {
      await db().update(questions).set({ category: 'Law' }).where(eq(questions.id, lawIds[1]!));
    }
  });

  it('counts a drawn question’s facility over the runs that had it (item analysis)', async () => {
    const id = await drawnTest({ mode: 'practice', rules: [{ category: 'Law', count: 2 }] });
    const had = new Map<number, { runs: number; right: number }>();
    for (let i = 0; i < 8; i++) {
      const run = await start(student, id);
      // the first question of each run right, the second wrong
      const res = await stop(student, run, (q) =>
        q.answers.filter((a) => (q === run.questions[0]) === (a.label === 'Richtig')).map((a) => a.id),
      );
      expect(res.statusCode).toBe(200);
      for (const [i, q] of run.questions.entries()) {
        const h = had.get(q.id) ?? { runs: 0, right: 0 };
        had.set(q.id, { runs: h.runs + 1, right: h.right + (i === 0 ? 1 : 0) });
      }
    }
    const res = await trainer.get(`/api/mc_tests/${id}/item-analysis`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as ItemAnalysis;
    expect(body.runs).toBe(8);
    expect(body.questions.length).toBe(had.size);
    expect(had.size).toBeGreaterThan(2);
    for (const q of body.questions) {
      const h = had.get(q.question_id)!;
      expect([q.question_id, q.runs, q.right]).toEqual([q.question_id, h.runs, h.right]);
      expect(q.facility).toBeCloseTo(h.right / h.runs, 3);
    }
    // the test's report counts each question over the runs that had it, too
    const report = (await trainer.get(`/api/mc_tests/${id}/report`)).json() as {
      questions: { question_id: number; answered: number; right: number }[];
    };
    expect(report.questions.map((q) => [q.question_id, q.answered, q.right]).sort()).toEqual(
      [...had].map(([q, h]) => [q, h.runs, h.right]).sort(),
    );
    // every question asked is in the analysis, and only those
    const asked = await db()
      .select({ snapshot: userGraduateMctests.snapshot })
      .from(userGraduateMctests)
      .where(eq(userGraduateMctests.mcTestId, id));
    const askedIds = new Set(asked.flatMap((r) => r.snapshot.questions.map((q) => q.id)));
    expect(new Set(body.questions.map((q) => q.question_id))).toEqual(askedIds);
    expect(askedIds.size).toBe(had.size);
    expect([...askedIds].every((q) => pool.get('Law')!.includes(q))).toBe(true);
  });
});
