import type { LearnDashboard, LoginAnswer } from '@elearn/shared';
import { dueAtOf } from '@elearn/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrolments, userGraduateMctests } from '../../db/schema/index.ts';
import { type Agent, buildTestApp, TEST_PASSWORD, type TestApp } from '../../test/build-test-app.ts';
import { seminarFixtures } from '../../test/fixtures.ts';
import { mcTestRows } from '../../test/mc-test-fixtures.ts';

describe('Mein Lernen and Continue (issue 36 items 1 and 2)', () => {
  let t: TestApp;
  let fx: ReturnType<typeof seminarFixtures>;
  let mx: ReturnType<typeof mcTestRows>;
  let trainerId: number;

  beforeAll(async () => {
    t = await buildTestApp({ rateLimitFactor: 100 });
    fx = seminarFixtures(t.app);
    mx = mcTestRows(t.app.database.db);
    trainerId = (await t.make.user({ scopes: ['trainer'] })).id;
  });
  afterAll(() => t.close());

  const learner = async () => {
    const u = await t.make.user();
    return { id: u.id, email: u.email, agent: await t.loginAs(u.email) };
  };
  const dashboard = async (agent: Agent) => {
    const res = await agent.get('/api/learn');
    expect(res.statusCode).toBe(200);
    return res.json() as LearnDashboard;
  };
  /** a seminar of 3 chapters, the first with a video, held by `userId` */
  const heldSeminar = async (userId: number, title = 'Kurs') => {
    const s = await fx.seminar(trainerId, { title, bookedBy: [userId] });
    const chs = [await fx.chapter(s.id), await fx.chapter(s.id), await fx.chapter(s.id)];
    const video = await fx.video(chs[0]!.id);
    return { s, chs, video };
  };

  describe('landing after login', () => {
    const loginAnswer = async (scopes: ('admin' | 'trainer' | 'corporateTraining')[], redirect?: string) => {
      const u = await t.make.user({ scopes });
      const res = await t.agent().post('/api/login', {
        email: u.email,
        password: TEST_PASSWORD,
        ...(redirect === undefined ? {} : { redirect }),
      });
      expect(res.statusCode).toBe(200);
      return (res.json() as LoginAnswer).landing;
    };

    it('sends learners to Mein Lernen and every other role where the spec sends them (home)', async () => {
      expect(await loginAnswer([])).toBe('/learn');
      expect(await loginAnswer(['trainer'])).toBe('/');
      expect(await loginAnswer(['admin'])).toBe('/');
      // a corporateTraining account that manages no company
      expect(await loginAnswer(['corporateTraining'])).toBe('/');
    });

    it("sends a company manager to their team's overview; one of several companies to Mein Lernen", async () => {
      const login = async (u: { email: string }, redirect?: string) => {
        const res = await t.agent().post('/api/login', {
          email: u.email,
          password: TEST_PASSWORD,
          ...(redirect === undefined ? {} : { redirect }),
        });
        expect(res.statusCode).toBe(200);
        const answer = res.json() as LoginAnswer;
        // the user's answer names the companies, not the manager flag
        for (const c of answer.companies) expect(Object.keys(c).sort()).toEqual(['id', 'name', 'shortName']);
        return answer.landing;
      };
      const a = await t.make.company('Landing A AG');
      const b = await t.make.company('Landing B AG');
      const manager = await t.make.user({ scopes: ['corporateTraining'] });
      await t.make.member(a.id, manager.id, true);
      expect(await login(manager)).toBe(`/company/${a.shortName}/team`);
      expect(await login(manager, '/seminar')).toBe('/seminar');
      // a member of a second company, not its manager: still the one team
      await t.make.member(b.id, manager.id);
      expect(await login(manager)).toBe(`/company/${a.shortName}/team`);
      const both = await t.make.user({ scopes: ['corporateTraining'] });
      await t.make.member(a.id, both.id, true);
      await t.make.member(b.id, both.id, true);
      expect(await login(both)).toBe('/learn');
      // an employee of the company (no scope) learns; an admin who manages it stays an admin
      const employee = await t.make.user();
      await t.make.member(a.id, employee.id);
      expect(await login(employee)).toBe('/learn');
      const admin = await t.make.user({ scopes: ['admin', 'corporateTraining'] });
      await t.make.member(a.id, admin.id, true);
      expect(await login(admin)).toBe('/');
    });

    it('an explicit redirect on this site wins; one to another host is ignored', async () => {
      expect(await loginAnswer([], '/en/seminar/x')).toBe('/en/seminar/x');
      expect(await loginAnswer(['trainer'], '/admin')).toBe('/admin');
      expect(await loginAnswer([], '//evil.example/')).toBe('/learn');
      expect(await loginAnswer([], 'https://evil.example/')).toBe('/learn');
    });

    it('refuses a redirect that is too long with 422', async () => {
      const u = await t.make.user();
      const res = await t
        .agent()
        .post('/api/login', { email: u.email, password: TEST_PASSWORD, redirect: `/${'x'.repeat(2001)}` });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.redirect).toBeDefined();
    });
  });

  describe('the dashboard', () => {
    it('is empty for a learner who holds nothing', async () => {
      const { agent } = await learner();
      expect(await dashboard(agent)).toEqual({
        seminars: [],
        tests: [],
        deadlines: [],
        certificates: [],
        team_views: [],
      });
    });

    it('continues at the chapter opened last and its video position; Starten before', async () => {
      const me = await learner();
      const { s, chs, video } = await heldSeminar(me.id, 'Fortsetzen');
      let card = (await dashboard(me.agent)).seminars.find((c) => c.seminar_id === s.id)!;
      expect(card).toMatchObject({
        state: 'not_started',
        continue: null,
        first_chapter_id: chs[0]!.id,
        next_chapter_id: chs[0]!.id,
        due: null,
        title: 'Fortsetzen',
        slug: s.slug,
      });

      expect((await me.agent.put(`/api/seminars/${s.id}/visit`, { chapter_id: chs[0]!.id })).statusCode).toBe(
        204,
      );
      await me.agent.post(`/api/progress/videos/${video.id}/position`, {
        position: 42.5,
        duration: 100,
        segments: [[0, 42.5]],
      });
      card = (await dashboard(me.agent)).seminars.find((c) => c.seminar_id === s.id)!;
      expect(card.state).toBe('in_progress');
      expect(card.continue).toMatchObject({
        chapter_id: chs[0]!.id,
        chapter_number: 1,
        video_id: video.id,
        position: 42.5,
      });

      // a later visit moves the target; a chapter without video continues at 0
      await me.agent.patch('/api/chapters/toggle/user', { chapterUser: chs[0]!.id, done: true });
      expect((await me.agent.put(`/api/seminars/${s.id}/visit`, { chapter_id: chs[1]!.id })).statusCode).toBe(
        204,
      );
      card = (await dashboard(me.agent)).seminars.find((c) => c.seminar_id === s.id)!;
      expect(card.continue).toMatchObject({
        chapter_id: chs[1]!.id,
        chapter_number: 2,
        video_id: null,
        position: 0,
      });
      expect(card.next_chapter_id).toBe(chs[1]!.id);
      expect(card.progress.chapters_done).toBe(1);
    });

    it('shows a completed seminar with its certificate among the new ones', async () => {
      const me = await learner();
      const s = await fx.seminar(trainerId, { title: 'Fertig', bookedBy: [me.id] });
      const c = await fx.chapter(s.id);
      await me.agent.patch('/api/chapters/toggle/user', { chapterUser: c.id, done: true });
      // completion is stored when it happens (engineer A) or on a read of the progress
      await me.agent.get(`/api/progress/seminars/${s.id}`);
      const d = await dashboard(me.agent);
      const card = d.seminars.find((x) => x.seminar_id === s.id)!;
      expect(card.state).toBe('completed');
      expect(card.next_chapter_id).toBeNull();
      expect(card.progress.certificate?.code).toEqual(expect.any(String));
      expect(d.certificates).toEqual([
        {
          code: card.progress.certificate!.code,
          seminar_id: s.id,
          title: 'Fertig',
          issued_at: expect.any(String),
        },
      ]);
    });

    it("shows an assignment's due date, overdue and soon among the deadlines, and the tests' states", async () => {
      const me = await learner();
      const company = await t.make.company();
      await t.make.member(company.id, me.id);
      const soon = await fx.seminar(trainerId, { title: 'Bald' });
      const late = await fx.seminar(trainerId, { title: 'Spät' });
      const chSoon = await fx.chapter(soon.id);
      await fx.chapter(late.id);
      const today = new Date();
      const day = (offset: number) =>
        new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
      await t.app.database.db.insert(enrolments).values([
        {
          seminarId: soon.id,
          userId: me.id,
          source: 'company',
          companyId: company.id,
          dueAt: dueAtOf(day(3)),
        },
        {
          seminarId: late.id,
          userId: me.id,
          source: 'company',
          companyId: company.id,
          dueAt: dueAtOf(day(-2)),
        },
      ]);
      const exam = await mx.test(trainerId, { chapterId: chSoon.id, label: 'Prüfung' });
      const practice = await mx.test(trainerId, { chapterId: chSoon.id, label: 'Übung', mode: 'practice' });
      await t.app.database.db.insert(userGraduateMctests).values({
        mcTestId: exam.test.id,
        userId: me.id,
        mode: 'exam',
        snapshot: { mode: 'exam', percentToAccomplish: 50, label: 'Prüfung', questions: [] },
        stoppedAt: new Date(),
        achievedPercent: 20,
        accomp: false,
      });

      const d = await dashboard(me.agent);
      expect(d.seminars.find((s) => s.seminar_id === soon.id)!.due).toEqual({
        due_date: day(3),
        state: 'due_soon',
      });
      expect(d.seminars.find((s) => s.seminar_id === late.id)!.due).toEqual({
        due_date: day(-2),
        state: 'overdue',
      });
      expect(d.deadlines.map((x) => [x.title, x.state])).toEqual([
        ['Spät', 'overdue'],
        ['Bald', 'due_soon'],
      ]);
      const examItem = d.tests.find((x) => x.id === exam.test.id)!;
      expect(examItem).toMatchObject({
        state: 'failed',
        runs_used: 1,
        runs_allowed: 1,
        attempts_left: 0,
        seminar_id: soon.id,
      });
      expect(d.tests.find((x) => x.id === practice.test.id)).toMatchObject({
        state: 'not_started',
        attempts_left: null,
      });
    });

    it('shows a company manager the team view of their companies', async () => {
      const company = await t.make.company('Team AG');
      const u = await t.make.user({ scopes: ['corporateTraining'] });
      await t.make.member(company.id, u.id, true);
      const d = await dashboard(await t.loginAs(u.email));
      expect(d.team_views).toEqual([{ name: 'Team AG', short_name: company.shortName }]);
    });

    it("never shows another learner's seminars, visits or progress", async () => {
      const a = await learner();
      const b = await learner();
      const { s, chs } = await heldSeminar(a.id, 'Nur A');
      await a.agent.put(`/api/seminars/${s.id}/visit`, { chapter_id: chs[2]!.id });
      await a.agent.patch('/api/chapters/toggle/user', { chapterUser: chs[0]!.id, done: true });
      expect((await dashboard(b.agent)).seminars).toEqual([]);
      // b books it too (a write of b's: b's kept dashboard is dropped): b's card starts from nothing
      expect((await b.agent.post('/api/booking/free', { seminarId: s.id })).statusCode).toBeLessThan(300);
      const card = (await dashboard(b.agent)).seminars[0]!;
      expect(card).toMatchObject({ seminar_id: s.id, state: 'not_started', continue: null });
      expect(card.progress.chapters_done).toBe(0);
    });

    it('takes the same number of statements for 1 and for 12 seminars; a kept dashboard none beyond the session', async () => {
      const me = await learner();
      const one = await heldSeminar(me.id);
      await mx.test(trainerId, { chapterId: one.chs[0]!.id });
      /** the statements of a dashboard computed afresh: the learner's own write dropped the kept one */
      const statements = async () => {
        expect(
          (await me.agent.put(`/api/seminars/${one.s.id}/visit`, { chapter_id: one.chs[0]!.id })).statusCode,
        ).toBe(204);
        // the write's work after its answer (a session's touch) is not the dashboard's
        await t.app.afterResponse.flush();
        const before = t.app.database.queryCount();
        await dashboard(me.agent);
        await t.app.afterResponse.flush();
        return t.app.database.queryCount() - before;
      };
      await statements();
      const few = await statements();
      for (let i = 0; i < 11; i++) {
        const { s, chs } = await heldSeminar(me.id, `Viele ${i}`);
        await me.agent.put(`/api/seminars/${s.id}/visit`, { chapter_id: chs[1]!.id });
        await mx.test(trainerId, { chapterId: chs[0]!.id });
      }
      expect(await statements()).toBe(few);
      expect((await dashboard(me.agent)).seminars).toHaveLength(12);
      expect(few).toBeLessThanOrEqual(14);
      // kept: a second read without a write in between asks the database only for the session
      const before = t.app.database.queryCount();
      await dashboard(me.agent);
      expect(t.app.database.queryCount() - before).toBeLessThanOrEqual(1);
    });

    it("shows another user's write at once: a trainer's new chapter, a manager's due date", async () => {
      const me = await learner();
      const { s } = await heldSeminar(me.id, 'Neu');
      const card = async () => (await dashboard(me.agent)).seminars.find((c) => c.seminar_id === s.id)!;
      expect((await card()).progress.chapters_total).toBe(3);
      const trainer = await t.loginAs((await t.make.user({ scopes: ['trainer'] })).email);
      // the seminar's owner adds and opens a chapter (another trainer's app user, same rules)
      const owner = await t.loginAs(
        (await t.app.database.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, trainerId) }))!.email,
      );
      const created = await owner.post('/api/chapters', { seminar_id: s.id, label: 'Neu 4' });
      expect(created.statusCode).toBe(201);
      expect((await owner.patch('/api/chapters/toggle/locked', { id: created.json().id })).statusCode).toBe(
        200,
      );
      expect((await card()).progress.chapters_total).toBe(4);
      // a refused write drops nothing and changes nothing
      expect((await trainer.patch('/api/chapters/toggle/locked', { id: created.json().id })).statusCode).toBe(
        403,
      );
      expect((await card()).progress.chapters_total).toBe(4);
    });
  });

  describe('recording a visit', () => {
    it('refuses what the caller may not play, chapters of other seminars and bad bodies', async () => {
      const me = await learner();
      const { s, chs } = await heldSeminar(me.id);
      const other = await fx.seminar(trainerId, { title: 'Fremd' });
      const foreign = await fx.chapter(other.id);
      const locked = await fx.chapter(s.id, { unlocked: false });
      const put = (seminarId: number, body: object) => me.agent.put(`/api/seminars/${seminarId}/visit`, body);

      expect((await put(other.id, { chapter_id: foreign.id })).statusCode).toBe(403);
      expect((await put(999_999, { chapter_id: chs[0]!.id })).statusCode).toBe(404);
      const wrong = await put(s.id, { chapter_id: foreign.id });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().errors.chapter_id).toBeDefined();
      expect((await put(s.id, { chapter_id: 999_999 })).statusCode).toBe(422);
      const lockedRes = await put(s.id, { chapter_id: locked.id });
      expect(lockedRes.statusCode).toBe(403);
      expect(lockedRes.json().message).toEqual(expect.any(String));
      for (const body of [{}, { chapter_id: 'x' }, { chapter_id: 0 }, { chapter_id: 1, extra: 1 }]) {
        const res = await put(s.id, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(422);
        expect(res.json().errors).toBeDefined();
      }
      expect(
        (await t.agent().put(`/api/seminars/${s.id}/visit`, { chapter_id: chs[0]!.id })).statusCode,
      ).toBe(401);
      // nothing refused was stored
      expect((await dashboard(me.agent)).seminars[0]!.continue).toBeNull();
    });
  });
});
