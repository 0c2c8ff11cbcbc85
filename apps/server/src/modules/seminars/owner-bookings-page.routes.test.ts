import { BOOKERS_PER_SEMINAR } from '@elearn/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrolments, users } from '../../db/schema/index.ts';
import { type Agent, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { companyFixtures } from '../../test/company-fixtures.ts';
import { seminarFixtures } from '../../test/fixtures.ts';

type Booked = { id: number; users_booked_seminars: { id: number }[]; bookings_count: number };
type CompanyBooked = {
  id: number;
  companies: { id: number }[];
  users_booked_company_seminars: { id: number }[];
};

/*
 * GET /api/seminars/users/booked and /api/seminars/users-company/booked (issue 39): a page of the
 * owner's seminars, newest first (`?page=`, `?per_page=` up to 100, default 20), still an array
 * as the spec's client reads it; each seminar embeds its first 20 bookers (personal: the newest;
 * company: by name), `bookings_count` counts all (docs/decisions/seminars.md).
 */
describe("the owner's seminars with their bookings, a page at a time", () => {
  let t: TestApp;
  let owner: Agent;
  /** the owner's 22 seminars, newest first */
  const seminarIds: number[] = [];
  /** the newest seminar's 22 personal bookers, newest booking first */
  const bookers: number[] = [];
  /** its 22 assigned employees by last name */
  const employees: number[] = [];
  let companyId: number;

  beforeAll(async () => {
    t = await buildTestApp();
    const db = t.app.database.db;
    const fx = seminarFixtures(t.app);
    const trainer = await t.make.user({ scopes: ['trainer'] });
    owner = await t.loginAs(trainer.email);
    const day = 86_400_000;
    const base = Date.now() - 100 * day;
    for (let i = 0; i < 22; i++)
      seminarIds.unshift((await fx.seminar(trainer.id, { createdAt: new Date(base + i * day) })).id);
    const newest = seminarIds[0]!;
    for (let i = 0; i < 22; i++) {
      const u = await t.make.user();
      await db
        .insert(enrolments)
        .values({ seminarId: newest, userId: u.id, source: 'free', createdAt: new Date(base + i * 1000) });
      bookers.unshift(u.id);
    }
    companyId = (await t.make.company()).id;
    const named: { id: number; last: string }[] = [];
    for (let i = 0; i < 22; i++) {
      const u = await t.make.user();
      // created in reverse order of their names
      const last = `Name${String(21 - i).padStart(2, '0')}`;
      await db.update(users).set({ lastName: last }).where(eq(users.id, u.id));
      await t.make.member(companyId, u.id);
      named.push({ id: u.id, last });
    }
    employees.push(...named.sort((a, b) => a.last.localeCompare(b.last)).map((n) => n.id));
    await companyFixtures(t.app).booking(companyId, newest, employees);
  });
  afterAll(() => t.close());

  const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

  it('bookings: the first page of 20 seminars, the newest 20 bookers each, all counted', async () => {
    const res = await owner.get('/api/seminars/users/booked');
    expect(res.statusCode).toBe(200);
    const first = res.json() as Booked[];
    expect(ids(first)).toEqual(seminarIds.slice(0, 20));
    expect(BOOKERS_PER_SEMINAR).toBe(20);
    expect(ids(first[0]!.users_booked_seminars)).toEqual(bookers.slice(0, 20));
    expect(first[0]!.bookings_count).toBe(22);
    expect(first[1]!.users_booked_seminars).toEqual([]);
    const second = (await owner.get('/api/seminars/users/booked?page=2')).json() as Booked[];
    expect(ids(second)).toEqual(seminarIds.slice(20));
    const small = (await owner.get('/api/seminars/users/booked?per_page=5&page=5')).json() as Booked[];
    expect(ids(small)).toEqual(seminarIds.slice(20, 22));
    expect((await owner.get('/api/seminars/users/booked?page=9')).json()).toEqual([]);
  });

  it('company bookings: a page of seminars, the first 20 employees by name each', async () => {
    const res = await owner.get('/api/seminars/users-company/booked');
    expect(res.statusCode).toBe(200);
    const first = res.json() as CompanyBooked[];
    expect(ids(first)).toEqual(seminarIds.slice(0, 20));
    expect(ids(first[0]!.companies)).toEqual([companyId]);
    expect(ids(first[0]!.users_booked_company_seminars)).toEqual(employees.slice(0, 20));
    const second = (await owner.get('/api/seminars/users-company/booked?per_page=21&page=2')).json();
    expect(ids(second as CompanyBooked[])).toEqual(seminarIds.slice(21));
  });

  it.each(['/api/seminars/users/booked', '/api/seminars/users-company/booked'])(
    '%s refuses a page or a page size out of range (422)',
    async (route) => {
      for (const query of ['?page=0', '?per_page=0', '?per_page=101', '?page=x']) {
        const res = await owner.get(`${route}${query}`);
        expect(res.statusCode, query).toBe(422);
        expect(res.json().message).toBeTruthy();
      }
    },
  );
});
