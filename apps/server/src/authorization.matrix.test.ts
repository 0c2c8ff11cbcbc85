import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, buildTestApp, multipart, type TestApp } from './test/build-test-app.ts';
import { PDF, SAMPLE_WEBM, seminarFixtures } from './test/fixtures.ts';
import { ADMIN_ROWS } from './test/matrix/admin.rows.ts';
import { CHAPTERS_PREVIEW_ROWS } from './test/matrix/chapters-preview.rows.ts';
import { COMPANIES_ROWS } from './test/matrix/companies.rows.ts';
import { INVOICES_ROWS } from './test/matrix/invoices.rows.ts';
import { ITEM_ANALYSIS_ROWS } from './test/matrix/item-analysis.rows.ts';
import { LEARN_ROWS } from './test/matrix/learn.rows.ts';
import { MC_TESTS_ROWS } from './test/matrix/mc-tests.rows.ts';
import { NOTIFICATIONS_ROWS } from './test/matrix/notifications.rows.ts';
import { PAY_BY_INVOICE_ROWS } from './test/matrix/pay-by-invoice.rows.ts';
import { PAYMENTS_ROWS } from './test/matrix/payments.rows.ts';
import { PRIVACY_ROWS } from './test/matrix/privacy.rows.ts';
import { PROGRESS_ROWS } from './test/matrix/progress.rows.ts';
import { QUESTION_EXCHANGE_ROWS } from './test/matrix/question-exchange.rows.ts';
import { REVENUE_ROWS } from './test/matrix/revenue.rows.ts';
import { SEAT_PACKAGES_ROWS } from './test/matrix/seat-packages.rows.ts';
import { UPLOADS_ROWS } from './test/matrix/uploads.rows.ts';
import { VOUCHERS_ROWS } from './test/matrix/vouchers.rows.ts';
import {
  ACTORS,
  type Actor,
  all,
  loggedIn,
  ownerOnly,
  players,
  type Row,
  trainersOnly,
  type World,
} from './test/matrix-kit.ts';

/**
 * SECURITY B-00: every API route × every actor → the expected status. Later issues add their
 * routes here; the completeness test fails when a route is registered without a row.
 */
