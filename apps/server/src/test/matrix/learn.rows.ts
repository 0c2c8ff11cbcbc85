/** Authorization matrix rows of "Mein Lernen" and the chapter visits (issue 36; see ../matrix-kit.ts). */

import { loggedIn, players, type Row } from '../matrix-kit.ts';

export const LEARN_ROWS: Row[] = [
  // everyone logged in has a dashboard of their own (empty when they hold nothing)
  { method: 'GET', route: '/api/learn', expect: loggedIn(200) },
  {
    method: 'PUT',
    route: '/api/seminars/:id/visit',
    prepare: async (w) => {
      const { seminarId, chapterId } = await w.bookedSeminar();
      return { url: `/api/seminars/${seminarId}/visit`, body: { chapter_id: chapterId } };
    },
    // whoever may play the seminar: the booked student, its owner and admins
    expect: players(204),
  },
];
