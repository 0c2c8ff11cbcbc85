import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, users } from '../../db/schema/index.ts';
import { type Agent, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { companyFixtures } from '../../test/company-fixtures.ts';
import { seminarFixtures } from '../../test/fixtures.ts';

/*
 * GET /api/seminars/{id}/users/booked-company?page=&per_page=&q=&company_id=&users= (issue 39): a
 * page of a seminar's company assignments by company and name, instead of every assignment of
 * every company at once; the assign page asks for one company's and the employees it shows.
 */
describe('a seminar’s company assignments, a page at a time', () => {
  let t: TestApp;
  let owner: Agent;
  let managerA: Agent;
  let seminarId: number;
  let alpha: { id: number };
  let beta: { id: number };
  /** Alpha's employees Arm, Berg, Cruz; Beta's employee Dorn */
  const a: number[] = [];
  let dorn: number;

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.app.database.db;
    const trainer = await t.make.user({ scopes: ['trainer'] });
    owner = await t.loginAs(trainer.email);
    seminarId = (await seminarFixtures(t.app).seminar(trainer.id, { isPublic: true })).id;
    // named so that Beta sorts after Alpha whatever their ids
    beta = await t.make.company();
    alpha = await t.make.company();
    await db.update(companies).set({ name: 'Zeta Beta AG' }).where(eq(companies.id, beta.id));
    await db.update(companies).set({ name: 'Alpha AG' }).where(eq(companies.id, alpha.id));
    const named = async (last: string, companyId: number) => {
      const u = await t.make.user();
      await db.update(users).set({ firstName: 'Eva', lastName: last }).where(eq(users.id, u.id));
      await t.make.member(companyId, u.id);
      return u.id;
    };
    // created in reverse order of their names
    for (const last of ['Cruz', 'Berg', 'Arm']) a.unshift(await named(last, alpha.id));
    dorn = await named('Dorn', beta.id);
    const fx = companyFixtures(t.app);
    await fx.booking(beta.id, seminarId, [dorn]);
    await fx.booking(alpha.id, seminarId, [...a].reverse());
    const m = await t.make.user({ scopes: ['corporateTraining'] });
    await t.make.member(alpha.id, m.id, true);
    managerA = await t.loginAs(m.email);
  });
  afterAll(() => t.close());

  const list = (agent: Agent, query = '') =>
    agent.get(`/api/seminars/${seminarId}/users/booked-company${query}`);
  const ids = (body: { data: { user: { id: number } }[] }) => body.data.map((r) => r.user.id);

  it('the owner gets a page by company name and employee name, with the total', async () => {
    const first = (await list(owner, '?per_page=3')).json();
    expect(first).toMatchObject({ current_page: 1, last_page: 2, per_page: 3, total: 4 });
    expect(ids(first)).toEqual(a);
    expect(first.data[0]).toMatchObject({ company: { id: alpha.id, name: 'Alpha AG' }, due_date: null });
    expect(ids((await list(owner, '?per_page=3&page=2')).json())).toEqual([dorn]);
    expect((await list(owner)).json()).toMatchObject({ per_page: 20, total: 4 });
  });

  it('filters by company, by employees and by a search', async () => {
    expect(ids((await list(owner, `?company_id=${beta.id}`)).json())).toEqual([dorn]);
    expect(ids((await list(owner, `?users=${dorn},${a[1]},${a[1]}`)).json())).toEqual([a[1], dorn]);
    expect(ids((await list(owner, '?q=eva%20cr')).json())).toEqual([a[2]]);
    expect(ids((await list(owner, '?users=2147483647')).json())).toEqual([]);
  });

  it('a manager sees the own company’s only; another company is refused', async () => {
    expect(ids((await list(managerA)).json())).toEqual(a);
    expect(ids((await list(managerA, `?company_id=${alpha.id}&users=${a[0]}`)).json())).toEqual([a[0]]);
    const refused = await list(managerA, `?company_id=${beta.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBeTruthy();
  });

  it('bad parameters are a 422 with the field', async () => {
    const many = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    for (const [query, field] of [
      ['per_page=0', 'per_page'],
      ['page=0', 'page'],
      ['company_id=abc', 'company_id'],
      ['users=abc', 'users'],
      ['users=0', 'users'],
      ['users=1,,2', 'users'],
      ['users=2147483648', 'users'],
      [`users=${many}`, 'users'],
      [`q=${'x'.repeat(101)}`, 'q'],
    ] as const) {
      const res = await list(owner, `?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(Object.keys(res.json().errors ?? {}), query).toEqual([field]);
    }
  });
});
