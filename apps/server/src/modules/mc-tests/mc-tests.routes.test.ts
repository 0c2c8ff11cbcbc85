import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chapters, mcTests, userGraduateMctests, userGraduateResults } from '../../db/schema/index.ts';
import { type Agent, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { seminarFixtures } from '../../test/fixtures.ts';
import { mcTestFixtures } from '../../test/mc-test-fixtures.ts';

describe('multiple-choice tests', () => {
  let t: TestApp;
  let mx: ReturnType<typeof mcTestFixtures>;
  let fx: ReturnType<typeof seminarFixtures>;
  let trainer: Agent;
  let trainerId: number;
  let other: Agent;
  let otherId: number;
  let admin: Agent;
  let student: Agent;
  let studentId: number;

  beforeAll(async () => {
    t = await buildTestApp({ rateLimitFactor: 100 });
    mx = mcTestFixtures(t.app);
    fx = seminarFixtures(t.app);
    const tr = await t.make.user({ scopes: ['trainer'] });
    const ot = await t.make.user({ scopes: ['trainer'] });
    const ad = await t.make.user({ scopes: ['admin'] });
    const st = await t.make.user();
    trainerId = tr.id;
    otherId = ot.id;
    studentId = st.id;
    [trainer, other, admin, student] = await Promise.all([
      t.loginAs(tr.email),
      t.loginAs(ot.email),
      t.loginAs(ad.email),
      t.loginAs(st.email),
    ]);
  });
  afterAll(() => t.close());

  const db = () => t.app.database.db;
  const testRow = async (id: number) => (await db().select().from(mcTests).where(eq(mcTests.id, id)))[0];

  it('creates a test with the spec’s fields and refuses invalid or foreign input', async () => {
    const s = await fx.seminar(trainerId);
    const c = await fx.chapter(s.id);
    const res = await trainer.post('/api/mc_tests', {
      label: 'Abschluss <T>',
      percent_to_accomplish: 60,
      mode: 'exam',
      chapter_id: c.id,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      label: 'Abschluss <T>',
      percent_to_accomplish: 60,
      mode: 'exam',
      enabled: 0,
      chapter_id: c.id,
      chapter: {
        id: c.id,
        label: c.label,
        chapter_id: null,
        unlocked: 1,
        seminar: { id: s.id, title: s.title, slug: s.slug },
      },
      owner: { id: trainerId },
      questions: [],
      questions_count: 0,
      runs_count: 0,
    });
    const enabled = await trainer.post('/api/mc_tests', {
      label: 'Übung',
      percent_to_accomplish: 0,
      mode: 'practice',
      enabled: true,
    });
    expect(enabled.json()).toMatchObject({
      enabled: 1,
      chapter_id: null,
      chapter: null,
      percent_to_accomplish: 0,
    });
    const invalid: [unknown, string][] = [
      [{ label: '', percent_to_accomplish: 50, mode: 'exam' }, 'label'],
      [{ label: 'x', percent_to_accomplish: 101, mode: 'exam' }, 'percent_to_accomplish'],
      [{ label: 'x', percent_to_accomplish: -1, mode: 'exam' }, 'percent_to_accomplish'],
      [{ label: 'x', percent_to_accomplish: 50.5, mode: 'exam' }, 'percent_to_accomplish'],
      [{ label: 'x', percent_to_accomplish: '50', mode: 'exam' }, 'percent_to_accomplish'],
      [{ label: 'x', percent_to_accomplish: 50, mode: 'quiz' }, 'mode'],
      [{ label: 'x', percent_to_accomplish: 50, mode: 'exam', enabled: 2 }, 'enabled'],
      [{ label: 'x', percent_to_accomplish: 50, mode: 'exam', owner_id: otherId }, 'owner_id'],
      [{ label: 'x\u0000', percent_to_accomplish: 50, mode: 'exam' }, 'label'],
    ];
    for (const [body, field] of invalid) {
      const r = await trainer.post('/api/mc_tests', body as object);
      expect(`${field}: ${r.statusCode}`).toBe(`${field}: 422`);
      expect(Object.keys(r.json().errors)).toContain(field);
    }
    // a chapter of someone else's seminar: public → 403, private → 404, unknown → 404
    const foreignPublic = await fx.chapter((await fx.seminar(otherId)).id);
    const foreignPrivate = await fx.chapter((await fx.seminar(otherId, { isPublic: false })).id);
    const body = (chapter_id: number) => ({
      label: 'x',
      percent_to_accomplish: 50,
      mode: 'exam',
      chapter_id,
    });
    expect((await trainer.post('/api/mc_tests', body(foreignPublic.id))).statusCode).toBe(403);
    expect((await trainer.post('/api/mc_tests', body(foreignPrivate.id))).statusCode).toBe(404);
    expect((await trainer.post('/api/mc_tests', body(999_999))).statusCode).toBe(404);
    // admins may attach anywhere
    expect((await admin.post('/api/mc_tests', body(foreignPrivate.id))).statusCode).toBe(201);
    expect((await student.post('/api/mc_tests', body(c.id))).statusCode).toBe(403);
    expect((await t.agent().post('/api/mc_tests', body(c.id))).statusCode).toBe(401);
  });

  it('lists the caller’s tests (admins: all), paged and searchable, and shows one with its questions', async () => {
    const tr = await t.make.user({ scopes: ['trainer'] });
    const owner = await t.loginAs(tr.email);
    const a = await mx.test(tr.id, { label: 'Alpha', questions: 3 });
    await mx.test(tr.id, { label: 'Beta', questions: 0 });
    await mx.run(a.test.id, studentId, { stopped: true, right: true });
    await mx.test(otherId, { label: 'Alpha fremd' });
    const list = (await owner.get('/api/mc_tests')).json();
    expect(list).toMatchObject({ total: 2, current_page: 1, last_page: 1 });
    expect(list.data.map((x: { label: string }) => x.label)).toEqual(['Beta', 'Alpha']);
    expect(list.data[1]).toMatchObject({ questions_count: 3, runs_count: 1 });
    expect(list.data[1].questions).toBeUndefined();
    expect((await owner.get('/api/mc_tests?q=alp')).json().total).toBe(1);
    expect((await owner.get('/api/mc_tests?per_page=1&page=2')).json().data[0].label).toBe('Alpha');
    expect((await admin.get('/api/mc_tests?q=Alpha')).json().total).toBeGreaterThanOrEqual(2);
    const one = await owner.get(`/api/mc_tests/${a.test.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().questions.map((q: { id: number }) => q.id)).toEqual(
      a.questions.map((q) => q.question.id),
    );
    expect(one.json().questions[0].answers[0]).toMatchObject({ label: 'Richtig', correct: true });
    const qs = await owner.get(`/api/mc_tests/${a.test.id}/questions`);
    expect(qs.json()).toEqual(one.json().questions);
    for (const url of [`/api/mc_tests/${a.test.id}`, `/api/mc_tests/${a.test.id}/questions`]) {
      expect((await other.get(url)).statusCode).toBe(404);
      expect((await student.get(url)).statusCode).toBe(403);
      expect((await admin.get(url)).statusCode).toBe(200);
    }
    expect((await owner.get('/api/mc_tests/999999')).statusCode).toBe(404);
  });

  it('updates settings without mass assignment; other trainers get 404', async () => {
    const made = await mx.test(trainerId, { label: 'Alt', percent: 50 });
    const res = await trainer.patch('/api/mc_tests/update', {
      id: made.test.id,
      label: 'Neu',
      percent_to_accomplish: 75,
      mode: 'practice',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      label: 'Neu',
      percent_to_accomplish: 75,
      mode: 'practice',
      questions_count: 2,
    });
    const forged = await trainer.patch('/api/mc_tests/update', {
      id: made.test.id,
      label: 'Neu',
      percent_to_accomplish: 75,
      mode: 'practice',
      user_id: otherId,
    });
    expect(forged.statusCode).toBe(422);
    expect(
      (
        await other.patch('/api/mc_tests/update', {
          id: made.test.id,
          label: 'Fremd',
          percent_to_accomplish: 1,
          mode: 'exam',
        })
      ).statusCode,
    ).toBe(404);
    expect(await testRow(made.test.id)).toMatchObject({
      ownerId: trainerId,
      label: 'Neu',
      percentToAccomplish: 75,
    });
  });

  it('toggles enabled 0/1', async () => {
    const made = await mx.test(trainerId, { enabled: false });
    expect(
      (await trainer.patch('/api/mc_tests/toggle/enabled', { mcTestId: made.test.id })).json().enabled,
    ).toBe(1);
    expect(
      (await trainer.patch('/api/mc_tests/toggle/enabled', { mcTestId: made.test.id })).json().enabled,
    ).toBe(0);
    expect((await other.patch('/api/mc_tests/toggle/enabled', { mcTestId: made.test.id })).statusCode).toBe(
      404,
    );
    expect((await trainer.patch('/api/mc_tests/toggle/enabled', { id: made.test.id })).statusCode).toBe(422);
    expect((await testRow(made.test.id))!.enabled).toBe(0);
  });

  it('deletes a test; with runs only after confirmation, which takes the runs with it', async () => {
    const plain = await mx.test(trainerId);
    expect((await other.delete(`/api/mc_tests/${plain.test.id}`)).statusCode).toBe(404);
    expect((await trainer.delete(`/api/mc_tests/${plain.test.id}`)).statusCode).toBe(204);
    expect(await testRow(plain.test.id)).toBeUndefined();
    const used = await mx.test(trainerId);
    const run = await mx.run(used.test.id, studentId, { stopped: true, right: true });
    const refused = await trainer.delete(`/api/mc_tests/${used.test.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('mc_test.has_runs');
    expect(await testRow(used.test.id)).toBeDefined();
    expect((await trainer.delete(`/api/mc_tests/${used.test.id}?confirm=1`)).statusCode).toBe(204);
    expect(await db().select().from(userGraduateMctests).where(eq(userGraduateMctests.id, run.id))).toEqual(
      [],
    );
    expect(
      await db()
        .select()
        .from(userGraduateResults)
        .where(eq(userGraduateResults.userGraduateMctestId, run.id)),
    ).toEqual([]);
  });

  it('attaches a test to a chapter through both route pairs; both ends must be the caller’s', async () => {
    const s = await fx.seminar(trainerId);
    const c1 = await fx.chapter(s.id);
    const c2 = await fx.chapter(s.id);
    const made = await mx.test(trainerId);
    const assign = await trainer.patch('/api/mc_tests/chapter/assign', {
      chapterTest: { mcTestId: made.test.id, chapterId: c1.id },
    });
    expect(assign.statusCode).toBe(200);
    expect(assign.json()).toMatchObject({ chapter_id: c1.id, chapter: { id: c1.id, seminar: { id: s.id } } });
    const moved = await trainer.patch('/api/chapters/add/test/', {
      mcTestChapter: { mcTestId: made.test.id, chapterId: c2.id },
    });
    expect(moved.json().chapter_id).toBe(c2.id);
    // unassign naming the wrong chapter is refused
    const wrong = await trainer.patch('/api/mc_tests/chapter/unassign', {
      chapterTest: { mcTestId: made.test.id, chapterId: c1.id },
    });
    expect(wrong.statusCode).toBe(422);
    expect(
      (
        await trainer.patch('/api/mc_tests/chapter/unassign', {
          chapterTest: { mcTestId: made.test.id, chapterId: c2.id },
        })
      ).json().chapter_id,
    ).toBeNull();
    await trainer.patch('/api/mc_tests/chapter/assign', {
      chapterTest: { mcTestId: made.test.id, chapterId: c1.id },
    });
    expect(
      (await trainer.patch('/api/chapters/remove/test/', { mcTestId: made.test.id })).json(),
    ).toMatchObject({ chapter_id: null, chapter: null });
    // my test on another trainer's chapter; their test on my chapter
    const foreignPublic = await fx.chapter((await fx.seminar(otherId)).id);
    const foreignPrivate = await fx.chapter((await fx.seminar(otherId, { isPublic: false })).id);
    const theirs = await mx.test(otherId);
    const cases: [Agent, number, number, number][] = [
      [trainer, made.test.id, foreignPublic.id, 403],
      [trainer, made.test.id, foreignPrivate.id, 404],
      [trainer, made.test.id, 999_999, 404],
      [trainer, theirs.test.id, c1.id, 404],
      [other, made.test.id, foreignPublic.id, 404],
    ];
    for (const [agent, mcTestId, chapterId, status] of cases) {
      expect(
        (await agent.patch('/api/mc_tests/chapter/assign', { chapterTest: { mcTestId, chapterId } }))
          .statusCode,
      ).toBe(status);
      expect(
        (await agent.patch('/api/chapters/add/test', { mcTestChapter: { mcTestId, chapterId } })).statusCode,
      ).toBe(status);
    }
    expect((await other.patch('/api/chapters/remove/test', { mcTestId: made.test.id })).statusCode).toBe(404);
    expect((await testRow(made.test.id))!.chapterId).toBeNull();
    expect((await testRow(theirs.test.id))!.chapterId).toBeNull();
    expect(
      (await trainer.patch('/api/mc_tests/chapter/assign', { chapterTest: { mcTestId: made.test.id } }))
        .statusCode,
    ).toBe(422);
    // deleting the chapter detaches the test (ON DELETE SET NULL)
    await trainer.patch('/api/mc_tests/chapter/assign', {
      chapterTest: { mcTestId: made.test.id, chapterId: c1.id },
    });
    await db().delete(chapters).where(eq(chapters.id, c1.id));
    expect((await testRow(made.test.id))!.chapterId).toBeNull();
  });

  it('lists the chapters of the owner’s seminars with their tests, parents before their sub-chapters', async () => {
    const tr = await t.make.user({ scopes: ['trainer'] });
    const owner = await t.loginAs(tr.email);
    const s = await fx.seminar(tr.id, { title: 'A-Seminar' });
    const top1 = await fx.chapter(s.id, { position: 0, label: 'Eins' });
    const top2 = await fx.chapter(s.id, { position: 1, label: 'Zwei' });
    const sub = await fx.chapter(s.id, { position: 0, parentId: top1.id, label: 'Eins.a' });
    const made = await mx.test(tr.id, { chapterId: sub.id, mode: 'practice' });
    const s2 = await fx.seminar(tr.id, { title: 'B-Seminar' });
    await fx.chapter(s2.id, { label: 'Anderes' });
    await fx.chapter((await fx.seminar(otherId)).id, { label: 'Fremd' });
    const res = await owner.get('/api/chapters/mcTests/owner');
    expect(res.statusCode).toBe(200);
    const rows = res.json();
    expect(rows.map((r: { label: string }) => r.label)).toEqual(['Eins', 'Eins.a', 'Zwei', 'Anderes']);
    expect(rows[1]).toMatchObject({
      id: sub.id,
      chapter_id: top1.id,
      unlocked: 1,
      seminar: { id: s.id, title: 'A-Seminar', slug: s.slug },
      mc_tests: [{ id: made.test.id, label: made.test.label, enabled: 1, mode: 'practice' }],
    });
    expect(rows[2]).toMatchObject({ id: top2.id, mc_tests: [] });
    expect((await owner.get(`/api/chapters/mcTests/owner?seminar_id=${s2.id}`)).json()).toHaveLength(1);
    expect((await other.get(`/api/chapters/mcTests/owner?seminar_id=${s.id}`)).json()).toEqual([]);
    expect((await admin.get(`/api/chapters/mcTests/owner?seminar_id=${s.id}`)).json()).toHaveLength(3);
    expect((await student.get('/api/chapters/mcTests/owner')).statusCode).toBe(403);
  });

  it('grants another exam run and refuses unknown users', async () => {
    const made = await mx.bookedTest(trainerId, [studentId]);
    const res = await trainer.post(`/api/mc_tests/${made.test.id}/grant-run`, { userId: studentId });
    expect(res.json()).toEqual({
      mc_test_id: made.test.id,
      user_id: studentId,
      runs_used: 0,
      runs_allowed: 2,
    });
    expect(
      (await trainer.post(`/api/mc_tests/${made.test.id}/grant-run`, { userId: studentId })).json()
        .runs_allowed,
    ).toBe(3);
    const unknown = await trainer.post(`/api/mc_tests/${made.test.id}/grant-run`, { userId: 999_999 });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.userId).toBeDefined();
    expect(
      (await other.post(`/api/mc_tests/${made.test.id}/grant-run`, { userId: studentId })).statusCode,
    ).toBe(404);
    expect(
      (await student.post(`/api/mc_tests/${made.test.id}/grant-run`, { userId: studentId })).statusCode,
    ).toBe(403);
  });

  it('lists assigned tests: enabled, on unlocked chapters of booked seminars, with the student’s runs', async () => {
    const st = await t.make.user();
    const agent = await t.loginAs(st.email);
    const exam = await mx.bookedTest(trainerId, [st.id], { label: 'Prüfung', percent: 50 });
    const practice = await mx.test(trainerId, {
      chapterId: exam.chapter.id,
      mode: 'practice',
      label: 'Übung',
    });
    await mx.bookedTest(trainerId, [st.id], { enabled: false, label: 'Aus' });
    await mx.bookedTest(trainerId, [st.id], { chapterUnlocked: false, label: 'Gesperrt' });
    await mx.bookedTest(trainerId, [], { label: 'Nicht gebucht' });
    const lockedParent = await fx.seminar(trainerId, { bookedBy: [st.id] });
    const parent = await fx.chapter(lockedParent.id, { unlocked: false });
    const sub = await fx.chapter(lockedParent.id, { parentId: parent.id });
    await mx.test(trainerId, { chapterId: sub.id, label: 'Unter gesperrt' });
    const list = async () => (await agent.get('/api/mc_tests/user/assigned/')).json();
    const first = await list();
    expect(first.map((x: { label: string }) => x.label).sort()).toEqual(['Prüfung', 'Übung']);
    const e = first.find((x: { id: number }) => x.id === exam.test.id);
    expect(e).toMatchObject({
      mode: 'exam',
      enabled: 1,
      chapter_id: exam.chapter.id,
      chapter: { id: exam.chapter.id, seminar: { id: exam.seminar.id } },
      questions_count: 2,
      runs_used: 0,
      runs_allowed: 1,
      open_run_id: null,
      can_start: true,
      accomp: false,
      best_percent: null,
      passed: 0,
    });
    expect(first.find((x: { id: number }) => x.id === practice.test.id)).toMatchObject({
      runs_allowed: null,
      can_start: true,
    });
    // after a failed exam run: no run left until the owner grants one
    await mx.run(exam.test.id, st.id, { stopped: true, right: false });
    expect((await list()).find((x: { id: number }) => x.id === exam.test.id)).toMatchObject({
      runs_used: 1,
      can_start: false,
      accomp: false,
      best_percent: 0,
    });
    await trainer.post(`/api/mc_tests/${exam.test.id}/grant-run`, { userId: st.id });
    const open = await mx.run(exam.test.id, st.id);
    expect((await list()).find((x: { id: number }) => x.id === exam.test.id)).toMatchObject({
      runs_used: 2,
      runs_allowed: 2,
      open_run_id: open.id,
      can_start: true,
    });
    await mx.run(practice.test.id, st.id, { stopped: true, right: true, passed: true });
    expect((await list()).find((x: { id: number }) => x.id === practice.test.id)).toMatchObject({
      runs_used: 1,
      accomp: true,
      best_percent: 100,
      passed: 1,
    });
    expect(await (await student.get('/api/mc_tests/user/assigned')).json()).not.toContainEqual(
      expect.objectContaining({ id: exam.test.id }),
    );
    expect((await t.agent().get('/api/mc_tests/user/assigned')).statusCode).toBe(401);
  });

  it('lists the tests of a chapter for its play page', async () => {
    const made = await mx.bookedTest(trainerId, [studentId], { label: 'Auf dem Kapitel' });
    await mx.test(trainerId, { chapterId: made.chapter.id, enabled: false, label: 'Noch aus' });
    const res = await student.get(`/api/mc_tests/chapter/${made.chapter.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((x: { label: string }) => x.label)).toEqual(['Auf dem Kapitel']);
    const owned = (await trainer.get(`/api/mc_tests/chapter/${made.chapter.id}`)).json();
    expect(
      owned.map((x: { label: string; runs_allowed: number | null }) => [x.label, x.runs_allowed]),
    ).toEqual([
      ['Auf dem Kapitel', null],
      ['Noch aus', null],
    ]);
    expect((await other.get(`/api/mc_tests/chapter/${made.chapter.id}`)).statusCode).toBe(403);
    const locked = await mx.bookedTest(trainerId, [studentId], { chapterUnlocked: false });
    const lockedRes = await student.get(`/api/mc_tests/chapter/${locked.chapter.id}`);
    expect(lockedRes.statusCode).toBe(403);
    expect(lockedRes.json().code).toBe('chapter.locked');
    const priv = await fx.chapter((await fx.seminar(otherId, { isPublic: false })).id);
    expect((await student.get(`/api/mc_tests/chapter/${priv.id}`)).statusCode).toBe(404);
    expect((await student.get('/api/mc_tests/chapter/999999')).statusCode).toBe(404);
  });
});
