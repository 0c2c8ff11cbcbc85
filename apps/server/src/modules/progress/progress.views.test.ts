import type { LearnDashboard, LearnerProgressRow, SeminarProgressDetailDto, TeamRow } from '@elearn/shared';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answers } from '../../db/schema/index.ts';
import { type Agent, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { companyFixtures } from '../../test/company-fixtures.ts';
import { seminarFixtures } from '../../test/fixtures.ts';
import { mcTestRows } from '../../test/mc-test-fixtures.ts';

/** what every view says of one learner in one seminar */
interface Said {
  chapters: [done: number, total: number] | null;
  tests: [passed: number, total: number] | null;
  percent: number | null;
  completed: boolean | null;
}

/**
 * Issue 36 item 3: one completion rule and one progress read model serve the learner's pages, the
 * owner's learners table and the company's views. After each write (nothing yet, a chapter marked
 * done, a video watched past its coverage rule, a test passed) the learner's progress page, their
 * "Mein Lernen", the owner's learners table, the company's employee view and its team view say
 * the same of the same learner: chapters, tests, percent and completion.
 */
describe('every view of a learner’s progress agrees (issue 36 item 3)', () => {
  let t: TestApp;
  let trainer: Agent;
  let manager: Agent;
  let learner: Agent;
  let learnerId: number;
  let companyId: number;
  let seminarId: number;
  let chapterIds: number[];
  let videoId: number;
  let testId: number;

  beforeAll(async () => {
    t = await buildTestApp({ rateLimitFactor: 100 });
    const fx = seminarFixtures(t.app);
    const tr = await t.make.user({ scopes: ['trainer'] });
    trainer = await t.loginAs(tr.email);
    const company = await t.make.company('Ansichten AG');
    companyId = company.id;
    const m = await t.make.user({ scopes: ['corporateTraining'] });
    await t.make.member(company.id, m.id, true);
    const l = await t.make.user();
    await t.make.member(company.id, l.id);
    learnerId = l.id;
    [manager, learner] = await Promise.all([t.loginAs(m.email), t.loginAs(l.email)]);
    const s = await fx.seminar(tr.id, { title: 'Drei Ansichten' });
    seminarId = s.id;
    const byVideo = await fx.chapter(s.id);
    const plain = await fx.chapter(s.id);
    const withTest = await fx.chapter(s.id);
    // a locked chapter counts in no view
    await fx.chapter(s.id, { unlocked: false });
    chapterIds = [byVideo.id, plain.id, withTest.id];
    videoId = (await fx.video(byVideo.id)).id;
    testId = (await mcTestRows(t.app.database.db).test(tr.id, { chapterId: withTest.id })).test.id;
    const res = await trainer.request({
      method: 'PUT',
      url: `/api/progress/seminars/${s.id}/settings`,
      payload: { hours: null, require_confirmation: false, video_done_chapter_ids: [byVideo.id] },
    });
    expect(res.statusCode, res.body).toBe(200);
    await companyFixtures(t.app).booking(company.id, s.id, [l.id]);
  });
  afterAll(() => t.close());

  const ok = async (agent: Agent, url: string) => {
    const res = await agent.get(url);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json();
  };

  /** the five views, each reduced to what it says */
  async function views(): Promise<Record<string, Said>> {
    const mine = (await ok(learner, `/api/progress/seminars/${seminarId}`)) as SeminarProgressDetailDto;
    const learn = (await ok(learner, '/api/learn')) as LearnDashboard;
    const card = learn.seminars.find((x) => x.seminar_id === seminarId)!;
    const table = (await ok(trainer, `/api/progress/seminars/${seminarId}/learners`)) as {
      data: LearnerProgressRow[];
    };
    const row = table.data.find((r) => r.user.id === learnerId)!;
    // the employee view: a list, or a page of it
    const employeesBody = await ok(manager, `/api/companies/${companyId}/users`);
    const employees = (Array.isArray(employeesBody) ? employeesBody : employeesBody.data) as {
      id: number;
      seminars: {
        seminar: { id: number };
        chapters_total: number;
        chapters_done: number;
        tests: { passed: boolean; accomp: boolean }[];
      }[];
    }[];
    const employee = employees
      .find((e) => e.id === learnerId)!
      .seminars.find((x) => x.seminar.id === seminarId)!;
    const team = (await ok(manager, `/api/companies/${companyId}/team?seminar_id=${seminarId}`)) as {
      data: TeamRow[];
    };
    const teamRow = team.data.find((r) => r.user.id === learnerId && r.seminar.id === seminarId)!;
    const of = (p: SeminarProgressDetailDto | LearnerProgressRow['progress']): Said => ({
      chapters: [p.chapters_done, p.chapters_total],
      tests: [p.tests_passed, p.tests_total],
      percent: p.percent,
      completed: p.completed_at !== null,
    });
    return {
      'progress page': of(mine),
      'Mein Lernen': of(card.progress),
      "owner's learners table": of(row.progress),
      'employee view': {
        chapters: [employee.chapters_done, employee.chapters_total],
        tests: null,
        percent: null,
        completed: null,
      },
      'team view': {
        chapters: null,
        tests: null,
        percent: teamRow.percent,
        completed: teamRow.completed_at !== null,
      },
    };
  }

  /** every view says what the learner's own page says, where it says it */
  async function expectAgreement(expected: Said) {
    const all = await views();
    for (const [name, said] of Object.entries(all)) {
      for (const key of Object.keys(said) as (keyof Said)[]) {
        if (said[key] !== null) expect(said[key], `${name}: ${key}`).toEqual(expected[key]);
      }
    }
  }

  it('before anything, after a done mark, a watched video and a passed test', async () => {
    await expectAgreement({ chapters: [0, 3], tests: [0, 1], percent: 0, completed: false });

    const marked = await learner.patch('/api/chapters/toggle/user', {
      chapterUser: chapterIds[1],
      done: true,
    });
    expect(marked.statusCode, marked.body).toBeLessThan(300);
    // a done mark on the chapter done by its video counts nowhere
    await learner.patch('/api/chapters/toggle/user', { chapterUser: chapterIds[0], done: true });
    await expectAgreement({ chapters: [1, 3], tests: [0, 1], percent: 25, completed: false });

    const watched = await learner.post(`/api/progress/videos/${videoId}/position`, {
      position: 95,
      duration: 100,
      segments: [[0, 95]],
    });
    expect(watched.statusCode, watched.body).toBeLessThan(300);
    await learner.patch('/api/chapters/toggle/user', { chapterUser: chapterIds[2], done: true });
    await expectAgreement({ chapters: [3, 3], tests: [0, 1], percent: 75, completed: false });

    const started = await learner.post('/api/graduate/startTest', { id: testId });
    expect(started.statusCode, started.body).toBe(201);
    const run = started.json() as {
      user_graduate_id: number;
      questions: { id: number; answers: { id: number }[] }[];
    };
    const keyRows = await t.app.database.db
      .select({ id: answers.id, correct: answers.correct })
      .from(answers)
      .where(
        inArray(
          answers.id,
          run.questions.flatMap((q) => q.answers.map((a) => a.id)),
        ),
      );
    const correct = new Set(keyRows.filter((r) => r.correct).map((r) => r.id));
    const stopped = await learner.patch('/api/graduate/stopTest', {
      resultSet: {
        userGraduateId: run.user_graduate_id,
        questions: run.questions.map((q) => ({
          questionId: q.id,
          answerIds: q.answers.filter((a) => correct.has(a.id)).map((a) => a.id),
        })),
      },
    });
    expect(stopped.statusCode, stopped.body).toBe(200);
    await expectAgreement({ chapters: [3, 3], tests: [1, 1], percent: 100, completed: true });
    // the employee view's test says passed too
    const body = await ok(manager, `/api/companies/${companyId}/users`);
    const list = (Array.isArray(body) ? body : body.data) as {
      id: number;
      seminars: { seminar: { id: number }; tests: { mc_test_id: number; accomp: boolean }[] }[];
    }[];
    const tests = list
      .find((e) => e.id === learnerId)!
      .seminars.find((x) => x.seminar.id === seminarId)!.tests;
    expect(tests).toEqual([expect.objectContaining({ mc_test_id: testId, accomp: true })]);
  });
});
