import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookings, enrolments, payments } from '../../db/schema/index.ts';
import { type Agent, buildTestApp, multipart, type TestApp } from '../../test/build-test-app.ts';
import { companyFixtures } from '../../test/company-fixtures.ts';
import { seminarFixtures } from '../../test/fixtures.ts';
import { mcTestFixtures } from '../../test/mc-test-fixtures.ts';
import { startSmtp } from '../../test/smtp.ts';

type Entry = {
  action: string;
  target_id: number;
  before: unknown;
  after: unknown;
  actor: { id: number } | null;
};

describe('administration', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let fx: ReturnType<typeof seminarFixtures>;
  let admin: Agent;
  let adminId: number;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await buildTestApp({ smtpUrl: smtp.url, rateLimitFactor: 100 });
    fx = seminarFixtures(t.app);
    const a = await t.make.user({ scopes: ['admin'], username: 'chiefadmin' });
    adminId = a.id;
    admin = await t.loginAs(a.email);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const lastAudit = async (action: string): Promise<Entry> =>
    (await admin.get(`/api/admin/audit?action=${action}`)).json().data[0];

  it('refuses non-admins: guests 401, everyone else 403', async () => {
    const trainer = await t.loginAs((await t.make.user({ scopes: ['trainer'] })).email);
    expect((await trainer.get('/api/admin/users')).statusCode).toBe(403);
    expect((await trainer.patch(`/api/admin/users/${adminId}/scopes`, { scopes: [] })).statusCode).toBe(403);
    expect((await t.agent().get('/api/admin/audit')).statusCode).toBe(401);
  });

  it('keeps the last active admin: no removing the admin scope, no disabling', async () => {
    const own = await admin.patch(`/api/admin/users/${adminId}/scopes`, { scopes: ['trainer'] });
    expect(own.statusCode).toBe(409);
    expect(own.json().code).toBe('admin.last_admin');
    expect((await admin.post(`/api/admin/users/${adminId}/disable`)).json().code).toBe('admin.last_admin');
    // with a second admin, the first may step down
    const second = await t.make.user({ scopes: ['admin'] });
    const ok = await admin.patch(`/api/admin/users/${second.id}/scopes`, { scopes: ['admin', 'trainer'] });
    expect(ok.json().scopes).toEqual(['admin', 'trainer']);
    const other = await t.loginAs(second.email);
    expect((await other.patch(`/api/admin/users/${adminId}/scopes`, { scopes: [] })).statusCode).toBe(200);
    expect((await other.patch(`/api/admin/users/${second.id}/scopes`, { scopes: [] })).json().code).toBe(
      'admin.last_admin',
    );
    expect((await other.patch(`/api/admin/users/${adminId}/scopes`, { scopes: ['admin'] })).statusCode).toBe(
      200,
    );
    admin = await t.loginAs((await admin.get('/api/user')).json().email);
  });

  it('makes a student a trainer, who can then create a seminar; the audit trail shows before and after', async () => {
    const student = await t.make.user();
    const agent = await t.loginAs(student.email);
    const form = () =>
      multipart({ title: 'Mein Seminar', description: '<p>x</p>', price: '0', is_public: '1' });
    const before = form();
    expect((await agent.post('/api/seminars', before.payload, { headers: before.headers })).statusCode).toBe(
      403,
    );

    const res = await admin.patch(`/api/admin/users/${student.id}/scopes`, { scopes: ['trainer'] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: student.id, scopes: ['trainer'] });
    const after = form();
    expect((await agent.post('/api/seminars', after.payload, { headers: after.headers })).statusCode).toBe(
      201,
    );

    expect(await lastAudit('user.scopes')).toMatchObject({
      target_id: student.id,
      actor: { id: adminId },
      before: { scopes: [] },
      after: { scopes: ['trainer'] },
    });
    const bad = await admin.patch(`/api/admin/users/${student.id}/scopes`, { scopes: ['root'] });
    expect(bad.statusCode).toBe(422);
    expect((await admin.patch('/api/admin/users/999999/scopes', { scopes: [] })).statusCode).toBe(404);
  });

  it('disables an account: its live session ends at once and login is refused; enabling restores it', async () => {
    const user = await t.make.user();
    const agent = await t.loginAs(user.email);
    expect((await agent.get('/api/user')).statusCode).toBe(200);
    const res = await admin.post(`/api/admin/users/${user.id}/disable`);
    expect(res.json()).toMatchObject({ disabled: true });
    expect((await agent.get('/api/user')).statusCode).toBe(401);
    const login = await t.agent().post('/api/login', { email: user.email, password: 'Secret-Passw0rd' });
    expect(login.statusCode).toBe(403);
    expect(login.json().code).toBe('auth.disabled');
    expect(await lastAudit('user.disabled')).toMatchObject({
      before: { disabled: false },
      after: { disabled: true },
    });

    expect((await admin.post(`/api/admin/users/${user.id}/enable`)).json().disabled).toBe(false);
    expect((await t.loginAs(user.email)).xsrf()).toBeDefined();
    expect((await lastAudit('user.enabled')).target_id).toBe(user.id);
  });

  it('sends the verification mail again and starts a password reset, through real SMTP', async () => {
    const unverified = await t.make.user({ verified: false });
    expect((await admin.post(`/api/admin/users/${unverified.id}/verification`)).statusCode).toBe(202);
    const mail = await smtp.waitFor(unverified.email);
    expect(mail.links.some((l) => l.includes(`/email/verify/${unverified.id}/`))).toBe(true);
    const verified = await t.make.user();
    expect((await admin.post(`/api/admin/users/${verified.id}/verification`)).json().code).toBe(
      'admin.already_verified',
    );

    expect((await admin.post(`/api/admin/users/${verified.id}/password-reset`)).statusCode).toBe(202);
    const reset = await smtp.waitFor(verified.email);
    const link = reset.links.find((l) => l.includes('/reset-password/'))!;
    const token = new URL(link).pathname.split('/').pop()!;
    const done = await t.agent().post('/api/reset-password', {
      token,
      email: verified.email,
      password: 'Brand-New-Passw0rd',
      password_confirmation: 'Brand-New-Passw0rd',
    });
    expect(done.statusCode).toBe(200);
    expect((await lastAudit('user.password_reset')).target_id).toBe(verified.id);
    expect((await lastAudit('user.verification_sent')).target_id).toBe(unverified.id);
  });

  it('lists users with search, scope, company and status filters, paginated; shows one with bookings and results', async () => {
    const company = await t.make.company('Filter AG');
    const alice = await t.make.user({ username: 'alice_filter', scopes: ['corporateTraining'] });
    const bob = await t.make.user({ username: 'bob_filter', disabled: true });
    await t.make.member(company.id, alice.id, true);
    const ids = async (query: string) =>
      ((await admin.get(`/api/admin/users?${query}`)).json().data as { id: number }[]).map((u) => u.id);
    expect(await ids('q=ALICE_FILTER')).toEqual([alice.id]);
    expect(await ids(`q=${encodeURIComponent(alice.email)}`)).toEqual([alice.id]);
    expect(await ids('q=_filter&scope=corporateTraining')).toEqual([alice.id]);
    expect(await ids('q=_filter&scope=student')).toEqual([bob.id]);
    expect(await ids(`company_id=${company.id}`)).toEqual([alice.id]);
    expect(await ids('q=_filter&status=disabled')).toEqual([bob.id]);
    const page = (await admin.get('/api/admin/users?per_page=2&page=2')).json();
    expect(page).toMatchObject({ current_page: 2, per_page: 2, data: expect.any(Array) });
    expect(page.total).toBeGreaterThan(4);
    expect((await admin.get('/api/admin/users?scope=root')).statusCode).toBe(422);
    expect((await admin.get('/api/admin/users?per_page=1000')).statusCode).toBe(422);

    const trainer = await t.make.user({ scopes: ['trainer'] });
    const s = await fx.seminar(trainer.id, { bookedBy: [bob.id] });
    const detail = (await admin.get(`/api/admin/users/${bob.id}`)).json();
    expect(detail).toMatchObject({
      id: bob.id,
      disabled: true,
      bookings: [{ seminar: { id: s.id }, status: 'free' }],
    });
    expect(detail.test_results).toEqual([]);
    // a stopped run appears with its result; an open one does not
    const mc = mcTestFixtures(t.app);
    const { test } = await mc.bookedTest(trainer.id, [alice.id], { label: 'Admin Detail Test' });
    const stopped = await mc.run(test.id, alice.id, { stopped: true, right: true });
    await mc.run(test.id, alice.id);
    expect((await admin.get(`/api/admin/users/${alice.id}`)).json().test_results).toEqual([
      {
        run_id: stopped.id,
        mc_test: { id: test.id, label: 'Admin Detail Test' },
        achievedPercent: 100,
        accomp: true,
        passed: false,
        stopped_at: stopped.stoppedAt!.toISOString(),
      },
    ]);
    expect((await admin.get(`/api/admin/users/${alice.id}`)).json().companies).toEqual([
      { id: company.id, name: 'Filter AG', shortName: company.shortName, manager: true },
    ]);
    expect((await admin.get('/api/admin/users/999999')).statusCode).toBe(404);
  });

  it('creates, renames and deletes companies; a former short name still finds the company', async () => {
    const bad = await admin.post('/api/admin/companies', { name: 'Neu', shortName: 'Has Space' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.shortName).toBeDefined();
    const created = await admin.post('/api/admin/companies', { name: 'Gamma AG', shortName: 'gamma' });
    expect(created.statusCode).toBe(201);
    const gamma = created.json();
    expect(gamma).toMatchObject({ name: 'Gamma AG', shortName: 'gamma', members_count: 0 });
    const dup = await admin.post('/api/admin/companies', { name: 'Other', shortName: 'GAMMA' });
    expect(dup.json()).toMatchObject({ code: 'company.short_name_taken' });

    expect((await admin.get(`/api/admin/companies/${gamma.id}`)).json()).toEqual(gamma);
    expect((await admin.get('/api/admin/companies/999999')).statusCode).toBe(404);
    const member = await t.make.user();
    await t.make.member(gamma.id, member.id);
    const renamed = await admin.patch(`/api/admin/companies/${gamma.id}`, {
      name: 'Gamma Holding',
      shortName: 'gamma-h',
    });
    expect(renamed.json()).toMatchObject({ shortName: 'gamma-h', former_short_names: ['gamma'] });
    const memberAgent = await t.loginAs(member.email);
    expect((await memberAgent.get('/api/companies/by-name/gamma')).json()).toMatchObject({
      id: gamma.id,
      shortName: 'gamma-h',
    });
    // nobody else may take the former short name
    expect((await admin.post('/api/admin/companies', { name: 'X', shortName: 'gamma' })).json().code).toBe(
      'company.short_name_taken',
    );
    expect(await lastAudit('company.updated')).toMatchObject({
      before: { name: 'Gamma AG', shortName: 'gamma' },
      after: { name: 'Gamma Holding', shortName: 'gamma-h' },
    });

    const notEmpty = await admin.delete(`/api/admin/companies/${gamma.id}`);
    expect(notEmpty.statusCode).toBe(409);
    expect(notEmpty.json().code).toBe('company.not_empty');
    expect((await admin.delete(`/api/admin/companies/${gamma.id}/members/${member.id}`)).statusCode).toBe(
      204,
    );
    expect((await admin.delete(`/api/admin/companies/${gamma.id}`)).statusCode).toBe(204);
    expect((await admin.get(`/api/admin/companies?q=gamma`)).json().total).toBe(0);
    expect((await lastAudit('company.deleted')).target_id).toBe(gamma.id);
  });

  it('adds and removes members and names managers (corporateTraining only)', async () => {
    const company = await t.make.company('Delta AG');
    const ct = await t.make.user({ scopes: ['corporateTraining'] });
    const plain = await t.make.user();
    const added = await admin.post(`/api/admin/companies/${company.id}/members`, {
      email: ct.email,
      manager: true,
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ id: ct.id, manager: true });
    const refused = await admin.post(`/api/admin/companies/${company.id}/members`, {
      email: plain.email,
      manager: true,
    });
    expect(refused.json().code).toBe('company.manager_scope');
    expect(
      (await admin.post(`/api/admin/companies/${company.id}/members`, { email: plain.email })).statusCode,
    ).toBe(201);
    expect(
      (await admin.post(`/api/admin/companies/${company.id}/members`, { email: plain.email })).json().code,
    ).toBe('company.already_member');
    expect(
      (
        await admin.post(`/api/admin/companies/${company.id}/members`, { email: 'nobody@example.test' })
      ).json().code,
    ).toBe('company.user_unknown');
    expect(
      (await admin.patch(`/api/admin/companies/${company.id}/members/${plain.id}`, { manager: true }))
        .statusCode,
    ).toBe(422);
    const unset = await admin.patch(`/api/admin/companies/${company.id}/members/${ct.id}`, {
      manager: false,
    });
    expect(unset.json().manager).toBe(false);
    expect(await lastAudit('company.manager_set')).toMatchObject({
      before: { manager: true },
      after: { manager: false },
    });
    const members = (await admin.get(`/api/admin/companies/${company.id}/members`)).json().data as {
      id: number;
    }[];
    expect(members.map((m) => m.id).sort()).toEqual([ct.id, plain.id].sort());

    // removing a member ends their assignments of the company's bookings
    const trainer = await t.make.user({ scopes: ['trainer'] });
    const s = await fx.seminar(trainer.id);
    await companyFixtures(t.app).booking(company.id, s.id, [plain.id]);
    const plainAgent = await t.loginAs(plain.email);
    expect((await plainAgent.get(`/api/chapters/seminar-booked/${s.id}`)).statusCode).toBe(200);
    expect((await admin.delete(`/api/admin/companies/${company.id}/members/${plain.id}`)).statusCode).toBe(
      204,
    );
    expect((await plainAgent.get(`/api/chapters/seminar-booked/${s.id}`)).statusCode).toBe(403);
    expect((await admin.delete(`/api/admin/companies/${company.id}/members/${plain.id}`)).statusCode).toBe(
      404,
    );
    expect((await lastAudit('company.member_removed')).target_id).toBe(company.id);
  });

  it('lists seminars with bookings and revenue and hands a seminar to another trainer', async () => {
    const owner = await t.make.user({ scopes: ['trainer'] });
    const next = await t.make.user({ scopes: ['trainer'] });
    const student = await t.make.user();
    const s = await fx.seminar(owner.id, { price: 4500, title: 'Revenue Seminar' });
    const [purchase] = await t.app.database.db
      .insert(bookings)
      .values({ seminarId: s.id, userId: student.id, status: 'paid', price: 4500, currency: 'CHF' })
      .returning();
    await t.app.database.db
      .insert(enrolments)
      .values({ seminarId: s.id, userId: student.id, source: 'purchase', bookingId: purchase!.id });
    // a pending purchase is no learner and no revenue
    const waiting = await t.make.user();
    await t.app.database.db
      .insert(bookings)
      .values({ seminarId: s.id, userId: waiting.id, status: 'pending', price: 4500, currency: 'CHF' });
    const row = (await admin.get('/api/admin/seminars?q=Revenue')).json().data[0];
    expect(row).toMatchObject({
      id: s.id,
      bookings_count: 1,
      company_bookings_count: 0,
      revenue: 4500,
      company: null,
      owner: { id: owner.id },
    });

    // a company's seminar: its company, its company bookings; the company counts the seminar
    const company = await t.make.company('Seminar Count AG');
    const made = await fx.seminar(owner.id, {
      title: 'Revenue Company Seminar',
      isCompany: true,
      companyId: company.id,
    });
    await companyFixtures(t.app).booking(company.id, made.id);
    const companyRow = (await admin.get('/api/admin/seminars?q=Revenue+Company')).json().data[0];
    expect(companyRow).toMatchObject({
      id: made.id,
      bookings_count: 0,
      company_bookings_count: 1,
      revenue: 0,
      company: { id: company.id, name: 'Seminar Count AG', shortName: company.shortName },
    });
    expect((await admin.get(`/api/admin/companies/${company.id}`)).json()).toMatchObject({
      seminars_count: 1,
      bookings_count: 1,
      members_count: 0,
    });
    expect((await admin.delete(`/api/admin/companies/${company.id}`)).json().code).toBe('company.not_empty');
    // the user's detail lists the pending purchase with its payment state
    expect((await admin.get(`/api/admin/users/${waiting.id}`)).json().bookings).toMatchObject([
      { seminar: { id: s.id }, status: 'pending', price: 4500 },
    ]);

    const refused = await admin.patch(`/api/admin/seminars/${s.id}/owner`, { owner_id: student.id });
    expect(refused.json().code).toBe('admin.owner_not_trainer');
    const moved = await admin.patch(`/api/admin/seminars/${s.id}/owner`, { owner_id: next.id });
    expect(moved.json().owner.id).toBe(next.id);
    const nextAgent = await t.loginAs(next.email);
    expect(
      ((await nextAgent.get('/api/seminars/owned')).json() as { id: number }[]).map((x) => x.id),
    ).toContain(s.id);
    expect(await lastAudit('seminar.owner_changed')).toMatchObject({
      target_id: s.id,
      before: { owner: owner.username },
      after: { owner: next.username },
    });
    expect((await admin.get(`/api/admin/seminars?owner_id=${next.id}`)).json().total).toBe(1);
  });

  it('lists payments filtered by status and date', async () => {
    const user = await t.make.user();
    const trainer = await t.make.user({ scopes: ['trainer'] });
    const s = await fx.seminar(trainer.id, { price: 1000 });
    const [b] = await t.app.database.db
      .insert(bookings)
      .values({ seminarId: s.id, userId: user.id, status: 'paid', price: 1000, currency: 'CHF' })
      .returning();
    const pay = (status: string, createdAt: string, n: number) => ({
      bookingId: b!.id,
      userId: user.id,
      provider: 'test',
      providerId: `tr_admin${n}`,
      amount: 1000,
      currency: 'CHF',
      status,
      createdAt: new Date(createdAt),
    });
    await t.app.database.db
      .insert(payments)
      .values([pay('failed', '2026-03-01T10:00:00Z', 1), pay('paid', '2026-03-02T23:30:00Z', 2)]);
    const list = async (q: string) =>
      ((await admin.get(`/api/admin/payments?${q}`)).json().data as { provider_id: string }[])
        .map((p) => p.provider_id)
        .filter((id) => id.startsWith('tr_admin'));
    expect(await list('')).toEqual(['tr_admin2', 'tr_admin1']);
    expect(await list('status=paid')).toEqual(['tr_admin2']);
    expect(await list('from=2026-03-02&to=2026-03-02')).toEqual(['tr_admin2']);
    expect(await list('to=2026-03-01')).toEqual(['tr_admin1']);
    expect((await admin.get('/api/admin/payments?from=yesterday')).statusCode).toBe(422);
    expect((await admin.get('/api/admin/payments?status=stolen')).statusCode).toBe(422);
  });

  it('filters the audit trail, which the database refuses to change, delete or truncate', async () => {
    const byAdmin = (await admin.get(`/api/admin/audit?actor_id=${adminId}&target_type=user`)).json();
    expect(byAdmin.total).toBeGreaterThan(0);
    expect((byAdmin.data as Entry[]).every((e) => e.actor?.id === adminId)).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    expect((await admin.get(`/api/admin/audit?from=${today}&to=${today}`)).json().total).toBeGreaterThan(0);
    expect((await admin.get('/api/admin/audit?from=2000-01-01&to=2000-01-02')).json().total).toBe(0);
    expect((await admin.get('/api/admin/audit?action=user.deleted_everything')).statusCode).toBe(422);

    const db = t.app.database.db;
    await expect(db.update(auditLog).set({ action: 'forged' }).where(sql`true`)).rejects.toThrow();
    await expect(db.delete(auditLog).where(eq(auditLog.actorId, adminId))).rejects.toThrow();
    await expect(db.execute(sql`TRUNCATE audit_log`)).rejects.toThrow();
    expect((await admin.get('/api/admin/audit?action=user.scopes')).json().total).toBeGreaterThan(0);
  });
});
