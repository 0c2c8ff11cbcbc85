import { and, eq } from 'drizzle-orm';
import { isQRReferenceValid, isSCORReferenceValid } from 'swissqrbill/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookings, companyBookings, invoices, payments } from '../../db/schema/index.ts';
import type { Agent, TestApp } from '../../test/build-test-app.ts';
import { type Commerce, sellerSettings, startCommerce } from '../../test/commerce.ts';
import type { seminarFixtures } from '../../test/fixtures.ts';
import { pdfText } from '../../test/pdf.ts';
import { decodeQrBill } from '../../test/qr-bill-decode.ts';

const SELLER = sellerSettings({
  payment_terms_de: 'Zahlbar innert 30 Tagen.',
  payment_terms_en: 'Payable within 30 days.',
  invoice_access: 'when_paid',
});

/**
 * Pay by invoice (issue 38 item 3): the admin's company setting, a company booking on account with
 * an open invoice and its Swiss QR-bill (decoded and checked field by field against the Swiss QR
 * Code data structure of SIX's implementation guidelines), marking it paid, grants.
 */
describe('pay by invoice', () => {
  let c: Commerce;
  let t: TestApp;
  let fx: ReturnType<typeof seminarFixtures>;
  let admin: Agent;
  let manager: Agent;
  let employee: Agent;
  let company: { id: number; name: string };
  let trainerId: number;
  let n = 0;

  beforeAll(async () => {
    c = await startCommerce({ mollie: false, seller: SELLER });
    ({ t, fx, admin, trainerId } = c);
    company = await t.make.company(`Rechnungskunde AG ${Date.now()}`);
    const m = await t.make.user({ scopes: ['corporateTraining'] });
    const e = await t.make.user();
    await t.make.member(company.id, m.id, true);
    await t.make.member(company.id, e.id);
    manager = await t.loginAs(m.email);
    employee = await t.loginAs(e.email);
  });
  afterAll(() => c.close());
  const db = () => t.app.database.db;

  /** the manager books a new seminar of `price` for the company by invoice */
  async function bookByInvoice(price: number, reference?: string) {
    n++;
    const seminar = await fx.seminar(trainerId, { price, title: `Auf Rechnung ${n}` });
    const res = await manager.post('/api/companies/booking/invoice', {
      seminarId: seminar.id,
      companyId: company.id,
      ...(reference ? { reference } : {}),
    });
    expect(res.statusCode, res.body).toBe(201);
    return { seminar, ...res.json() };
  }
  const companyHolds = async (seminarId: number) => {
    const [row] = await db()
      .select()
      .from(companyBookings)
      .where(and(eq(companyBookings.companyId, company.id), eq(companyBookings.seminarId, seminarId)));
    return row?.status === 'paid';
  };

  it('an admin enables it per company (audited); until then a manager is refused', async () => {
    const url = `/api/admin/companies/${company.id}/pay-by-invoice`;
    expect((await manager.get(`/api/companies/${company.id}/pay-by-invoice`)).json()).toEqual({
      id: company.id,
      pay_by_invoice: false,
    });
    const seminar = await fx.seminar(trainerId, { price: 5000 });
    const refused = await manager.post('/api/companies/booking/invoice', {
      seminarId: seminar.id,
      companyId: company.id,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'invoice.not_enabled',
      message: 'Zahlung auf Rechnung ist für diese Firma nicht freigeschaltet.',
    });
    expect((await manager.put(url, { enabled: true })).statusCode).toBe(403);
    expect((await employee.get(`/api/companies/${company.id}/pay-by-invoice`)).statusCode).toBe(403);
    expect(
      (await admin.put('/api/admin/companies/99999999/pay-by-invoice', { enabled: true })).statusCode,
    ).toBe(404);
    const bad = await admin.put(url, { enabled: 'yes' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['enabled']);
    expect((await admin.put(url, { enabled: true, extra: 1 })).statusCode).toBe(422);

    const res = await admin.put(url, { enabled: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: company.id, pay_by_invoice: true });
    const audit = await db().select().from(auditLog).where(eq(auditLog.action, 'company.pay_by_invoice'));
    expect(audit.at(-1)).toMatchObject({ targetId: company.id, after: { pay_by_invoice: true } });
  });

  it('"when paid": an open invoice with a QR reference and a QR-bill; granted once an admin marks it paid', async () => {
    const booked = await bookByInvoice(20_000, 'PO-77');
    expect(booked.granted).toBe(false);
    const inv = booked.invoice;
    expect(inv).toMatchObject({
      state: 'open',
      gross_total: 20_000,
      currency: 'CHF',
      company_id: company.id,
    });
    expect(inv.buyer).toMatchObject({ company: company.name, reference: 'PO-77' });
    expect(inv.payment_reference).toMatch(/^\d{27}$/);
    expect(isQRReferenceValid(inv.payment_reference)).toBe(true);
    expect(Date.parse(inv.due_at) - Date.parse(inv.issued_at)).toBe(30 * 86_400_000);
    expect(await companyHolds(booked.seminar.id)).toBe(false);
    // a second purchase while the invoice is open: refused
    const again = await manager.post('/api/companies/booking/invoice', {
      seminarId: booked.seminar.id,
      companyId: company.id,
    });
    expect(again.statusCode).toBe(409);

    // the PDF: payment part and receipt, read back with pdf.js; the QR code decoded
    const pdf = (await manager.get(`/api/invoices/${inv.id}/pdf`)).rawPayload;
    const text = await pdfText(pdf);
    expect(text).toContain('Zahlteil');
    expect(text).toContain('Empfangsschein');
    expect(text).toContain('Ihre Referenz: PO-77');
    expect(text).toContain(`Zahlungsreferenz: ${inv.payment_reference}`);
    const qr = await decodeQrBill(pdf);
    expect(qr).not.toBeNull();
    const f = qr!;
    // Swiss QR Code data structure (SIX IG QR-bill v2.3, section 4.3): header, creditor (structured
    // address), ultimate creditor (empty), amount, debtor (empty: none), reference, message, trailer
    expect(f.slice(0, 3)).toEqual(['SPC', '0200', '1']);
    expect(f[3]).toBe('CH4431999123000889012');
    expect(f.slice(4, 11)).toEqual([
      'S',
      'Seminarhaus Muster AG',
      'Bahnhofstrasse',
      '1',
      '8001',
      'Zürich',
      'CH',
    ]);
    expect(f.slice(11, 18)).toEqual(['', '', '', '', '', '', '']);
    expect(f[18]).toBe('200.00');
    expect(f[19]).toBe('CHF');
    expect(f.slice(20, 27).every((v) => v === '')).toBe(true);
    expect(f[27]).toBe('QRR');
    expect(f[28]).toBe(inv.payment_reference);
    expect(f[29]).toBe(`Rechnung ${inv.number}`);
    expect(f[30]).toBe('EPD');

    // marking paid: admins only; the booking is granted; audited; a second time 409
    const url = `/api/admin/invoices/${inv.id}/paid`;
    expect((await manager.post(url, {})).statusCode).toBe(403);
    const paid = await admin.post(url, {});
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ id: inv.id, state: 'paid' });
    expect(await companyHolds(booked.seminar.id)).toBe(true);
    const twice = await admin.post(url, {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({
      code: 'invoice.already_paid',
      message: 'Diese Rechnung ist bereits bezahlt.',
    });
    expect((await admin.post('/api/admin/invoices/99999999/paid', {})).statusCode).toBe(404);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'invoice.paid'), eq(auditLog.targetId, inv.id)));
    expect(audit).toMatchObject({ targetType: 'invoice', targetLabel: inv.number, after: { via: 'manual' } });
    // a paid invoice's PDF carries no payment part any more
    expect(await pdfText((await manager.get(`/api/invoices/${inv.id}/pdf`)).rawPayload)).not.toContain(
      'Zahlteil',
    );
  });

  it('"at once" with an IBAN only: granted when booked, a creditor reference (SCOR) on the QR-bill', async () => {
    const put = await admin.put('/api/admin/seller', { ...SELLER, qr_iban: null, invoice_access: 'at_once' });
    expect(put.json()).toMatchObject({ invoice_access: 'at_once', qr_iban: null });
    try {
      const booked = await bookByInvoice(12_345);
      expect(booked.granted).toBe(true);
      expect(await companyHolds(booked.seminar.id)).toBe(true);
      const ref = booked.invoice.payment_reference;
      expect(ref).toMatch(/^RF\d{2}\d+$/);
      expect(isSCORReferenceValid(ref)).toBe(true);
      const qr = (await decodeQrBill(
        (
          await manager.get(`/api/invoices/${booked.invoice.id}/pdf`)
        ).rawPayload,
      ))!;
      expect(qr[3]).toBe('CH9300762011623852957');
      expect(qr[18]).toBe('123.45');
      expect(qr.slice(27, 29)).toEqual(['SCOR', ref]);
      expect(qr[30]).toBe('EPD');
      // paid later: nothing is granted twice, the invoice becomes paid
      expect((await admin.post(`/api/admin/invoices/${booked.invoice.id}/paid`, {})).statusCode).toBe(200);
      const [row] = await db().select().from(invoices).where(eq(invoices.id, booked.invoice.id));
      expect(row?.state).toBe('paid');
    } finally {
      await admin.put('/api/admin/seller', SELLER);
    }
  });

  it('refunding a booking paid by invoice asks no provider: refunded at once, a settled credit note, the booking refunded', async () => {
    const booked = await bookByInvoice(8000);
    expect((await admin.post(`/api/admin/invoices/${booked.invoice.id}/paid`, {})).statusCode).toBe(200);
    const [payment] = await db().select().from(payments).where(eq(payments.bookingId, booked.booking_id));
    expect(payment).toMatchObject({ provider: 'invoice', status: 'paid', amount: 8000 });
    const url = `/api/admin/payments/${payment!.id}/refunds`;
    expect((await manager.post(url, {})).statusCode).toBe(403);
    const res = await admin.post(url, {});
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ amount: 8000, status: 'refunded', ends_grant: true });
    const [note] = await db().select().from(invoices).where(eq(invoices.id, res.json().credit_note_id));
    expect(note).toMatchObject({ kind: 'credit_note', creditsInvoiceId: booked.invoice.id, state: 'paid' });
    const [booking] = await db().select().from(bookings).where(eq(bookings.id, booked.booking_id));
    expect(booking?.status).toBe('refunded');
    const again = await admin.post(url, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('refund.exceeds');
  });

  it('the payment reference is immutable like the rest of an issued invoice', async () => {
    const booked = await bookByInvoice(3000);
    await expect(
      db()
        .update(invoices)
        .set({ paymentReference: '000000000000000000000000000' })
        .where(eq(invoices.id, booked.invoice.id)),
    ).rejects.toThrow();
  });
});
