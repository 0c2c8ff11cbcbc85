import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answers, mcTestQuestions, questions } from '../../db/schema/index.ts';
import { type Agent, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { mcTestFixtures } from '../../test/mc-test-fixtures.ts';

describe('question pool and answers', () => {
  let t: TestApp;
  let mx: ReturnType<typeof mcTestFixtures>;
  let trainer: Agent;
  let trainerId: number;
  let other: Agent;
  let otherId: number;
  let admin: Agent;
  let student: Agent;

  beforeAll(async () => {
    t = await buildTestApp({ rateLimitFactor: 100 });
    mx = mcTestFixtures(t.app);
    const tr = await t.make.user({ scopes: ['trainer'] });
    const ot = await t.make.user({ scopes: ['trainer'] });
    const ad = await t.make.user({ scopes: ['admin'] });
    const st = await t.make.user();
    trainerId = tr.id;
    otherId = ot.id;
    [trainer, other, admin, student] = await Promise.all([
      t.loginAs(tr.email),
      t.loginAs(ot.email),
      t.loginAs(ad.email),
      t.loginAs(st.email),
    ]);
  });
  afterAll(() => t.close());

  const db = () => t.app.database.db;

  it('creates a question with answers, sanitizing its text and keeping answer labels literal', async () => {
    const literal = '<T> & "x" <img src=x onerror=alert(1)>';
    const res = await trainer.post('/api/questions', {
      label: '<p>Was gilt?</p><script>alert(1)</script><img src=x onerror=alert(1)>',
      points: 3,
      answers: [
        { label: literal, correct: true },
        { label: 'Nein', correct: false },
      ],
    });
    expect(res.statusCode).toBe(201);
    const q = res.json();
    expect(q).toMatchObject({ points: 3, owner_id: trainerId, mc_tests: [] });
    expect(q.label).toBe('<p>Was gilt?</p><img src="x" />');
    expect(
      q.answers.map((a: { label: string; correct: boolean; position: number }) => [
        a.label,
        a.correct,
        a.position,
      ]),
    ).toEqual([
      [literal, true, 0],
      ['Nein', false, 1],
    ]);
    // points are optional (null = weight 1)
    const plain = await trainer.post('/api/questions', { label: '<p>Ohne Punkte</p>' });
    expect(plain.json()).toMatchObject({ points: null, answers: [] });
  });

  it('refuses invalid questions with field errors in the request’s language', async () => {
    const cases: [unknown, string][] = [
      [{ label: '' }, 'label'],
      [{ label: '<script>x</script>' }, 'label'],
      [{ label: '<p>x</p>', points: 0 }, 'points'],
      [{ label: '<p>x</p>', points: -2 }, 'points'],
      [{ label: '<p>x</p>', points: 1.5 }, 'points'],
      [{ label: '<p>x</p>', answers: [{ label: '', correct: true }] }, 'answers.0.label'],
      [{ label: '<p>x</p>', answers: [{ label: 'a' }] }, 'answers.0.correct'],
      [
        { label: '<p>x</p>', answers: Array.from({ length: 21 }, () => ({ label: 'a', correct: false })) },
        'answers',
      ],
      [{ label: '<p>x</p>', owner_id: otherId }, 'owner_id'],
      [{ label: 'a'.repeat(20_001) }, 'label'],
      [{ label: 'x\u0000y' }, 'label'],
    ];
    for (const [body, field] of cases) {
      const res = await trainer.post('/api/questions', body as object);
      expect(`${JSON.stringify(body).slice(0, 60)}: ${res.statusCode}`).toBe(
        `${JSON.stringify(body).slice(0, 60)}: 422`,
      );
      expect(Object.keys(res.json().errors)).toContain(field);
    }
    trainer.lang = 'en';
    const en = await trainer.post('/api/questions', { label: '<p>x</p>', points: 0 });
    trainer.lang = 'de';
    expect(en.json().errors.points).toEqual(['Must be at least 1.']);
  });

  it('lists only the caller’s questions (admins: all), paged, searchable, without those of a test', async () => {
    const tr = await t.make.user({ scopes: ['trainer'] });
    const owner = await t.loginAs(tr.email);
    const made = await mx.test(tr.id, { questions: 2 });
    await mx.question(tr.id, { label: '<p>Photosynthese</p>' });
    await mx.question(tr.id, { answers: [['Chlorophyll', true]] });
    await mx.question(otherId, { label: '<p>Photosynthese fremd</p>' });
    const all = (await owner.get('/api/questions')).json();
    expect(all.total).toBe(4);
    expect(all.data.every((q: { owner_id: number }) => q.owner_id === tr.id)).toBe(true);
    const attached = all.data.find((q: { id: number }) => q.id === made.questions[0]!.question.id);
    expect(attached.mc_tests).toEqual([{ id: made.test.id, label: made.test.label }]);
    expect((await owner.get('/api/questions?q=photo')).json().total).toBe(1);
    expect((await owner.get('/api/questions?q=chlorophyll')).json().total).toBe(1);
    expect((await owner.get('/api/questions?q=%25')).json().total).toBe(0);
    expect((await owner.get(`/api/questions?exclude_mc_test_id=${made.test.id}`)).json().total).toBe(2);
    // one question by id (the item analysis's editor link); another owner's question is not found
    const one = (await owner.get(`/api/questions?id=${made.questions[1]!.question.id}`)).json();
    expect(one.data.map((q: { id: number }) => q.id)).toEqual([made.questions[1]!.question.id]);
    const foreign = await mx.question(otherId);
    expect((await owner.get(`/api/questions?id=${foreign.question.id}`)).json().total).toBe(0);
    expect((await owner.get('/api/questions?id=abc')).statusCode).toBe(422);
    const page = (await owner.get('/api/questions?per_page=3&page=2')).json();
    expect(page).toMatchObject({ current_page: 2, last_page: 2, per_page: 3, total: 4 });
    expect(page.data).toHaveLength(1);
    expect((await admin.get('/api/questions?q=Photosynthese')).json().total).toBeGreaterThanOrEqual(2);
    expect((await owner.get('/api/questions?per_page=101')).statusCode).toBe(422);
    expect((await owner.get('/api/questions?q=a%00b')).statusCode).toBe(422);
    expect((await student.get('/api/questions')).statusCode).toBe(403);
    expect((await t.agent().get('/api/questions')).statusCode).toBe(401);
  });

  it('updates and deletes own questions; another trainer gets 404 and nothing changes', async () => {
    const { question } = await mx.question(trainerId, { points: 2 });
    const res = await trainer.patch('/api/questions/update', {
      id: question.id,
      label: '<p>Geändert</p>',
      points: null,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ label: '<p>Geändert</p>', points: null });
    // points omitted: unchanged
    await trainer.patch('/api/questions/update', { id: question.id, label: '<p>Geändert</p>', points: 4 });
    expect(
      (await trainer.patch('/api/questions/update', { id: question.id, label: '<p>Nochmal</p>' })).json()
        .points,
    ).toBe(4);
    expect(
      (await other.patch('/api/questions/update', { id: question.id, label: '<p>Fremd</p>' })).statusCode,
    ).toBe(404);
    expect((await other.delete(`/api/questions/${question.id}`)).statusCode).toBe(404);
    expect((await student.delete(`/api/questions/${question.id}`)).statusCode).toBe(403);
    const [row] = await db().select().from(questions).where(eq(questions.id, question.id));
    expect(row!.label).toBe('<p>Nochmal</p>');
    // admins manage every question
    expect(
      (await admin.patch('/api/questions/update', { id: question.id, label: '<p>Admin</p>' })).statusCode,
    ).toBe(200);
    // deleting detaches it from its tests and deletes its answers
    const made = await mx.test(trainerId, { questions: 1 });
    const qid = made.questions[0]!.question.id;
    expect((await trainer.delete(`/api/questions/${qid}`)).statusCode).toBe(204);
    expect(await db().select().from(mcTestQuestions).where(eq(mcTestQuestions.questionId, qid))).toEqual([]);
    expect(await db().select().from(answers).where(eq(answers.questionId, qid))).toEqual([]);
    expect((await trainer.delete(`/api/questions/${qid}`)).statusCode).toBe(404);
    expect((await trainer.delete('/api/questions/abc')).statusCode).toBe(422);
  });

  it('adds, edits, reorders and deletes answers of own questions only', async () => {
    const { question, answers: list } = await mx.question(trainerId);
    const added = await trainer.post('/api/answers/new', {
      question_id: question.id,
      label: 'Neu',
      correct: true,
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      question_id: question.id,
      label: 'Neu',
      correct: true,
      position: 3,
    });
    const edited = await trainer.patch('/api/answers', {
      id: list[0]!.id,
      label: '  Anders  ',
      correct: false,
      position: 9,
    });
    expect(edited.json()).toMatchObject({ id: list[0]!.id, label: 'Anders', correct: false, position: 9 });
    expect((await trainer.patch('/api/answers', { id: list[0]!.id })).json().label).toBe('Anders');
    expect((await trainer.patch('/api/answers', { id: list[0]!.id, label: '' })).statusCode).toBe(422);
    expect((await trainer.patch('/api/answers', { id: list[0]!.id, correct: 'yes' })).statusCode).toBe(422);
    expect((await trainer.delete(`/api/answers/${list[1]!.id}`)).statusCode).toBe(204);
    expect((await trainer.delete(`/api/answers/${list[1]!.id}`)).statusCode).toBe(404);
    // strangers
    expect(
      (await other.post('/api/answers/new', { question_id: question.id, label: 'x', correct: true }))
        .statusCode,
    ).toBe(404);
    expect((await other.patch('/api/answers', { id: list[2]!.id, correct: true })).statusCode).toBe(404);
    expect((await other.delete(`/api/answers/${list[2]!.id}`)).statusCode).toBe(404);
    expect((await student.patch('/api/answers', { id: list[2]!.id, correct: true })).statusCode).toBe(403);
    const rows = await db().select().from(answers).where(eq(answers.questionId, question.id));
    expect(rows.map((r) => [r.label, r.correct]).sort()).toEqual([
      ['Anders', false],
      ['Auch falsch', false],
      ['Neu', true],
    ]);
    // at most 20 answers
    const big = await mx.question(trainerId, {
      answers: Array.from({ length: 20 }, (_, i) => [`a${i}`, false] as [string, boolean]),
    });
    const full = await trainer.post('/api/answers/new', {
      question_id: big.question.id,
      label: 'zu viel',
      correct: false,
    });
    expect(full.statusCode).toBe(422);
    expect(full.json().code).toBe('question.too_many_answers');
  });

  it('attaches and detaches pool questions; both ends must be the caller’s', async () => {
    const made = await mx.test(trainerId, { questions: 1 });
    const q1 = await mx.question(trainerId);
    const q2 = await mx.question(trainerId);
    const foreign = await mx.question(otherId);
    const foreignTest = await mx.test(otherId, { questions: 0 });
    const attach = (agent: Agent, body: unknown, segment = '{question}') =>
      agent.patch(`/api/questions/${segment}/attach`, body as object);
    const res = await attach(trainer, {
      mcTestId: made.test.id,
      questions: [q2.question.id, q1.question.id, q2.question.id],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().questions.map((q: { id: number }) => q.id)).toEqual([
      made.questions[0]!.question.id,
      q2.question.id,
      q1.question.id,
    ]);
    expect(res.json().questions_count).toBe(3);
    // attaching again is harmless; the literal segment may come encoded, or be a number
    expect(
      (
        await attach(trainer, { mcTestId: made.test.id, questions: [q1.question.id] }, '%7Bquestion%7D')
      ).json().questions_count,
    ).toBe(3);
    expect(
      (await attach(trainer, { mcTestId: made.test.id, questions: [q1.question.id] }, String(q1.question.id)))
        .statusCode,
    ).toBe(200);
    // another owner's question into my test, my question into another owner's test
    expect(
      (await attach(trainer, { mcTestId: made.test.id, questions: [foreign.question.id] })).statusCode,
    ).toBe(404);
    expect(
      (await attach(trainer, { mcTestId: made.test.id, questions: [q1.question.id, foreign.question.id] }))
        .statusCode,
    ).toBe(404);
    expect(
      (await attach(trainer, { mcTestId: foreignTest.test.id, questions: [q1.question.id] })).statusCode,
    ).toBe(404);
    expect((await attach(trainer, { mcTestId: made.test.id, questions: [999_999] })).statusCode).toBe(404);
    expect(
      (await attach(other, { mcTestId: made.test.id, questions: [foreign.question.id] })).statusCode,
    ).toBe(404);
    expect((await attach(trainer, { mcTestId: made.test.id, questions: [] })).statusCode).toBe(422);
    expect((await attach(trainer, { mcTestId: made.test.id, questionId: q1.question.id })).statusCode).toBe(
      422,
    );
    const links = await db().select().from(mcTestQuestions).where(eq(mcTestQuestions.mcTestId, made.test.id));
    expect(links).toHaveLength(3);
    // "JSON text": the same body sent as text/plain is read as JSON; anything else there is a 400
    const asText = await trainer.request({
      method: 'PATCH',
      url: '/api/questions/{question}/attach',
      payload: JSON.stringify({ mcTestId: made.test.id, questions: [q1.question.id] }),
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
    });
    expect(asText.statusCode).toBe(200);
    const text = await trainer.request({
      method: 'PATCH',
      url: '/api/questions/{question}/attach',
      payload: 'mcTestId=1',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.statusCode).toBe(400);
    const proto = await trainer.request({
      method: 'PATCH',
      url: '/api/questions/{question}/attach',
      payload: '{"__proto__": {"polluted": 1}, "mcTestId": 1, "questions": [1]}',
      headers: { 'content-type': 'text/plain' },
    });
    expect(proto.statusCode).toBe(400);
    expect(({} as { polluted?: number }).polluted).toBeUndefined();
    const form = await trainer.request({
      method: 'PATCH',
      url: '/api/questions/{question}/attach',
      payload: 'mcTestId=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBe(415);
    const broken = await trainer.request({
      method: 'PATCH',
      url: '/api/questions/{question}/attach',
      payload: '{"mcTestId": 1,',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);

    const un = await trainer.patch('/api/questions/{question}/unattach', {
      mcTestId: made.test.id,
      questionId: q2.question.id,
    });
    expect(un.statusCode).toBe(200);
    expect(un.json().questions.map((q: { id: number }) => q.id)).toEqual([
      made.questions[0]!.question.id,
      q1.question.id,
    ]);
    expect(
      (
        await trainer.patch('/api/questions/{question}/unattach', {
          mcTestId: made.test.id,
          questionId: q2.question.id,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await other.patch('/api/questions/{question}/unattach', {
          mcTestId: made.test.id,
          questionId: q1.question.id,
        })
      ).statusCode,
    ).toBe(404);
    // the question stays in the pool
    expect(await db().select().from(questions).where(eq(questions.id, q2.question.id))).toHaveLength(1);
  });

  it('creates a question straight into a test and refuses beyond 200 questions', async () => {
    const made = await mx.test(trainerId, { questions: 0 });
    const res = await trainer.post('/api/questions', {
      label: '<p>Direkt</p>',
      answers: [{ label: 'a', correct: true }],
      mcTestId: made.test.id,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().mc_tests).toEqual([{ id: made.test.id, label: made.test.label }]);
    const foreignTest = await mx.test(otherId, { questions: 0 });
    const before = (await db().select().from(questions).where(eq(questions.ownerId, trainerId))).length;
    expect(
      (await trainer.post('/api/questions', { label: '<p>x</p>', mcTestId: foreignTest.test.id })).statusCode,
    ).toBe(404);
    // a full test: nothing is created
    const fullTest = await mx.test(trainerId, { questions: 0 });
    const pool = [];
    for (let i = 0; i < 200; i++)
      pool.push(
        (
          await db()
            .insert(questions)
            .values({ ownerId: trainerId, label: `<p>${i}</p>` })
            .returning()
        )[0]!.id,
      );
    expect(
      (
        await trainer.patch('/api/questions/{question}/attach', {
          mcTestId: fullTest.test.id,
          questions: pool,
        })
      ).json().questions_count,
    ).toBe(200);
    const over = await trainer.post('/api/questions', { label: '<p>201</p>', mcTestId: fullTest.test.id });
    expect(over.statusCode).toBe(422);
    expect(over.json().code).toBe('mc_test.too_many_questions');
    const extra = await mx.question(trainerId);
    const attachOver = await trainer.patch('/api/questions/{question}/attach', {
      mcTestId: fullTest.test.id,
      questions: [extra.question.id],
    });
    expect(attachOver.json().code).toBe('mc_test.too_many_questions');
    const after = (await db().select().from(questions).where(eq(questions.ownerId, trainerId))).length;
    expect(after).toBe(before + 200 + 1);
  });
});
