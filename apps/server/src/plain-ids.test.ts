import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, buildTestApp, type TestApp } from './test/build-test-app.ts';

/**
 * Ids are plain integers everywhere (issue 11 item 20): `0x10`, `1e3`, `[1]` and friends are
 * refused with 422 instead of being coerced to another id. The path sweep is generated from the
 * route table, so a new route with an id parameter is covered without touching this file.
 */
const ID_PARAMS = new Set([':id', ':userId', ':chapterId']);
const BAD = ['0x10', '1e3', '1.0', '+1', '%201', '0b1', 'Infinity'];

describe('plain integer ids', () => {
  let t: TestApp;
  let everyone: Agent;
  beforeAll(async () => {
    t = await buildTestApp();
    const u = await t.make.user({ scopes: ['admin', 'trainer', 'corporateTraining'] });
    everyone = await t.loginAs(u.email);
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses non-decimal ids in every path with an id parameter', async () => {
    const routes = t.app.routeList.filter(
      (r) => r.url.split('/').some((seg) => ID_PARAMS.has(seg)) && !r.url.includes('/email/verify/'),
    );
    expect(routes.length).toBeGreaterThan(30);
    const wrong: string[] = [];
    for (const r of routes) {
      for (const bad of BAD) {
        const url = r.url
          .split('/')
          .map((seg) => (ID_PARAMS.has(seg) ? bad : seg.startsWith(':') ? '1' : seg))
          .join('/');
        const res = await everyone.request({ method: r.method as 'GET', url });
        if (res.statusCode !== 422) wrong.push(`${r.method} ${url} → ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refuses ids in bodies and queries that are not JSON integers or decimal strings', async () => {
    for (const seminarId of ['0x10', '1e3', [1], true, 1.5, ' 1']) {
      const res = await everyone.post('/api/booking/free', { seminarId });
      expect(res.statusCode, JSON.stringify(seminarId)).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['seminarId']);
    }
    expect((await everyone.get('/api/admin/audit?actor_id=0x10')).statusCode).toBe(422);
    // plain decimal ids still work
    expect((await everyone.get('/api/seminars/999999')).statusCode).toBe(404);
    expect((await everyone.post('/api/booking/free', { seminarId: 999999 })).statusCode).toBe(404);
  });
});
