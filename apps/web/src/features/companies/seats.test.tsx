import type { CompanyDto, InvoiceDto, SeatPackageDto } from '@elearn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paginatorOf, seminarDto } from '@/testing/fixtures';
import { currentUrl, renderApp, users } from '@/testing/test-utils';

const acme: CompanyDto = {
  id: 7,
  name: 'Acme AG',
  shortName: 'acme',
  manager: true,
  members_count: 3,
  abilities: { manage: true },
};
const priced = seminarDto({ id: 42, title: 'Brandschutz', price: 12_000 });

const pkg = (extra: Partial<SeatPackageDto> = {}): SeatPackageDto => ({
  id: 301,
  company_id: 7,
  seminar: { id: 42, title: 'Brandschutz' },
  status: 'paid',
  seats: 5,
  seats_bought: 5,
  seats_taken: 2,
  seats_left: 3,
  unit_price: 12_000,
  currency: 'CHF',
  months: 12,
  valid_from: '2026-11-29',
  valid_until: '2027-11-28',
  expired: false,
  created_at: '2026-11-29T08:00:00.000Z',
  ...extra,
});
const seatsRow = {
  company: { id: 7, name: 'Acme AG', shortName: 'acme' },
  booking_id: 90,
  status: 'seats',
  created_at: '2026-11-29T08:00:00.000Z',
  assigned_count: 2,
};

