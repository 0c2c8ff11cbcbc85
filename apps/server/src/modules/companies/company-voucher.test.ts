import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyBookings, invoiceLines, invoices, voucherRedemptions } from '../../db/schema/index.ts';
import type { Agent, TestApp } from '../../test/build-test-app.ts';
import { type Commerce, startCommerce } from '../../test/commerce.ts';
import type { seminarFixtures } from '../../test/fixtures.ts';
import type { MollieServer } from '../../test/mollie-server.ts';
import { pdfText } from '../../test/pdf.ts';

const PRICE = 20_000;

/**
 * Vouchers on company purchases by card (issue 38 item 5): a manager's checkout for the company
 * takes a code with the same validity and caps as a person's; a 100 % voucher books without a
 * provider call; the company's invoice shows the voucher line (real Mollie client against the
 * local Mollie-compatible server).
 */
describe('vouchers on company purchases', () => {
  let c: Commerce;
  let t: TestApp;
  let fx: ReturnType<typeof seminarFixtures>;
  let mollie: MollieServer;
  let admin: Agent;
  let manager: Agent;
  let company: { id: number; name: string };
  let trainerId: number;
  let n = 0;

  beforeAll(async () => {
    c = await startCommerce({
      seller: { legal_name: 'Gutschein AG', address: 'Weg 1\n8000 Zürich', qr_iban: null },
    });
    ({ t, fx, admin, trainerId } = c);
    mollie = c.mollie!;
    company = await t.make.company(`Gutscheinfirma AG ${Date.now()}`);
    const m = await t.make.user({ scopes: ['corporateTraining'] });
    await t.make.member(company.id, m.id, true);
    manager = await t.loginAs(m.email);
  });
  afterAll(() => c.close());
  const db = () => t.app.database.db;

  const seminar = () => fx.seminar(trainerId, { price: PRICE, title: `Firmengutschein ${++n}` });
  async function voucher(body: Record<string, unknown>) {
    const res = await admin.post('/api/admin/vouchers', { kind: 'percent', value: 50, ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; code: string };
  }
  const book = (seminarId: number, extra: Record<string, unknown> = {}) =>
    manager.post('/api/companies/booking/now', { seminarId, companyId: company.id, ...extra });
  const companyHolds = async (seminarId: number) => {
    const [row] = await db()
      .select()
      .from(companyBookings)
      .where(and(eq(companyBookings.companyId, company.id), eq(companyBookings.seminarId, seminarId)));
    return row?.status === 'paid';
  };
  const invoiceOf = async (bookingId: number) => {
    const [invoice] = await db().select().from(invoices).where(eq(invoices.bookingId, bookingId));
    const lines = await db().select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoice!.id));
    return { invoice: invoice!, lines: lines.map((l) => [l.description, l.gross]) };
  };

  it('a 100 % voucher books for the company without any provider call; the invoice totals 0', async () => {
    const s = await seminar();
    const v = await voucher({ code: 'FIRMA-FREE', value: 100 });
    mollie.reset();
    const res = await book(s.id, { voucherCode: 'firma-free', reference: 'PO-100' });
    expect(res.statusCode, res.body).toBe(201);
    const { bookingId, checkoutUrl } = res.json();
    expect(checkoutUrl).toBe(`${t.config.appUrl}/payment/mollie/redirect?bookingId=${bookingId}`);
    expect(mollie.calls).toEqual({ create: 0, get: 0 });
    expect(await companyHolds(s.id)).toBe(true);
    const redeemed = await db()
      .select()
      .from(voucherRedemptions)
      .where(eq(voucherRedemptions.voucherId, v.id));
    expect(redeemed.map((r) => r.status)).toEqual(['redeemed']);
    const { invoice, lines } = await invoiceOf(bookingId);
    expect(invoice).toMatchObject({ grossTotal: 0, companyId: company.id, state: 'paid' });
    expect(invoice.buyer).toMatchObject({ company: company.name, reference: 'PO-100' });
    expect(lines).toEqual([
      [`Seminar: ${s.title}`, PRICE],
      ['Gutschein firma-free', -PRICE],
    ]);
  });

  it('a partial voucher: Mollie charges the discounted amount; the paid company invoice shows the voucher line', async () => {
    const s = await seminar();
    await voucher({ code: 'FIRMA-QUARTER', value: 25 });
    mollie.reset();
    const res = await book(s.id, { voucherCode: 'FIRMA-QUARTER' });
    expect(res.statusCode, res.body).toBe(201);
    expect(mollie.creates[0]!.body).toMatchObject({ amount: { value: '150.00', currency: 'CHF' } });
    expect(await companyHolds(s.id)).toBe(false);
    const payment = mollie.last();
    mollie.setStatus(payment.id, 'paid');
    expect((await c.webhook(payment.id)).statusCode).toBe(200);
    expect(await companyHolds(s.id)).toBe(true);
    const { invoice, lines } = await invoiceOf(res.json().bookingId);
    expect(invoice).toMatchObject({ grossTotal: 15_000, companyId: company.id });
    expect(lines).toEqual([
      [`Seminar: ${s.title}`, PRICE],
      ['Gutschein FIRMA-QUARTER', -5000],
    ]);
    const text = await pdfText((await manager.get(`/api/invoices/${invoice.id}/pdf`)).rawPayload);
    for (const part of ['Gutschein FIRMA-QUARTER', '-50.00', '150.00', company.name]) {
      expect(text, part).toContain(part);
    }
  });

  it('the same validity and caps: the per-user cap counts the manager; refusals at voucherCode in both languages', async () => {
    const [a, b, other] = [await seminar(), await seminar(), await seminar()];
    await voucher({ code: 'FIRMA-ONCE', value: 100, per_user_cap: 1 });
    await voucher({ code: 'FIRMA-OTHER', all_seminars: false, seminar_ids: [other.id] });
    await voucher({ code: 'FIRMA-GONE', valid_to: '2020-01-01T00:00:00Z' });
    expect((await book(a.id, { voucherCode: 'FIRMA-ONCE' })).statusCode).toBe(201);
    mollie.reset();
    const refusals: [string, number, string, string][] = [
      ['FIRMA-ONCE', b.id, 'so oft eingelöst', 'as often as'],
      ['FIRMA-OTHER', b.id, 'gilt nicht für dieses Seminar', 'not valid for this seminar'],
      ['FIRMA-GONE', b.id, 'abgelaufen', 'expired'],
      ['NO-SUCH-CODE', b.id, 'unbekannt', 'unknown'],
    ];
    for (const [code, seminarId, de, en] of refusals) {
      const res = await book(seminarId, { voucherCode: code });
      expect(res.statusCode, code).toBe(422);
      expect(res.json().errors.voucherCode.join(' '), code).toContain(de);
      const resEn = await manager.post(
        '/api/companies/booking/now',
        { seminarId, companyId: company.id, voucherCode: code },
        { headers: { 'accept-language': 'en' } },
      );
      expect(resEn.json().errors.voucherCode.join(' '), code).toContain(en);
    }
    expect(mollie.calls.create).toBe(0);
    expect(await companyHolds(b.id)).toBe(false);
  });
});
