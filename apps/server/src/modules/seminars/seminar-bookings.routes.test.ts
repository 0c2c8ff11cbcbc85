import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrolments, users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { seminarFixtures } from '../../test/fixtures.ts';

/*
 * GET /api/seminars/{id}/bookings (issue 39): one seminar's own bookings a page at a time, for
 * its owner and admins, instead of every booking of every seminar the owner has.
 */
describe('a seminar’s bookings, a page at a time', () => {
  let t: TestApp;
  let fx: ReturnType<typeof seminarFixtures>;
  beforeAll(async () => {
    t = await buildTestApp();
    fx = seminarFixtures(t.app);
  });
  afterAll(() => t.close());

  /** a seminar of a new trainer with `n` personal bookings, one a minute apart (the last newest) */
  async function bookedSeminar(n: number) {
    const trainer = await t.make.user({ scopes: ['trainer'] });
    const seminar = await fx.seminar(trainer.id, { isPublic: true });
    const learners = [];
    for (let i = 0; i < n; i++) {
      const u = await t.make.user();
      await t.app.database.db.insert(enrolments).values({
        seminarId: seminar.id,
        userId: u.id,
        source: i % 2 ? 'purchase' : 'free',
        createdAt: new Date(Date.UTC(2026, 0, 1, 8, i)),
      });
      learners.push(u);
    }
    return { trainer, seminar, learners };
  }

  it('answers the newest bookings first, page by page, with the total', async () => {
    const { trainer, seminar, learners } = await bookedSeminar(5);
    const owner = await t.loginAs(trainer.email);
    const first = await owner.get(`/api/seminars/${seminar.id}/bookings?per_page=2`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ current_page: 1, last_page: 3, per_page: 2, total: 5 });
    expect(first.json().data.map((u: { id: number }) => u.id)).toEqual([learners[4]!.id, learners[3]!.id]);
    expect(first.json().data[0]).toMatchObject({
      email: learners[4]!.email,
      status: 'free',
      booked_at: '2026-01-01T08:04:00.000Z',
    });
    expect(first.json().data[1].status).toBe('paid');
    const last = (await owner.get(`/api/seminars/${seminar.id}/bookings?per_page=2&page=3`)).json();
    expect(last.data.map((u: { id: number }) => u.id)).toEqual([learners[0]!.id]);
    const beyond = (await owner.get(`/api/seminars/${seminar.id}/bookings?per_page=2&page=9`)).json();
    expect(beyond).toMatchObject({ data: [], total: 5 });
  });

  it('finds bookings by name or e-mail; LIKE wildcards in the search are plain characters', async () => {
    const { trainer, seminar, learners } = await bookedSeminar(3);
    await t.app.database.db.update(users).set({ lastName: 'Zu_Fall%' }).where(eq(users.id, learners[1]!.id));
    const owner = await t.loginAs(trainer.email);
    const byName = (
      await owner.get(`/api/seminars/${seminar.id}/bookings?q=${encodeURIComponent('u_f')}`)
    ).json();
    expect(byName.data.map((u: { id: number }) => u.id)).toEqual([learners[1]!.id]);
    const wildcard = (
      await owner.get(`/api/seminars/${seminar.id}/bookings?q=${encodeURIComponent('%')}`)
    ).json();
    expect(wildcard.data.map((u: { id: number }) => u.id)).toEqual([learners[1]!.id]);
    const byMail = (
      await owner.get(`/api/seminars/${seminar.id}/bookings?q=${encodeURIComponent(learners[2]!.email)}`)
    ).json();
    expect(byMail).toMatchObject({ total: 1, data: [{ id: learners[2]!.id }] });
  });

  it('counts personal bookings only: an employee the company assigned is not a booking', async () => {
    const { trainer, seminar } = await bookedSeminar(1);
    const employee = await t.make.user();
    await t.app.database.db
      .insert(enrolments)
      .values({ seminarId: seminar.id, userId: employee.id, source: 'company' });
    const page = (await (await t.loginAs(trainer.email)).get(`/api/seminars/${seminar.id}/bookings`)).json();
    expect(page.total).toBe(1);
    expect(page.data.map((u: { id: number }) => u.id)).not.toContain(employee.id);
  });

  it('admins see any seminar’s bookings; others are refused; bad paging is a 422', async () => {
    const { trainer, seminar } = await bookedSeminar(2);
    const admin = await t.loginAs((await t.make.user({ scopes: ['admin'] })).email);
    expect((await admin.get(`/api/seminars/${seminar.id}/bookings`)).json().total).toBe(2);
    const other = await t.loginAs((await t.make.user({ scopes: ['trainer'] })).email);
    const refused = await other.get(`/api/seminars/${seminar.id}/bookings`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBeTruthy();
    expect((await t.agent().get(`/api/seminars/${seminar.id}/bookings`)).statusCode).toBe(401);
    const owner = await t.loginAs(trainer.email);
    expect((await owner.get('/api/seminars/99999999/bookings')).statusCode).toBe(404);
    for (const query of ['per_page=0', 'per_page=101', 'page=0', 'page=x', `q=${'x'.repeat(101)}`]) {
      const res = await owner.get(`/api/seminars/${seminar.id}/bookings?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().errors, query).toBeTruthy();
    }
  });
});