const CORE_ROWS: Row[] = [
  { method: 'GET', route: '/sanctum/csrf-cookie', expect: all(204) },
  { method: 'GET', route: '/api/health', expect: all(200) },
  { method: 'GET', route: '/api/config', expect: all(200) },
  { method: 'GET', route: '/api/docs/openapi.json', expect: all(200) },
  // what search engines read (issue 34): public
  { method: 'GET', route: '/sitemap.xml', expect: all(200) },
  { method: 'GET', route: '/robots.txt', expect: all(200) },
  { method: 'POST', route: '/api/login', body: {}, expect: all(422) },
  // decision (issue 32 item 7): a guest's logout is a no-op answered 204, not 401 (docs/api/openapi.md)
  { method: 'POST', route: '/api/logout', expect: all(204) },
  { method: 'GET', route: '/api/user', expect: loggedIn(200) },
  { method: 'POST', route: '/api/register', body: {}, expect: all(422) },
  {
    method: 'GET',
    route: '/email/verify/:id/:hash',
    url: `/email/verify/1/${'a'.repeat(40)}?expires=1&signature=x`,
    expect: all(403),
  },
  {
    method: 'GET',
    route: '/api/email/verify/:id/:hash',
    url: `/api/email/verify/1/${'a'.repeat(40)}?expires=1&signature=x`,
    expect: all(403),
  },
  { method: 'POST', route: '/api/email/verification-notification', body: {}, expect: loggedIn(202) },
  { method: 'POST', route: '/api/forgot-password', body: {}, expect: all(422) },
  { method: 'POST', route: '/api/reset-password', body: {}, expect: all(422) },
  { method: 'POST', route: '/api/user/password', body: {}, expect: loggedIn(422) },
  { method: 'POST', route: '/api/user/update', body: {}, expect: loggedIn(422) },
  { method: 'GET', route: '/api/users/:id/avatar', url: '/api/users/1/avatar', expect: all(404) },

  // seminars and booking
  { method: 'GET', route: '/api/seminars', expect: all(200) },
  // the guests' catalogue (issue 34): the same for everyone
  { method: 'GET', route: '/api/seminars/catalogue', expect: all(200) },
  { method: 'GET', route: '/api/seminars/rise', expect: all(200) },
  { method: 'GET', route: '/api/seminars/owned', expect: trainersOnly(200) },
  { method: 'GET', route: '/api/seminars/booked-student', expect: loggedIn(200) },
  { method: 'GET', route: '/api/seminars/users/booked', expect: trainersOnly(200) },
  {
    // one seminar's bookings a page at a time: its owner and admins (others may see the seminar)
    method: 'GET',
    route: '/api/seminars/:id/bookings',
    prepare: async (w) => ({ url: `/api/seminars/${(await w.bookedSeminar()).seminarId}/bookings` }),
    expect: ownerOnly(200),
  },
  {
    method: 'GET',
    route: '/api/seminars/slug/:slug',
    prepare: async (w) => {
      const s = await w.fx.seminar(w.ids.trainer);
      return { url: `/api/seminars/slug/${s.slug}` };
    },
    expect: all(200),
  },
  {
    method: 'GET',
    route: '/api/seminars/:id',
    prepare: async (w) => ({
      url: `/api/seminars/${(await w.fx.seminar(w.ids.trainer, { isPublic: false, bookedBy: [w.ids.student] })).id}`,
    }),
    // a private seminar: only owner, admin and the booked student know it exists
    expect: { ...all(404), student: 200, trainer: 200, admin: 200 },
  },
  {
    method: 'GET',
    route: '/api/seminars/:id/image',
    prepare: async (w) => ({
      url: `/api/seminars/${(await w.fx.seminar(w.ids.trainer, { isPublic: false, image: true, bookedBy: [w.ids.student] })).id}/image`,
    }),
    expect: { ...all(404), student: 200, trainer: 200, admin: 200 },
  },
  {
    method: 'POST',
    route: '/api/seminars',
    prepare: async () => {
      const form = multipart({ title: 'Matrix', description: '<p>x</p>', price: '0', is_public: '1' });
      return { body: form.payload, headers: form.headers };
    },
    expect: trainersOnly(201),
  },
  {
    method: 'POST',
    route: '/api/seminars/update/:id',
    prepare: async (w) => {
      const form = multipart({ title: 'Renamed', price: '0', is_public: '1' });
      return {
        url: `/api/seminars/update/${(await w.fx.seminar(w.ids.trainer)).id}`,
        body: form.payload,
        headers: form.headers,
      };
    },
    expect: ownerOnly(200),
  },
  {
    method: 'PATCH',
    route: '/api/seminars/tooglePublic',
    prepare: async (w) => ({ body: { id: (await w.fx.seminar(w.ids.trainer)).id } }),
    expect: ownerOnly(200),
  },
  {
    method: 'DELETE',
    route: '/api/seminars/:id',
    prepare: async (w) => ({ url: `/api/seminars/${(await w.fx.seminar(w.ids.trainer)).id}` }),
    expect: ownerOnly(204),
  },
  {
    method: 'POST',
    route: '/api/booking/free',
    prepare: async (w) => ({ body: { seminarId: (await w.fx.seminar(w.ids.trainer)).id } }),
    expect: { ...all(201), guest: 401, trainer: 409 },
  },
  {
    method: 'GET',
    route: '/api/users/profile/:slug',
    prepare: async (w) => ({ url: `/api/users/profile/${w.usernames.trainer}` }),
    expect: all(200),
  },
  { method: 'GET', route: '/api/todos', expect: loggedIn(200) },

  // chapters
  {
    method: 'GET',
    route: '/api/chapters',
    prepare: async (w) => ({ url: `/api/chapters?seminar_id=${(await w.bookedSeminar()).seminarId}` }),
    expect: players(200),
  },
  {
    method: 'GET',
    route: '/api/chapters/seminar/:id',
    prepare: async (w) => ({ url: `/api/chapters/seminar/${(await w.bookedSeminar()).seminarId}` }),
    expect: ownerOnly(200),
  },
  {
    method: 'GET',
    route: '/api/chapters/seminar-booked/:id',
    prepare: async (w) => ({ url: `/api/chapters/seminar-booked/${(await w.bookedSeminar()).seminarId}` }),
    expect: players(200),
  },
  {
    method: 'GET',
    route: '/api/chapters/:id/user-interaction',
    prepare: async (w) => ({ url: `/api/chapters/${(await w.bookedSeminar()).chapterId}/user-interaction` }),
    expect: ownerOnly(200),
  },
  {
    method: 'POST',
    route: '/api/chapters',
    prepare: async (w) => ({ body: { seminar_id: (await w.bookedSeminar()).seminarId, label: 'Neu' } }),
    expect: ownerOnly(201),
  },
  {
    method: 'PATCH',
    route: '/api/chapters/update',
    prepare: async (w) => ({
      body: { id: (await w.bookedSeminar()).chapterId, label: 'Geändert', content: '', description: '' },
    }),
    expect: ownerOnly(200),
  },
  {
    method: 'DELETE',
    route: '/api/chapters/:id/delete',
    prepare: async (w) => ({ url: `/api/chapters/${(await w.bookedSeminar()).chapterId}/delete` }),
    expect: ownerOnly(204),
  },
  {
    method: 'PATCH',
    route: '/api/chapters/reorder',
    prepare: async (w) => {
      const b = await w.bookedSeminar();
      return {
        body: { seminar_id: b.seminarId, order: [{ id: b.chapterId, chapter_id: null, position: 0 }] },
      };
    },
    expect: ownerOnly(200),
  },
  {
    method: 'PATCH',
    route: '/api/chapters/toggle/locked',
    prepare: async (w) => ({ body: { id: (await w.bookedSeminar()).chapterId } }),
    expect: ownerOnly(200),
  },
  {
    method: 'PATCH',
    route: '/api/chapters/toggle/user',
    prepare: async (w) => ({ body: { chapterUser: (await w.bookedSeminar()).chapterId } }),
    expect: players(200),
  },

  // media
  {
    method: 'POST',
    route: '/api/chapters/storeDocs',
    prepare: async (w) => {
      const form = multipart({ chapter_id: String((await w.bookedSeminar()).chapterId) }, [
        { field: 'docs', filename: 'a.pdf', type: 'application/pdf', data: PDF },
      ]);
      return { body: form.payload, headers: form.headers };
    },
    expect: ownerOnly(201),
  },
  {
    method: 'POST',
    route: '/api/chapters/storeVideo',
    prepare: async (w) => {
      const form = multipart({ chapter_id: String((await w.bookedSeminar()).chapterId) }, [
        { field: 'video', filename: 'v.webm', type: 'video/webm', data: await readFile(SAMPLE_WEBM) },
      ]);
      return { body: form.payload, headers: form.headers };
    },
    expect: ownerOnly(201),
  },
  {
    method: 'POST',
    route: '/api/chapters/storeLinks',
    prepare: async (w) => ({
      body: {
        chapter_id: (await w.bookedSeminar()).chapterId,
        links: [{ label: 'L', url: 'https://example.org' }],
      },
    }),
    expect: ownerOnly(201),
  },
  {
    method: 'DELETE',
    route: '/api/chapters/doc/:id/delete',
    prepare: async (w) => ({ url: `/api/chapters/doc/${(await w.bookedSeminar()).docId}/delete` }),
    expect: ownerOnly(204),
  },
  {
    method: 'DELETE',
    route: '/api/chapters/video/:id/delete',
    prepare: async (w) => ({ url: `/api/chapters/video/${(await w.bookedSeminar()).videoId}/delete` }),
    expect: ownerOnly(204),
  },
  {
    method: 'DELETE',
    route: '/api/chapters/link/:id/delete',
    prepare: async (w) => ({ url: `/api/chapters/link/${(await w.bookedSeminar()).linkId}/delete` }),
    expect: ownerOnly(204),
  },
  {
    method: 'GET',
    route: '/api/chapters/doc/:id/download',
    prepare: async (w) => ({ url: `/api/chapters/doc/${(await w.bookedSeminar()).docId}/download` }),
    expect: players(200),
  },
  {
    method: 'GET',
    route: '/api/chapters/video/:id/stream',
    prepare: async (w) => ({ url: `/api/chapters/video/${(await w.bookedSeminar()).videoId}/stream` }),
    expect: players(200),
  },
];

