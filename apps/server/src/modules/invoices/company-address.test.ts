import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, companies } from '../../db/schema/index.ts';
import type { Agent, TestApp } from '../../test/build-test-app.ts';
import { type Commerce, startCommerce } from '../../test/commerce.ts';
import type { seminarFixtures } from '../../test/fixtures.ts';
import { pdfText } from '../../test/pdf.ts';
import { decodeQrBill } from '../../test/qr-bill-decode.ts';

const ADDRESS = {
  street: 'Seestrasse',
  building_number: '12a',
  postal_code: '8002',
  town: 'Zürich',
  country: 'ch',
};

/**
 * A company's postal address (issue 38): who may read and change it, its validation in both
 * languages, the buyer's address on the invoice and its PDF, the QR-bill's debtor (decoded and
 * checked against the SIX data structure), and that an issued invoice keeps the address it had.
 */
describe("a company's postal address on its invoices", () => {
  let c: Commerce;
  let t: TestApp;
  let fx: ReturnType<typeof seminarFixtures>;
  let admin: Agent;
  let manager: Agent;
  let employee: Agent;
  let otherManager: Agent;
  let company: { id: number; name: string };
  let trainerId: number;
  let n = 0;
  const url = () => `/api/companies/${company.id}/address`;

  beforeAll(async () => {
    c = await startCommerce({ mollie: false, seller: { invoice_access: 'when_paid' } });
    ({ t, fx, admin, trainerId } = c);
    company = await t.make.company(`Adresskunde AG ${Date.now()}`);
    const other = await t.make.company(`Andere AG ${Date.now()}`);
    const m = await t.make.user({ scopes: ['corporateTraining'] });
    const e = await t.make.user();
    const o = await t.make.user({ scopes: ['corporateTraining'] });
    await t.make.member(company.id, m.id, true);
    await t.make.member(company.id, e.id);
    await t.make.member(other.id, o.id, true);
    manager = await t.loginAs(m.email);
    employee = await t.loginAs(e.email);
    otherManager = await t.loginAs(o.email);
    expect(
      (await admin.put(`/api/admin/companies/${company.id}/pay-by-invoice`, { enabled: true })).statusCode,
    ).toBe(200);
  });
  afterAll(() => c.close());
  const db = () => t.app.database.db;

  /** the manager books a new seminar for the company by invoice: the open invoice */
  async function bookByInvoice(price = 10_000) {
    n++;
    const seminar = await fx.seminar(trainerId, { price, title: `Adresse ${n}` });
    const res = await manager.post('/api/companies/booking/invoice', {
      seminarId: seminar.id,
      companyId: company.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().invoice as { id: number; buyer: Record<string, unknown> };
  }
  const pdfOf = async (id: number) => (await manager.get(`/api/invoices/${id}/pdf`)).rawPayload;

  it('none at first; only its managers and admins read and change it (404 unknown company)', async () => {
    expect((await manager.get(url())).json()).toEqual({
      id: company.id,
      street: null,
      building_number: null,
      postal_code: null,
      town: null,
      country: null,
    });
    expect((await employee.get(url())).statusCode).toBe(403);
    expect((await employee.put(url(), ADDRESS)).statusCode).toBe(403);
    expect((await otherManager.get(url())).statusCode).toBe(403);
    expect((await otherManager.put(url(), ADDRESS)).statusCode).toBe(403);
    expect((await admin.get('/api/companies/99999999/address')).statusCode).toBe(404);
    expect((await admin.put('/api/companies/99999999/address', ADDRESS)).statusCode).toBe(404);
    expect((await manager.get(url())).json().postal_code).toBeNull();
  });

  const rejections: [string, Record<string, unknown>, string, string][] = [
    ['postal_code', { postal_code: '800' }, 'Schweizer Postleitzahl hat 4 Ziffern', 'Swiss postcode has 4'],
    ['postal_code', { postal_code: '0999' }, 'Schweizer Postleitzahl', 'Swiss postcode'],
    ['postal_code', { country: 'DE', postal_code: '8002' }, 'deutsche Postleitzahl hat 5', 'German postcode'],
    ['postal_code', { country: 'AT', postal_code: '10100' }, 'österreichische Postleitzahl', 'Austrian'],
    ['postal_code', { country: 'LI', postal_code: '8002' }, 'Liechtensteiner Postleitzahl', 'Liechtenstein'],
    ['postal_code', { country: 'FR', postal_code: '75*01' }, 'Ungültige Postleitzahl', 'Invalid postcode'],
    ['country', { country: 'XX' }, 'Unbekannter Ländercode', 'Unknown country code'],
    ['country', { country: 'CHE' }, 'höchstens 2 Zeichen', 'at most 2 characters'],
    ['town', { town: ' ' }, 'Postleitzahl, Ort und Land', 'postcode, a town and a country'],
    ['country', { country: null }, 'Postleitzahl, Ort und Land', 'postcode, a town and a country'],
    ['postal_code', { postal_code: '' }, 'Postleitzahl, Ort und Land', 'postcode, a town and a country'],
    ['street', { street: null }, 'Zur Hausnummer gehört eine Strasse', 'house number needs a street'],
    ['street', { street: 'x'.repeat(71) }, 'höchstens 70 Zeichen', 'at most 70 characters'],
    ['town', { town: 'x'.repeat(36) }, 'höchstens 35 Zeichen', 'at most 35 characters'],
    ['building_number', { building_number: 'x'.repeat(17) }, 'höchstens 16', 'at most 16'],
    ['street', { street: 5 }, 'ungültig', 'invalid'],
  ];
  it.each(rejections)(
    '%s %j is refused with 422 and a message in both languages',
    async (field, change, de, en) => {
      const body = { ...ADDRESS, ...change };
      const res = await manager.put(url(), body);
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual([field]);
      expect(res.json().errors[field].join(' ')).toContain(de);
      const resEn = await manager.put(url(), body, { headers: { 'accept-language': 'en' } });
      expect(resEn.json().errors[field].join(' ')).toContain(en);
      const [row] = await db().select().from(companies).where(eq(companies.id, company.id));
      expect(row?.addressPostalCode).toBeNull();
    },
  );

  it('other keys are refused (422); an empty address is accepted and changes nothing', async () => {
    const extra = await manager.put(url(), { ...ADDRESS, po_box: '12' });
    expect(extra.statusCode).toBe(422);
    const empty = await manager.put(url(), { street: ' ', town: '' });
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json()).toMatchObject({ street: null, town: null, country: null });
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'company.address'), eq(auditLog.targetId, company.id)));
    expect(audit).toHaveLength(0);
  });

  it('a company without an address: the invoice has none and the QR-bill no debtor', async () => {
    const inv = await bookByInvoice();
    expect(inv.buyer).toMatchObject({ company: company.name, address: null });
    const pdf = await pdfOf(inv.id);
    // the payment part's empty box for the payer's name and address
    expect(await pdfText(pdf)).toContain('Zahlbar durch (Name/Adresse)');
    const qr = (await decodeQrBill(pdf))!;
    expect(qr.slice(20, 27)).toEqual(['', '', '', '', '', '', '']);
  });

  it('the manager saves it (audited); invoices print it, the QR-bill names the company as debtor; issued ones keep theirs', async () => {
    const saved = await manager.put(url(), ADDRESS);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ id: company.id, ...ADDRESS, country: 'CH' });
    expect((await admin.get(url())).json()).toEqual(saved.json());
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'company.address'), eq(auditLog.targetId, company.id)));
    expect(audit).toMatchObject({
      targetType: 'company',
      targetLabel: company.name,
      before: { postal_code: null, town: null },
      after: { street: 'Seestrasse', postal_code: '8002', country: 'CH' },
    });

    const first = await bookByInvoice(20_000);
    expect(first.buyer).toMatchObject({
      company: company.name,
      address: 'Seestrasse 12a\n8002 Zürich\nSchweiz',
    });
    const pdf = await pdfOf(first.id);
    const text = await pdfText(pdf);
    expect(text).toContain('Seestrasse 12a');
    expect(text).toContain('8002 Zürich');
    // the payment part names the debtor (no empty box to fill in)
    expect(text).toContain('Zahlbar durch');
    expect(text).not.toContain('(Name/Adresse)');
    expect(text.split('Seestrasse 12a').length - 1).toBeGreaterThan(1);
    // SIX IG QR-bill v2.3 section 4.3: the debtor, a structured address (type S)
    const qr = (await decodeQrBill(pdf))!;
    expect(qr.slice(20, 27)).toEqual(['S', company.name, 'Seestrasse', '12a', '8002', 'Zürich', 'CH']);
    expect(qr[18]).toBe('200.00');

    // an admin changes it (a German address this time): the issued invoice keeps the old one
    const moved = { street: 'Friedrichstrasse 100', postal_code: '10117', town: 'Berlin', country: 'DE' };
    const put = await admin.put(url(), moved);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ ...moved, building_number: null });
    const mine = (await manager.get('/api/me/invoices?per_page=100')).json();
    const again = mine.data.find((i: { id: number }) => i.id === first.id);
    expect(again.buyer.address).toBe('Seestrasse 12a\n8002 Zürich\nSchweiz');
    const qrAgain = (await decodeQrBill(await pdfOf(first.id)))!;
    expect(qrAgain.slice(20, 27)).toEqual(qr.slice(20, 27));

    // the next invoice takes the new address; the number is part of the street line here
    const second = await bookByInvoice(5_000);
    expect(second.buyer.address).toBe('Friedrichstrasse 100\n10117 Berlin\nDeutschland');
    const qr2 = (await decodeQrBill(await pdfOf(second.id)))!;
    expect(qr2.slice(20, 27)).toEqual([
      'S',
      company.name,
      'Friedrichstrasse 100',
      '',
      '10117',
      'Berlin',
      'DE',
    ]);
  });

  it('an English buyer reads the country in English', async () => {
    const m = await t.make.user({ scopes: ['corporateTraining'], locale: 'en' });
    await t.make.member(company.id, m.id, true);
    const english = await t.loginAs(m.email);
    const seminar = await fx.seminar(trainerId, { price: 3_000, title: 'Address in English' });
    const res = await english.post('/api/companies/booking/invoice', {
      seminarId: seminar.id,
      companyId: company.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().invoice.buyer.address).toBe('Friedrichstrasse 100\n10117 Berlin\nGermany');
    const text = await pdfText((await english.get(`/api/invoices/${res.json().invoice.id}/pdf`)).rawPayload);
    expect(text).toContain('10117 Berlin');
    expect(text).toContain('Payable by');
    expect(text).not.toContain('(name/address)');
    expect(text).toContain('DE - 10117 Berlin');
  });
});
