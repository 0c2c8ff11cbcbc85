import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, enrolments, invoiceLines, invoices, voucherRedemptions } from '../../db/schema/index.ts';
import type { Agent, TestApp } from '../../test/build-test-app.ts';
import { type Commerce, startCommerce } from '../../test/commerce.ts';
import type { seminarFixtures } from '../../test/fixtures.ts';
import type { MollieServer } from '../../test/mollie-server.ts';
import { pdfText } from '../../test/pdf.ts';

const PRICE = 20_000;

/**
 * Vouchers (issue 38 item 5) through the real Mollie client against the local Mollie-compatible
 * server: the admins' CRUD, the checkout's check, discounted payments, the 100 % voucher without
 * any provider call, releases and the caps under concurrency (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL).
 */
describe('vouchers', () => {
  let c: Commerce;
  let t: TestApp;
  let fx: ReturnType<typeof seminarFixtures>;
  let mollie: MollieServer;
  let admin: Agent;
  let trainerId: number;
  let n = 0;

  beforeAll(async () => {
    c = await startCommerce({
      seller: { legal_name: 'Gutschein AG', address: 'Weg 1\n8000 Zürich', qr_iban: null },
    });
    ({ t, fx, admin, trainerId } = c);
    mollie = c.mollie!;
  });
  afterAll(() => c.close());
  const db = () => t.app.database.db;

  const seminar = () => fx.seminar(trainerId, { price: PRICE, title: `Gutscheinseminar ${++n}` });
  async function student(locale: 'de' | 'en' = 'de') {
    const user = await t.make.user({ locale });
    const agent = await t.loginAs(user.email);
    agent.lang = locale;
    return { user, agent };
  }
  async function voucher(body: Record<string, unknown>) {
    const res = await admin.post('/api/admin/vouchers', { kind: 'percent', value: 50, ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; code: string };
  }
  const webhook = (id: string) => c.webhook(id);
  const redemptions = (voucherId: number) =>
    db().select().from(voucherRedemptions).where(eq(voucherRedemptions.voucherId, voucherId));

  it('admin CRUD: codes unique regardless of case, counts in the list, deletion only when never redeemed', async () => {
    const s = await seminar();
    const { agent } = await student();
    expect((await t.agent().get('/api/admin/vouchers')).statusCode).toBe(401);
    expect((await agent.get('/api/admin/vouchers')).statusCode).toBe(403);
    expect(
      (await agent.post('/api/admin/vouchers', { code: 'NOPE1', kind: 'percent', value: 5 })).statusCode,
    ).toBe(403);

    const v = await voucher({ code: 'Spring-26', all_seminars: false, seminar_ids: [s.id], total_cap: 3 });
    const taken = await admin.post('/api/admin/vouchers', { code: 'SPRING-26', kind: 'amount', value: 100 });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors.code).toEqual([
      'Dieser Code wird schon von einem anderen Gutschein verwendet.',
    ]);
    const bad = await admin.post('/api/admin/vouchers', {
      code: 'x',
      kind: 'percent',
      value: 120,
      all_seminars: false,
      valid_from: '2026-05-01T00:00:00Z',
      valid_to: '2026-04-01T00:00:00Z',
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['code', 'seminar_ids', 'valid_to', 'value']);
    const unknownSeminar = await admin.post('/api/admin/vouchers', {
      code: 'GHOST1',
      kind: 'percent',
      value: 10,
      all_seminars: false,
      seminar_ids: [999_999],
    });
    expect(unknownSeminar.statusCode).toBe(422);

    const edited = await admin.put(`/api/admin/vouchers/${v.id}`, {
      code: 'spring-26',
      kind: 'amount',
      value: 5000,
      all_seminars: false,
      seminar_ids: [s.id],
      per_user_cap: 1,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      code: 'spring-26',
      kind: 'amount',
      value: 5000,
      total_cap: null,
      per_user_cap: 1,
      seminars: [{ id: s.id, title: s.title }],
      redeemed: 0,
      held: 0,
    });
    const off = await admin.patch(`/api/admin/vouchers/${v.id}/active`, { active: false });
    expect(off.json().active).toBe(false);
    const list = (await admin.get('/api/admin/vouchers')).json();
    expect(list.data.find((x: { id: number }) => x.id === v.id)).toMatchObject({ active: false });

    // redeemed once: deletion refused, deactivation is the way
    const used = await voucher({ code: 'USED-ONCE', value: 100 });
    await student().then(({ agent: a }) =>
      a.post('/api/booking/now', { seminarId: s.id, voucherCode: 'used-once' }),
    );
    const refused = await admin.delete(`/api/admin/vouchers/${used.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Dieser Gutschein wurde eingelöst und kann nicht gelöscht werden. Deaktivieren Sie ihn stattdessen.',
    );
    expect((await admin.get(`/api/admin/vouchers/${used.id}`)).json()).toMatchObject({
      redeemed: 1,
      held: 0,
    });
    const reds = (await admin.get(`/api/admin/vouchers/${used.id}/redemptions`)).json();
    expect(reds.total).toBe(1);
    expect(reds.data[0]).toMatchObject({ discount: PRICE, status: 'redeemed', seminar: { id: s.id } });
    expect((await admin.delete(`/api/admin/vouchers/${v.id}`)).statusCode).toBe(204);
    expect((await admin.get(`/api/admin/vouchers/${v.id}`)).statusCode).toBe(404);
    expect((await admin.delete(`/api/admin/vouchers/${v.id}`)).statusCode).toBe(404);
  });

  it('check: the discounted price before paying, and a clear reason for every refusal in both languages', async () => {
    const s = await seminar();
    const other = await seminar();
    const { agent } = await student('en');
    await voucher({ code: 'TENOFF', value: 10 });
    await voucher({ code: 'ONLY-OTHER', all_seminars: false, seminar_ids: [other.id] });
    await voucher({ code: 'LATER', valid_from: '2099-01-01T00:00:00Z' });
    await voucher({ code: 'GONE', valid_to: '2020-01-01T00:00:00Z' });
    await voucher({ code: 'OFF', active: false });
    const check = (code: string) => agent.post('/api/vouchers/check', { seminarId: s.id, code });

    const ok = await check('tenoff');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({
      code: 'tenoff',
      currency: 'CHF',
      price: PRICE,
      discount: 2000,
      discounted: 18_000,
      charged: 18_000,
    });
    const reasons: [string, string][] = [
      ['NOSUCH', 'This voucher code is unknown.'],
      ['ONLY-OTHER', 'This voucher is not valid for this seminar.'],
      ['LATER', 'This voucher is not valid yet.'],
      ['GONE', 'This voucher has expired.'],
      ['OFF', 'This voucher is no longer valid.'],
      ['a b', 'A voucher code has 3 to 40 letters, digits, “-” or “_”.'],
    ];
    for (const [code, message] of reasons) {
      const res = await check(code);
      expect(res.statusCode, code).toBe(422);
      expect(res.json().errors.code, code).toEqual([message]);
    }
    agent.lang = 'de';
    expect((await check('GONE')).json().errors.code).toEqual(['Dieser Gutschein ist abgelaufen.']);
    // the same reasons at the checkout itself, and nothing is asked of the provider
    mollie.reset();
    const res = await agent.post('/api/booking/now', { seminarId: s.id, voucherCode: 'ONLY-OTHER' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.voucherCode).toEqual(['Dieser Gutschein gilt nicht für dieses Seminar.']);
    expect(mollie.calls.create).toBe(0);
    expect(
      (await t.agent().post('/api/vouchers/check', { seminarId: s.id, code: 'TENOFF' })).statusCode,
    ).toBe(401);
  });

  it('a discounted payment: Mollie charges the discounted amount; the invoice shows the voucher line', async () => {
    const s = await seminar();
    const { user, agent } = await student();
    const v = await voucher({ code: 'QUARTER', value: 25 });
    mollie.reset();
    const res = await agent.post('/api/booking/now', { seminarId: s.id, voucherCode: 'Quarter' });
    expect(res.statusCode, res.body).toBe(201);
    expect(mollie.creates[0]!.body).toMatchObject({ amount: { value: '150.00', currency: 'CHF' } });
    expect((await redemptions(v.id)).map((r) => r.status)).toEqual(['held']);
    const payment = mollie.last();
    mollie.setStatus(payment.id, 'paid');
    expect((await webhook(payment.id)).statusCode).toBe(200);
    expect((await redemptions(v.id)).map((r) => r.status)).toEqual(['redeemed']);

    const [invoice] = await db().select().from(invoices).where(eq(invoices.bookingId, res.json().bookingId));
    expect(invoice).toMatchObject({ grossTotal: 15_000, netTotal: 13_876, vatTotal: 1124 });
    const lines = await db().select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoice!.id));
    expect(lines.map((l) => [l.description, l.net, l.vat, l.gross])).toEqual([
      [`Seminar: ${s.title}`, 18_501, 1499, 20_000],
      ['Gutschein Quarter', -4625, -375, -5000],
    ]);
    for (const l of lines) expect(l.net + l.vat).toBe(l.gross);
    const text = await pdfText((await agent.get(`/api/invoices/${invoice!.id}/pdf`)).rawPayload);
    for (const s2 of ['Gutschein Quarter', '-50.00', '-46.25', '200.00', '150.00', user.email]) {
      expect(text, s2).toContain(s2);
    }
  });

  it('a 100 % voucher books without any call to the payment provider, with an invoice of 0', async () => {
    const s = await seminar();
    const { user, agent } = await student('en');
    await voucher({ code: 'FREE-FULL', value: 100 });
    mollie.reset();
    const res = await agent.post('/api/booking/now', { seminarId: s.id, voucherCode: 'free-full' });
    expect(res.statusCode, res.body).toBe(201);
    const { bookingId, checkoutUrl } = res.json();
    expect(checkoutUrl).toBe(`${t.config.appUrl}/en/payment/mollie/redirect?bookingId=${bookingId}`);
    expect(mollie.calls).toEqual({ create: 0, get: 0 });
    expect(mollie.creates).toHaveLength(0);
    const [booking] = await db().select().from(bookings).where(eq(bookings.id, bookingId));
    expect(booking).toMatchObject({ status: 'paid', price: PRICE });
    const grants = await db()
      .select()
      .from(enrolments)
      .where(and(eq(enrolments.userId, user.id), eq(enrolments.seminarId, s.id)));
    expect(grants).toHaveLength(1);
    const status = (await agent.get(`/api/payments/booking/${bookingId}`)).json();
    expect(status).toMatchObject({ status: 'paid', payments: [{ amount: 0, status: 'paid' }] });
    const [invoice] = await db().select().from(invoices).where(eq(invoices.bookingId, bookingId));
    expect(invoice).toMatchObject({ grossTotal: 0, netTotal: 0, vatTotal: 0, locale: 'en' });
    const text = await pdfText((await agent.get(`/api/invoices/${invoice!.id}/pdf`)).rawPayload);
    expect(text).toContain('Voucher free-full');
    expect(text).toContain('-200.00');
    // booked: a second use is refused as a booking, not a voucher matter
    expect(
      (await agent.post('/api/booking/now', { seminarId: s.id, voucherCode: 'free-full' })).statusCode,
    ).toBe(409);
    expect(mollie.calls).toEqual({ create: 0, get: 0 });
  });

  it('a payment that ends unpaid releases its redemption; the per-user cap counts held ones', async () => {
    const s = await seminar();
    const s2 = await seminar();
    const v = await voucher({ code: 'ONE-ONLY', value: 10, total_cap: 1 });
    const a = await student();
    const b = await student('en');
    mollie.reset();
    expect(
      (await a.agent.post('/api/booking/now', { seminarId: s.id, voucherCode: 'ONE-ONLY' })).statusCode,
    ).toBe(201);
    const used = await b.agent.post('/api/booking/now', { seminarId: s.id, voucherCode: 'ONE-ONLY' });
    expect(used.statusCode).toBe(422);
    expect(used.json().errors.voucherCode).toEqual(['This voucher has been used up.']);
    const first = mollie.last();
    mollie.setStatus(first.id, 'canceled');
    expect((await webhook(first.id)).statusCode).toBe(200);
    expect((await redemptions(v.id)).map((r) => r.status)).toEqual(['released']);
    expect(
      (await b.agent.post('/api/booking/now', { seminarId: s.id, voucherCode: 'ONE-ONLY' })).statusCode,
    ).toBe(201);

    await voucher({ code: 'ONCE-EACH', value: 10, per_user_cap: 1 });
    const c = await student();
    expect(
      (await c.agent.post('/api/booking/now', { seminarId: s.id, voucherCode: 'ONCE-EACH' })).statusCode,
    ).toBe(201);
    const again = await c.agent.post('/api/booking/now', { seminarId: s2.id, voucherCode: 'ONCE-EACH' });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.voucherCode).toEqual([
      'Sie haben diesen Gutschein schon so oft eingelöst wie erlaubt.',
    ]);
    // an open checkout of the full price is not silently reused for a voucher
    const d = await student();
    expect((await d.agent.post('/api/booking/now', { seminarId: s2.id })).statusCode).toBe(201);
    await voucher({ code: 'LATE-ONE', value: 10 });
    const open = await d.agent.post('/api/booking/now', { seminarId: s2.id, voucherCode: 'LATE-ONE' });
    expect(open.statusCode).toBe(409);
    expect(open.json().code).toBe('voucher.checkout_open');
  });

  it('caps under concurrency: 12 buyers at once against a total cap of 5, exactly 5 succeed', async () => {
    const s = await seminar();
    const v = await voucher({ code: 'RUSH-5', value: 40, total_cap: 5 });
    const full = await voucher({ code: 'RUSH-FULL', value: 100, total_cap: 3 });
    const buyers = await Promise.all(Array.from({ length: 12 }, () => student()));
    const codes = await Promise.all(
      buyers.map((b, i) =>
        b.agent.post('/api/booking/now', { seminarId: s.id, voucherCode: i % 2 ? 'RUSH-5' : 'RUSH-FULL' }),
      ),
    );
    const statuses = codes.map((r) => r.statusCode);
    expect(statuses.filter((c) => c === 201)).toHaveLength(8);
    expect(statuses.filter((c) => c === 422)).toHaveLength(4);
    expect(await redemptions(v.id)).toHaveLength(5);
    expect(await redemptions(full.id)).toHaveLength(3);
  });
});
