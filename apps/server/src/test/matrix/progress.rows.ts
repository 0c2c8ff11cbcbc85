/** Authorization matrix rows of progress and certificates (issue 16; see ../matrix-kit.ts). */

import { certificates } from '../../db/schema/index.ts';
import { randomToken } from '../../lib/crypto.ts';
import { all, type Expect, loggedIn, ownerOnly, players, type Row, type World } from '../matrix-kit.ts';

/** a certificate of the student in a seminar of the trainer */
async function certificateOfStudent(w: World): Promise<string> {
  const { seminarId } = await w.bookedSeminar();
  const code = randomToken(18);
  await w.t.app.database.db.insert(certificates).values({
    code,
    userId: w.ids.student,
    seminarId,
    ownerId: w.ids.trainer,
    learnerName: 'Matrix Student',
    seminarTitle: 'Matrix',
    trainerName: 'Matrix Trainer',
    completedAt: new Date(),
  });
  return code;
}

/** owners and admins see all learners; a company manager sees the company's employees */
const learnersExpect: Expect = { ...ownerOnly(200), corporateTraining: 200 };

export const PROGRESS_ROWS: Row[] = [
  {
    method: 'POST',
    route: '/api/progress/videos/:id/position',
    prepare: async (w) => ({
      url: `/api/progress/videos/${(await w.bookedSeminar()).videoId}/position`,
      body: { position: 3, duration: 10, segments: [[0, 3]] },
    }),
    // whoever may play the video: the booked student, its owner and admins
    expect: players(204),
  },
  { method: 'GET', route: '/api/progress/seminars', expect: loggedIn(200) },
  {
    method: 'GET',
    route: '/api/progress/seminars/:id',
    prepare: async (w) => ({ url: `/api/progress/seminars/${(await w.bookedSeminar()).seminarId}` }),
    expect: players(200),
  },
  {
    method: 'GET',
    route: '/api/progress/seminars/:id/learners',
    prepare: async (w) => ({ url: `/api/progress/seminars/${(await w.bookedSeminar()).seminarId}/learners` }),
    expect: learnersExpect,
  },
  {
    method: 'GET',
    route: '/api/progress/seminars/:id/export',
    prepare: async (w) => ({ url: `/api/progress/seminars/${(await w.bookedSeminar()).seminarId}/export` }),
    expect: learnersExpect,
  },
  {
    method: 'GET',
    route: '/api/progress/seminars/:id/settings',
    prepare: async (w) => ({ url: `/api/progress/seminars/${(await w.bookedSeminar()).seminarId}/settings` }),
    expect: ownerOnly(200),
  },
  {
    method: 'PUT',
    route: '/api/progress/seminars/:id/settings',
    prepare: async (w) => ({
      url: `/api/progress/seminars/${(await w.bookedSeminar()).seminarId}/settings`,
      body: { hours: 4, require_confirmation: false, video_done_chapter_ids: [] },
    }),
    expect: ownerOnly(200),
  },
  { method: 'GET', route: '/api/certificates', expect: loggedIn(200) },
  {
    method: 'GET',
    route: '/api/certificates/:code/pdf',
    prepare: async (w) => ({ url: `/api/certificates/${await certificateOfStudent(w)}/pdf` }),
    // its learner, the seminar's owner and admins
    expect: { ...ownerOnly(200), student: 200 },
  },
  {
    method: 'GET',
    route: '/api/certificates/:code',
    prepare: async (w) => ({ url: `/api/certificates/${await certificateOfStudent(w)}` }),
    // the public verification page
    expect: all(200),
  },
  {
    method: 'POST',
    route: '/api/certificates/:code/revoke',
    prepare: async (w) => ({
      url: `/api/certificates/${await certificateOfStudent(w)}/revoke`,
      body: { reason: 'Matrix' },
    }),
    expect: ownerOnly(200),
  },
];
