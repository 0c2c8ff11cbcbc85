import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceLines, payments, voucherRedemptions } from '../../db/schema/index.ts';
import type { Agent, TestApp } from '../../test/build-test-app.ts';
import { type Commerce, startCommerce } from '../../test/commerce.ts';
import type { seminarFixtures } from '../../test/fixtures.ts';
import { decodeQrBill } from '../../test/qr-bill-decode.ts';

const PRICE = 20_000;
const en = { headers: { 'accept-language': 'en' } };

/**
 * Vouchers on company purchases by invoice (issue 38 item 5), through the API on PGlite and (with
 * TEST_DATABASE_URL) PostgreSQL: the open invoice shows the voucher line and asks (QR-bill) the
 * discounted total; the redemption is held while the invoice is open, redeemed when it is paid,
 * released when the open invoice is cancelled; the caps as on the card path; a 100 % voucher books
 * at once with an invoice of 0 issued paid; seat packages by invoice take one, by card not.
 */
describe('vouchers on company purchases by invoice', { timeout: 60_000 }, () => {
  let c: Commerce;
  let t: TestApp;
  let fx: ReturnType<typeof seminarFixtures>;
  let admin: Agent;
  let manager: Agent;
  let companyId: number;
  let trainerId: number;
  let n = 0;

  beforeAll(async () => {
    c = await startCommerce({
      mollie: false,
      seller: {
        legal_name: 'Gutschein Rechnung AG',
        address: 'Weg 1\n8000 Zürich',
        invoice_access: 'when_paid',
      },
    });
    ({ t, fx, admin, trainerId } = c);
    companyId = (await t.make.company(`Gutschein auf Rechnung AG ${Date.now()}`)).id;
    const m = await t.make.user({ scopes: ['corporateTraining'] });
    await t.make.member(companyId, m.id, true);
    manager = await t.loginAs(m.email);
    const on = await admin.put(`/api/admin/companies/${companyId}/pay-by-invoice`, { enabled: true });
    expect(on.statusCode).toBe(200);
  });
  afterAll(() => c.close());
  const db = () => t.app.database.db;

  const seminar = () => fx.seminar(trainerId, { price: PRICE, title: `Rechnungsgutschein ${++n}` });
  async function voucher(body: Record<string, unknown>) {
    const res = await admin.post('/api/admin/vouchers', { kind: 'percent', value: 50, ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; code: string };
  }
  const book = (seminarId: number, extra: Record<string, unknown> = {}, opts = {}) =>
    manager.post('/api/companies/booking/invoice', { seminarId, companyId, ...extra }, opts);
  const buySeats = (seminarId: number, extra: Record<string, unknown> = {}, opts = {}) =>
    manager.post(
      '/api/companies/seat-packages',
      { companyId, seminarId, seats: 3, months: 12, pay_by: 'invoice', ...extra },
      opts,
    );
  const linesOf = async (invoiceId: number) =>
    (await db().select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId))).map((l) => [
      l.description,
      l.gross,
    ]);
  const redemptions = async (voucherId: number) =>
    (await db().select().from(voucherRedemptions).where(eq(voucherRedemptions.voucherId, voucherId))).map(
      (r) => r.status,
    );
  const paymentOf = async (bookingId: number) =>
    (await db().select().from(payments).where(eq(payments.bookingId, bookingId)))[0]!;
  const companyHolds = async (seminarId: number) => {
    const rows = (await manager.get('/api/companies/seminars/booked')).json() as {
      seminar: { id: number };
      status: string;
    }[];
    return rows.some((r) => r.seminar.id === seminarId && r.status === 'paid');
  };

  it('a discounted booking by invoice: the voucher line, the discounted total on the QR-bill; redeemed when paid', async () => {
    const s = await seminar();
    const v = await voucher({ code: 'RECHNUNG-25', value: 25 });
    const res = await book(s.id, { voucherCode: 'rechnung-25', reference: 'PO-25' });
    expect(res.statusCode, res.body).toBe(201);
    const { invoice, granted, booking_id } = res.json();
    expect(granted).toBe(false);
    expect(invoice).toMatchObject({ state: 'open', gross_total: 15_000, company_id: companyId });
    expect(await linesOf(invoice.id)).toEqual([
      [`Seminar: ${s.title}`, PRICE],
      ['Gutschein rechnung-25', -5000],
    ]);
    expect(await paymentOf(booking_id)).toMatchObject({
      provider: 'invoice',
      status: 'open',
      amount: 15_000,
    });
    expect(await redemptions(v.id)).toEqual(['held']);
    const qr = await decodeQrBill((await manager.get(`/api/invoices/${invoice.id}/pdf`)).rawPayload);
    expect(qr![18]).toBe('150.00');
    expect(qr![28]).toBe(invoice.payment_reference);

    const paid = await admin.post(`/api/admin/invoices/${invoice.id}/paid`, {});
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await redemptions(v.id)).toEqual(['redeemed']);
    expect(await companyHolds(s.id)).toBe(true);
  });

  it('a discounted seat package by invoice: one line of 3 seats and the voucher line; by card refused at voucherCode', async () => {
    const s = await seminar();
    const v = await voucher({ code: 'SITZE-100', kind: 'amount', value: 10_000 });
    const res = await buySeats(s.id, { voucherCode: 'SITZE-100' });
    expect(res.statusCode, res.body).toBe(201);
    const { invoice } = res.json();
    expect(invoice).toMatchObject({ state: 'open', gross_total: 3 * PRICE - 10_000 });
    const lines = await linesOf(invoice.id);
    expect(lines[1]).toEqual(['Gutschein SITZE-100', -10_000]);
    expect(lines[0]![1]).toBe(3 * PRICE);
    expect(await paymentOf(invoice.booking_id)).toMatchObject({ amount: 3 * PRICE - 10_000 });
    expect(await redemptions(v.id)).toEqual(['held']);
    const qr = await decodeQrBill((await manager.get(`/api/invoices/${invoice.id}/pdf`)).rawPayload);
    expect(qr![18]).toBe('500.00');

    const card = await buySeats(s.id, { voucherCode: 'SITZE-100', pay_by: 'card' });
    expect(card.statusCode).toBe(422);
    expect(card.json().errors.voucherCode.join(' ')).toContain('nur beim Kauf auf Rechnung');
    const cardEn = await buySeats(s.id, { voucherCode: 'SITZE-100', pay_by: 'card' }, en);
    expect(cardEn.json().errors.voucherCode.join(' ')).toContain('only when bought by invoice');
  });

  it('the caps as on the card path (the manager counts); a cancelled open invoice releases its voucher', async () => {
    const [a, b, c] = [await seminar(), await seminar(), await seminar()];
    const v = await voucher({ code: 'EINMAL', total_cap: 1 });
    const first = await book(a.id, { voucherCode: 'EINMAL' });
    expect(first.statusCode, first.body).toBe(201);
    const used = await book(b.id, { voucherCode: 'EINMAL' });
    expect(used.statusCode).toBe(422);
    expect(used.json().errors.voucherCode.join(' ')).toContain('aufgebraucht');
    const usedEn = await book(b.id, { voucherCode: 'EINMAL' }, en);
    expect(usedEn.json().errors.voucherCode.join(' ')).toContain('used up');
    const seats = await buySeats(b.id, { voucherCode: 'EINMAL' });
    expect(seats.statusCode).toBe(422);
    expect((await paymentOf(first.json().booking_id)).status).toBe('open');

    await voucher({ code: 'JE-EINMAL', per_user_cap: 1 });
    expect((await book(b.id, { voucherCode: 'JE-EINMAL' })).statusCode).toBe(201);
    const own = await book(c.id, { voucherCode: 'JE-EINMAL' }, en);
    expect(own.statusCode).toBe(422);
    expect(own.json().errors.voucherCode.join(' ')).toContain('as often as allowed');

    // the open invoice cancelled in full (a credit note): the voucher counts no more
    const payment = await paymentOf(first.json().booking_id);
    const cancel = await admin.post(`/api/admin/payments/${payment.id}/refunds`, {});
    expect(cancel.statusCode, cancel.body).toBe(201);
    expect((await paymentOf(first.json().booking_id)).status).toBe('canceled');
    expect(await redemptions(v.id)).toEqual(['released']);
    expect((await book(c.id, { voucherCode: 'EINMAL' })).statusCode).toBe(201);
  });

  it('a 100 % voucher books at once: an invoice of 0 issued paid, no payment reference, redeemed', async () => {
    const s = await seminar();
    const v = await voucher({ code: 'GANZ-FREI', value: 100 });
    const res = await book(s.id, { voucherCode: 'GANZ-FREI', reference: 'PO-0' });
    expect(res.statusCode, res.body).toBe(201);
    const { invoice, granted, booking_id } = res.json();
    expect(granted).toBe(true);
    expect(invoice).toMatchObject({ state: 'paid', gross_total: 0, payment_reference: null, due_at: null });
    expect(await linesOf(invoice.id)).toEqual([
      [`Seminar: ${s.title}`, PRICE],
      ['Gutschein GANZ-FREI', -PRICE],
    ]);
    expect(await paymentOf(booking_id)).toMatchObject({ provider: 'voucher', status: 'paid', amount: 0 });
    expect(await redemptions(v.id)).toEqual(['redeemed']);
    expect(await companyHolds(s.id)).toBe(true);
    // a seat package paid in full: its seats usable at once
    const seats = await buySeats((await seminar()).id, { voucherCode: 'GANZ-FREI' });
    expect(seats.statusCode, seats.body).toBe(201);
    expect(seats.json().invoice).toMatchObject({ state: 'paid', gross_total: 0 });
    expect(seats.json().package).toMatchObject({ status: 'paid', seats: 3 });
  });
});
