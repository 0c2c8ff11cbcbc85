import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, companyBookings, invoices } from '../../db/schema/index.ts';
import { type Agent, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { seminarFixtures } from '../../test/fixtures.ts';
import { parseCamt054 } from './camt054.ts';
import { qrReference } from './payment-reference.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const fill = (xml: string, values: Record<string, string>) =>
  xml.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? `{{${k}}}`);

const SELLER = {
  legal_name: 'Seminarhaus Muster AG',
  address: 'Bahnhofstrasse 1\n8001 Zürich\nSchweiz',
  vat_rate: 8.1,
  prices_include_vat: true,
  iban: 'CH93 0076 2011 6238 5295 7',
  qr_iban: 'CH44 3199 9123 0008 8901 2',
  payment_terms_days: 30,
};

describe('camt.054 parser', () => {
  it('reads the booked credits of a V08 file: a batch as its transactions, debits and pending entries left out', () => {
    const n = parseCamt054(
      fill(fixture('camt054-v08.xml'), {
        ACCOUNT: 'CH4431999123000889012',
        REF_A: '21 00000 00003 13947 14300 09017',
        REF_B: qrReference(2),
        REF_C: qrReference(3),
        REF_UNKNOWN: qrReference(4),
      }),
    );
    expect(n.version).toBe('camt.054.001.08');
    expect(n.credits).toEqual([
      {
        bankReference: '2026112800123451-1',
        bookedOn: '2026-11-28',
        amount: 20_000,
        currency: 'CHF',
        reference: '210000000003139471430009017',
        debtor: 'Kunde Eins AG',
      },
      expect.objectContaining({ amount: 15_000, reference: qrReference(2), debtor: 'Kunde Zwei GmbH' }),
      expect.objectContaining({
        amount: 10_000,
        reference: qrReference(4),
        bankReference: '2026112800123452-2',
      }),
      expect.objectContaining({ amount: 10_000, reference: qrReference(3) }),
    ]);
  });

  it('reads V04 (status code, AmtDtls, debtor without Pty) and refuses what is not camt.054', () => {
    const n = parseCamt054(
      fill(fixture('camt054-v04.xml'), {
        ACCOUNT: 'CH9300762011623852957',
        AMOUNT: '1234.5',
        REF: 'RF18 5390 0754 7034',
      }),
    );
    expect(n.version).toBe('camt.054.001.04');
    expect(n.credits).toEqual([
      {
        bankReference: '2026112900999001-1',
        bookedOn: '2026-11-29',
        amount: 123_450,
        currency: 'CHF',
        reference: 'RF18539007547034',
        debtor: 'Kunde Vier AG',
      },
    ]);
    expect(() => parseCamt054('<Document><x></Document>')).toThrow();
    expect(() =>
      parseCamt054(
        '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt/></Document>',
      ),
    ).toThrow();
    expect(() =>
      parseCamt054(
        '<!DOCTYPE x [<!ENTITY a "b">]><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08"/>',
      ),
    ).toThrow();
  });
});

