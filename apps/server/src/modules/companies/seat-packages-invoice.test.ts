import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, invoiceLines, invoices, payments, seatPackages } from '../../db/schema/index.ts';
import type { Agent, TestApp } from '../../test/build-test-app.ts';
import { type Commerce, sellerSettings, startCommerce } from '../../test/commerce.ts';
import type { seminarFixtures } from '../../test/fixtures.ts';
import type { MollieServer } from '../../test/mollie-server.ts';
import { holdsSql } from '../enrolments/enrolments.sql.ts';

const SELLER = sellerSettings({ invoice_access: 'when_paid' });

const PRICE = 12_000;
const CAMT = readFileSync(new URL('../invoices/fixtures/camt054-v04.xml', import.meta.url), 'utf8');
/** a bank's camt.054 (V04) crediting `amount` (minor units) with the invoice's reference */
const camt = (amount: number, ref: string) =>
  CAMT.replace(/\{\{ACCOUNT\}\}/g, 'CH4431999123000889012')
    .replace(/\{\{AMOUNT\}\}/g, (amount / 100).toFixed(2))
    .replace(/\{\{REF\}\}/g, ref)
    .replace('<Cd>SCOR</Cd>', '<Prtry>QRR</Prtry>');

/**
 * Seat packages bought by invoice and refunds of purchases paid by invoice (issue 38 items 3, 4
 * and 6), through the API on PGlite and (with TEST_DATABASE_URL) PostgreSQL: the open invoice
 * (ONE line, N × the seat price), no Mollie call, seats usable when paid (camt.054, admin button)
 * or at once, the N+1st refused, a refund of one seat that ends exactly that employee's access
 * with a credit note, an open invoice cancelled by credit notes, and the refusal for a company
 * without pay by invoice.
 */