const MATRIX: Row[] = [
  ...CORE_ROWS,
  ...MC_TESTS_ROWS,
  ...QUESTION_EXCHANGE_ROWS,
  ...ITEM_ANALYSIS_ROWS,
  ...PAYMENTS_ROWS,
  ...INVOICES_ROWS,
  ...PAY_BY_INVOICE_ROWS,
  ...VOUCHERS_ROWS,
  ...REVENUE_ROWS,
  ...SEAT_PACKAGES_ROWS,
  ...COMPANIES_ROWS,
  ...ADMIN_ROWS,
  ...PRIVACY_ROWS,
  ...UPLOADS_ROWS,
  ...PROGRESS_ROWS,
  ...LEARN_ROWS,
  ...NOTIFICATIONS_ROWS,
  ...CHAPTERS_PREVIEW_ROWS,
];

/** Routes that serve the documentation UI's own files; public by decision (docs/decisions.md). */
const DOCS_UI = /^\/api\/docs(\/|$)/;

/**
 * State-changing routes without CSRF (SECURITY A-03): the payment webhook, under its two paths
 * (the provider posts it without a session; it never trusts its body), and the one-click
 * unsubscribe of RFC 8058 (mail clients post it without cookies; its signed token is the
 * authority and it can only turn a mail off). docs/decisions.md.
 */
const CSRF_EXEMPT = ['POST /payment/mollie/webhook', 'POST /api/payments/webhook', 'POST /api/unsubscribe'];

