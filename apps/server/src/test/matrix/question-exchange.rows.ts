/** Authorization matrix rows of the question pool's import and export (issue 37 item 6; see ../matrix-kit.ts). */
import { type Row, trainersOnly } from '../matrix-kit.ts';

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
  {
    method: 'GET',
    route: '/api/questions/export',
    url: '/api/questions/export?format=moodle-xml',
    expect: trainersOnly(200),
  },
];