/** Seat packages in the web app (issue 38 item 4): buying, seats left and expiry, refusals. */
describe('seat packages', { timeout: 15_000 }, () => {
  it('a manager buys 5 seats for 12 months and goes to the checkout', async () => {
    const { fetchMock, router, user } = renderApp('/seminar/id/42', {
      user: users.corporateTraining,
      handlers: {
        'GET /api/seminars/42': () => ({ body: priced }),
        'GET /api/companies': () => ({ body: [acme] }),
        'GET /api/seminars/42/companies': () => ({ body: [] }),
        'POST /api/companies/seat-packages': () => ({
          status: 201,
          body: {
            package: pkg({ status: 'pending', seats_taken: 0, seats_left: 0 }),
            checkout: {
              checkoutUrl: `${window.location.origin}/payment/test-checkout/tr_seats`,
              bookingId: 9,
            },
          },
        }),
        'GET /api/payments/test-checkout/tr_seats': () => ({
          status: 404,
          body: { message: 'x', code: 'not_found' },
        }),
      },
    });
    const form = await screen.findByTestId('seat-purchase', {}, { timeout: 10_000 });
    expect(within(form).getByText('Plätze für Acme AG kaufen')).toBeTruthy();
    await user.clear(within(form).getByLabelText('Anzahl Plätze'));
    await user.type(within(form).getByLabelText('Anzahl Plätze'), '5');
    expect(within(form).getByTestId('seat-purchase-months')).toHaveProperty('value', '12');
    await user.type(
      within(form).getByLabelText('Ihre Referenz oder Bestellnummer (optional, steht auf der Rechnung)'),
      'PO-7',
    );
    await user.click(within(form).getByRole('button', { name: 'Plätze kaufen und bezahlen' }));
    await waitFor(() => expect(fetchMock.callsTo('POST /api/companies/seat-packages')).toHaveLength(1));
    expect(fetchMock.callsTo('POST /api/companies/seat-packages')[0]!.json()).toEqual({
      companyId: 7,
      seminarId: 42,
      seats: 5,
      months: 12,
      reference: 'PO-7',
      pay_by: 'card',
    });
    await waitFor(() => expect(currentUrl(router)).toBe('/payment/test-checkout/tr_seats'));
  });

  it('by invoice when the admin enabled it: one open invoice of 5 × the seat price, no checkout', async () => {
    const invoice: InvoiceDto = {
      id: 3,
      number: '2026-000003',
      kind: 'invoice',
      credits_number: null,
      state: 'open',
      currency: 'CHF',
      net_total: 55_504,
      vat_total: 4_496,
      rounding: 0,
      gross_total: 60_000,
      vat_rate: 8.1,
      issued_at: '2026-11-29T09:00:00.000Z',
      due_at: '2026-12-29T09:00:00.000Z',
      paid_at: null,
      booking_id: 5,
      company_id: 7,
      payment_reference: '000000000000000000000010009',
      buyer: { name: 'Max Manager', email: 'max@acme.ch', company: 'Acme AG', reference: null },
      lines: [],
    };
    const { fetchMock, router, user } = renderApp('/en/seminar/id/42', {
      user: users.corporateTraining,
      handlers: {
        'GET /api/seminars/42': () => ({ body: priced }),
        'GET /api/companies': () => ({ body: [acme] }),
        'GET /api/seminars/42/companies': () => ({ body: [] }),
        'GET /api/companies/7/pay-by-invoice': () => ({ body: { id: 7, pay_by_invoice: true } }),
        'POST /api/companies/seat-packages': () => ({
          status: 201,
          body: {
            package: pkg({ status: 'pending', seats_taken: 0, seats_left: 0 }),
            checkout: null,
            invoice,
          },
        }),
      },
    });
    const form = await screen.findByTestId('seat-purchase', {}, { timeout: 10_000 });
    await user.click(await within(form).findByLabelText('By invoice', {}, { timeout: 10_000 }));
    expect(within(form).getByText(/You receive an invoice with a QR-bill for 5 seats/)).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Buy seats by invoice' }));
    const done = await screen.findByTestId('seat-purchase-done', {}, { timeout: 10_000 });
    expect(done.textContent).toContain('Invoice 2026-000003');
    expect(done.textContent).toContain('once the payment has arrived');
    expect(screen.getByTestId('seat-purchase-pdf').getAttribute('href')).toContain('/api/invoices/3/pdf');
    expect(fetchMock.callsTo('POST /api/companies/seat-packages')[0]!.json()).toMatchObject({
      seats: 5,
      pay_by: 'invoice',
    });
    expect(currentUrl(router)).toBe('/en/seminar/id/42');
  });

  it('not enabled for the company: no invoice choice, paid by card', async () => {
    renderApp('/seminar/id/42', {
      user: users.corporateTraining,
      handlers: {
        'GET /api/seminars/42': () => ({ body: priced }),
        'GET /api/companies': () => ({ body: [acme] }),
        'GET /api/seminars/42/companies': () => ({ body: [] }),
        'GET /api/companies/7/pay-by-invoice': () => ({ body: { id: 7, pay_by_invoice: false } }),
      },
    });
    const form = await screen.findByTestId('seat-purchase', {}, { timeout: 10_000 });
    await waitFor(() => expect(within(form).getByText(/mit Karte/)).toBeTruthy());
    expect(within(form).queryByTestId('seat-purchase-pay-by')).toBeNull();
  });

  it('shows the seats left and the period of each package, in English', async () => {
    renderApp('/en/seminar/id/42', {
      user: users.corporateTraining,
      handlers: {
        'GET /api/seminars/42': () => ({ body: priced }),
        'GET /api/companies': () => ({ body: [acme] }),
        'GET /api/seminars/42/companies': () => ({ body: [seatsRow] }),
        'GET /api/companies/7/seat-packages': () => ({
          body: [
            pkg(),
            pkg({ id: 300, expired: true, seats_left: 0, seats_taken: 0, seats: 2, seats_bought: 2 }),
          ],
        }),
      },
    });
    const rows = await screen.findAllByTestId('seat-package', {}, { timeout: 10_000 });
    expect(rows.map((r) => r.getAttribute('data-state'))).toEqual(['valid', 'expired']);
    expect(within(rows[0]!).getByTestId('seat-package-left').textContent).toBe('3 of 5 seats left');
    expect(rows[0]!.textContent).toContain('Nov 29, 2026 to Nov 28, 2027');
    expect(within(rows[1]!).getByText('Expired')).toBeTruthy();
    expect(screen.getByTestId('company-booking-assign').getAttribute('href')).toBe(
      '/en/seminar/id/42/assign-user-company',
    );
    // buying more seats is another package
    expect(screen.getByTestId('seat-purchase')).toBeTruthy();
  });

  it('shows the refusal of a purchase (the company holds the seminar without a limit) and field errors', async () => {
    let round = 0;
    const { user } = renderApp('/seminar/id/42', {
      user: users.corporateTraining,
      handlers: {
        'GET /api/seminars/42': () => ({ body: priced }),
        'GET /api/companies': () => ({ body: [acme] }),
        'GET /api/seminars/42/companies': () => ({ body: [] }),
        'POST /api/companies/seat-packages': () =>
          round++ === 0
            ? {
                status: 422,
                body: {
                  message: 'Die Angaben sind ungültig.',
                  code: 'validation_failed',
                  errors: { seats: ['Muss mindestens 1 sein.'] },
                },
              }
            : {
                status: 409,
                body: {
                  message: 'Die Firma hat dieses Seminar bereits ohne Platzbegrenzung gebucht.',
                  code: 'seats.unlimited',
                },
              },
      },
    });
    const form = await screen.findByTestId('seat-purchase', {}, { timeout: 10_000 });
    await user.click(within(form).getByTestId('seat-purchase-submit'));
    expect((await within(form).findByRole('alert')).textContent).toBe('Muss mindestens 1 sein.');
    await user.click(within(form).getByTestId('seat-purchase-submit'));
    expect((await within(form).findByTestId('seat-purchase-error')).textContent).toBe(
      'Die Firma hat dieses Seminar bereits ohne Platzbegrenzung gebucht.',
    );
  });

  it('assigning beyond the seats shows the refusal message; taking back a started seat too', async () => {
    const anna = {
      id: 11,
      username: 'anna11',
      first_name: 'Anna',
      last_name: 'Arm',
      email: 'anna@acme.example',
      manager: false,
      seminars: [],
    };
    const bert = {
      ...anna,
      id: 12,
      username: 'bert12',
      first_name: 'Bert',
      last_name: 'Berg',
      email: 'bert@acme.example',
    };
    const assigned = {
      booking_id: 501,
      assigned_at: '2026-11-29T08:00:00.000Z',
      due_date: null,
      company: { id: 7, name: 'Acme AG', shortName: 'acme' },
      user: { id: 11, username: 'anna11', first_name: 'Anna', last_name: 'Arm', email: 'anna@acme.example' },
    };
    const { user } = renderApp('/seminar/id/42/assign-user-company', {
      user: users.corporateTraining,
      handlers: {
        'GET /api/seminars/42': () => ({ body: priced }),
        'GET /api/companies': () => ({ body: [acme] }),
        'GET /api/seminars/42/companies': () => ({ body: [seatsRow] }),
        'GET /api/companies/7/users': () => ({ body: paginatorOf([anna, bert]) }),
        'GET /api/seminars/42/users/booked-company': () => ({ body: paginatorOf([assigned]) }),
        'POST /api/companies/assign-seminar': () => ({
          status: 409,
          body: {
            message:
              'Kein Platz mehr frei: 0 frei in den gültigen Platzpaketen der Firma für dieses Seminar. Bitte ein weiteres Paket kaufen oder einen Platz zurücknehmen.',
            code: 'seats.none_left',
          },
        }),
        'POST /api/companies/unassign-seminar': () => ({
          status: 409,
          body: {
            message:
              'Dieser Platz kann nicht zurückgenommen werden: die Person hat das Seminar bereits begonnen.',
            code: 'seats.started',
          },
        }),
      },
    });
    await screen.findByTestId('assign-table', {}, { timeout: 10_000 });
    await user.click(screen.getByRole('checkbox', { name: 'Bert Berg auswählen' }));
    await user.click(screen.getByTestId('assign-submit'));
    expect((await screen.findByTestId('assign-error')).textContent).toContain('Kein Platz mehr frei');
    await user.click(screen.getByRole('checkbox', { name: 'Bert Berg auswählen' }));
    await user.click(screen.getByRole('checkbox', { name: 'Anna Arm auswählen' }));
    await user.click(screen.getByTestId('unassign-submit'));
    const dialog = screen.getByRole('dialog', { name: 'Zuweisung aufheben?' });
    await user.click(within(dialog).getByRole('button', { name: 'Zuweisung aufheben (1)' }));
    await waitFor(() => expect(screen.getByTestId('assign-error').textContent).toContain('bereits begonnen'));
  });
});