describe('authorization matrix', () => {
  let t: TestApp;
  const agents = {} as Record<Actor, () => Promise<Agent>>;
  let world: World;

  beforeAll(async () => {
    // throttles are tested on their own; here they must not hide the authorization answer
    t = await buildTestApp({ rateLimitFactor: 100 });
    const company = await t.make.company();
    const users = {
      student: await t.make.user(),
      companyUser: await t.make.user(),
      corporateTraining: await t.make.user({ scopes: ['corporateTraining'] }),
      trainer: await t.make.user({ scopes: ['trainer'] }),
      otherTrainer: await t.make.user({ scopes: ['trainer'] }),
      admin: await t.make.user({ scopes: ['admin'] }),
    };
    await t.make.member(company.id, users.companyUser.id);
    await t.make.member(company.id, users.corporateTraining.id, true);
    const fx = seminarFixtures(t.app);
    const ids = Object.fromEntries(Object.entries(users).map(([k, u]) => [k, u.id])) as World['ids'];
    world = {
      t,
      fx,
      company: { id: company.id, shortName: company.shortName },
      ids,
      usernames: Object.fromEntries(
        Object.entries(users).map(([k, u]) => [k, u.username]),
      ) as World['usernames'],
      async bookedSeminar() {
        const s = await fx.seminar(ids.trainer, { bookedBy: [ids.student] });
        const c = await fx.chapter(s.id);
        const [doc, video, link] = await Promise.all([fx.doc(c.id), fx.video(c.id), fx.link(c.id)]);
        return { seminarId: s.id, chapterId: c.id, docId: doc.id, videoId: video.id, linkId: link.id };
      },
    };
    agents.guest = async () => t.agent();
    for (const actor of ACTORS.filter((a) => a !== 'guest')) {
      agents[actor] = () => t.loginAs(users[actor as Exclude<Actor, 'guest'>].email);
    }
  });
  afterAll(() => t.close());

  it('has a row for every registered route', async () => {
    const registered = await routeTable();
    const missing = registered
      .filter((r) => !DOCS_UI.test(r.url) || r.url === '/api/docs/openapi.json')
      .filter((r) => !MATRIX.some((m) => m.method === r.method && m.route === r.url));
    expect(missing).toEqual([]);
    // the route list leaves OPTIONS out (Fastify's own answers): those rows name routes declared for it
    const stale = MATRIX.filter(
      (m) =>
        !registered.some((r) => r.method === m.method && r.url === m.route) &&
        !(m.method === 'OPTIONS' && t.app.hasRoute({ method: 'OPTIONS', url: m.route })),
    );
    expect(stale).toEqual([]);
  });

  for (const row of MATRIX) {
    it(`${row.method} ${row.route}`, async () => {
      for (const actor of ACTORS) {
        const agent = await agents[actor]();
        const prepared = row.prepare ? await row.prepare(world) : {};
        const body = prepared.body ?? row.body;
        const res = await agent.request({
          method: row.method,
          url: prepared.url ?? row.url ?? row.route,
          ...(prepared.headers ? { headers: prepared.headers } : {}),
          ...(body !== undefined ? { payload: body as object } : {}),
        });
        expect(`${actor}: ${res.statusCode}`).toBe(`${actor}: ${row.expect[actor]}`);
      }
    });
  }

  it('every state-changing route (but the allowlist) answers 419 without a valid CSRF token', async () => {
    const registered = await routeTable();
    const mutating = registered.filter(
      (r) =>
        ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method) &&
        !CSRF_EXEMPT.includes(`${r.method} ${r.url}`),
    );
    expect(mutating.length).toBeGreaterThan(0);
    const admin = await agents.admin();
    for (const r of mutating) {
      const url = r.url.replace(/:(\w+)/g, '1');
      const none = await admin.request({ method: r.method as Row['method'], url, payload: {}, csrf: false });
      expect(`${r.method} ${r.url}: ${none.statusCode}`).toBe(`${r.method} ${r.url}: 419`);
      const wrong = await admin.request({
        method: r.method as Row['method'],
        url,
        payload: {},
        headers: { 'x-xsrf-token': 'wrong' },
        csrf: false,
      });
      expect(wrong.statusCode).toBe(419);
    }
  });

  async function routeTable(): Promise<{ method: string; url: string }[]> {
    // API routes: everything but the web app's static files and pages; and the site's own files
    return t.app.routeList.filter(
      (r) =>
        !/\*/.test(r.url) &&
        (/^\/(api|sanctum|email|payment)\//.test(r.url) || /^\/(sitemap\.xml|robots\.txt)$/.test(r.url)),
    );
  }
});
