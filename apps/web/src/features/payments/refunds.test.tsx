import type { OwnRefundDto } from '@elearn/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paginatorOf } from '@/testing/fixtures';
import { renderApp, users } from '@/testing/test-utils';

const REFUND: OwnRefundDto = {
  id: 1,
  payment_id: 7,
  amount: 24_900,
  currency: 'CHF',
  status: 'pending',
  line_id: null,
  ends_grant: true,
  credit_note_id: 40,
  credit_note_number: 'GS-2026-000001',
  created_at: '2026-03-02T10:00:00.000Z',
  seminar: { id: 9, title: 'Führung' },
};

describe('the buyer’s refunds under the payments (issue 38 item 6)', { timeout: 20_000 }, () => {
  it('lists each refund with its state and the credit note’s PDF, in English', async () => {
    renderApp('/en/payment/payment-confirmation', {
      user: users.student,
      handlers: {
        'GET /api/payments/status/': () => ({ body: paginatorOf([], 1, 1, 0) }),
        'GET /api/me/invoices': () => ({ body: paginatorOf([], 1, 1, 0) }),
        'GET /api/payments/refunds': () => ({ body: { items: [REFUND] } }),
      },
    });
    const row = await screen.findByTestId('my-refund-row');
    expect(screen.getByRole('heading', { name: 'Refunds' })).toBeTruthy();
    expect(row.textContent).toContain('Führung');
    expect(row.textContent).toContain('Pending');
    expect(within(row).getByTestId('my-refund-credit-note').getAttribute('href')).toBe(
      '/api/invoices/40/pdf',
    );
  });

  it('shows nothing when there is no refund', async () => {
    renderApp('/payment/payment-confirmation', {
      user: users.student,
      handlers: {
        'GET /api/payments/status/': () => ({ body: paginatorOf([], 1, 1, 0) }),
        'GET /api/me/invoices': () => ({ body: paginatorOf([], 1, 1, 0) }),
        'GET /api/payments/refunds': () => ({ body: { items: [] } }),
      },
    });
    expect(await screen.findByTestId('invoices-empty')).toBeTruthy();
    expect(screen.queryByTestId('my-refunds')).toBeNull();
  });
});
