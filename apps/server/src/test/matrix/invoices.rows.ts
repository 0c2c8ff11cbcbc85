/** Authorization matrix rows of the seller settings and invoices (issue 38; see ../matrix-kit.ts). */
import { eq } from 'drizzle-orm';
import { invoices } from '../../db/schema/index.ts';
import { usersRepository } from '../../modules/users/users.repository.ts';
import { all, loggedIn, type Row, type World } from '../matrix-kit.ts';
import { managers } from './companies.rows.ts';

const adminOnly = (ok: number) => ({ ...all(403), guest: 401, admin: ok });

const SELLER = {
  legal_name: 'Matrix AG',
  address: 'Weg 1\n8000 Zürich',
  vat_number: 'CHE-123.456.788 MWST',
  vat_rate: 8.1,
  prices_include_vat: true,
  iban: 'CH93 0076 2011 6238 5295 7',
  qr_iban: null,
  payment_terms_days: 30,
};

/** the student buys and pays a priced seminar (test checkout): the invoice's id */
async function studentInvoice(w: World, companyId?: number): Promise<number> {
  const seminar = await w.fx.seminar(w.ids.trainer, { price: 4900 });
  const buyerId = companyId ? w.ids.corporateTraining : w.ids.student;
  const buyer = await usersRepository.findById(w.t.app.database.db, buyerId);
  const agent = await w.t.loginAs(buyer!.email);
  const res = companyId
    ? await agent.post('/api/companies/booking/now', { seminarId: seminar.id, companyId })
    : await agent.post('/api/booking/now', { seminarId: seminar.id });
  if (res.statusCode !== 201) throw new Error(`checkout failed: ${res.statusCode} ${res.body}`);
  const { bookingId, checkoutUrl } = res.json() as { bookingId: number; checkoutUrl: string };
  await agent.post(`/api/payments/test-checkout/${checkoutUrl.split('/').pop()}`, { action: 'paid' });
  const [row] = await w.t.app.database.db.select().from(invoices).where(eq(invoices.bookingId, bookingId));
  if (!row) throw new Error('no invoice issued');
  return row.id;
}

export const INVOICES_ROWS: Row[] = [
  { method: 'GET', route: '/api/admin/seller', expect: adminOnly(200) },
  { method: 'PUT', route: '/api/admin/seller', body: SELLER, expect: adminOnly(200) },
  { method: 'GET', route: '/api/admin/invoices', expect: adminOnly(200) },
  { method: 'GET', route: '/api/admin/invoices/export', expect: adminOnly(200) },
  { method: 'GET', route: '/api/me/invoices', expect: loggedIn(200) },
  // the buyer's own invoice: the buyer and admins; everyone else 404 (no hint that it exists)
  {
    method: 'GET',
    route: '/api/invoices/:id/pdf',
    prepare: async (w) => ({ url: `/api/invoices/${await studentInvoice(w)}/pdf` }),
    expect: { ...all(404), guest: 401, student: 200, admin: 200 },
  },
  // a company's invoice: its managers and admins
  {
    method: 'GET',
    route: '/api/invoices/:id/pdf',
    prepare: async (w) => ({ url: `/api/invoices/${await studentInvoice(w, w.company.id)}/pdf` }),
    expect: managers(200, 404),
  },
];