describe('seat packages by invoice', { timeout: 60_000 }, () => {
  let c: Commerce;
  let t: TestApp;
  let mollie: MollieServer;
  let fx: ReturnType<typeof seminarFixtures>;
  let trainerId: number;
  let companyId: number;
  let manager: Agent;
  let admin: Agent;
  let n = 0;

  beforeAll(async () => {
    c = await startCommerce({ seller: SELLER });
    ({ t, fx, admin, trainerId } = c);
    mollie = c.mollie!;
    companyId = (await t.make.company(`Sitze auf Rechnung AG ${Date.now()}`)).id;
    const m = await t.make.user({ scopes: ['corporateTraining'] });
    await t.make.member(companyId, m.id, true);
    manager = await t.loginAs(m.email);
  });
  afterAll(() => c.close());
  const db = () => t.app.database.db;
  const en = { headers: { 'accept-language': 'en' } };

  async function employees(count: number) {
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      const u = await t.make.user();
      await t.make.member(companyId, u.id);
      ids.push(u.id);
    }
    return ids;
  }
  const enable = async (enabled: boolean) =>
    expect(
      (await admin.put(`/api/admin/companies/${companyId}/pay-by-invoice`, { enabled })).statusCode,
    ).toBe(200);
  /** the manager buys `seats` of a new priced seminar by invoice */
  async function byInvoice(seats: number) {
    n++;
    const seminar = await fx.seminar(trainerId, { price: PRICE, title: `Sitze auf Rechnung ${n}` });
    const before = mollie.calls.create;
    const res = await manager.post('/api/companies/seat-packages', {
      companyId,
      seminarId: seminar.id,
      seats,
      months: 12,
      reference: `PO-${n}`,
      pay_by: 'invoice',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(mollie.calls.create).toBe(before); // no provider call
    const body = res.json();
    const [payment] = await db()
      .select()
      .from(payments)
      .where(eq(payments.bookingId, body.invoice.booking_id));
    return { seminarId: seminar.id, body, invoice: body.invoice, payment: payment! };
  }
  const assign = (seminarId: number, users: number[], opts = {}) =>
    manager.post('/api/companies/assign-seminar', { companyId, seminarId, users }, opts);
  const holds = async (userId: number, seminarId: number) => {
    const rows = await db().execute(sql`select ${holdsSql(sql`${seminarId}::int`, userId)} as held`);
    return !!(rows as unknown as { rows: { held: unknown }[] }).rows[0]?.held;
  };
  const pkgOf = async (seminarId: number) =>
    (await manager.get(`/api/companies/${companyId}/seat-packages?seminar_id=${seminarId}`)).json()[0];
  const refund = (paymentId: number, body: object, opts = {}) =>
    admin.post(`/api/admin/payments/${paymentId}/refunds`, body, opts);
  const invoiceRow = async (id: number) =>
    (await db().select().from(invoices).where(eq(invoices.id, id)))[0]!;

  it('a company without pay by invoice is refused like a booking by invoice (409 invoice.not_enabled)', async () => {
    const seminar = await fx.seminar(trainerId, { price: PRICE });
    const body = { companyId, seminarId: seminar.id, seats: 2, months: 12, pay_by: 'invoice' };
    const res = await manager.post('/api/companies/seat-packages', body);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'invoice.not_enabled',
      message: 'Zahlung auf Rechnung ist für diese Firma nicht freigeschaltet.',
    });
    const resEn = await manager.post('/api/companies/seat-packages', body, en);
    expect(resEn.json().message).toBe('Payment by invoice is not enabled for this company.');
    const none = await db().select().from(seatPackages).where(eq(seatPackages.seminarId, seminar.id));
    expect(none).toHaveLength(0);
    await enable(true);
  });

  it('"when paid": an open invoice of ONE line (5 × the seat price); seats usable once a camt.054 pays it; the 6th refused; one seat refunded ends exactly that access', async () => {
    const { seminarId, body, invoice, payment } = await byInvoice(5);
    expect(body.checkout).toBeNull();
    expect(body.package).toMatchObject({ status: 'pending', seats: 5, seats_left: 0 });
    expect(invoice).toMatchObject({ state: 'open', gross_total: 5 * PRICE, company_id: companyId });
    expect(invoice.payment_reference).toMatch(/^\d{27}$/);
    expect(invoice.lines).toHaveLength(1);
    const lines = await db().select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoice.id));
    expect(lines).toEqual([expect.objectContaining({ quantity: 5, gross: 5 * PRICE })]);
    expect(lines[0]!.description).toContain('5 Plätze');
    expect(payment).toMatchObject({ provider: 'invoice', status: 'open', amount: 5 * PRICE });
    const ids = await employees(6);
    // not paid yet: no seat to assign
    expect((await assign(seminarId, [ids[0]!])).statusCode).not.toBe(200);
    expect(await holds(ids[0]!, seminarId)).toBe(false);

    // the bank pays it: the camt.054 import marks the invoice paid and the package usable
    const applied = await admin.post('/api/admin/invoices/camt054/apply', {
      xml: camt(5 * PRICE, invoice.payment_reference),
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({ applied: 1, entries: [{ match: 'matched' }] });
    expect((await invoiceRow(invoice.id)).state).toBe('paid');
    expect(await pkgOf(seminarId)).toMatchObject({ status: 'paid', seats: 5, seats_left: 5 });
    expect((await assign(seminarId, ids.slice(0, 5))).statusCode).toBe(200);
    const sixth = await assign(seminarId, [ids[5]!], en);
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json()).toMatchObject({ code: 'seats.none_left' });
    expect(sixth.json().message).toContain('No seat left: 0 free');
    expect(await holds(ids[5]!, seminarId)).toBe(false);

    // one seat refunded: no Mollie call, a credit note on the invoice, that employee's access ends
    const form = (await admin.get(`/api/admin/payments/${payment.id}/refunds`)).json();
    expect(form).toMatchObject({ status: 'paid', remaining: 5 * PRICE, invoice_number: invoice.number });
    expect(form.seat_package).toMatchObject({ seats: 5, seat_price: PRICE });
    const before = mollie.refunds.calls.create;
    const unchosen = await refund(payment.id, { amount: PRICE });
    expect(unchosen.statusCode).toBe(409);
    expect(unchosen.json().code).toBe('seats.refund_choose');
    const res = await refund(payment.id, { amount: PRICE, seat_user_ids: [ids[2]] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ amount: PRICE, status: 'refunded', ends_grant: false });
    expect(res.json().credit_note_number).toMatch(/^GS-\d{4}-\d{6}$/);
    expect(mollie.refunds.calls.create).toBe(before);
    expect(await holds(ids[2]!, seminarId)).toBe(false);
    for (const id of [ids[0], ids[1], ids[3], ids[4]]) expect(await holds(id!, seminarId)).toBe(true);
    expect(await pkgOf(seminarId)).toMatchObject({ status: 'paid', seats: 4, seats_taken: 4, seats_left: 0 });
    const note = await invoiceRow(res.json().credit_note_id);
    expect(note).toMatchObject({
      kind: 'credit_note',
      creditsInvoiceId: invoice.id,
      grossTotal: PRICE,
      state: 'paid',
    });
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payment.refunded'), eq(auditLog.targetId, payment.id)));
    expect(audit?.after).toMatchObject({ amount: PRICE, ends_grant: false });
    // too much is refused with what is left
    const over = await refund(payment.id, { amount: 5 * PRICE });
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe('refund.exceeds');
  });

  it('"at once": the seats are usable before the invoice is paid; the admin marks it paid, nothing changes twice', async () => {
    await admin.put('/api/admin/seller', { ...SELLER, invoice_access: 'at_once' });
    try {
      const { seminarId, body, invoice } = await byInvoice(3);
      expect(body.package).toMatchObject({ status: 'paid', seats: 3, seats_left: 3 });
      expect(invoice.state).toBe('open');
      const ids = await employees(4);
      expect((await assign(seminarId, ids.slice(0, 3))).statusCode).toBe(200);
      expect((await assign(seminarId, [ids[3]!])).json().code).toBe('seats.none_left');
      const paid = await admin.post(`/api/admin/invoices/${invoice.id}/paid`, {});
      expect(paid.statusCode, paid.body).toBe(200);
      expect(await pkgOf(seminarId)).toMatchObject({ status: 'paid', seats: 3, seats_taken: 3 });
      for (const id of ids.slice(0, 3)) expect(await holds(id, seminarId)).toBe(true);
    } finally {
      await admin.put('/api/admin/seller', SELLER);
    }
  });

  it('an OPEN invoice is cancelled by credit notes: in part (the amount due drops), in full (closed, payment canceled)', async () => {
    const part = await byInvoice(4);
    const res = await refund(part.payment.id, { amount: PRICE });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'refunded', ends_grant: false });
    expect(await pkgOf(part.seminarId)).toMatchObject({ status: 'pending', seats: 3 });
    expect((await invoiceRow(part.invoice.id)).state).toBe('open');
    // the bank credits the printed total: a mismatch now; the amount due matches
    const printed = await admin.post('/api/admin/invoices/camt054/preview', {
      xml: camt(4 * PRICE, part.invoice.payment_reference),
    });
    expect(printed.json().entries[0].match).toBe('amount_mismatch');
    const due = await admin.post('/api/admin/invoices/camt054/apply', {
      xml: camt(3 * PRICE, part.invoice.payment_reference),
    });
    expect(due.json()).toMatchObject({ applied: 1 });
    expect(await pkgOf(part.seminarId)).toMatchObject({ status: 'paid', seats: 3, seats_left: 3 });

    const whole = await byInvoice(2);
    const all = await refund(whole.payment.id, {});
    expect(all.statusCode, all.body).toBe(201);
    expect(all.json()).toMatchObject({ amount: 2 * PRICE, ends_grant: true });
    expect(await invoiceRow(whole.invoice.id)).toMatchObject({ state: 'paid' });
    const [p] = await db().select().from(payments).where(eq(payments.id, whole.payment.id));
    expect(p?.status).toBe('canceled');
    expect(await pkgOf(whole.seminarId)).toMatchObject({ status: 'refunded', seats: 0 });
    const markPaid = await admin.post(`/api/admin/invoices/${whole.invoice.id}/paid`, {});
    expect(markPaid.statusCode).toBe(409);
    expect((await refund(whole.payment.id, {})).statusCode).toBe(409);
  });
});
