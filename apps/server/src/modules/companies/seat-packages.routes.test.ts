import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chapterUsers,
  enrolments,
  invoiceLines,
  invoices,
  payments,
  seatPackages,
} from '../../db/schema/index.ts';
import type { Agent, TestApp } from '../../test/build-test-app.ts';
import { type Commerce, startCommerce } from '../../test/commerce.ts';
import { companyFixtures } from '../../test/company-fixtures.ts';
import type { seminarFixtures } from '../../test/fixtures.ts';
import type { MollieServer } from '../../test/mollie-server.ts';
import { holdsSql } from '../enrolments/enrolments.sql.ts';

const PRICE = 12_000;

/**
 * Seat packages (issue 38 item 4) through the API, paid with the real Mollie client against the
 * Mollie-compatible server, on PGlite and (with TEST_DATABASE_URL) PostgreSQL: the purchase and
 * its invoice (N × the seat price), N seats assigned and the N+1st refused (also when two
 * managers assign at once), a seat taken back only before the start, the expiry, a refund of one
 * seat's worth that ends exactly the named employee's access, and the rejections.
 */
describe('seat packages', { timeout: 60_000 }, () => {
  let c: Commerce;
  let t: TestApp;
  let mollie: MollieServer;
  let fx: ReturnType<typeof seminarFixtures>;
  let trainerId: number;
  let companyId: number;
  let manager: Agent;
  let manager2: Agent;
  let otherManager: Agent;
  let employee: Agent;
  let admin: Agent;
  let n = 0;

  beforeAll(async () => {
    c = await startCommerce({ seller: false });
    ({ t, fx, admin, trainerId } = c);
    mollie = c.mollie!;
    companyId = (await t.make.company('Sitz AG')).id;
    const other = await t.make.company('Andere AG');
    const m1 = await t.make.user({ scopes: ['corporateTraining'] });
    const m2 = await t.make.user({ scopes: ['corporateTraining'], locale: 'en' });
    const om = await t.make.user({ scopes: ['corporateTraining'] });
    const e = await t.make.user();
    await t.make.member(companyId, m1.id, true);
    await t.make.member(companyId, m2.id, true);
    await t.make.member(other.id, om.id, true);
    await t.make.member(companyId, e.id);
    manager = await t.loginAs(m1.email);
    manager2 = await t.loginAs(m2.email);
    otherManager = await t.loginAs(om.email);
    employee = await t.loginAs(e.email);
  });
  afterAll(() => c.close());
  const db = () => t.app.database.db;
  const webhook = (id: string) => c.webhook(id);
  const de = { headers: { 'accept-language': 'de' } };
  const en = { headers: { 'accept-language': 'en' } };

  /** employees of the company */
  async function employees(count: number) {
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      const u = await t.make.user();
      await t.make.member(companyId, u.id);
      ids.push(u.id);
    }
    return ids;
  }
  /** a priced seminar and a paid package of `seats` of it */
  async function paidPackage(seats: number, seminarId?: number) {
    n++;
    const sid = seminarId ?? (await fx.seminar(trainerId, { price: PRICE, title: `Sitzseminar ${n}` })).id;
    const res = await manager.post('/api/companies/seat-packages', {
      companyId,
      seminarId: sid,
      seats,
      months: 12,
    });
    expect(res.statusCode, res.body).toBe(201);
    const fake = mollie.last();
    expect(fake.amount.value).toBe(((PRICE * seats) / 100).toFixed(2));
    mollie.setStatus(fake.id, 'paid');
    expect((await webhook(fake.id)).statusCode).toBe(200);
    const [payment] = await db().select().from(payments).where(eq(payments.providerId, fake.id));
    return {
      seminarId: sid,
      packageId: res.json().package.id as number,
      payment: payment!,
      body: res.json(),
    };
  }
  const assign = (agent: Agent, seminarId: number, users: number[], opts = de) =>
    agent.post('/api/companies/assign-seminar', { companyId, seminarId, users }, opts);
  const holds = async (userId: number, seminarId: number) => {
    const rows = await db().execute(sql`select ${holdsSql(sql`${seminarId}::int`, userId)} as held`);
    return !!(rows as unknown as { rows: { held: unknown }[] }).rows[0]?.held;
  };
  const packagesOf = async (seminarId: number) =>
    (await manager.get(`/api/companies/${companyId}/seat-packages?seminar_id=${seminarId}`)).json();

  it('a manager buys 5 seats by card: pending, paid by the webhook, the invoice shows 5 × the seat price', async () => {
    const { seminarId, packageId, payment, body } = await paidPackage(5);
    expect(body.package).toMatchObject({ id: packageId, status: 'pending', seats: 5, unit_price: PRICE });
    expect(body.checkout.checkoutUrl).toMatch(/^https?:/);
    const [pkg] = await packagesOf(seminarId);
    expect(pkg).toMatchObject({
      id: packageId,
      status: 'paid',
      seats: 5,
      seats_taken: 0,
      seats_left: 5,
      months: 12,
    });
    // valid from today for 12 months: the last day is the day before today's date a year on
    const from = new Date(`${pkg.valid_from}T12:00:00Z`);
    const last = new Date(Date.UTC(from.getUTCFullYear() + 1, from.getUTCMonth(), from.getUTCDate() - 1));
    expect(pkg.valid_until).toBe(last.toISOString().slice(0, 10));
    const [invoice] = await db().select().from(invoices).where(eq(invoices.paymentId, payment.id));
    expect(invoice?.grossTotal).toBe(5 * PRICE);
    const lines = await db().select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoice!.id));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ quantity: 5, gross: 5 * PRICE });
    expect(lines[0]!.description).toContain('5 Plätze');
    // the buyer holds nothing through it; the seats are the company's
    expect((await manager.get('/api/companies/seminars/booked')).statusCode).toBe(200);
  });

  it('assigns 5, refuses the 6th with a clear message in both languages; an assigned employee keeps the seat', async () => {
    const { seminarId } = await paidPackage(5);
    const ids = await employees(6);
    const res = await assign(manager, seminarId, ids.slice(0, 5));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().assigned).toHaveLength(5);
    for (const id of ids.slice(0, 5)) expect(await holds(id, seminarId)).toBe(true);
    const sixth = await assign(manager, seminarId, [ids[5]!]);
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json()).toMatchObject({ code: 'seats.none_left' });
    expect(sixth.json().message).toContain('Kein Platz mehr frei: 0 frei');
    const sixthEn = await assign(manager, seminarId, [ids[5]!], en);
    expect(sixthEn.statusCode).toBe(409);
    expect(sixthEn.json().message).toContain('No seat left: 0 free');
    expect(await holds(ids[5]!, seminarId)).toBe(false);
    // assigning the same employees again takes no further seat
    expect((await assign(manager, seminarId, [ids[0]!])).statusCode).toBe(200);
    const [pkg] = await packagesOf(seminarId);
    expect(pkg).toMatchObject({ seats_taken: 5, seats_left: 0 });
    // a second package adds seats (a new purchase)
    await paidPackage(1, seminarId);
    expect((await assign(manager, seminarId, [ids[5]!])).statusCode).toBe(200);
    expect(await holds(ids[5]!, seminarId)).toBe(true);
  });

  it('two managers assigning at once never exceed the seats (row lock)', async () => {
    const { seminarId } = await paidPackage(3);
    const ids = await employees(8);
    const results = await Promise.all(
      ids.map((id, i) => assign(i % 2 === 0 ? manager : manager2, seminarId, [id])),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(5);
    expect(codes.every((c) => c === 200 || c === 409)).toBe(true);
    const grants = await db().select().from(enrolments).where(eq(enrolments.seminarId, seminarId));
    expect(grants).toHaveLength(3);
  });

  it('a seat is taken back only while the employee has not started', async () => {
    const { seminarId } = await paidPackage(2);
    const [fresh, started] = await employees(2);
    expect((await assign(manager, seminarId, [fresh!, started!])).statusCode).toBe(200);
    const chapter = await fx.chapter(seminarId);
    await db().insert(chapterUsers).values({ chapterId: chapter.id, userId: started! });
    const refused = await manager.post(
      '/api/companies/unassign-seminar',
      { companyId, seminarId, users: [started] },
      en,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'seats.started' });
    expect(refused.json().message).toContain('already started');
    expect(await holds(started!, seminarId)).toBe(true);
    const ok = await manager.post('/api/companies/unassign-seminar', {
      companyId,
      seminarId,
      users: [fresh],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await holds(fresh!, seminarId)).toBe(false);
    expect((await packagesOf(seminarId))[0]).toMatchObject({ seats_taken: 1, seats_left: 1 });
  });

  it('an expired package: its grants end at its expiry and its seats are gone', async () => {
    const { seminarId, packageId } = await paidPackage(2);
    const [id] = await employees(1);
    expect((await assign(manager, seminarId, [id!])).statusCode).toBe(200);
    const past = new Date(Date.now() - 1000);
    await db().update(seatPackages).set({ validUntil: past }).where(eq(seatPackages.id, packageId));
    await db().update(enrolments).set({ validUntil: past }).where(eq(enrolments.seatPackageId, packageId));
    expect(await holds(id!, seminarId)).toBe(false);
    expect((await packagesOf(seminarId))[0]).toMatchObject({ expired: true, seats_left: 0 });
    const again = await assign(manager, seminarId, [id!]);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('seats.none_left');
    // a new package: the same employee gets a seat again on the same grant
    await paidPackage(1, seminarId);
    expect((await assign(manager, seminarId, [id!])).statusCode).toBe(200);
    expect(await holds(id!, seminarId)).toBe(true);
  });

  it("refunds one seat's worth: the employee named loses access and no other does", async () => {
    const { seminarId, payment, packageId } = await paidPackage(5);
    const ids = await employees(5);
    expect((await assign(manager, seminarId, ids)).statusCode).toBe(200);
    const refund = (body: object, opts = de) =>
      admin.post(`/api/admin/payments/${payment.id}/refunds`, body, opts);
    // the admin's refund form lists the package's seats and the people on them
    const form = (await admin.get(`/api/admin/payments/${payment.id}/refunds`)).json();
    expect(form.seat_package).toMatchObject({ id: packageId, seats: 5, seat_price: PRICE });
    expect(form.seat_package.holders.map((h: { id: number }) => h.id).sort()).toEqual([...ids].sort());
    // full seats: the admin must say whose seat goes
    const unchosen = await refund({ amount: PRICE }, en);
    expect(unchosen.statusCode).toBe(409);
    expect(unchosen.json()).toMatchObject({ code: 'seats.refund_choose' });
    expect(unchosen.json().message).toContain('takes 1 seat(s)');
    const stranger = (await employees(1))[0]!;
    const notHolder = await refund({ amount: PRICE, seat_user_ids: [stranger] });
    expect(notHolder.statusCode).toBe(422);
    expect(notHolder.json().errors.seat_user_ids).toBeDefined();
    const tooMany = await refund({ amount: PRICE, seat_user_ids: [ids[0], ids[1]] });
    expect(tooMany.statusCode).toBe(422);
    const res = await refund({ amount: PRICE, seat_user_ids: [ids[2]] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ amount: PRICE, ends_grant: false });
    expect(await holds(ids[2]!, seminarId)).toBe(false);
    for (const id of [ids[0], ids[1], ids[3], ids[4]]) expect(await holds(id!, seminarId)).toBe(true);
    const [pkg] = await packagesOf(seminarId);
    expect(pkg).toMatchObject({ id: packageId, seats: 4, seats_bought: 5, seats_taken: 4, seats_left: 0 });
    // the seat is gone: nobody takes it again
    expect((await assign(manager, seminarId, [ids[2]!])).statusCode).toBe(409);
    // the rest refunded: every seat and grant of the package ends
    const rest = await refund({});
    expect(rest.statusCode, rest.body).toBe(201);
    for (const id of ids) expect(await holds(id, seminarId)).toBe(false);
    expect((await packagesOf(seminarId))[0]).toMatchObject({ status: 'refunded', seats: 0 });
  });

  it('rejections: 422, 404, 409, 403, 401 (never a 500)', async () => {
    const priced = await fx.seminar(trainerId, { price: PRICE });
    const free = await fx.seminar(trainerId);
    const body = { companyId, seminarId: priced.id, seats: 2, months: 12 };
    const buy = (agent: Agent, b: object, opts = de) => agent.post('/api/companies/seat-packages', b, opts);
    const bad = await buy(manager, { ...body, seats: 0, months: 5 }, en);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.seats).toEqual(['Must be at least 1.']);
    expect(bad.json().errors.months).toEqual(['Please choose a period of 3, 6, 12 or 24 months.']);
    const past = await buy(manager, { ...body, valid_from: '2020-01-01' });
    expect(past.statusCode).toBe(422);
    expect(past.json().errors.valid_from).toEqual(['Der erste Tag darf nicht in der Vergangenheit liegen.']);
    expect((await buy(manager, { ...body, valid_from: '2027-02-30' })).statusCode).toBe(422);
    expect((await buy(manager, { ...body, seminarId: 999_999 })).statusCode).toBe(404);
    const notPriced = await buy(manager, { ...body, seminarId: free.id });
    expect(notPriced.statusCode).toBe(409);
    expect(notPriced.json().code).toBe('seats.not_priced');
    const byInvoice = await buy(manager, { ...body, pay_by: 'invoice' });
    expect(byInvoice.statusCode).toBe(409);
    expect(byInvoice.json().code).toBe('invoice.not_enabled'); // pay by invoice not enabled for it
    // a company holding the seminar without a limit buys no seats of it
    const unlimited = await fx.seminar(trainerId, { price: PRICE });
    await companyFixtures(t.app).booking(companyId, unlimited.id);
    const held = await buy(manager, { ...body, seminarId: unlimited.id });
    expect(held.statusCode).toBe(409);
    expect(held.json().code).toBe('seats.unlimited');
    // who may: another company's manager and an employee are refused, a guest must log in
    expect((await buy(otherManager, body)).statusCode).toBe(403);
    expect((await buy(employee, body)).statusCode).toBe(403);
    expect((await buy(t.agent(), body)).statusCode).toBe(401);
    expect((await otherManager.get(`/api/companies/${companyId}/seat-packages`)).statusCode).toBe(403);
    expect((await employee.get(`/api/companies/${companyId}/seat-packages`)).statusCode).toBe(403);
    expect((await admin.get(`/api/companies/${companyId}/seat-packages`)).statusCode).toBe(200);
    expect((await manager.get('/api/companies/999999/seat-packages')).statusCode).toBe(404);
  });
});
