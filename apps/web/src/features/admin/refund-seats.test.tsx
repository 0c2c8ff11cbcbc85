import type { AdminPaymentDto, PaymentRefundsDto } from '@elearn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paginatorOf } from '@/testing/fixtures';
import { renderApp, users } from '@/testing/test-utils';

const PAYMENT: AdminPaymentDto = {
  id: 8,
  status: 'paid',
  amount: 60_000,
  currency: 'CHF',
  provider: 'mollie',
  provider_id: 'tr_seats',
  created_at: '2026-11-29T08:00:00.000Z',
  paid_at: '2026-11-29T08:01:00.000Z',
  user: { id: 3, username: 'mona', email: 'mona@acme.example' },
  seminar: { id: 42, title: 'Brandschutz', slug: 'brandschutz' },
  booking_id: 12,
};
const STATE: PaymentRefundsDto = {
  payment_id: 8,
  status: 'paid',
  amount: 60_000,
  remaining: 60_000,
  currency: 'CHF',
  invoice_number: '2026-000011',
  lines: [
    { id: 31, description: 'Seminar: Brandschutz, 5 Plätze × CHF 120.00', gross: 60_000, refunded: false },
  ],
  refunds: [],
  seat_package: {
    id: 301,
    seats: 5,
    seat_price: 12_000,
    holders: [
      { id: 21, name: 'Anna Arm' },
      { id: 22, name: 'Bert Berg' },
    ],
  },
};

/** The admin refunds one seat's worth of a seat package and names whose seat it takes (issue 38 item 4). */
describe('/admin/payments: refund of a seat package', { timeout: 20_000 }, () => {
  it('ticks the employee whose seat the refund takes and sends them with the amount', async () => {
    const { user, fetchMock } = renderApp('/admin/payments', {
      user: users.admin,
      handlers: {
        'GET /api/admin/payments': () => ({ body: paginatorOf([PAYMENT]) }),
        'GET /api/admin/payments/8/refunds': () => ({ body: STATE }),
        'POST /api/admin/payments/8/refunds': () => ({
          status: 201,
          body: {
            id: 2,
            payment_id: 8,
            amount: 12_000,
            currency: 'CHF',
            status: 'pending',
            line_id: null,
            ends_grant: false,
            credit_note_id: 41,
            credit_note_number: 'GS-2026-000002',
            created_at: '2026-11-29T09:00:00.000Z',
          },
        }),
      },
    });
    await user.click(await screen.findByTestId('payment-refunds', {}, { timeout: 10_000 }));
    const panel = await screen.findByTestId('refund-panel');
    // the whole rest needs no choice: every seat goes
    expect(within(panel).queryByTestId('refund-seats')).toBeNull();
    await user.click(within(panel).getByTestId('refund-mode-amount'));
    const seats = within(panel).getByTestId('refund-seats');
    expect(seats.textContent).toContain('5 Plätze zu je');
    await user.type(within(panel).getByTestId('refund-amount'), '120.00');
    await user.click(within(seats).getByRole('checkbox', { name: 'Bert Berg' }));
    await user.click(within(panel).getByTestId('refund-submit'));
    await user.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(fetchMock.callsTo('POST /api/admin/payments/8/refunds')).toHaveLength(1));
    expect(fetchMock.callsTo('POST /api/admin/payments/8/refunds')[0]!.json()).toEqual({
      amount: 12_000,
      seat_user_ids: [22],
    });
  });
});
