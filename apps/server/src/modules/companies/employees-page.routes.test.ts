import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { type Agent, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { companyFixtures } from '../../test/company-fixtures.ts';
import { seminarFixtures } from '../../test/fixtures.ts';

/*
 * GET /api/companies/{id}/users?page=&per_page=&q= (issue 39): a page of the company's members
 * sorted by name, with the seminars, progress and tests of that page's members only, instead of
 * every member of a company of thousands with all their assignments and runs.
 */
describe('a company’s employees, a page at a time', () => {
  let t: TestApp;
  let company: { id: number };
  let manager: Agent;
  /** the members by last name: Berg0 … Berg4 (members[4] … members[0]), then the manager (Zimmer) */
  const members: { id: number; email: string; username: string }[] = [];
  let seminarId: number;

  beforeAll(async () => {
    t = await buildTestApp();
    company = await t.make.company();
    const m = await t.make.user({ scopes: ['corporateTraining'] });
    await t.make.member(company.id, m.id, true);
    await t.app.database.db
      .update(users)
      .set({ firstName: 'Maria', lastName: 'Zimmer' })
      .where(eq(users.id, m.id));
    manager = await t.loginAs(m.email);
    for (let i = 0; i < 5; i++) {
      const u = await t.make.user();
      // created in reverse order of their names: the list sorts by name, not by id
      await t.app.database.db
        .update(users)
        .set({ firstName: i === 1 ? 'Eva_%3' : `Eva${4 - i}`, lastName: `Berg${4 - i}` })
        .where(eq(users.id, u.id));
      await t.make.member(company.id, u.id);
      members.push(u);
    }
    const trainer = await t.make.user({ scopes: ['trainer'] });
    const seminar = await seminarFixtures(t.app).seminar(trainer.id, { isPublic: true });
    seminarId = seminar.id;
    // the last one by name before the manager (Berg4 = members[0]) is assigned
    await companyFixtures(t.app).booking(company.id, seminar.id, [members[0]!.id]);
  });
  afterAll(() => t.close());

  const page = (query = '') => manager.get(`/api/companies/${company.id}/users${query}`);

  it('answers a page sorted by name with the total; progress only for the members of the page', async () => {
    const first = await page('?per_page=2');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ current_page: 1, last_page: 3, per_page: 2, total: 6 });
    expect(first.json().data.map((e: { last_name: string }) => e.last_name)).toEqual(['Berg0', 'Berg1']);
    const third = (await page('?per_page=2&page=3')).json();
    expect(third.data.map((e: { last_name: string }) => e.last_name)).toEqual(['Berg4', 'Zimmer']);
    expect(third.data[0]).toMatchObject({ id: members[0]!.id, manager: false });
    expect(third.data[0].seminars.map((s: { seminar: { id: number } }) => s.seminar.id)).toEqual([seminarId]);
    expect(third.data[1]).toMatchObject({ manager: true, seminars: [] });
    const beyond = (await page('?per_page=2&page=9')).json();
    expect(beyond).toMatchObject({ data: [], total: 6, current_page: 9, last_page: 3 });
    // without parameters: the first 20 (old clients that read an array get the paginator now)
    expect((await page()).json()).toMatchObject({ current_page: 1, per_page: 20, total: 6 });
  });

  it('searches full name, username and e-mail; LIKE wildcards are plain characters', async () => {
    const names = async (q: string) =>
      ((await page(`?q=${encodeURIComponent(q)}`)).json().data as { id: number }[]).map((e) => e.id);
    expect(await names('eva2 berg')).toEqual([members[2]!.id]);
    expect(await names(members[4]!.username)).toEqual([members[4]!.id]);
    expect(await names(members[3]!.email.toUpperCase())).toEqual([members[3]!.id]);
    expect(await names('_%')).toEqual([members[1]!.id]);
    expect(await names('%')).toEqual([members[1]!.id]);
    const none = (await page('?q=niemand')).json();
    expect(none).toMatchObject({ data: [], total: 0, last_page: 1 });
  });

  it('bad page parameters are a 422 with the field; others’ companies stay refused', async () => {
    for (const query of [
      'per_page=0',
      'per_page=101',
      'page=0',
      'page=x',
      'page=1.5',
      `q=${'x'.repeat(101)}`,
    ]) {
      const res = await page(`?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(Object.keys(res.json().errors ?? {}), query).toHaveLength(1);
    }
    const outsider = await t.loginAs((await t.make.user({ scopes: ['corporateTraining'] })).email);
    expect((await outsider.get(`/api/companies/${company.id}/users`)).statusCode).toBe(403);
    expect((await t.agent().get(`/api/companies/${company.id}/users`)).statusCode).toBe(401);
    const admin = await t.loginAs((await t.make.user({ scopes: ['admin'] })).email);
    expect((await admin.get(`/api/companies/${company.id}/users?per_page=1`)).json().total).toBe(6);
  });
});
