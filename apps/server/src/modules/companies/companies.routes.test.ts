import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessLinks, companyInvitations } from '../../db/schema/index.ts';
import { type Agent, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { seminarFixtures } from '../../test/fixtures.ts';

type Id = { id: number };

describe('companies, company bookings, assignments and access links', () => {
  let t: TestApp;
  let fx: ReturnType<typeof seminarFixtures>;
  let clock = Date.now();
  let trainerId: number;
  let trainer: Agent;
  let admin: Agent;
  // company A: manager, employee, second employee; company B: its manager and employee
  let a: { id: number; shortName: string };
  let b: { id: number; shortName: string };
  let managerA: Agent;
  let managerAId: number;
  let employeeA: Agent;
  let employeeAId: number;
  let employeeA2Id: number;
  let managerB: Agent;
  let employeeBId: number;
  let employeeB: Agent;
  let outsider: Agent;

  beforeAll(async () => {
    t = await buildTestApp({ rateLimitFactor: 1 }, { now: () => clock });
    fx = seminarFixtures(t.app);
    const tr = await t.make.user({ scopes: ['trainer'] });
    trainerId = tr.id;
    trainer = await t.loginAs(tr.email);
    admin = await t.loginAs((await t.make.user({ scopes: ['admin'] })).email);
    a = await t.make.company('Alpha AG');
    b = await t.make.company('Beta GmbH');
    const mA = await t.make.user({ scopes: ['corporateTraining'] });
    const eA = await t.make.user();
    const eA2 = await t.make.user();
    const mB = await t.make.user({ scopes: ['corporateTraining'] });
    const eB = await t.make.user();
    await t.make.member(a.id, mA.id, true);
    await t.make.member(a.id, eA.id);
    await t.make.member(a.id, eA2.id);
    await t.make.member(b.id, mB.id, true);
    await t.make.member(b.id, eB.id);
    managerAId = mA.id;
    employeeAId = eA.id;
    employeeA2Id = eA2.id;
    employeeBId = eB.id;
    managerA = await t.loginAs(mA.email);
    employeeA = await t.loginAs(eA.email);
    managerB = await t.loginAs(mB.email);
    employeeB = await t.loginAs(eB.email);
    outsider = await t.loginAs((await t.make.user()).email);
  });
  afterAll(() => t.close());
  /** runs `check` two days later, then turns the clock back (sessions would expire otherwise) */
  async function twoDaysLater(check: () => Promise<void>) {
    clock += 2 * 86_400_000;
    try {
      await check();
    } finally {
      clock -= 2 * 86_400_000;
    }
  }

  /** a public free seminar of the trainer with an unlocked chapter (doc + video) and a locked one */
  async function seminarWithMedia(opts: Parameters<typeof fx.seminar>[1] = {}) {
    const s = await fx.seminar(trainerId, opts);
    const open = await fx.chapter(s.id);
    const locked = await fx.chapter(s.id, { unlocked: false });
    return {
      seminar: s,
      open,
      locked,
      doc: await fx.doc(open.id),
      video: await fx.video(open.id),
      lockedDoc: await fx.doc(locked.id),
    };
  }
  const book = (agent: Agent, seminarId: number, companyId = a.id) =>
    agent.post('/api/companies/booking/free', { seminarId, companyId });
  const assign = (agent: Agent, seminarId: number, users: number[], companyId = a.id) =>
    agent.post('/api/companies/assign-seminar', { seminarId, companyId, users });

  it('abilities: the company policy decides, so a manager flag without the corporateTraining scope manages nothing', async () => {
    const c = await t.make.company('Gamma Abilities AG');
    const flagged = await t.make.user();
    await t.make.member(c.id, flagged.id, true);
    const agent = await t.loginAs(flagged.email);
    expect((await agent.get('/api/companies')).json()).toMatchObject([
      { id: c.id, manager: true, abilities: { manage: false } },
    ]);
    expect((await agent.get(`/api/companies/by-name/${c.shortName}`)).json()).toMatchObject({
      abilities: { manage: false },
    });
    // and the server refuses what the ability denies
    expect((await agent.get(`/api/companies/${c.id}/users`)).statusCode).toBe(403);
    const all = (await admin.get('/api/companies')).json() as {
      id: number;
      abilities: { manage: boolean };
    }[];
    expect(all.every((x) => x.abilities.manage)).toBe(true);
    expect((await employeeA.get('/api/companies')).json()).toMatchObject([
      { id: a.id, abilities: { manage: false } },
    ]);
  });

  it('lists the caller’s companies (admins: all) and opens one by short name for members only', async () => {
    const mine = (await managerA.get('/api/companies')).json();
    expect(mine).toEqual([
      {
        id: a.id,
        name: 'Alpha AG',
        shortName: a.shortName,
        manager: true,
        members_count: 3,
        abilities: { manage: true },
      },
    ]);
    expect((await employeeA.get('/api/companies')).json()).toMatchObject([{ id: a.id, manager: false }]);
    expect((await outsider.get('/api/companies')).json()).toEqual([]);
    const all = (await admin.get('/api/companies')).json() as Id[];
    expect(all.map((c) => c.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect((await t.agent().get('/api/companies')).statusCode).toBe(401);

    expect((await employeeA.get(`/api/companies/by-name/${a.shortName.toUpperCase()}`)).json()).toMatchObject(
      {
        id: a.id,
        manager: false,
      },
    );
    expect((await admin.get(`/api/companies/by-name/${b.shortName}`)).json()).toMatchObject({
      abilities: { manage: true },
    });
    // "not yours" and "no such company" answer alike (issue 11 item 20)
    const notYours = await managerB.get(`/api/companies/by-name/${a.shortName}`);
    const missing = await managerB.get('/api/companies/by-name/no-such-company');
    expect(notYours.statusCode).toBe(404);
    expect(notYours.json()).toEqual(missing.json());
  });

  it('shows a company seminar to its company only, with the company’s booking', async () => {
    const forA = await fx.seminar(trainerId, { isPublic: false, isCompany: true, companyId: a.id });
    const list = (await employeeA.get(`/api/companies/${a.id}/seminars`)).json() as (Id & {
      company_booking: unknown;
    })[];
    expect(list.find((s) => s.id === forA.id)).toMatchObject({ company_booking: null });
    expect((await employeeA.get(`/api/seminars/${forA.id}`)).statusCode).toBe(200);
    // company B sees neither A's list nor A's seminar
    expect((await managerB.get(`/api/companies/${a.id}/seminars`)).statusCode).toBe(403);
    expect((await managerB.get(`/api/seminars/${forA.id}`)).statusCode).toBe(404);
    expect((await outsider.get(`/api/seminars/${forA.id}`)).statusCode).toBe(404);
    expect((await employeeA.get('/api/companies/999999/seminars')).statusCode).toBe(404);
  });

  it('books a free seminar for the company once; refuses priced, private and other companies’ seminars', async () => {
    const { seminar } = await seminarWithMedia();
    const first = await book(managerA, seminar.id);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      status: 'free',
      company: { id: a.id },
      seminar: { id: seminar.id },
      assigned_count: 0,
    });
    const again = await book(managerA, seminar.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);

    const priced = await fx.seminar(trainerId, { price: 9900 });
    expect((await book(managerA, priced.id)).json().code).toBe('booking.not_free');
    const privateOne = await fx.seminar(trainerId, { isPublic: false });
    expect((await book(managerA, privateOne.id)).statusCode).toBe(404);
    const forB = await fx.seminar(trainerId, { isPublic: false, isCompany: true, companyId: b.id });
    expect((await book(managerA, forB.id)).statusCode).toBe(404);
    expect((await book(managerB, forB.id, b.id)).statusCode).toBe(201);
    // only the company's manager (or an admin) books for it
    expect((await book(employeeA, seminar.id)).statusCode).toBe(403);
    expect((await book(managerB, seminar.id, a.id)).statusCode).toBe(403);
    expect((await book(admin, seminar.id, b.id)).statusCode).toBe(201);
    expect((await book(managerA, seminar.id, 999999)).statusCode).toBe(404);
  });

  it('buys a priced seminar for the company through the payments flow; the company holds it once paid', async () => {
    const priced = await fx.seminar(trainerId, { price: 12000 });
    await fx.chapter(priced.id);
    const buy = (agent: Agent, body: object) => agent.post('/api/companies/booking/now', body);
    expect((await buy(employeeA, { seminarId: priced.id, companyId: a.id })).statusCode).toBe(403);
    expect((await buy(managerB, { seminarId: priced.id, companyId: a.id })).statusCode).toBe(403);
    const privateOne = await fx.seminar(trainerId, { isPublic: false, price: 500 });
    expect((await buy(managerA, { seminarId: privateOne.id, companyId: a.id })).statusCode).toBe(404);
    const free = await fx.seminar(trainerId);
    expect((await buy(managerA, { seminarId: free.id, companyId: a.id })).json().code).toBe(
      'payment.free_seminar',
    );

    const started = await buy(managerA, { seminarId: priced.id, companyId: a.id });
    expect(started.statusCode).toBe(201);
    const { checkoutUrl, bookingId } = started.json();
    // not paid yet: nothing to assign
    expect((await assign(managerA, priced.id, [employeeAId])).json().code).toBe('company.not_booked');
    const paymentId = checkoutUrl.split('/').pop();
    expect(
      (await managerA.post(`/api/payments/test-checkout/${paymentId}`, { action: 'paid' })).statusCode,
    ).toBe(200);
    expect((await managerA.get(`/api/payments/booking/${bookingId}`)).json().status).toBe('paid');

    const held = (
      (await managerA.get('/api/companies/seminars/booked')).json() as {
        seminar: Id;
        status: string;
      }[]
    ).find((b) => b.seminar.id === priced.id);
    expect(held?.status).toBe('paid');
    expect((await assign(managerA, priced.id, [employeeAId])).statusCode).toBe(200);
    expect((await employeeA.get(`/api/chapters/seminar-booked/${priced.id}`)).statusCode).toBe(200);
    // bought once: a second purchase is refused
    expect((await buy(managerA, { seminarId: priced.id, companyId: a.id })).json().code).toBe(
      'booking.already_booked',
    );

    // a company seminar made for A with a price: A's manager may buy it, B's may not see it
    const forA = await fx.seminar(trainerId, {
      isPublic: false,
      isCompany: true,
      companyId: a.id,
      price: 800,
    });
    expect((await buy(managerB, { seminarId: forA.id, companyId: b.id })).statusCode).toBe(404);
    expect((await buy(managerA, { seminarId: forA.id, companyId: a.id })).statusCode).toBe(201);
  });

  it('assigns employees, who then play the seminar; unassigning ends it', async () => {
    const { seminar, doc } = await seminarWithMedia();
    expect((await assign(managerA, seminar.id, [employeeAId])).json().code).toBe('company.not_booked');
    await book(managerA, seminar.id);
    expect((await employeeA.get(`/api/chapters/seminar-booked/${seminar.id}`)).statusCode).toBe(403);

    const res = await assign(managerA, seminar.id, [employeeAId, employeeA2Id, employeeAId]);
    expect(res.statusCode).toBe(200);
    expect(res.json().assigned.map((x: { user_id: number }) => x.user_id)).toEqual([
      employeeAId,
      employeeA2Id,
    ]);
    expect((await assign(managerA, seminar.id, [employeeAId])).statusCode).toBe(200);

    expect((await employeeA.get(`/api/chapters/seminar-booked/${seminar.id}`)).statusCode).toBe(200);
    expect((await employeeA.get(`/api/chapters/doc/${doc.id}/download`)).statusCode).toBe(200);
    const booked = (await employeeA.get('/api/seminars/booked-student')).json() as Id[];
    expect(booked.map((s) => s.id)).toContain(seminar.id);
    const companyBooked = (await employeeA.get('/api/companies/seminars/booked')).json() as {
      seminar: Id;
      company: Id;
    }[];
    expect(companyBooked.find((b) => b.seminar.id === seminar.id)?.company.id).toBe(a.id);
    expect(
      (
        (await managerA.get('/api/companies/seminars/booked')).json() as {
          seminar: Id;
          assigned_count: number;
        }[]
      ).find((x) => x.seminar.id === seminar.id)?.assigned_count,
    ).toBe(2);

    const un = await managerA.post('/api/companies/unassign-seminar', {
      seminarId: seminar.id,
      companyId: a.id,
      users: [employeeAId],
    });
    expect(un.json()).toEqual({ unassigned: [employeeAId] });
    expect((await employeeA.get(`/api/chapters/seminar-booked/${seminar.id}`)).statusCode).toBe(403);
  });

  it('refuses to assign users of another company or strangers, and managers of another company', async () => {
    const { seminar } = await seminarWithMedia();
    await book(managerA, seminar.id);
    const foreign = await assign(managerA, seminar.id, [employeeAId, employeeBId]);
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json()).toMatchObject({
      code: 'company.not_member',
      errors: { users: [expect.any(String)] },
    });
    expect((await assign(managerB, seminar.id, [employeeBId])).statusCode).toBe(403);
    expect((await assign(employeeA, seminar.id, [employeeAId])).statusCode).toBe(403);
    expect((await assign(managerA, seminar.id, [])).statusCode).toBe(422);
    expect(
      (
        await managerA.post('/api/companies/assign-seminar', {
          seminarId: seminar.id,
          companyId: a.id,
          users: 'all',
        })
      ).statusCode,
    ).toBe(422);
    // nothing was assigned by the refused calls
    expect((await employeeB.get(`/api/chapters/seminar-booked/${seminar.id}`)).statusCode).toBe(403);
    expect((await employeeA.get(`/api/chapters/seminar-booked/${seminar.id}`)).statusCode).toBe(403);
  });

  it('lists employees with their seminars, chapter progress and test results to managers only', async () => {
    const { seminar, open } = await seminarWithMedia();
    await book(managerA, seminar.id);
    await assign(managerA, seminar.id, [employeeAId]);
    await employeeA.patch('/api/chapters/toggle/user', { chapterUser: open.id });
    const rows = (await managerA.get(`/api/companies/${a.id}/users`)).json().data as {
      id: number;
      seminars: { seminar: Id; chapters_total: number; chapters_done: number; tests: unknown[] }[];
    }[];
    expect(rows.map((r) => r.id)).toEqual(expect.arrayContaining([managerAId, employeeAId, employeeA2Id]));
    const mine = rows.find((r) => r.id === employeeAId)!.seminars.find((s) => s.seminar.id === seminar.id);
    // the playable chapters, as the learner sees them (the locked one does not count, issue 36)
    expect(mine).toMatchObject({ chapters_total: 1, chapters_done: 1, tests: [] });
    expect((await employeeA.get(`/api/companies/${a.id}/users`)).statusCode).toBe(403);
    expect((await managerB.get(`/api/companies/${a.id}/users`)).statusCode).toBe(403);
    expect((await admin.get(`/api/companies/${a.id}/users`)).statusCode).toBe(200);
  });

  it('removes members (their assignments end); adding by e-mail is an invitation (member-invitations.test.ts)', async () => {
    const newcomer = await t.make.user();
    await t.make.member(a.id, newcomer.id);
    expect((await managerB.delete(`/api/companies/${a.id}/members/${newcomer.id}`)).statusCode).toBe(403);

    const { seminar } = await seminarWithMedia();
    await book(managerA, seminar.id);
    await assign(managerA, seminar.id, [newcomer.id]);
    const agent = await t.loginAs(newcomer.email);
    expect((await agent.get(`/api/chapters/seminar-booked/${seminar.id}`)).statusCode).toBe(200);
    expect((await managerA.delete(`/api/companies/${a.id}/members/${newcomer.id}`)).statusCode).toBe(204);
    expect((await agent.get(`/api/chapters/seminar-booked/${seminar.id}`)).statusCode).toBe(403);
    expect((await agent.get('/api/companies')).json()).toEqual([]);
    expect((await managerA.delete(`/api/companies/${a.id}/members/${newcomer.id}`)).statusCode).toBe(404);
    expect((await managerA.delete(`/api/companies/${a.id}/members/${managerAId}`)).json().code).toBe(
      'company.remove_self',
    );
  });

  it('lets new employees join through the invitation link only; links can be revoked and expire', async () => {
    const created = await managerA.post(`/api/companies/${a.id}/invitation`, {});
    expect(created.statusCode).toBe(201);
    const { token, url } = created.json();
    expect(url).toContain(`/company/${a.shortName}/register?token=${token}`);
    expect(token.length).toBeGreaterThanOrEqual(43);
    const [stored] = await t.app.database.db
      .select()
      .from(companyInvitations)
      .where(eq(companyInvitations.companyId, a.id));
    expect(stored!.tokenHash).not.toContain(token);

    const guest = t.agent();
    expect((await guest.get(`/api/companies/invitations/${token}`)).json()).toMatchObject({
      company: { name: 'Alpha AG', shortName: a.shortName },
    });
    expect((await managerA.get(`/api/companies/${a.id}/invitation`)).json()).toMatchObject({ active: true });
    const body = (n: string, tok: string) => ({
      token: tok,
      username: `joiner${n}`,
      email: `joiner${n}@example.test`,
      first_name: 'Jo',
      last_name: 'Iner',
      password: 'Joiner-Passw0rd!',
      password_confirmation: 'Joiner-Passw0rd!',
    });
    const joined = await guest.post('/api/companies/register', body('1', token));
    expect(joined.statusCode).toBe(201);
    const joiner = await t.loginAs('joiner1@example.test', 'Joiner-Passw0rd!');
    // the membership begins once the address is verified (verification-gate.test.ts)
    expect((await joiner.get('/api/companies')).json()).toEqual([]);

    // strangers cannot join: no token, a wrong one, a revoked one, an expired one
    const { token: _t, ...withoutToken } = body('2', token);
    expect((await t.agent().post('/api/companies/register', withoutToken)).statusCode).toBe(422);
    expect((await t.agent().post('/api/companies/register', body('3', 'x'.repeat(43)))).json().code).toBe(
      'invitation.invalid',
    );
    expect((await managerB.post(`/api/companies/${a.id}/invitation`, {})).statusCode).toBe(403);
    expect((await managerA.delete(`/api/companies/${a.id}/invitation`)).statusCode).toBe(204);
    expect((await t.agent().post('/api/companies/register', body('4', token))).json().code).toBe(
      'invitation.invalid',
    );
    expect((await managerA.get(`/api/companies/${a.id}/invitation`)).json()).toMatchObject({ active: false });

    const short = (await managerA.post(`/api/companies/${a.id}/invitation`, { expires_in_days: 1 })).json();
    expect(
      (await managerA.post(`/api/companies/${a.id}/invitation`, { expires_in_days: 0 })).statusCode,
    ).toBe(422);
    await twoDaysLater(async () => {
      const expired = await t.agent().get(`/api/companies/invitations/${short.token}`);
      expect(expired.statusCode).toBe(410);
      expect(expired.json().code).toBe('invitation.expired');
    });
  });

  it('plays a seminar through an access link without an account, until it is revoked or expires', async () => {
    const { seminar, doc, video, lockedDoc, locked } = await seminarWithMedia();
    await book(managerA, seminar.id);
    const [assignment] = (await assign(managerA, seminar.id, [employeeAId])).json().assigned;
    const res = await managerA.post('/api/companies/generate-access-link', {
      seminarId: seminar.id,
      userBookedId: assignment.booking_id,
    });
    expect(res.statusCode).toBe(201);
    const link = res.json();
    expect(link).toMatchObject({
      status: 'active',
      seminar: { id: seminar.id },
      employee: { id: employeeAId },
    });
    expect(new Date(link.expires_at).getTime() - clock).toBe(14 * 86_400_000);
    const token = link.url.split('/').pop() as string;
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const [stored] = await t.app.database.db.select().from(accessLinks).where(eq(accessLinks.id, link.id));
    expect(JSON.stringify(stored)).not.toContain(token);

    const guest = t.agent();
    const play = await guest.get(`/api/companies/access-link/${token}`);
    expect(play.statusCode).toBe(200);
    expect(play.headers['cache-control']).toBe('no-store');
    const body = play.json();
    expect(body.seminar.id).toBe(seminar.id);
    expect(body.chapters.find((c: Id) => c.id === locked.id)).toMatchObject({ unlocked: 0, content: '' });
    expect((await guest.get(`/api/chapters/doc/${doc.id}/download?access_link=${token}`)).statusCode).toBe(
      200,
    );
    const range = await guest.get(`/api/chapters/video/${video.id}/stream?access_link=${token}`, {
      headers: { range: 'bytes=0-9' },
    });
    expect(range.statusCode).toBe(206);
    expect(
      (await guest.get(`/api/chapters/doc/${lockedDoc.id}/download?access_link=${token}`)).statusCode,
    ).toBe(403);
    const other = await seminarWithMedia();
    expect(
      (await guest.get(`/api/chapters/doc/${other.doc.id}/download?access_link=${token}`)).statusCode,
    ).toBe(404);
    expect((await guest.get(`/api/chapters/doc/${doc.id}/download`)).statusCode).toBe(401);

    // the manager's list can copy the link again; company B neither sees nor revokes it
    const listed = (await managerA.get('/api/companies/access-links')).json();
    expect(listed.data.find((l: Id) => l.id === link.id)).toMatchObject({ url: link.url, status: 'active' });
    expect(
      (await managerB.get('/api/companies/access-links')).json().data.some((l: Id) => l.id === link.id),
    ).toBe(false);
    expect((await employeeA.get('/api/companies/access-links')).statusCode).toBe(403);
    expect((await managerB.delete(`/api/companies/access-links/${link.id}`)).statusCode).toBe(403);

    const revoked = await managerA.delete(`/api/companies/access-links/${link.id}`);
    expect(revoked.json()).toMatchObject({ status: 'revoked' });
    const dead = await guest.get(`/api/companies/access-link/${token}`);
    expect(dead.statusCode).toBe(410);
    expect(dead.json().code).toBe('access_link.revoked');
    expect((await guest.get(`/api/chapters/doc/${doc.id}/download?access_link=${token}`)).statusCode).toBe(
      410,
    );

    const short = (
      await managerA.post('/api/companies/generate-access-link', {
        seminarId: seminar.id,
        userBookedId: assignment.booking_id,
        expires_in_days: 1,
      })
    ).json();
    await twoDaysLater(async () => {
      const expired = await t.agent().get(`/api/companies/access-link/${short.url.split('/').pop()}`);
      expect(expired.statusCode).toBe(410);
      expect(expired.json().code).toBe('access_link.expired');
    });
  });

  it('refuses links for assignments the caller does not manage and ends links with the assignment', async () => {
    const { seminar } = await seminarWithMedia();
    await book(managerA, seminar.id);
    const [assignment] = (await assign(managerA, seminar.id, [employeeAId])).json().assigned;
    const body = { seminarId: seminar.id, userBookedId: assignment.booking_id };
    expect((await managerB.post('/api/companies/generate-access-link', body)).statusCode).toBe(404);
    expect((await employeeA.post('/api/companies/generate-access-link', body)).statusCode).toBe(404);
    const wrongSeminar = { ...body, seminarId: (await fx.seminar(trainerId)).id };
    expect((await managerA.post('/api/companies/generate-access-link', wrongSeminar)).statusCode).toBe(404);
    expect(
      (await managerA.post('/api/companies/generate-access-link', { ...body, expires_in_days: 91 }))
        .statusCode,
    ).toBe(422);
    const link = (await managerA.post('/api/companies/generate-access-link', body)).json();
    await managerA.post('/api/companies/unassign-seminar', {
      seminarId: seminar.id,
      companyId: a.id,
      users: [employeeAId],
    });
    expect((await t.agent().get(`/api/companies/access-link/${link.url.split('/').pop()}`)).statusCode).toBe(
      404,
    );
  });

  it('throttles guessing of link and invitation tokens per IP', async () => {
    const guest = t.agent();
    const from = { remoteAddress: '203.0.113.7' };
    for (let i = 0; i < 30; i++) {
      const res = await guest.get(`/api/companies/access-link/guess${i}`, from);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('access_link.invalid');
    }
    const blocked = await guest.get('/api/companies/access-link/guess-more', from);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect((await guest.get('/api/companies/invitations/guess-more', from)).statusCode).toBe(429);
    // another address is not affected
    expect(
      (await guest.get('/api/companies/access-link/guess-more', { remoteAddress: '203.0.113.8' })).statusCode,
    ).toBe(404);
  });

  it('shows owners which companies booked their seminars and whom they assigned; managers their own only', async () => {
    const { seminar } = await seminarWithMedia();
    await book(managerA, seminar.id);
    await book(managerB, seminar.id, b.id);
    await assign(managerA, seminar.id, [employeeAId]);
    await assign(managerB, seminar.id, [employeeBId], b.id);

    const companiesOfSeminar = (await trainer.get(`/api/seminars/${seminar.id}/companies`)).json() as {
      company: Id;
      assigned_count: number;
    }[];
    expect(companiesOfSeminar.map((c) => [c.company.id, c.assigned_count]).sort()).toEqual(
      [
        [a.id, 1],
        [b.id, 1],
      ].sort(),
    );
    expect((await managerA.get(`/api/seminars/${seminar.id}/companies`)).json()).toMatchObject([
      { company: { id: a.id } },
    ]);
    const users = (await trainer.get(`/api/seminars/${seminar.id}/users/booked-company`)).json().data as {
      user: Id;
    }[];
    expect(users.map((u) => u.user.id).sort()).toEqual([employeeAId, employeeBId].sort());
    const onlyA = (await managerA.get(`/api/seminars/${seminar.id}/users/booked-company`)).json().data as {
      user: Id;
    }[];
    expect(onlyA.map((u) => u.user.id)).toEqual([employeeAId]);
    expect((await employeeA.get(`/api/seminars/${seminar.id}/users/booked-company`)).statusCode).toBe(403);

    const owned = (await trainer.get('/api/seminars/users-company/booked')).json() as (Id & {
      companies: Id[];
      users_booked_company_seminars: Id[];
    })[];
    const row = owned.find((s) => s.id === seminar.id)!;
    expect(row.companies.map((c) => c.id).sort()).toEqual([a.id, b.id].sort());
    expect(row.users_booked_company_seminars.map((u) => u.id).sort()).toEqual(
      [employeeAId, employeeBId].sort(),
    );
    expect((await managerA.get('/api/seminars/users-company/booked')).statusCode).toBe(403);
  });
});
