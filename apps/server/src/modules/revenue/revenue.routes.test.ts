import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, payments } from '../../db/schema/index.ts';
import { type Agent, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { seminarFixtures } from '../../test/fixtures.ts';
import { createInvoicesService } from '../invoices/invoices.service.ts';
import { zurichMonthOf } from './revenue.months.ts';

const SELLER = {
  legal_name: 'Seminarhaus Muster AG',
  address: 'Bahnhofstrasse 1\n8001 Zürich\nSchweiz',
  vat_number: 'CHE-123.456.788 MWST',
  vat_rate: 8.1,
  prices_include_vat: true,
  iban: 'CH93 0076 2011 6238 5295 7',
  qr_iban: 'CH44 3199 9123 0008 8901 2',
  footer_de: '',
  footer_en: '',
  payment_terms_days: 30,
  payment_terms_de: '',
  payment_terms_en: '',
};

/** month arithmetic on `YYYY-MM` */
const shift = (month: string, by: number) => {
  const i = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + by;
  return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
};

/**
 * The admins' revenue overview (issue 38 item 7): invoices made by the real checkout (test
 * provider), a refund through the real refund route (a settled credit note) and an open credit
 * note issued by the invoices service; grouped per month, seminar and company; the export.
 */
describe('revenue overview', () => {
  let t: TestApp;
  let admin: Agent;
  let companyId: number;
  let companyName: string;
  const seminarIds: number[] = [];
  const month = zurichMonthOf(new Date());

  /** books and pays a seminar through the test checkout; its payment id */
  async function buy(agent: Agent, seminarId: number, companyIdOf?: number) {
    const res = companyIdOf
      ? await agent.post('/api/companies/booking/now', { seminarId, companyId: companyIdOf })
      : await agent.post('/api/booking/now', { seminarId });
    expect(res.statusCode, res.body).toBe(201);
    const providerId = res.json().checkoutUrl.split('/').pop();
    const paid = await agent.post(`/api/payments/test-checkout/${providerId}`, { action: 'paid' });
    expect(paid.statusCode, paid.body).toBe(200);
    const [p] = await t.app.database.db.select().from(payments).where(eq(payments.providerId, providerId));
    return p!.id;
  }

  beforeAll(async () => {
    t = await buildTestApp({ rateLimitFactor: 100 });
    const fx = seminarFixtures(t.app);
    const trainer = await t.make.user({ scopes: ['trainer'] });
    admin = await t.loginAs((await t.make.user({ scopes: ['admin'] })).email);
    expect((await admin.put('/api/admin/seller', SELLER)).statusCode).toBe(200);
    const a = await fx.seminar(trainer.id, { price: 10_800, title: 'Umsatz A' });
    const b = await fx.seminar(trainer.id, { price: 21_620, title: 'Umsatz B' });
    seminarIds.push(a.id, b.id);
    companyName = `Umsatz AG ${Date.now()}`;
    const company = await t.make.company(companyName);
    companyId = company.id;
    const m = await t.make.user({ scopes: ['corporateTraining'] });
    await t.make.member(company.id, m.id, true);

    const buyer = await t.loginAs((await t.make.user()).email);
    const paymentA = await buy(buyer, a.id);
    await buy(await t.loginAs(m.email), b.id, company.id);
    // a refund of 20.00 of A: a credit note, settled at once by the test provider
    const refund = await admin.post(`/api/admin/payments/${paymentA}/refunds`, { amount: 2_000 });
    expect(refund.statusCode, refund.body).toBe(201);
    // an open credit note of 10.81 on B's invoice (issued, not yet paid out)
    const [invoiceB] = await t.app.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.companyId, company.id));
    const service = createInvoicesService({
      db: t.app.database.db,
      companyName: async () => null,
      log: t.app.log,
    });
    await t.app.database.db.transaction((tx) =>
      service.issueCreditNote(tx, invoiceB!.id, [{ description: 'Storno', gross: 1_081 }]),
    );
  });
  afterAll(() => t.close());

  it('per month by default (the last 12 months): paid and open, net, VAT, gross; credit notes subtract', async () => {
    const res = await admin.get('/api/admin/revenue');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ from: shift(month, -11), to: month, group: 'month' });
    // paid: 108.00 + 216.20 − 20.00 = 304.20 (VAT 8.1 % included); open: − 10.81
    const all = await t.app.database.db.select().from(invoices);
    const sum = (state: string, f: 'netTotal' | 'vatTotal') =>
      all
        .filter((r) => r.state === state)
        .reduce((acc, r) => acc + (r.kind === 'credit_note' ? -r[f] : r[f]), 0);
    const expected = {
      currency: 'CHF',
      paid: { gross: 30_420, vat: sum('paid', 'vatTotal'), net: sum('paid', 'netTotal') },
      open: { gross: -1_081, vat: -81, net: -1_000 },
      invoices: 2,
      credit_notes: 2,
    };
    expect(body.rows).toEqual([{ key: month, label: month, ...expected }]);
    expect(body.totals).toEqual([expected]);
  });

  it('per seminar and per company: the same totals, rows by name', async () => {
    const bySeminar = (await admin.get('/api/admin/revenue?group=seminar')).json();
    expect(bySeminar.rows.map((r: { key: string }) => r.key)).toEqual(seminarIds.map(String));
    expect(bySeminar.rows[0]).toMatchObject({ paid: { gross: 8_800 }, invoices: 1, credit_notes: 1 });
    expect(bySeminar.rows[1]).toMatchObject({ paid: { gross: 21_620 }, open: { gross: -1_081 } });
    const byCompany = (await admin.get('/api/admin/revenue?group=company')).json();
    expect(byCompany.rows).toMatchObject([
      { key: String(companyId), label: companyName, paid: { gross: 21_620 }, open: { gross: -1_081 } },
      { key: null, paid: { gross: 8_800 }, invoices: 1 },
    ]);
    expect(byCompany.totals).toEqual(bySeminar.totals);
  });

  it('a range before this month has nothing; a single month has all', async () => {
    const before = (
      await admin.get(`/api/admin/revenue?from=${shift(month, -3)}&to=${shift(month, -1)}`)
    ).json();
    expect(before).toMatchObject({ rows: [], totals: [] });
    const only = (await admin.get(`/api/admin/revenue?from=${month}&to=${month}`)).json();
    expect(only.totals[0].paid.gross).toBe(30_420);
  });

  it('refuses a start after the end (422, German and English)', async () => {
    const res = await admin.get(`/api/admin/revenue?from=${month}&to=${shift(month, -1)}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.from).toEqual(['Der Beginn muss vor dem Ende liegen oder gleich sein.']);
    const en = await admin.get(`/api/admin/revenue?from=${month}&to=${shift(month, -1)}`, {
      headers: { 'accept-language': 'en' },
    });
    expect(en.json().errors.from).toEqual(['The start must not be after the end.']);
  });

  it('refuses a range over 5 years (422); exactly 60 months are fine', async () => {
    const res = await admin.get('/api/admin/revenue?from=2020-01&to=2025-01');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.from).toEqual(['Der Zeitraum darf höchstens 5 Jahre (60 Monate) umfassen.']);
    expect((await admin.get('/api/admin/revenue?from=2020-01&to=2024-12')).statusCode).toBe(200);
    expect((await admin.get('/api/admin/revenue/export?from=2010-01&to=2025-01')).statusCode).toBe(422);
  });

  it('refuses an unknown grouping and a malformed month (422)', async () => {
    const group = await admin.get('/api/admin/revenue?group=year');
    expect(group.statusCode).toBe(422);
    expect(group.json().errors.group).toEqual(['Gruppierung: month (Monat), seminar oder company (Firma).']);
    const bad = await admin.get('/api/admin/revenue?from=2026-13');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.from).toEqual(['Bitte einen Monat im Format JJJJ-MM eingeben.']);
  });

  it('admins only', async () => {
    expect((await t.agent().get('/api/admin/revenue')).statusCode).toBe(401);
    const student = await t.loginAs((await t.make.user()).email);
    expect((await student.get('/api/admin/revenue')).statusCode).toBe(403);
    expect((await student.get('/api/admin/revenue/export')).statusCode).toBe(403);
  });

  it('exports the rows and totals as an .xlsx in the caller’s language', async () => {
    const res = await admin.get('/api/admin/revenue/export?group=seminar', {
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename=/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]?.slice(0, 5)).toEqual(['Seminar', 'Currency', 'Paid net', 'Paid VAT', 'Paid gross']);
    expect(rows).toHaveLength(4); // header, two seminars, the total
    const total = (await admin.get('/api/admin/revenue?group=seminar')).json().totals[0];
    expect(rows[3]).toEqual([
      'Total',
      'CHF',
      total.paid.net / 100,
      total.paid.vat / 100,
      304.2,
      -10,
      -0.81,
      -10.81,
      2,
      2,
    ]);
  });
});
