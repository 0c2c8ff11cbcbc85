import type { CompanyDto, InvoiceDto } from '@elearn/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { seminarDto } from '@/testing/fixtures';
import { renderApp, users } from '@/testing/test-utils';

const acme: CompanyDto = {
  id: 7,
  name: 'Acme AG',
  shortName: 'acme',
  manager: true,
  members_count: 3,
  abilities: { manage: true },
};

/** a company invoice a voucher paid in full (issue 38 item 5): 0, issued paid */
const paidByVoucher: InvoiceDto = {
  id: 9,
  number: '2026-000009',
  kind: 'invoice',
  credits_number: null,
  state: 'paid',
  currency: 'CHF',
  net_total: 0,
  vat_total: 0,
  rounding: 0,
  gross_total: 0,
  vat_rate: 8.1,
  issued_at: '2026-11-29T09:00:00.000Z',
  due_at: null,
  paid_at: '2026-11-29T09:00:00.000Z',
  booking_id: 5,
  company_id: 7,
  payment_reference: null,
  buyer: { name: 'Max Manager', email: 'max@acme.ch', company: 'Acme AG', reference: null },
  lines: [],
};

describe('a voucher on the company checkout by card (issue 38 item 5)', { timeout: 15_000 }, () => {
  it("sends the code with the company's purchase and shows the server's refusal at the field", async () => {
    const { fetchMock, user } = renderApp('/seminar/id/42', {
      user: users.corporateTraining,
      handlers: {
        'GET /api/seminars/42': () => ({ body: seminarDto({ id: 42, price: 20_000 }) }),
        'GET /api/companies': () => ({ body: [acme] }),
        'GET /api/seminars/42/companies': () => ({ body: [] }),
        'GET /api/companies/7/pay-by-invoice': () => ({ body: { id: 7, pay_by_invoice: false } }),
        'POST /api/companies/booking/now': () => ({
          status: 422,
          body: {
            message: 'Die Angaben sind ungültig.',
            code: 'validation_failed',
            errors: { voucherCode: ['Dieser Gutschein ist abgelaufen.'] },
          },
        }),
      },
    });
    const field = await screen.findByLabelText('Gutscheincode (optional)', {}, { timeout: 10_000 });
    await user.type(field, ' FIRMA-26 ');
    await user.type(screen.getByTestId('company-booking-reference'), 'PO-9');
    await user.click(screen.getByTestId('company-booking-buy'));
    expect(await screen.findByText('Dieser Gutschein ist abgelaufen.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock.callsTo('POST /api/companies/booking/now')[0]!.json()).toEqual({
      seminarId: 42,
      companyId: 7,
      reference: 'PO-9',
      voucherCode: 'FIRMA-26',
    });
  });

  it('without a code the purchase carries none (English label)', async () => {
    const { fetchMock, user } = renderApp('/en/seminar/id/42', {
      user: users.corporateTraining,
      handlers: {
        'GET /api/seminars/42': () => ({ body: seminarDto({ id: 42, price: 20_000 }) }),
        'GET /api/companies': () => ({ body: [acme] }),
        'GET /api/seminars/42/companies': () => ({ body: [] }),
        'GET /api/companies/7/pay-by-invoice': () => ({ body: { id: 7, pay_by_invoice: false } }),
        'POST /api/companies/booking/now': () => ({
          status: 409,
          body: { message: 'Already booked.', code: 'booking.already_booked' },
        }),
      },
    });
    expect(await screen.findByLabelText('Voucher code (optional)', {}, { timeout: 10_000 })).toBeTruthy();
    await user.click(screen.getByTestId('company-booking-buy'));
    expect(await screen.findByText('Already booked.')).toBeTruthy();
    expect(fetchMock.callsTo('POST /api/companies/booking/now')[0]!.json()).toEqual({
      seminarId: 42,
      companyId: 7,
    });
  });

  it('by invoice: the same field goes along; its refusal shows at the field; a voucher paying it all books at once', async () => {
    let refuse = true;
    const { fetchMock, user } = renderApp('/seminar/id/42', {
      user: users.corporateTraining,
      handlers: {
        'GET /api/seminars/42': () => ({ body: seminarDto({ id: 42, price: 20_000 }) }),
        'GET /api/companies': () => ({ body: [acme] }),
        'GET /api/seminars/42/companies': () => ({ body: [] }),
        'GET /api/companies/7/pay-by-invoice': () => ({ body: { id: 7, pay_by_invoice: true } }),
        'POST /api/companies/booking/invoice': () =>
          refuse
            ? {
                status: 422,
                body: {
                  message: 'Die Angaben sind ungültig.',
                  code: 'validation_failed',
                  errors: { voucherCode: ['Dieser Gutschein ist aufgebraucht.'] },
                },
              }
            : { status: 201, body: { booking_id: 5, granted: true, invoice: paidByVoucher } },
      },
    });
    const field = await screen.findByLabelText('Gutscheincode (optional)', {}, { timeout: 10_000 });
    await user.type(field, 'FIRMA-FREI');
    await user.click(await screen.findByTestId('buy-by-invoice-submit', {}, { timeout: 10_000 }));
    expect(await screen.findByText('Dieser Gutschein ist aufgebraucht.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock.callsTo('POST /api/companies/booking/invoice')[0]!.json()).toEqual({
      seminarId: 42,
      companyId: 7,
      voucherCode: 'FIRMA-FREI',
    });
    refuse = false;
    await user.click(screen.getByTestId('buy-by-invoice-submit'));
    const done = await screen.findByTestId('buy-by-invoice-done', {}, { timeout: 10_000 });
    expect(done.textContent).toContain('durch den Gutschein bezahlt');
    expect(field.getAttribute('aria-invalid')).toBeNull();
    expect(fetchMock.callsTo('POST /api/companies/booking/now')).toHaveLength(0);
  });
});
