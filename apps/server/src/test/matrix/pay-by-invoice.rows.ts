/**
 * Authorization matrix rows of pay by invoice (issue 38 item 3) and the company's postal address
 * on its invoices (issue 38; see ../matrix-kit.ts).
 */
import { eq } from 'drizzle-orm';
import { companies } from '../../db/schema/index.ts';
import { usersRepository } from '../../modules/users/users.repository.ts';
import { all, type Row, type World } from '../matrix-kit.ts';
import { managers } from './companies.rows.ts';

const adminOnly = (ok: number) => ({ ...all(403), guest: 401, admin: ok });

const CAMT = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08"><BkToCstmrDbtCdtNtfctn>
<GrpHdr><MsgId>M1</MsgId><CreDtTm>2026-11-29T06:00:00</CreDtTm></GrpHdr>
<Ntfctn><Id>N1</Id><CreDtTm>2026-11-29T06:00:00</CreDtTm><Acct><Id><IBAN>CH4431999123000889012</IBAN></Id></Acct>
<Ntry><Amt Ccy="CHF">10.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2026-11-28</Dt></BookgDt>
<NtryDtls><TxDtls><Amt Ccy="CHF">10.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><RmtInf><Strd><CdtrRefInf>
<Tp><CdOrPrtry><Prtry>QRR</Prtry></CdOrPrtry></Tp><Ref>000000000000000000000000000</Ref></CdtrRefInf></Strd></RmtInf>
</TxDtls></NtryDtls></Ntry></Ntfctn></BkToCstmrDbtCdtNtfctn></Document>`;

/** the company may buy by invoice (set directly: the matrix checks the routes, not this setting) */
const enable = (w: World) =>
  w.t.app.database.db.update(companies).set({ payByInvoice: true }).where(eq(companies.id, w.company.id));

/** the company's manager books a priced seminar by invoice: the open invoice's id */
async function openInvoice(w: World): Promise<number> {
  await enable(w);
  const seminar = await w.fx.seminar(w.ids.trainer, { price: 4900 });
  const buyer = await usersRepository.findById(w.t.app.database.db, w.ids.corporateTraining);
  const agent = await w.t.loginAs(buyer!.email);
  const res = await agent.post('/api/companies/booking/invoice', {
    seminarId: seminar.id,
    companyId: w.company.id,
  });
  if (res.statusCode !== 201) throw new Error(`booking by invoice failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { invoice: { id: number } }).invoice.id;
}

export const PAY_BY_INVOICE_ROWS: Row[] = [
  {
    method: 'GET',
    route: '/api/companies/:id/pay-by-invoice',
    prepare: async (w) => ({ url: `/api/companies/${w.company.id}/pay-by-invoice` }),
    expect: managers(200),
  },
  {
    method: 'PUT',
    route: '/api/admin/companies/:id/pay-by-invoice',
    prepare: async (w) => ({
      url: `/api/admin/companies/${w.company.id}/pay-by-invoice`,
      body: { enabled: true },
    }),
    expect: adminOnly(200),
  },
  {
    method: 'POST',
    route: '/api/companies/booking/invoice',
    prepare: async (w) => {
      await enable(w);
      return {
        body: { seminarId: (await w.fx.seminar(w.ids.trainer, { price: 5000 })).id, companyId: w.company.id },
      };
    },
    expect: managers(201),
  },
  {
    method: 'POST',
    route: '/api/admin/invoices/:id/paid',
    prepare: async (w) => ({ url: `/api/admin/invoices/${await openInvoice(w)}/paid`, body: {} }),
    expect: adminOnly(200),
  },
  {
    method: 'POST',
    route: '/api/admin/invoices/camt054/preview',
    body: { xml: CAMT },
    expect: adminOnly(200),
  },
  { method: 'POST', route: '/api/admin/invoices/camt054/apply', body: { xml: CAMT }, expect: adminOnly(200) },
  {
    method: 'GET',
    route: '/api/companies/:id/address',
    prepare: async (w) => ({ url: `/api/companies/${w.company.id}/address` }),
    expect: managers(200),
  },
  {
    method: 'PUT',
    route: '/api/companies/:id/address',
    prepare: async (w) => ({
      url: `/api/companies/${w.company.id}/address`,
      body: {
        street: 'Seestrasse',
        building_number: '5',
        postal_code: '8002',
        town: 'Zürich',
        country: 'CH',
      },
    }),
    expect: managers(200),
  },
];
