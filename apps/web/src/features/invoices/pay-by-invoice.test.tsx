import type { CamtImportDto, CompanyDto, InvoiceDto } from '@elearn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paginatorOf, seminarDto } from '@/testing/fixtures';
import { renderApp, users } from '@/testing/test-utils';

const open = (id: number): InvoiceDto => ({
  id,
  number: `2026-00000${id}`,
  kind: 'invoice',
  credits_number: null,
  state: 'open',
  currency: 'CHF',
  net_total: 18_501,
  vat_total: 1_499,
  rounding: 0,
  gross_total: 20_000,
  vat_rate: 8.1,
  issued_at: '2026-11-29T09:00:00.000Z',
  due_at: '2026-12-29T09:00:00.000Z',
  paid_at: null,
  booking_id: 5,
  company_id: 7,
  payment_reference: '000000000000000000000010009',
  buyer: { name: 'Max Manager', email: 'max@acme.ch', company: 'Acme AG', reference: 'PO-77' },
  lines: [
    {
      position: 1,
      description: 'Seminar: Führung',
      seminar_id: 42,
      quantity: 1,
      net: 18_501,
      vat: 1_499,
      gross: 20_000,
    },
  ],
});

const acme: CompanyDto = {
  id: 7,
  name: 'Acme AG',
  shortName: 'acme',
  manager: true,
  members_count: 3,
  abilities: { manage: true },
};

const camt: CamtImportDto = {
  version: 'camt.054.001.08',
  applied: 0,
  entries: [
    {
      bank_reference: 'B-1',
      booked_on: '2026-11-28',
      amount: 20_000,
      currency: 'CHF',
      reference: '000000000000000000000010009',
      debtor: 'Acme AG',
      match: 'matched',
      invoice: { id: 3, number: '2026-000003', gross_total: 20_000, currency: 'CHF' },
    },
    {
      bank_reference: 'B-2',
      booked_on: '2026-11-28',
      amount: 5_000,
      currency: 'CHF',
      reference: null,
      debtor: 'Unbekannt',
      match: 'unmatched',
      invoice: null,
    },
  ],
};

describe('pay by invoice (issue 38 item 3)', { timeout: 15_000 }, () => {
  it('admin: an open invoice shows its reference and is marked paid after a confirmation', async () => {
    const { fetchMock, user } = renderApp('/admin/invoices', {
      user: users.admin,
      handlers: {
        'GET /api/admin/invoices': () => ({ body: paginatorOf([open(3)], 1, 1, 1) }),
        'POST /api/admin/invoices/3/paid': () => ({ body: { ...open(3), state: 'paid' } }),
      },
    });
    const row = await screen.findByTestId('invoice-row', {}, { timeout: 10_000 });
    expect(within(row).getByTestId('invoice-payment-reference').textContent).toBe(
      '000000000000000000000010009',
    );
    await user.click(within(row).getByTestId('invoice-mark-paid'));
    expect(fetchMock.callsTo('POST /api/admin/invoices/3/paid')).toHaveLength(0);
    await user.click(await screen.findByTestId('confirm-ok', {}, { timeout: 10_000 }));
    await waitFor(() => expect(fetchMock.callsTo('POST /api/admin/invoices/3/paid')).toHaveLength(1));
  });

  it('admin: a camt.054 file is previewed, then applied (English)', async () => {
    const { fetchMock, user } = renderApp('/en/admin/invoices', {
      user: users.admin,
      handlers: {
        'GET /api/admin/invoices': () => ({ body: paginatorOf([], 1, 1, 0) }),
        'POST /api/admin/invoices/camt054/preview': () => ({ body: camt }),
        'POST /api/admin/invoices/camt054/apply': () => ({
          body: { ...camt, applied: 1, entries: camt.entries.map((e) => ({ ...e })) },
        }),
      },
    });
    const input = await screen.findByLabelText("The bank's camt.054 file (XML)", {}, { timeout: 10_000 });
    await user.upload(input, new File(['<Document/>'], 'camt.xml', { type: 'application/xml' }));
    const rows = await screen.findAllByTestId('camt-entry', {}, { timeout: 10_000 });
    expect(rows.map((r) => r.getAttribute('data-match'))).toEqual(['matched', 'unmatched']);
    expect(rows[0]!.textContent).toContain('matches');
    expect(rows[1]!.textContent).toContain('no invoice');
    expect(fetchMock.callsTo('POST /api/admin/invoices/camt054/preview')[0]!.json()).toEqual({
      xml: '<Document/>',
    });
    await user.click(screen.getByRole('button', { name: 'Record 1 invoice as paid' }));
    expect((await screen.findByTestId('camt-applied', {}, { timeout: 10_000 })).textContent).toBe(
      '1 invoice recorded as paid.',
    );
    expect(fetchMock.callsTo('POST /api/admin/invoices/camt054/apply')).toHaveLength(1);
  });

  it('a manager books a priced seminar for the company "Auf Rechnung" when the admin enabled it', async () => {
    const { fetchMock, user } = renderApp('/seminar/id/42', {
      user: users.corporateTraining,
      handlers: {
        'GET /api/seminars/42': () => ({ body: seminarDto({ id: 42, price: 20_000 }) }),
        'GET /api/companies': () => ({ body: [acme] }),
        'GET /api/seminars/42/companies': () => ({ body: [] }),
        'GET /api/companies/7/pay-by-invoice': () => ({ body: { id: 7, pay_by_invoice: true } }),
        'POST /api/companies/booking/invoice': () => ({
          status: 201,
          body: { booking_id: 5, granted: false, invoice: open(3) },
        }),
      },
    });
    await user.type(await screen.findByTestId('company-booking-reference', {}, { timeout: 10_000 }), 'PO-77');
    await user.click(await screen.findByTestId('buy-by-invoice-submit', {}, { timeout: 10_000 }));
    const done = await screen.findByTestId('buy-by-invoice-done', {}, { timeout: 10_000 });
    expect(done.textContent).toContain('Rechnung 2026-000003');
    expect(done.textContent).toContain('sobald die Zahlung eingegangen ist');
    expect(fetchMock.callsTo('POST /api/companies/booking/invoice')[0]!.json()).toEqual({
      seminarId: 42,
      companyId: 7,
      reference: 'PO-77',
    });
    expect(fetchMock.callsTo('POST /api/companies/booking/now')).toHaveLength(0);
  });

  it('not enabled for the company: only the card checkout', async () => {
    renderApp('/seminar/id/42', {
      user: users.corporateTraining,
      handlers: {
        'GET /api/seminars/42': () => ({ body: seminarDto({ id: 42, price: 20_000 }) }),
        'GET /api/companies': () => ({ body: [acme] }),
        'GET /api/seminars/42/companies': () => ({ body: [] }),
        'GET /api/companies/7/pay-by-invoice': () => ({ body: { id: 7, pay_by_invoice: false } }),
      },
    });
    await screen.findByTestId('company-booking-buy', {}, { timeout: 10_000 });
    expect(screen.queryByTestId('buy-by-invoice')).toBeNull();
  });
});
