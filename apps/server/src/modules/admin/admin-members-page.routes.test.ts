import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { type Agent, buildTestApp, type TestApp } from '../../test/build-test-app.ts';

/*
 * GET /api/admin/companies/{id}/members?page=&per_page=&q= (issue 39): a page of a company's
 * members sorted by name, with a search, instead of every member of a company of thousands.
 */
describe('a company’s members in the administration, a page at a time', () => {
  let t: TestApp;
  let admin: Agent;
  let company: { id: number };
  const ids: number[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await t.loginAs((await t.make.user({ scopes: ['admin'] })).email);
    company = await t.make.company();
    // created Cem, Bea, Ali: the list sorts by name, not by creation
    for (const [first, last] of [
      ['Cem', 'Cruz'],
      ['Bea', 'Berg'],
      ['Ali', 'Arm'],
    ] as const) {
      const u = await t.make.user({ scopes: first === 'Bea' ? ['corporateTraining'] : [] });
      await t.app.database.db
        .update(users)
        .set({ firstName: first, lastName: last })
        .where(eq(users.id, u.id));
      await t.make.member(company.id, u.id, first === 'Bea');
      ids.push(u.id);
    }
  });
  afterAll(() => t.close());

  const page = (query = '') => admin.get(`/api/admin/companies/${company.id}/members${query}`);

  it('answers a page sorted by name with the total', async () => {
    const first = await page('?per_page=2');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ current_page: 1, last_page: 2, per_page: 2, total: 3 });
    expect(first.json().data.map((m: { last_name: string }) => m.last_name)).toEqual(['Arm', 'Berg']);
    expect(first.json().data[1]).toMatchObject({ id: ids[1], manager: true, scopes: ['corporateTraining'] });
    const second = (await page('?per_page=2&page=2')).json();
    expect(second.data.map((m: { id: number }) => m.id)).toEqual([ids[0]]);
    expect((await page()).json()).toMatchObject({ per_page: 20, total: 3 });
  });

  it('searches name, username and e-mail', async () => {
    const found = async (q: string) =>
      ((await page(`?q=${encodeURIComponent(q)}`)).json().data as { id: number }[]).map((m) => m.id);
    expect(await found('bea berg')).toEqual([ids[1]]);
    expect(await found('RUZ')).toEqual([ids[0]]);
    expect(await found('_')).toEqual([]);
  });

  it('bad page parameters are a 422; an unknown company a 404; others are refused', async () => {
    for (const query of ['per_page=0', 'per_page=101', 'page=0', 'page=x', `q=${'x'.repeat(101)}`]) {
      const res = await page(`?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().errors, query).toBeTruthy();
    }
    expect((await admin.get('/api/admin/companies/99999999/members')).statusCode).toBe(404);
    const trainer = await t.loginAs((await t.make.user({ scopes: ['trainer'] })).email);
    expect((await trainer.get(`/api/admin/companies/${company.id}/members`)).statusCode).toBe(403);
  });
});
