import type { CompanyDto, SeatPackageDto } from '@elearn/shared';
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
