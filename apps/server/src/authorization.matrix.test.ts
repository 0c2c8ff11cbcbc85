import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, buildTestApp, type TestApp } from './test/build-test-app.ts';

/**
 * SECURITY B-00: every API route × every actor → the expected status. Later issues add their
 * routes here; the completeness test fails when a route is registered without a row.
 */
const ACTORS = [
  'guest',
  'student',
  'companyUser',
  'corporateTraining',
  'trainer',
  'otherTrainer',
  'admin',
] as const;
type Actor = (typeof ACTORS)[number];
type Expect = Record<Actor, number>;

const all = (status: number): Expect => Object.fromEntries(ACTORS.map((a) => [a, status])) as Expect;
const loggedIn = (status: number, guest = 401): Expect => ({ ...all(status), guest });

interface Row {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** the route pattern as registered */
  route: string;
  /** the concrete URL to call (defaults to the pattern) */
  url?: string;
  body?: unknown;
  expect: Expect;
}

const MATRIX: Row[] = [
  { method: 'GET', route: '/sanctum/csrf-cookie', expect: all(204) },
  { method: 'GET', route: '/api/health', expect: all(200) },
  { method: 'GET', route: '/api/config', expect: all(200) },
  { method: 'GET', route: '/api/docs/openapi.json', expect: all(200) },
  { method: 'POST', route: '/api/login', body: {}, expect: all(422) },
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
];

/** Routes that serve the documentation UI's own files; public by decision (docs/decisions.md). */
const DOCS_UI = /^\/api\/docs(\/|$)/;

describe('authorization matrix', () => {
  let t: TestApp;
  const agents = {} as Record<Actor, () => Promise<Agent>>;

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
    const stale = MATRIX.filter((m) => !registered.some((r) => r.method === m.method && r.url === m.route));
    expect(stale).toEqual([]);
  });

  for (const row of MATRIX) {
    it(`${row.method} ${row.route}`, async () => {
      for (const actor of ACTORS) {
        const agent = await agents[actor]();
        const res = await agent.request({
          method: row.method,
          url: row.url ?? row.route,
          ...(row.body !== undefined ? { payload: row.body as object } : {}),
        });
        expect(`${actor}: ${res.statusCode}`).toBe(`${actor}: ${row.expect[actor]}`);
      }
    });
  }

  it('every state-changing route (but the allowlist) answers 419 without a valid CSRF token', async () => {
    const registered = await routeTable();
    const mutating = registered.filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method));
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
    // API routes: everything but the web app's static files and pages
    return t.app.routeList.filter((r) => !/\*/.test(r.url) && /^\/(api|sanctum|email|payment)\//.test(r.url));
  }
});
