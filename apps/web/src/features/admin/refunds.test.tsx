import type { AdminPaymentDto, PaymentRefundsDto, RefundDto } from '@elearn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paginatorOf } from '@/testing/fixtures';
import { renderApp, users } from '@/testing/test-utils';

const UI_TIMEOUT = 20_000;

const PAYMENT: AdminPaymentDto = {
  id: 7,
  status: 'paid',
  amount: 24_900,
  currency: 'CHF',
  provider: 'test',
  provider_id: 'tr_test1',
  created_at: '2026-03-01T10:00:00.000Z',
  paid_at: '2026-03-01T10:01:00.000Z',
  user: { id: 3, username: 'rita', email: 'rita@example.org' },
  seminar: { id: 9, title: 'Führung', slug: 'fuehrung' },
  booking_id: 11,
};
const REFUND: RefundDto = {
  id: 1,
  payment_id: 7,
  amount: 5_000,
  currency: 'CHF',
  status: 'refunded',
  line_id: null,
  ends_grant: false,
  credit_note_id: 40,
  credit_note_number: 'GS-2026-000001',
  created_at: '2026-03-02T10:00:00.000Z',
};
const refunds = (extra: Partial<PaymentRefundsDto> = {}): PaymentRefundsDto => ({
  payment_id: 7,
  status: 'paid',
  amount: 24_900,
  remaining: 24_900,
  currency: 'CHF',
  invoice_number: '2026-000010',
  lines: [{ id: 30, description: 'Seminar: Führung', gross: 24_900, refunded: false }],
  refunds: [],
  ...extra,
});

describe('/admin/payments: refunds', { timeout: UI_TIMEOUT }, () => {
  it('refunds an amount after a confirmation and shows the refund with its credit note', async () => {
    let state = refunds();
    const { user, fetchMock } = renderApp('/admin/payments', {
      user: users.admin,
      handlers: {
        'GET /api/admin/payments': () => ({ body: paginatorOf([PAYMENT]) }),
        'GET /api/admin/payments/7/refunds': () => ({ body: state }),
        'POST /api/admin/payments/7/refunds': () => {
          state = refunds({ remaining: 19_900, refunds: [REFUND] });
          return { status: 201, body: REFUND };
        },
      },
    });
    await user.click(await screen.findByTestId('payment-refunds'));
    const panel = await screen.findByTestId('refund-panel');
    expect(panel.textContent).toContain('Noch keine Rückerstattung.');
    await user.click(within(panel).getByTestId('refund-mode-amount'));
    await user.type(within(panel).getByTestId('refund-amount'), '50.00');
    await user.click(within(panel).getByTestId('refund-submit'));
    // nothing is refunded before the confirmation
    expect(fetchMock.callsTo('POST /api/admin/payments/7/refunds')).toHaveLength(0);
    expect((await screen.findByTestId('confirm-dialog')).textContent).toContain('Zugang zum Seminar bleibt');
    await user.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(fetchMock.callsTo('POST /api/admin/payments/7/refunds')).toHaveLength(1));
    expect(fetchMock.callsTo('POST /api/admin/payments/7/refunds')[0]!.json()).toEqual({ amount: 5_000 });
    const row = await screen.findByTestId('refund-row');
    expect(row.textContent).toContain('Zurückerstattet');
    expect(row.textContent).toContain('GS-2026-000001');
  });

  it('shows the server’s refusal in the dialog (more than is left)', async () => {
    const { user } = renderApp('/en/admin/payments', {
      user: users.admin,
      handlers: {
        'GET /api/admin/payments': () => ({ body: paginatorOf([PAYMENT]) }),
        'GET /api/admin/payments/7/refunds': () => ({ body: refunds() }),
        'POST /api/admin/payments/7/refunds': () => ({
          status: 409,
          body: {
            code: 'refund.exceeds',
            message: 'The refund is larger than the amount left to refund (CHF 249.00).',
          },
        }),
      },
    });
    await user.click(await screen.findByTestId('payment-refunds'));
    const panel = await screen.findByTestId('refund-panel');
    await user.click(within(panel).getByTestId('refund-mode-line'));
    await user.click(within(panel).getByTestId('refund-submit'));
    expect((await screen.findByTestId('confirm-dialog')).textContent).toContain('loses the access');
    await user.click(screen.getByTestId('confirm-ok'));
    expect((await screen.findByTestId('confirm-error')).textContent).toContain('larger than the amount left');
  });
});
