import type { InvoiceDto, SellerSettingsDto } from '@elearn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paginatorOf, seminarDto } from '@/testing/fixtures';
import { renderApp, users } from '@/testing/test-utils';

const invoice = (id: number, overrides: Partial<InvoiceDto> = {}): InvoiceDto => ({
  id,
  number: `2026-00000${id}`,
  kind: 'invoice',
  credits_number: null,
  state: 'paid',
  currency: 'CHF',
  net_total: 9_991,
  vat_total: 809,
  rounding: 0,
  gross_total: 10_800,
  vat_rate: 8.1,
  issued_at: '2026-03-04T09:31:00.000Z',
  due_at: null,
  paid_at: '2026-03-04T09:31:00.000Z',
  booking_id: 5,
  company_id: null,
  buyer: { name: 'Anna Muster', email: 'anna@example.ch', company: null, reference: null },
  lines: [
    {
      position: 1,
      description: 'Seminar: Führung',
      seminar_id: 9,
      quantity: 1,
      net: 9_991,
      vat: 809,
      gross: 10_800,
    },
  ],
  ...overrides,
});

const seller: SellerSettingsDto = {
  configured: true,
  legal_name: 'Seminarhaus AG',
  address: 'Weg 1\n8000 Zürich',
  vat_number: 'CHE-123.456.788 MWST',
  vat_rate: 8.1,
  prices_include_vat: true,
  iban: 'CH9300762011623852957',
  qr_iban: null,
  footer_de: '',
  footer_en: '',
  payment_terms_days: 30,
  payment_terms_de: '',
  payment_terms_en: '',
  invoice_access: 'when_paid',
  updated_at: '2026-03-04T09:31:00.000Z',
};

describe('invoices (issue 38)', () => {
  it('the payments page lists the own invoices with total, VAT, state and a PDF link', async () => {
    renderApp('/payment/payment-confirmation', {
      user: users.student,
      handlers: {
        'GET /api/payments/status/': () => ({ body: paginatorOf([], 1, 1, 0) }),
        'GET /api/me/invoices': () => ({ body: paginatorOf([invoice(1)], 1, 1, 1) }),
      },
    });
    const row = await screen.findByTestId('invoice-row');
    const cells = within(row)
      .getAllByRole('cell')
      .map((td) => td.textContent);
    expect(cells[0]).toBe('2026-000001');
    expect(cells[3]).toMatch(/108,00\s?CHF/);
    expect(cells[3]).toMatch(/davon MWST 8,1\s?%/);
    expect(cells[4]).toBe('bezahlt');
    expect(within(row).getByTestId('invoice-pdf').getAttribute('href')).toContain('/api/invoices/1/pdf');
  });

  it('admin: the seller form shows the server’s message at the field it refuses', async () => {
    const { user, fetchMock } = renderApp('/en/admin/seller', {
      user: users.admin,
      handlers: {
        'GET /api/admin/seller': () => ({ body: seller }),
        'PUT /api/admin/seller': () => ({
          status: 422,
          body: {
            message: 'The given data was invalid.',
            code: 'validation_failed',
            errors: { iban: ['The IBAN is invalid: its country, length or check digits do not match.'] },
          },
        }),
      },
    });
    const iban = await screen.findByLabelText('IBAN');
    await user.clear(iban);
    await user.type(iban, 'CH93 0076 2011 6238 5295 8');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/check digits do not match/)).toBeTruthy();
    const put = fetchMock.calls.find((c) => c.method === 'PUT');
    expect(put?.json()).toMatchObject({ iban: 'CH93 0076 2011 6238 5295 8', vat_rate: 8.1 });
  });

  it('admin: the invoice list filters by year and links the export with the same filter', async () => {
    renderApp('/admin/invoices?year=2026&state=paid', {
      user: users.admin,
      handlers: {
        'GET /api/admin/invoices': (req) => {
          const q = new URLSearchParams(req.search);
          expect(q.get('year')).toBe('2026');
          expect(q.get('state')).toBe('paid');
          return {
            body: paginatorOf(
              [invoice(2, { buyer: { ...invoice(2).buyer, company: 'Alpha AG', reference: 'PO-1' } })],
              1,
              1,
              1,
            ),
          };
        },
      },
    });
    const row = await screen.findByTestId('invoice-row');
    expect(row.textContent).toContain('Alpha AG');
    expect(row.textContent).toContain('PO-1');
    await waitFor(() =>
      expect(screen.getByTestId('invoices-export').getAttribute('href')).toMatch(
        /\/api\/admin\/invoices\/export\?year=2026&state=paid$/,
      ),
    );
  });

  it('the company bookings on /seminar/booked link the invoice of a paid company purchase', async () => {
    const seminar = seminarDto({ id: 9, title: 'Führung', price: 10_800, currency: 'CHF' });
    renderApp('/seminar/booked', {
      user: users.corporateTraining,
      handlers: {
        'GET /api/seminars/booked-student': () => ({ body: [] }),
        'GET /api/companies/seminars/booked': () => ({
          body: [
            {
              id: 90,
              status: 'paid',
              created_at: '2026-03-04T09:31:00.000Z',
              company: { id: 7, name: 'Acme AG', shortName: 'acme' },
              seminar,
              assigned_count: 0,
            },
          ],
        }),
        'GET /api/me/invoices': () => ({ body: paginatorOf([invoice(3, { company_id: 7 })], 1, 1, 1) }),
      },
    });
    const link = await screen.findByTestId('company-booking-invoice');
    expect(link.textContent).toBe('Rechnung 2026-000003 (PDF)');
    expect(link.getAttribute('href')).toContain('/api/invoices/3/pdf');
  });

  it('a company checkout sends the reference the manager entered (printed on the invoice)', async () => {
    const acme = {
      id: 7,
      name: 'Acme AG',
      shortName: 'acme',
      manager: true,
      members_count: 3,
      abilities: { manage: true },
    };
    const { fetchMock, user } = renderApp('/seminar/id/42', {
      user: users.corporateTraining,
      handlers: {
        'GET /api/seminars/42': () => ({ body: seminarDto({ id: 42, price: 4900 }) }),
        'GET /api/companies': () => ({ body: [acme] }),
        'GET /api/seminars/42/companies': () => ({ body: [] }),
        'POST /api/companies/booking/now': () => ({
          status: 422,
          body: { message: 'Die Eingaben sind ungültig.', code: 'validation_failed', errors: {} },
        }),
      },
    });
    await user.type(await screen.findByTestId('company-booking-reference'), ' PO-4711 ');
    await user.click(screen.getByTestId('company-booking-buy'));
    await waitFor(() => expect(fetchMock.callsTo('POST /api/companies/booking/now')).toHaveLength(1));
    expect(fetchMock.callsTo('POST /api/companies/booking/now')[0]!.json()).toEqual({
      seminarId: 42,
      companyId: 7,
      reference: 'PO-4711',
    });
    expect(await screen.findByRole('alert')).toBeTruthy();
  });
});
