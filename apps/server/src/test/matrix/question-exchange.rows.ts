/** Authorization matrix rows of the question pool's import and export (issue 37 item 6; see ../matrix-kit.ts). */
import { ownerOnly, type Row, trainersOnly } from '../matrix-kit.ts';

const gift = '::A:: Gilt das? {T}';

export const QUESTION_EXCHANGE_ROWS: Row[] = [
  // every trainer imports into and exports their own pool (admins: every question, as the pool list)
  {
    method: 'POST',
    route: '/api/questions/import/preview',
    body: { content: gift, format: 'gift' },
    expect: trainersOnly(200),
  },
  {
    method: 'POST',
    route: '/api/questions/import',
    body: { content: gift, format: 'gift' },
    expect: trainersOnly(201),
  },
  { method: 'GET', route: '/api/questions/categories', expect: trainersOnly(200) },
  // one owner's pool (what their tests draw from): the owner and admins; another trainer learns nothing (404)
  {
    method: 'GET',
    route: '/api/questions/categories',
    prepare: async (w) => ({ url: `/api/questions/categories?owner_id=${w.ids.trainer}` }),
    expect: { ...ownerOnly(200), otherTrainer: 404 },
  },
  {
    method: 'GET',
    route: '/api/questions/export',
    url: '/api/questions/export?format=moodle-xml',
    expect: trainersOnly(200),
  },
];
