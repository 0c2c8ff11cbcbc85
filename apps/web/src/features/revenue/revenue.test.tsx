import type { RevenueDto, RevenueTotal } from '@elearn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentUrl, renderApp, users } from '@/testing/test-utils';

const figures = (paid: number, open: number, invoices = 1, creditNotes = 0): RevenueTotal => ({
  currency: 'CHF',
  paid: { net: Math.round(paid / 1.081), vat: paid - Math.round(paid / 1.081), gross: paid },
  open: { net: Math.round(open / 1.081), vat: open - Math.round(open / 1.081), gross: open },
  invoices,
  credit_notes: creditNotes,
});

const bySeminar: RevenueDto = {
  from: '2026-01',
  to: '2026-06',
  group: 'seminar',
  rows: [
    { key: '9', label: 'Seminar: Führung', ...figures(10_800, 0, 2, 1) },
    { key: null, label: null, ...figures(5, 0, 0) },
  ],
  totals: [figures(10_805, 0, 2, 1)],
};

describe('revenue overview (issue 38 item 7)', () => {
  it('shows the rows and totals of the range and grouping in the address, and links the export', async () => {
    const { fetchMock } = renderApp('/en/admin/revenue?from=2026-01&to=2026-06&group=seminar', {
      user: users.admin,
      handlers: {
        'GET /api/admin/revenue': (req) => {
          const q = new URLSearchParams(req.search);
          expect([q.get('from'), q.get('to'), q.get('group')]).toEqual(['2026-01', '2026-06', 'seminar']);
          return { body: bySeminar };
        },
      },
    });
    const rows = await screen.findAllByTestId('revenue-row');
    expect(rows.map((r) => r.querySelector('th')?.textContent)).toEqual([
      'Seminar: Führung',
      'no seminar (rounding)',
    ]);
    expect(rows[0]!.textContent).toContain('108.00');
    const total = screen.getByTestId('revenue-total');
    expect(within(total).getByRole('rowheader').textContent).toBe('Total');
    expect(total.textContent).toContain('108.05');
    expect(screen.getByTestId('revenue-range-text').textContent).toContain('2026-01 to 2026-06');
    expect(screen.getByTestId('revenue-export').getAttribute('href')).toMatch(
      /\/api\/admin\/revenue\/export\?from=2026-01&to=2026-06&group=seminar$/,
    );
    expect(screen.getByTestId('revenue-group-seminar').getAttribute('aria-current')).toBe('page');
    expect(screen.getByTestId('revenue-group-company').getAttribute('href')).toBe(
      '/en/admin/revenue?from=2026-01&to=2026-06&group=company',
    );
    expect(fetchMock.callsTo('GET /api/admin/revenue')).toHaveLength(1);
  });

  it('German: the range form puts the months into the address; an empty period says so', async () => {
    const { router, user } = renderApp('/admin/revenue', {
      user: users.admin,
      handlers: {
        'GET /api/admin/revenue': (req) => {
          const q = new URLSearchParams(req.search);
          return {
            body: {
              from: q.get('from') ?? '2025-12',
              to: q.get('to') ?? '2026-11',
              group: 'month',
              rows: [],
              totals: [],
            },
          };
        },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Umsatz' })).toBeTruthy();
    expect(await screen.findByText('In diesem Zeitraum wurden keine Rechnungen ausgestellt.')).toBeTruthy();
    await user.type(screen.getByLabelText('Von (Monat)'), '2024-03');
    await user.type(screen.getByLabelText('Bis (Monat)'), '2024-05');
    await user.click(screen.getByRole('button', { name: 'Anzeigen' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/admin/revenue?from=2024-03&to=2024-05'));
    await waitFor(() =>
      expect(screen.getByTestId('revenue-range-text').textContent).toContain('2024-03 bis 2024-05'),
    );
  });

  it('shows the server’s message for a refused range', async () => {
    renderApp('/en/admin/revenue?from=2026-06&to=2026-01', {
      user: users.admin,
      handlers: {
        'GET /api/admin/revenue': () => ({
          status: 422,
          body: {
            message: 'The given data was invalid.',
            code: 'validation_failed',
            errors: { from: ['The start must not be after the end.'] },
          },
        }),
      },
    });
    expect(
      await screen.findByText(/The given data was invalid|The start must not be after the end/),
    ).toBeTruthy();
  });
});
