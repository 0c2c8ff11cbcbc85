/** Authorization matrix rows of free preview chapters (issue 34 item 3; see ../matrix-kit.ts). */

import { eq } from 'drizzle-orm';
import { chapters } from '../../db/schema/index.ts';
import { all, type Row, type World } from '../matrix-kit.ts';

/** a seminar of the trainer booked by the student, with a preview chapter and its video and doc */
async function previewChapter(w: World, isPublic: boolean) {
  const s = await w.fx.seminar(w.ids.trainer, { isPublic, bookedBy: [w.ids.student] });
  const c = await w.fx.chapter(s.id);
  await w.t.app.database.db.update(chapters).set({ preview: true }).where(eq(chapters.id, c.id));
  const [video, doc] = await Promise.all([w.fx.video(c.id), w.fx.doc(c.id)]);
  return { seminarId: s.id, videoId: video.id, docId: doc.id };
}

/** a private seminar: the booked student, owner and admin play; others do not know it (guest 401) */
const privateSeminar = { ...all(404), guest: 401, student: 200, trainer: 200, admin: 200 };

// the media of non-preview chapters keep their rows in authorization.matrix.test.ts (players only)
export const CHAPTERS_PREVIEW_ROWS: Row[] = [
  {
    method: 'GET',
    route: '/api/chapters/seminar-preview/:id',
    prepare: async (w) => ({
      url: `/api/chapters/seminar-preview/${(await previewChapter(w, true)).seminarId}`,
    }),
    expect: all(200),
  },
  {
    method: 'GET',
    route: '/api/chapters/seminar-preview/:id',
    prepare: async (w) => ({
      url: `/api/chapters/seminar-preview/${(await previewChapter(w, false)).seminarId}`,
    }),
    // no outline of a private seminar, not even for its owner: it has no guest view
    expect: all(404),
  },
  {
    method: 'GET',
    route: '/api/chapters/video/:id/stream',
    prepare: async (w) => ({ url: `/api/chapters/video/${(await previewChapter(w, true)).videoId}/stream` }),
    expect: all(200),
  },
  {
    method: 'GET',
    route: '/api/chapters/doc/:id/download',
    prepare: async (w) => ({ url: `/api/chapters/doc/${(await previewChapter(w, true)).docId}/download` }),
    expect: all(200),
  },
  {
    method: 'GET',
    route: '/api/chapters/video/:id/stream',
    prepare: async (w) => ({ url: `/api/chapters/video/${(await previewChapter(w, false)).videoId}/stream` }),
    expect: privateSeminar,
  },
  {
    method: 'GET',
    route: '/api/chapters/doc/:id/download',
    prepare: async (w) => ({ url: `/api/chapters/doc/${(await previewChapter(w, false)).docId}/download` }),
    expect: privateSeminar,
  },
];
