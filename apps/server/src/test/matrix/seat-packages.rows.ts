/**
 * Authorization matrix rows of seat packages (issue 38 item 4; see ../matrix-kit.ts): the
 * company's managers and admins buy and list them; another company's manager is refused in
 * seat-packages.routes.test.ts (the matrix has one company).
 */
import { eq } from 'drizzle-orm';
import { companies } from '../../db/schema/index.ts';
import type { Row } from '../matrix-kit.ts';
import { managers } from './companies.rows.ts';

export const SEAT_PACKAGES_ROWS: Row[] = [
  {
    method: 'POST',
    route: '/api/companies/seat-packages',
    prepare: async (w) => ({
      body: {
        seminarId: (await w.fx.seminar(w.ids.trainer, { price: 5000 })).id,
        companyId: w.company.id,
        seats: 3,
        months: 12,
      },
    }),
    expect: managers(201),
  },
  {
    // by invoice (an open invoice with its QR-bill): the company has pay by invoice enabled
    method: 'POST',
    route: '/api/companies/seat-packages',
    prepare: async (w) => {
      const db = w.t.app.database.db;
      await db.update(companies).set({ payByInvoice: true }).where(eq(companies.id, w.company.id));
      return {
        body: {
          seminarId: (await w.fx.seminar(w.ids.trainer, { price: 5000 })).id,
          companyId: w.company.id,
          seats: 2,
          months: 6,
          pay_by: 'invoice',
        },
      };
    },
    expect: managers(201),
  },
  {
    method: 'GET',
    route: '/api/companies/:id/seat-packages',
    prepare: async (w) => ({ url: `/api/companies/${w.company.id}/seat-packages` }),
    expect: managers(200),
  },
];
