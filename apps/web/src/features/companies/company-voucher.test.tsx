import type { CompanyDto } from '@elearn/shared';
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
    const field = await screen.findByLabelText(
      'Gutscheincode (optional, nur bei Kartenzahlung)',
      {},
      { timeout: 10_000 },
    );
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
    expect(
      await screen.findByLabelText('Voucher code (optional, card payment only)', {}, { timeout: 10_000 }),
    ).toBeTruthy();
    await user.click(screen.getByTestId('company-booking-buy'));
    expect(await screen.findByText('Already booked.')).toBeTruthy();
    expect(fetchMock.callsTo('POST /api/companies/booking/now')[0]!.json()).toEqual({
      seminarId: 42,
      companyId: 7,
    });
  });
});
