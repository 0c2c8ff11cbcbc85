import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, invoiceLines, invoices } from '../../db/schema/index.ts';
import { type Agent, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { seminarFixtures } from '../../test/fixtures.ts';
import { pdfText } from '../../test/pdf.ts';
import { createInvoicesService } from './invoices.service.ts';

const SELLER = {
  legal_name: 'Seminarhaus Muster AG',
  address: 'Bahnhofstrasse 1\n8001 Zürich\nSchweiz',
  vat_number: 'CHE-123.456.788 MWST',
  vat_rate: 8.1,
  prices_include_vat: true,
  iban: 'CH93 0076 2011 6238 5295 7',
  qr_iban: 'CH44 3199 9123 0008 8901 2',
  footer_de: 'Danke für Ihr Vertrauen.',
  footer_en: 'Thank you for your trust.',
  payment_terms_days: 30,
  payment_terms_de: 'Zahlbar innert 30 Tagen.',
  payment_terms_en: 'Payable within 30 days.',
};

/** Seller settings, invoices of paid bookings, PDFs, lists and the export (issue 38). */
describe('invoices', () => {
  let t: TestApp;
  let fx: ReturnType<typeof seminarFixtures>;
  let admin: Agent;
  let trainerId: number;
  let n = 0;

  beforeAll(async () => {
    t = await buildTestApp({ rateLimitFactor: 100 });
    fx = seminarFixtures(t.app);
    trainerId = (await t.make.user({ scopes: ['trainer'] })).id;
    const a = await t.make.user({ scopes: ['admin'] });
    admin = await t.loginAs(a.email);
  });
  afterAll(() => t.close());
  const db = () => t.app.database.db;

  /** books and pays a priced seminar through the built-in test checkout; the invoice row */
  async function paidBooking(agent: Agent, price: number, company?: { id: number; reference?: string }) {
    n++;
    const seminar = await fx.seminar(trainerId, { price, title: `Rechnungsseminar ${n}` });
    const res = company
      ? await agent.post('/api/companies/booking/now', {
          seminarId: seminar.id,
          companyId: company.id,
          ...(company.reference ? { reference: company.reference } : {}),
        })
      : await agent.post('/api/booking/now', { seminarId: seminar.id });
    expect(res.statusCode, res.body).toBe(201);
    const { checkoutUrl, bookingId } = res.json();
    const paid = await agent.post(`/api/payments/test-checkout/${checkoutUrl.split('/').pop()}`, {
      action: 'paid',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const [row] = await db().select().from(invoices).where(eq(invoices.bookingId, bookingId));
    return { seminar, bookingId, invoice: row! };
  }

  it('seller settings: admins only; a valid body is saved in its printed form and audited', async () => {
    expect((await t.agent().get('/api/admin/seller')).statusCode).toBe(401);
    const student = await t.loginAs((await t.make.user()).email);
    expect((await student.get('/api/admin/seller')).statusCode).toBe(403);
    expect((await student.put('/api/admin/seller', SELLER)).statusCode).toBe(403);
    const before = (await admin.get('/api/admin/seller')).json();
    expect(before).toMatchObject({ configured: false, legal_name: '', updated_at: null });

    const res = await admin.put('/api/admin/seller', { ...SELLER, vat_number: 'che 123456788 mwst' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      configured: true,
      vat_number: 'CHE-123.456.788 MWST',
      vat_rate: 8.1,
      iban: 'CH9300762011623852957',
      qr_iban: 'CH4431999123000889012',
    });
    expect((await admin.get('/api/admin/seller')).json().legal_name).toBe(SELLER.legal_name);
    const audit = await db().select().from(auditLog).where(eq(auditLog.action, 'seller.updated'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ targetType: 'seller', targetLabel: SELLER.legal_name });
    // a German VAT ID with its check digit
    const de = await admin.put('/api/admin/seller', { ...SELLER, vat_number: 'DE136695976' });
    expect(de.json().vat_number).toBe('DE136695976');
    expect((await admin.put('/api/admin/seller', SELLER)).statusCode).toBe(200);
  });

  const rejections: [string, Record<string, unknown>, string, string][] = [
    ['legal_name', { legal_name: ' ' }, 'Dieses Feld ist erforderlich.', 'This field is required.'],
    ['address', { address: '' }, 'Dieses Feld ist erforderlich.', 'This field is required.'],
    ['vat_number', { vat_number: 'CHE-123.456.789 MWST' }, 'Prüfziffer', 'check digit'],
    ['vat_number', { vat_number: 'DE136695977' }, 'USt-IdNr.', 'German VAT ID'],
    ['vat_number', { vat_number: 'ATU12345678' }, 'CHE-123.456.789 MWST', 'CHE-123.456.789 MWST'],
    ['vat_rate', { vat_rate: 8.125 }, '2 Nachkommastellen', '2 decimals'],
    ['vat_rate', { vat_rate: 101 }, 'zwischen 0 und 100', 'between 0 and 100'],
    ['vat_rate', { vat_rate: -1 }, 'zwischen 0 und 100', 'between 0 and 100'],
    ['iban', { iban: 'CH93 0076 2011 6238 5295 8' }, 'Prüfziffer', 'check digits'],
    ['iban', { iban: 'CH93 0076 2011 6238 5295' }, 'Länge', 'length'],
    ['iban', { iban: 'CH44 3199 9123 0008 8901 2' }, 'QR-IBAN', 'QR-IBAN'],
    ['qr_iban', { qr_iban: 'CH93 0076 2011 6238 5295 7' }, '30000 bis 31999', '30000 to 31999'],
    ['qr_iban', { qr_iban: 'DE89 3704 0044 0532 0130 00' }, 'Liechtensteiner', 'Liechtenstein'],
    ['payment_terms_days', { payment_terms_days: 366 }, 'höchstens 365', 'at most 365'],
    ['payment_terms_days', { payment_terms_days: 1.5 }, 'ganze Zahl', 'whole number'],
    ['footer_de', { footer_de: 'x'.repeat(1001) }, 'höchstens 1000', 'at most 1000'],
  ];
  it.each(rejections)(
    'seller settings: %s %j is refused with 422 and a message in both languages',
    async (field, change, de, en) => {
      const body = { ...SELLER, ...change };
      const res = await admin.put('/api/admin/seller', body);
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual([field]);
      expect(res.json().errors[field].join(' ')).toContain(de);
      const resEn = await admin.put('/api/admin/seller', body, { headers: { 'accept-language': 'en' } });
      expect(resEn.json().errors[field].join(' ')).toContain(en);
      // nothing saved
      expect((await admin.get('/api/admin/seller')).json().vat_number).toBe(SELLER.vat_number);
    },
  );

  it('a paid booking gets its invoice in the same transaction: number, seller, buyer, VAT included', async () => {
    const user = await t.make.user({ locale: 'de', email: `rechnung${Date.now()}@example.com` });
    const agent = await t.loginAs(user.email);
    const { invoice, seminar } = await paidBooking(agent, 10_800);
    const year = new Date().getUTCFullYear();
    expect(invoice.number).toMatch(new RegExp(`^${year}-\\d{6}$`));
    expect(invoice).toMatchObject({
      kind: 'invoice',
      state: 'paid',
      locale: 'de',
      currency: t.config.currency,
      grossTotal: 10_800,
      vatTotal: 809, // 108.00 × 8.1 / 108.1 = 8.0925… → 8.09
      netTotal: 9_991,
      rounding: 0,
      vatRateBp: 810,
      userId: user.id,
    });
    expect(invoice.seller).toMatchObject({ legal_name: SELLER.legal_name, vat_number: SELLER.vat_number });
    expect(invoice.buyer).toMatchObject({ email: user.email, company: null, reference: null });
    const lines = await db().select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoice.id));
    expect(lines).toMatchObject([
      {
        position: 1,
        seminarId: seminar.id,
        net: 9_991,
        vat: 809,
        gross: 10_800,
        description: `Seminar: ${seminar.title}`,
      },
    ]);

    const mine = (await agent.get('/api/me/invoices')).json();
    expect(mine.total).toBe(1);
    expect(mine.data[0]).toMatchObject({ number: invoice.number, gross_total: 10_800, vat_rate: 8.1 });

    const pdf = await agent.get(`/api/invoices/${invoice.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    for (const s of [
      'Rechnung',
      invoice.number,
      SELLER.legal_name,
      'CHE-123.456.788 MWST',
      'Rechnungsempfänger',
      user.email,
      `Seminar: ${seminar.title}`,
      '99.91',
      '8.09',
      '108.00',
      'MWST 8.1 %',
      'Bezahlt am',
      'Danke für Ihr Vertrauen.',
    ]) {
      expect(text, s).toContain(s);
    }
  });

  it('PDF in the buyer’s language; others get 404, admins every invoice', async () => {
    const user = await t.make.user({ locale: 'en' });
    const agent = await t.loginAs(user.email);
    const { invoice } = await paidBooking(agent, 5_000);
    const text = await pdfText((await agent.get(`/api/invoices/${invoice.id}/pdf`)).rawPayload);
    for (const s of [
      'Invoice',
      invoice.number,
      'Bill to',
      'VAT 8.1 %',
      'Paid on',
      'Thank you for your trust.',
    ]) {
      expect(text, s).toContain(s);
    }
    expect(text).not.toContain('Rechnungsempfänger');
    const other = await t.loginAs((await t.make.user()).email);
    expect((await other.get(`/api/invoices/${invoice.id}/pdf`)).statusCode).toBe(404);
    expect((await t.agent().get(`/api/invoices/${invoice.id}/pdf`)).statusCode).toBe(401);
    expect((await admin.get(`/api/invoices/${invoice.id}/pdf`)).statusCode).toBe(200);
    expect((await other.get('/api/invoices/99999999/pdf')).statusCode).toBe(404);
    expect((await other.get('/api/me/invoices')).json().total).toBe(0);
  });

  it('a company purchase: company name and reference on the invoice; its managers read it, employees do not', async () => {
    const company = await t.make.company(`Invoice AG ${Date.now()}`);
    const m = await t.make.user({ scopes: ['corporateTraining'] });
    const m2 = await t.make.user({ scopes: ['corporateTraining'] });
    const e = await t.make.user();
    await t.make.member(company.id, m.id, true);
    await t.make.member(company.id, m2.id, true);
    await t.make.member(company.id, e.id);
    const manager = await t.loginAs(m.email);
    const { invoice } = await paidBooking(manager, 20_000, { id: company.id, reference: 'PO-4711' });
    expect(invoice).toMatchObject({ companyId: company.id, userId: m.id });
    expect(invoice.buyer).toMatchObject({ company: company.name, reference: 'PO-4711' });
    const text = await pdfText((await manager.get(`/api/invoices/${invoice.id}/pdf`)).rawPayload);
    expect(text).toContain(company.name);
    expect(text).toContain('Ihre Referenz: PO-4711');
    // the other manager of the company reads it too, an employee does not
    const other = await t.loginAs(m2.email);
    expect((await other.get(`/api/invoices/${invoice.id}/pdf`)).statusCode).toBe(200);
    expect((await other.get('/api/me/invoices')).json().data.map((i: { id: number }) => i.id)).toContain(
      invoice.id,
    );
    const employee = await t.loginAs(e.email);
    expect((await employee.get(`/api/invoices/${invoice.id}/pdf`)).statusCode).toBe(404);
    // a reference longer than 64 characters is refused
    const seminar = await fx.seminar(trainerId, { price: 1000 });
    const long = await manager.post('/api/companies/booking/now', {
      seminarId: seminar.id,
      companyId: company.id,
      reference: 'x'.repeat(65),
    });
    expect(long.statusCode).toBe(422);
    expect(Object.keys(long.json().errors)).toEqual(['reference']);

    const list = (await admin.get(`/api/admin/invoices?company_id=${company.id}`)).json();
    expect(list.data.map((i: { number: string }) => i.number)).toEqual([invoice.number]);
  });

  it('net prices: the checkout charges the gross, CHF rounded to 0.05, the rounding on its own line', async () => {
    await admin.put('/api/admin/seller', { ...SELLER, prices_include_vat: false, vat_rate: 7.7 });
    try {
      const agent = await t.loginAs((await t.make.user()).email);
      // 99.90 net + 7.7 % = 7.6923 → 7.69 VAT = 107.59 → 107.60 payable in CHF
      const { invoice } = await paidBooking(agent, 9_990);
      const rounding = t.config.currency === 'CHF' ? 1 : 0;
      expect(invoice).toMatchObject({
        netTotal: 9_990,
        vatTotal: 769,
        rounding,
        grossTotal: 10_759 + rounding,
      });
      const [payment] = await db()
        .execute(sql`select amount from payments where id = ${invoice.paymentId}`)
        .then((r) => (r as unknown as { rows: { amount: number }[] }).rows);
      expect(payment?.amount).toBe(10_759 + rounding);
    } finally {
      await admin.put('/api/admin/seller', SELLER);
    }
  });

  it('admin list: filters by year and state, pages; export as .xlsx; others 403', async () => {
    const year = new Date().getUTCFullYear();
    const all = (await admin.get(`/api/admin/invoices?year=${year}&per_page=2`)).json();
    expect(all.total).toBeGreaterThanOrEqual(3);
    expect(all.data).toHaveLength(2);
    expect((await admin.get(`/api/admin/invoices?year=${year - 1}`)).json().total).toBe(0);
    expect((await admin.get('/api/admin/invoices?state=open')).json().total).toBe(0);
    expect((await admin.get('/api/admin/invoices?state=nope')).statusCode).toBe(422);
    const student = await t.loginAs((await t.make.user()).email);
    expect((await student.get('/api/admin/invoices')).statusCode).toBe(403);
    expect((await student.get('/api/admin/invoices/export')).statusCode).toBe(403);

    const res = await admin.get(`/api/admin/invoices/export?year=${year}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.name).toBe('Rechnungen');
    expect(sheet.getRow(1).getCell(1).value).toBe('Nummer');
    const numbers = (await db().select({ number: invoices.number }).from(invoices))
      .map((r) => r.number)
      .sort();
    const exported: string[] = [];
    sheet.eachRow((row, i) => {
      if (i > 1) exported.push(String(row.getCell(1).value));
    });
    expect(exported.sort()).toEqual(numbers);
  });

  it('credit note: numbered in a series of its own, references the invoice, never beyond its total', async () => {
    const agent = await t.loginAs((await t.make.user()).email);
    const { invoice } = await paidBooking(agent, 10_800);
    const service = createInvoicesService({
      db: db(),
      companyName: async () => null,
      log: t.app.log,
    });
    const note = await db().transaction((tx) =>
      service.issueCreditNote(tx, invoice.id, [{ description: 'Storno', gross: 5_400 }]),
    );
    expect(note).toMatchObject({
      kind: 'credit_note',
      creditsInvoiceId: invoice.id,
      grossTotal: 5_400,
      vatTotal: 405, // 54.00 × 8.1 / 108.1 = 4.046… → 4.05
      netTotal: 4_995,
      state: 'open',
      buyer: invoice.buyer,
    });
    expect(note.number).toMatch(new RegExp(`^GS-${invoice.year}-\\d{6}$`));
    expect(note.year).toBe(invoice.year);
    await expect(
      db().transaction((tx) => service.issueCreditNote(tx, invoice.id, [{ description: 'x', gross: 5_401 }])),
    ).rejects.toMatchObject({ status: 409 });
    await expect(
      db().transaction((tx) => service.issueCreditNote(tx, note.id, [{ description: 'x', gross: 1 }])),
    ).rejects.toMatchObject({ status: 404 });
    const text = await pdfText((await agent.get(`/api/invoices/${note.id}/pdf`)).rawPayload);
    expect(text).toContain('Gutschrift');
    expect(text).toContain(`Gutschrift zu Rechnung ${invoice.number}`);
  });

  it('immutable: the database refuses changes to an issued invoice and its lines, and deletes', async () => {
    const [row] = await db().select().from(invoices).limit(1);
    await expect(
      db().update(invoices).set({ grossTotal: 1 }).where(eq(invoices.id, row!.id)),
    ).rejects.toThrow();
    await expect(
      db().update(invoices).set({ state: 'open' }).where(eq(invoices.id, row!.id)),
    ).rejects.toThrow();
    await expect(db().delete(invoices).where(eq(invoices.id, row!.id))).rejects.toThrow();
    await expect(
      db().update(invoiceLines).set({ net: 1 }).where(eq(invoiceLines.invoiceId, row!.id)),
    ).rejects.toThrow();
    const [after] = await db().select().from(invoices).where(eq(invoices.id, row!.id));
    expect(after).toEqual(row);
  });
});
