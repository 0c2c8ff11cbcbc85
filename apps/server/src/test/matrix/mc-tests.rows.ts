/** Authorization matrix rows of the mc-tests routes (see ../matrix-kit.ts). */

import {
  type Expect,
  loggedIn,
  ownerOnly,
  players,
  type Row,
  trainersOnly,
  type World,
} from '../matrix-kit.ts';
import { mcTestFixtures } from '../mc-test-fixtures.ts';

/** owner and admin may; another trainer does not even learn that it exists (404) */
const managed = (ok: number): Expect => ({ ...ownerOnly(ok), otherTrainer: 404 });

/** a fresh test of the trainer (two questions) on an unlocked chapter of a seminar the student booked */
const booked = (w: World, opts: { mode?: 'exam' | 'practice' } = {}) =>
  mcTestFixtures(w.t.app).bookedTest(w.ids.trainer, [w.ids.student], opts);

export const MC_TESTS_ROWS: Row[] = [
  // question pool and answers
  { method: 'GET', route: '/api/questions', expect: trainersOnly(200) },
  {
    method: 'POST',
    route: '/api/questions',
    body: { label: '<p>Frage?</p>', points: 2, answers: [{ label: 'Ja', correct: true }] },
    expect: trainersOnly(201),
  },
  {
    method: 'PATCH',
    route: '/api/questions/update',
    prepare: async (w) => ({
      body: { id: (await mcTestFixtures(w.t.app).question(w.ids.trainer)).question.id, label: '<p>Neu</p>' },
    }),
    expect: managed(200),
  },
  {
    method: 'DELETE',
    route: '/api/questions/:id',
    prepare: async (w) => ({
      url: `/api/questions/${(await mcTestFixtures(w.t.app).question(w.ids.trainer)).question.id}`,
    }),
    expect: managed(204),
  },
  {
    method: 'PATCH',
    route: '/api/questions/:question/attach',
    prepare: async (w) => {
      const mx = mcTestFixtures(w.t.app);
      const { test } = await mx.test(w.ids.trainer, { questions: 0 });
      const { question } = await mx.question(w.ids.trainer);
      return {
        url: '/api/questions/{question}/attach',
        body: { mcTestId: test.id, questions: [question.id] },
      };
    },
    expect: managed(200),
  },
  {
    method: 'PATCH',
    route: '/api/questions/:question/unattach',
    prepare: async (w) => {
      const { test, questions } = await mcTestFixtures(w.t.app).test(w.ids.trainer);
      return {
        url: '/api/questions/{question}/unattach',
        body: { mcTestId: test.id, questionId: questions[0]!.question.id },
      };
    },
    expect: managed(200),
  },
  {
    method: 'POST',
    route: '/api/answers/new',
    prepare: async (w) => ({
      body: {
        question_id: (await mcTestFixtures(w.t.app).question(w.ids.trainer)).question.id,
        label: 'Vielleicht',
        correct: false,
      },
    }),
    expect: managed(201),
  },
  {
    method: 'PATCH',
    route: '/api/answers',
    prepare: async (w) => ({
      body: { id: (await mcTestFixtures(w.t.app).question(w.ids.trainer)).answers[0]!.id, correct: false },
    }),
    expect: managed(200),
  },
  {
    method: 'DELETE',
    route: '/api/answers/:id',
    prepare: async (w) => ({
      url: `/api/answers/${(await mcTestFixtures(w.t.app).question(w.ids.trainer)).answers[0]!.id}`,
    }),
    expect: managed(204),
  },

  // tests
  { method: 'GET', route: '/api/mc_tests', expect: trainersOnly(200) },
  {
    method: 'POST',
    route: '/api/mc_tests',
    body: { label: 'Matrix', percent_to_accomplish: 60, mode: 'exam' },
    expect: trainersOnly(201),
  },
  {
    method: 'GET',
    route: '/api/mc_tests/:id',
    prepare: async (w) => ({ url: `/api/mc_tests/${(await booked(w)).test.id}` }),
    expect: managed(200),
  },
  {
    method: 'PATCH',
    route: '/api/mc_tests/update',
    prepare: async (w) => ({
      body: { id: (await booked(w)).test.id, label: 'Neu', percent_to_accomplish: 70, mode: 'practice' },
    }),
    expect: managed(200),
  },
  {
    method: 'DELETE',
    route: '/api/mc_tests/:id',
    prepare: async (w) => ({ url: `/api/mc_tests/${(await booked(w)).test.id}` }),
    expect: managed(204),
  },
  {
    method: 'PATCH',
    route: '/api/mc_tests/toggle/enabled',
    prepare: async (w) => ({ body: { mcTestId: (await booked(w)).test.id } }),
    expect: managed(200),
  },
  {
    method: 'PATCH',
    route: '/api/mc_tests/chapter/assign',
    prepare: async (w) => {
      const made = await booked(w);
      const chapter = await w.fx.chapter(made.seminar.id);
      return { body: { chapterTest: { mcTestId: made.test.id, chapterId: chapter.id } } };
    },
    expect: managed(200),
  },
  {
    method: 'PATCH',
    route: '/api/mc_tests/chapter/unassign',
    prepare: async (w) => ({ body: { chapterTest: { mcTestId: (await booked(w)).test.id } } }),
    expect: managed(200),
  },
  {
    method: 'GET',
    route: '/api/mc_tests/:id/questions',
    prepare: async (w) => ({ url: `/api/mc_tests/${(await booked(w)).test.id}/questions` }),
    expect: managed(200),
  },
  {
    method: 'POST',
    route: '/api/mc_tests/:id/grant-run',
    prepare: async (w) => ({
      url: `/api/mc_tests/${(await booked(w)).test.id}/grant-run`,
      body: { userId: w.ids.student },
    }),
    expect: managed(200),
  },
  {
    method: 'POST',
    route: '/api/mc_tests/:id/grant-time',
    prepare: async (w) => ({
      url: `/api/mc_tests/${(await booked(w)).test.id}/grant-time`,
      body: { userId: w.ids.student, minutes: 10 },
    }),
    expect: managed(200),
  },
  { method: 'GET', route: '/api/mc_tests/user/assigned', expect: loggedIn(200) },
  {
    method: 'GET',
    route: '/api/mc_tests/chapter/:chapterId',
    prepare: async (w) => ({ url: `/api/mc_tests/chapter/${(await booked(w)).chapter.id}` }),
    expect: players(200),
  },
  {
    method: 'GET',
    route: '/api/mc_tests/:id/usergraduate',
    prepare: async (w) => ({ url: `/api/mc_tests/${(await booked(w)).test.id}/usergraduate/?results=1` }),
    expect: managed(200),
  },
  {
    method: 'GET',
    route: '/api/mc_tests/:id/report',
    prepare: async (w) => ({ url: `/api/mc_tests/${(await booked(w)).test.id}/report` }),
    expect: managed(200),
  },

  // chapter-prefixed test routes
  { method: 'GET', route: '/api/chapters/mcTests/owner', expect: trainersOnly(200) },
  {
    method: 'PATCH',
    route: '/api/chapters/add/test',
    prepare: async (w) => {
      const made = await booked(w);
      const chapter = await w.fx.chapter(made.seminar.id);
      return { body: { mcTestChapter: { mcTestId: made.test.id, chapterId: chapter.id } } };
    },
    expect: managed(200),
  },
  {
    method: 'PATCH',
    route: '/api/chapters/remove/test',
    prepare: async (w) => ({ body: { mcTestId: (await booked(w)).test.id } }),
    expect: managed(200),
  },

  // runs, history, graduation
  {
    method: 'POST',
    route: '/api/graduate/startTest',
    prepare: async (w) => ({ body: { id: (await booked(w)).test.id } }),
    // the booked student takes it; owner and admin preview it; the rest may not play the seminar
    expect: { ...players(201) },
  },
  {
    method: 'PATCH',
    route: '/api/graduate/stopTest',
    prepare: async (w) => {
      const made = await booked(w);
      const run = await mcTestFixtures(w.t.app).run(made.test.id, w.ids.student);
      return { body: { resultSet: { userGraduateId: run.id, questions: [] } } };
    },
    // only the run's own user; to everyone else it does not exist
    expect: { ...loggedIn(404), student: 200 },
  },
  {
    method: 'PUT',
    route: '/api/graduate/runs/:id/answers/:questionId',
    prepare: async (w) => {
      const made = await booked(w);
      const run = await mcTestFixtures(w.t.app).run(made.test.id, w.ids.student);
      const question = made.questions[0]!;
      return {
        url: `/api/graduate/runs/${run.id}/answers/${question.question.id}`,
        body: { answerIds: [question.answers[0]!.id] },
      };
    },
    // only the run's own user; to everyone else it does not exist
    expect: { ...loggedIn(404), student: 200 },
  },
  { method: 'GET', route: '/api/graduate/history/student', expect: loggedIn(200) },
  { method: 'GET', route: '/api/graduate/history/owner', expect: trainersOnly(200) },
  {
    method: 'PATCH',
    route: '/api/graduate/confirm',
    prepare: async (w) => {
      const made = await booked(w);
      const run = await mcTestFixtures(w.t.app).run(made.test.id, w.ids.student, {
        stopped: true,
        right: true,
      });
      return { body: { userGraduateId: run.id } };
    },
    expect: managed(200),
  },
  {
    method: 'GET',
    route: '/api/graduate/export/:id',
    prepare: async (w) => {
      const made = await booked(w);
      await mcTestFixtures(w.t.app).run(made.test.id, w.ids.student, { stopped: true, right: true });
      return { url: `/api/graduate/export/${made.test.id}` };
    },
    expect: managed(200),
  },
];