/** the import through the API: preview, apply in one transaction, a second import changes nothing */
describe('camt.054 import', () => {
  let t: TestApp;
  let fx: ReturnType<typeof seminarFixtures>;
  let admin: Agent;
  let manager: Agent;
  let companyId: number;
  let trainerId: number;

  beforeAll(async () => {
    t = await buildTestApp({ rateLimitFactor: 100 });
    fx = seminarFixtures(t.app);
    trainerId = (await t.make.user({ scopes: ['trainer'] })).id;
    admin = await t.loginAs((await t.make.user({ scopes: ['admin'] })).email);
    companyId = (await t.make.company(`Bankkunde AG ${Date.now()}`)).id;
    const m = await t.make.user({ scopes: ['corporateTraining'] });
    await t.make.member(companyId, m.id, true);
    manager = await t.loginAs(m.email);
    expect((await admin.put('/api/admin/seller', SELLER)).statusCode).toBe(200);
    expect(
      (await admin.put(`/api/admin/companies/${companyId}/pay-by-invoice`, { enabled: true })).statusCode,
    ).toBe(200);
  });
  afterAll(() => t.close());
  const db = () => t.app.database.db;

  async function openInvoice(price: number) {
    const seminar = await fx.seminar(trainerId, { price });
    const res = await manager.post('/api/companies/booking/invoice', { seminarId: seminar.id, companyId });
    expect(res.statusCode, res.body).toBe(201);
    return { seminarId: seminar.id, ...res.json().invoice } as {
      seminarId: number;
      id: number;
      number: string;
      payment_reference: string;
    };
  }
  const holds = async (seminarId: number) =>
    (
      await db()
        .select()
        .from(companyBookings)
        .where(and(eq(companyBookings.companyId, companyId), eq(companyBookings.seminarId, seminarId)))
    )[0]?.status === 'paid';

  it('previews, applies the matches in one go, and a second import of the file changes nothing', async () => {
    const [a, b, c] = [await openInvoice(20_000), await openInvoice(15_000), await openInvoice(12_000)];
    const xml = fill(fixture('camt054-v08.xml'), {
      ACCOUNT: 'CH4431999123000889012',
      REF_A: a.payment_reference.replace(/(\d{2})(\d{5})(\d{5})(\d{5})(\d{5})(\d{5})/, '$1 $2 $3 $4 $5 $6'),
      REF_B: b.payment_reference,
      REF_C: c.payment_reference,
      REF_UNKNOWN: qrReference(999_999_999),
    });
    const preview = await admin.post('/api/admin/invoices/camt054/preview', { xml });
    expect(preview.statusCode, preview.body).toBe(200);
    const p = preview.json();
    expect(p.version).toBe('camt.054.001.08');
    expect(p.applied).toBe(0);
    expect(
      p.entries.map((e: { match: string; invoice: { id: number } | null }) => [
        e.match,
        e.invoice?.id ?? null,
      ]),
    ).toEqual([
      ['matched', a.id],
      ['matched', b.id],
      ['unmatched', null],
      ['amount_mismatch', c.id],
    ]);
    // nothing changed by the preview
    expect(await holds(a.seminarId)).toBe(false);

    const applied = await admin.post('/api/admin/invoices/camt054/apply', { xml });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().applied).toBe(2);
    const rows = await db().select().from(invoices).where(eq(invoices.companyId, companyId));
    const state = new Map(rows.map((r) => [r.id, r.state]));
    expect([state.get(a.id), state.get(b.id), state.get(c.id)]).toEqual(['paid', 'paid', 'open']);
    expect([await holds(a.seminarId), await holds(b.seminarId), await holds(c.seminarId)]).toEqual([
      true,
      true,
      false,
    ]);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'invoice.paid'), eq(auditLog.targetId, a.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toMatchObject({ via: 'camt054', bankReference: '2026112800123451-1' });

    // the same file again: both already paid, nothing applied
    const again = (await admin.post('/api/admin/invoices/camt054/apply', { xml })).json();
    expect(again.applied).toBe(0);
    expect(again.entries.map((e: { match: string }) => e.match)).toEqual([
      'already_paid',
      'already_paid',
      'unmatched',
      'amount_mismatch',
    ]);
  });

  it('refuses what is not a camt.054 (422 at xml), and callers who are not admins', async () => {
    for (const xml of [
      '<Document><broken></Document>',
      '<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"/>',
    ]) {
      const res = await admin.post('/api/admin/invoices/camt054/preview', { xml });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'invoice.camt_invalid' });
      expect(res.json().errors.xml[0]).toContain('camt.054');
    }
    const empty = await admin.post('/api/admin/invoices/camt054/apply', { xml: '' });
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors)).toEqual(['xml']);
    expect((await admin.post('/api/admin/invoices/camt054/apply', { xml: 'x', more: 1 })).statusCode).toBe(
      422,
    );
    expect((await manager.post('/api/admin/invoices/camt054/preview', { xml: 'x' })).statusCode).toBe(403);
    expect((await t.agent().post('/api/admin/invoices/camt054/apply', { xml: 'x' })).statusCode).toBe(401);
  });
});
