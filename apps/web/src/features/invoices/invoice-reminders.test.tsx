import type { InvoiceDto } from '@elearn/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paginatorOf } from '@/testing/fixtures';
import { renderApp, users } from '@/testing/test-utils';

const open = (id: number, reminders: InvoiceDto['reminders']): InvoiceDto => ({
  id,
  number: `2026-00001${id}`,
  kind: 'invoice',
  credits_number: null,
  state: 'open',
  currency: 'CHF',
  net_total: 45_328,
  vat_total: 3_672,
  rounding: 0,
  gross_total: 49_000,
  vat_rate: 8.1,
  issued_at: '2026-10-01T09:00:00.000Z',
  due_at: '2026-10-31T09:00:00.000Z',
  paid_at: null,
  booking_id: null,
  company_id: 3,
  buyer: { name: 'Mia Muster', email: null, company: 'Muster Logistik AG', reference: 'PO-77' },
  lines: [
    {
      position: 1,
      description: 'Seminar',
      seminar_id: 9,
      quantity: 1,
      net: 45_328,
      vat: 3_672,
      gross: 49_000,
    },
  ],
  reminders,
});

/** the admin's invoice list names the payment reminders sent (issue 38 item 3) */
describe('invoice list: payment reminders', { timeout: 15_000 }, () => {
  it.each([
    ['/admin/invoices', '2 Zahlungserinnerungen, zuletzt am 14.11.2026', '1 Zahlungserinnerung'],
    ['/en/admin/invoices', '2 payment reminders, last on Nov 14, 2026', '1 payment reminder'],
  ])('%s: the count and the last one, nothing for an invoice without', async (path, two, one) => {
    renderApp(path, {
      user: users.admin,
      handlers: {
        'GET /api/admin/invoices': () => ({
          body: paginatorOf(
            [
              open(1, { count: 2, last_at: '2026-11-14T05:30:00.000Z' }),
              open(2, { count: 1, last_at: '2026-11-01T05:30:00.000Z' }),
              open(3, null),
            ],
            1,
            1,
            3,
          ),
        }),
      },
    });
    const rows = await screen.findAllByTestId('invoice-row', {}, { timeout: 10_000 });
    expect(within(rows[0]!).getByTestId('invoice-reminders').textContent).toBe(two);
    expect(within(rows[1]!).getByTestId('invoice-reminders').textContent).toMatch(new RegExp(`^${one},`));
    expect(within(rows[2]!).queryByTestId('invoice-reminders')).toBeNull();
  });
});
