import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookings, enrolments, invoices, payments, refunds } from '../../db/schema/index.ts';
import type { Agent, TestApp } from '../../test/build-test-app.ts';
import { type Commerce, startCommerce } from '../../test/commerce.ts';
import type { seminarFixtures } from '../../test/fixtures.ts';
import type { MollieServer } from '../../test/mollie-server.ts';
import { pdfText } from '../../test/pdf.ts';

const PRICE = 10_800;

/**
 * Refunds (issue 38 item 6) through the real `@mollie/api-client` against the Mollie-compatible
 * server (test/mollie-server.ts, its Refunds API in test/mollie-refunds.ts): full, partial and
 * line refunds, the grant behind them, the credit note, the refund webhook and the rejections.
 */
describe('refunds with Mollie', () => {
  let c: Commerce;
  let t: TestApp;
  let fx: ReturnType<typeof seminarFixtures>;
  let mollie: MollieServer;
  let admin: Agent;
  let trainerId: number;
  let n = 0;

  beforeAll(async () => {
    c = await startCommerce({ seller: false });
    ({ t, fx, admin, trainerId } = c);
    mollie = c.mollie!;
  });
  afterAll(() => c.close());
  const db = () => t.app.database.db;
  const webhook = (id: string) => c.webhook(id);

  /** a buyer pays a priced seminar at the fake Mollie; our payment row and the agent */
  async function paid(locale: 'de' | 'en' = 'de', body: Record<string, unknown> = {}, agentOf?: Agent) {
    n++;
    const seminar = await fx.seminar(trainerId, { price: PRICE, title: `Erstattungsseminar ${n}` });
    const user = await t.make.user({ locale });
    const agent = agentOf ?? (await t.loginAs(user.email));
    const res = await agent.post(body.companyId ? '/api/companies/booking/now' : '/api/booking/now', {
      seminarId: seminar.id,
      ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
    const fake = mollie.last();
    mollie.setStatus(fake.id, 'paid');
    expect((await webhook(fake.id)).statusCode).toBe(200);
    const [payment] = await db().select().from(payments).where(eq(payments.providerId, fake.id));
    expect(payment?.status).toBe('paid');
    return { seminar, user, agent, payment: payment!, fake };
  }
  /** the grants through which the person holds the seminar (their sources) */
  const sources = async (userId: number, seminarId: number) =>
    (
      await db()
        .select({ source: enrolments.source })
        .from(enrolments)
        .where(and(eq(enrolments.userId, userId), eq(enrolments.seminarId, seminarId)))
    )
      .map((r) => r.source)
      .sort();
  const holds = async (userId: number, seminarId: number) => (await sources(userId, seminarId)).length > 0;
  const refund = (paymentId: number, body: object = {}, lang = 'de') =>
    admin.post(`/api/admin/payments/${paymentId}/refunds`, body, { headers: { 'accept-language': lang } });

  it('a full refund: Mollie refunds the amount, the grant ends, audited, a credit note in its own series', async () => {
    const { payment, user, seminar, fake, agent } = await paid('en');
    expect(await holds(user.id, seminar.id)).toBe(true);
    mollie.reset();
    const res = await refund(payment.id);
    expect(res.statusCode, res.body).toBe(201);
    const dto = res.json();
    expect(dto).toMatchObject({ payment_id: payment.id, amount: PRICE, status: 'pending', ends_grant: true });
    // through the real client: one create, the payment's amount, in its currency
    expect(mollie.refunds.calls.create).toBe(1);
    const [made] = mollie.refunds.of(fake.id);
    expect(made).toMatchObject({
      amount: { value: '108.00', currency: fake.amount.currency },
      status: 'pending',
    });
    // the grant ended, the booking says so, the booking page shows no play
    expect(await holds(user.id, seminar.id)).toBe(false);
    const [booking] = await db().select().from(bookings).where(eq(bookings.id, payment.bookingId));
    expect(booking?.status).toBe('refunded');
    expect((await agent.get(`/api/payments/booking/${payment.bookingId}`)).json().abilities.play).toBe(false);
    // audited
    const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, payment.id));
    expect(audit.filter((a) => a.action === 'payment.refunded')).toHaveLength(1);
    // the credit note: GS-year-number, references the invoice, open until the money is back
    const [invoice] = await db().select().from(invoices).where(eq(invoices.paymentId, payment.id));
    const [note] = await db().select().from(invoices).where(eq(invoices.id, dto.credit_note_id));
    expect(note).toMatchObject({
      kind: 'credit_note',
      creditsInvoiceId: invoice?.id,
      grossTotal: PRICE,
      state: 'open',
    });
    expect(note?.number).toMatch(/^GS-\d{4}-\d{6}$/);
    expect(dto.credit_note_number).toBe(note?.number);
    // its PDF in the buyer's language
    const pdf = await agent.get(`/api/invoices/${note!.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Credit note');
    expect(text).toContain(`Credit note for invoice ${invoice!.number}`);
    expect(text).toContain(`Refund for invoice ${invoice!.number}`);

    // the bank completes it: Mollie calls the payment's webhook; the refund and credit note follow
    mollie.refunds.setStatus(made!.id, 'refunded');
    expect((await webhook(fake.id)).statusCode).toBe(200);
    const list = (await admin.get(`/api/admin/payments/${payment.id}/refunds`)).json();
    expect(list).toMatchObject({ remaining: 0, refunds: [{ id: dto.id, status: 'refunded' }] });
    const [settled] = await db().select().from(invoices).where(eq(invoices.id, note!.id));
    expect(settled?.state).toBe('paid');
    // the buyer sees the refund and its credit note
    const own = (await agent.get('/api/payments/refunds')).json();
    expect(own.items).toMatchObject([
      { id: dto.id, status: 'refunded', credit_note_number: note!.number, seminar: { id: seminar.id } },
    ]);
    // a final status never changes again
    mollie.refunds.setStatus(made!.id, 'failed');
    await webhook(fake.id);
    const [row] = await db().select().from(refunds).where(eq(refunds.id, dto.id));
    expect(row?.status).toBe('refunded');
  });

  it('a partial amount keeps the grant; a second one up to the rest is allowed; more is refused', async () => {
    const { payment, user, seminar, fake } = await paid();
    const first = await refund(payment.id, { amount: 3_000 });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ amount: 3_000, ends_grant: false });
    expect(await holds(user.id, seminar.id)).toBe(true);
    // more than what is left: refused in both languages, Mollie not asked
    mollie.reset();
    const over = await refund(payment.id, { amount: PRICE - 3_000 + 1 });
    expect([over.statusCode, over.json().code]).toEqual([409, 'refund.exceeds']);
    expect(over.json().message).toContain('noch erstattet werden kann');
    expect(over.json().message).toContain('78.00');
    const overEn = await refund(payment.id, { amount: PRICE }, 'en');
    expect(overEn.json().message).toContain('larger than the amount left to refund');
    expect(mollie.refunds.calls.create).toBe(0);
    // the rest refunds everything: the grant ends
    const rest = await refund(payment.id, { amount: PRICE - 3_000 });
    expect(rest.json()).toMatchObject({ ends_grant: true });
    expect(await holds(user.id, seminar.id)).toBe(false);
    expect(mollie.refunds.of(fake.id).map((r) => r.amount.value)).toEqual(['30.00', '78.00']);
    const nothing = await refund(payment.id);
    expect([nothing.statusCode, nothing.json().code]).toEqual([409, 'refund.exceeds']);
  });

  it('a line refund ends the grant behind the line; a company grant of the same person stays', async () => {
    const company = await t.make.company();
    const manager = await t.make.user({ scopes: ['corporateTraining'] });
    await t.make.member(company.id, manager.id, true);
    const managerAgent = await t.loginAs(manager.email);
    const own = await paid();
    // the company buys the same seminar and assigns the person to it
    await t.make.member(company.id, own.user.id);
    const buy = await managerAgent.post('/api/companies/booking/now', {
      seminarId: own.seminar.id,
      companyId: company.id,
    });
    expect(buy.statusCode, buy.body).toBe(201);
    const companyPayment = mollie.last();
    mollie.setStatus(companyPayment.id, 'paid');
    await webhook(companyPayment.id);
    const assigned = await managerAgent.post('/api/companies/assign-seminar', {
      seminarId: own.seminar.id,
      companyId: company.id,
      users: [own.user.id],
    });
    expect(assigned.statusCode, assigned.body).toBeLessThan(300);
    expect(await sources(own.user.id, own.seminar.id)).toEqual(['company', 'purchase']);

    const lines = (await admin.get(`/api/admin/payments/${own.payment.id}/refunds`)).json().lines;
    expect(lines).toHaveLength(1);
    const res = await refund(own.payment.id, { line_id: lines[0].id });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ line_id: lines[0].id, amount: PRICE, ends_grant: true });
    // the purchase's grant ended; the company's stays, so the person still holds the seminar
    expect(await sources(own.user.id, own.seminar.id)).toEqual(['company']);
    expect(await holds(own.user.id, own.seminar.id)).toBe(true);
    // the manager's own company purchase is untouched
    const again = await refund(own.payment.id, { line_id: lines[0].id });
    expect([again.statusCode, again.json().code]).toEqual([409, 'refund.line_refunded']);
  });

  it('rejections: an unpaid payment, an unknown line, amount and line together, an unknown payment', async () => {
    n++;
    const seminar = await fx.seminar(trainerId, { price: PRICE, title: `Offen ${n}` });
    const buyer = await t.loginAs((await t.make.user()).email);
    expect((await buyer.post('/api/booking/now', { seminarId: seminar.id })).statusCode).toBe(201);
    const [open] = await db().select().from(payments).where(eq(payments.providerId, mollie.last().id));
    const unpaid = await refund(open!.id);
    expect([unpaid.statusCode, unpaid.json().code]).toEqual([409, 'refund.not_paid']);
    expect(unpaid.json().message).toBe('Nur eine bezahlte Zahlung kann zurückerstattet werden.');
    expect((await refund(open!.id, {}, 'en')).json().message).toBe('Only a paid payment can be refunded.');

    const { payment } = await paid();
    const line = await refund(payment.id, { line_id: 999_999 });
    expect(line.statusCode).toBe(422);
    expect(line.json().errors.line_id.join(' ')).toContain('gehört nicht zur Rechnung');
    const both = await refund(payment.id, { line_id: 1, amount: 100 }, 'en');
    expect(both.statusCode).toBe(422);
    expect(both.json().errors.amount.join(' ')).toContain('either an amount or a line');
    const negative = await refund(payment.id, { amount: -5 });
    expect(negative.statusCode).toBe(422);
    expect((await refund(99_999_999)).statusCode).toBe(404);
    // nothing was refunded by any of them
    expect(await db().select().from(refunds).where(eq(refunds.paymentId, payment.id))).toEqual([]);
  });

  it('the provider down: 503, nothing recorded, the refund can be asked again', async () => {
    const { payment } = await paid();
    mollie.fail(503);
    const res = await refund(payment.id);
    mollie.fail(null);
    expect([res.statusCode, res.json().code]).toEqual([503, 'payment.unavailable']);
    expect(await db().select().from(refunds).where(eq(refunds.paymentId, payment.id))).toEqual([]);
    expect((await refund(payment.id)).statusCode).toBe(201);
  });

  it('a refund while another one of the payment is being asked of Mollie is refused (refund.in_progress)', async () => {
    const { payment } = await paid();
    // the first request's placeholder, as it stands while Mollie is asked
    await db().insert(refunds).values({
      paymentId: payment.id,
      provider: 'mollie',
      providerId: 'creating:in-flight',
      amount: 1_000,
      currency: payment.currency,
      status: 'creating',
    });
    mollie.reset();
    const de = await refund(payment.id, { amount: 500 });
    expect([de.statusCode, de.json().code]).toEqual([409, 'refund.in_progress']);
    expect(de.json().message).toContain('wird gerade eine Rückerstattung ausgeführt');
    const en = await refund(payment.id, { amount: 500 }, 'en');
    expect(en.json().message).toContain('A refund of this payment is being made right now');
    expect(mollie.refunds.calls.create).toBe(0);
  });

  it('two refunds of the same payment at once: one is made, the other refused; Mollie asked once', async () => {
    const { payment, fake } = await paid();
    mollie.reset();
    const answers = await Promise.all([refund(payment.id), refund(payment.id)]);
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, 409]);
    const refused = answers.find((a) => a.statusCode === 409)!.json();
    expect(['refund.in_progress', 'refund.exceeds']).toContain(refused.code);
    expect(mollie.refunds.of(fake.id)).toHaveLength(1);
    expect(mollie.refunds.calls.create).toBe(1);
    const rows = await db().select().from(refunds).where(eq(refunds.paymentId, payment.id));
    expect(rows).toHaveLength(1);
    const notes = await db().select().from(invoices).where(eq(invoices.paymentId, payment.id));
    expect(notes.filter((i) => i.kind === 'credit_note')).toHaveLength(1);
  });
});
