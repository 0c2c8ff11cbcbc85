import type { BookingPaymentDto, PaymentDto } from '@elearn/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bookedAbilities, ownerAbilities, paginatorOf, seminarDto } from '@/testing/fixtures';
import { currentUrl, renderApp, users } from '@/testing/test-utils';

const priced = seminarDto({ id: 9, title: 'Führung & Kommunikation', price: 24_900, currency: 'CHF' });

function bookingDto(overrides: Partial<BookingPaymentDto> = {}): BookingPaymentDto {
  return {
    id: 5,
    status: 'pending',
    seminar: { id: 9, title: 'Führung & Kommunikation', slug: 'fuehrung' },
    price: 24_900,
    currency: 'CHF',
    created_at: '2025-03-04T09:30:00.000Z',
    granted_at: null,
    checkout_url: null,
    payments: [
      {
        id: 1,
        status: 'open',
        amount: 24_900,
        currency: 'CHF',
        created_at: '2025-03-04T09:30:00.000Z',
        paid_at: null,
      },
    ],
    abilities: { pay: false, play: false },
    ...overrides,
  };
}
const paidBooking = () =>
  bookingDto({
    status: 'paid',
    granted_at: '2025-03-04T09:31:00.000Z',
    payments: [
      {
        id: 1,
        status: 'paid',
        amount: 24_900,
        currency: 'CHF',
        created_at: '2025-03-04T09:30:00.000Z',
        paid_at: '2025-03-04T09:31:00.000Z',
      },
    ],
    abilities: { pay: false, play: true },
  });
const canceledBooking = () =>
  bookingDto({
    status: 'canceled',
    payments: [{ ...bookingDto().payments[0]!, status: 'canceled' }],
    abilities: { pay: true, play: false },
  });

describe('/seminar/booking/{id} of a priced seminar', () => {
  it('shows the price and sends the browser on to the checkout the server returns', async () => {
    const { user, fetchMock, router } = renderApp('/seminar/booking/9', {
      user: users.student,
      handlers: {
        'GET /api/seminars/9': () => ({ body: priced }),
        'POST /api/booking/now': () => ({
          status: 201,
          body: { bookingId: 5, checkoutUrl: 'http://localhost:3000/payment/test-checkout/tr_test1' },
        }),
        'GET /api/payments/test-checkout/tr_test1': () => ({
          body: {
            id: 'tr_test1',
            booking_id: 5,
            status: 'open',
            amount: 24_900,
            currency: 'CHF',
            description: 'Seminar: Führung & Kommunikation',
            expires_at: '2025-03-04T09:45:00.000Z',
          },
        }),
      },
    });
    const panel = await screen.findByTestId('pay-panel');
    expect(within(panel).getByTestId('pay-price').textContent).toMatch(/249,00\s?CHF/);
    expect(screen.queryByTestId('booking-paid')).toBeNull();
    await user.click(within(panel).getByRole('button', { name: 'Jetzt bezahlen' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/payment/test-checkout/tr_test1'));
    // only the seminar id goes to the server: price and currency are the server's
    expect(fetchMock.callsTo('POST /api/booking/now')[0]?.json()).toEqual({ seminarId: 9 });
    expect(fetchMock.callsTo('POST /api/booking/now')[0]?.headers.get('X-XSRF-TOKEN')).toBe('session-token');
    expect(await screen.findByTestId('test-checkout-banner')).toBeTruthy();
    fetchMock.expectAllHandled();
  });

  it('shows the reason when the server refuses', async () => {
    const { user } = renderApp('/seminar/booking/9', {
      user: users.student,
      handlers: {
        'GET /api/seminars/9': () => ({ body: priced }),
        'POST /api/booking/now': () => ({
          status: 409,
          body: {
            message: 'Für diese Buchung läuft bereits eine Zahlung.',
            code: 'payment.in_progress',
          },
        }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Jetzt bezahlen' }));
    expect((await screen.findByTestId('pay-error')).textContent).toBe(
      'Für diese Buchung läuft bereits eine Zahlung.',
    );
  });

  it('a priced seminar that cannot be booked says so; booked and own ones keep their notices', async () => {
    const notBookable = renderApp('/seminar/booking/9', {
      user: users.student,
      handlers: {
        'GET /api/seminars/9': () => ({
          body: { ...priced, abilities: { ...priced.abilities, book: false } },
        }),
      },
    });
    expect((await screen.findByTestId('pay-not-bookable')).textContent).toBe(
      'Dieses Seminar kann nicht online gebucht werden.',
    );
    expect(screen.queryByRole('button', { name: 'Jetzt bezahlen' })).toBeNull();
    notBookable.unmount();

    const booked = renderApp('/seminar/booking/9', {
      user: users.student,
      handlers: { 'GET /api/seminars/9': () => ({ body: { ...priced, abilities: bookedAbilities } }) },
    });
    expect(await screen.findByTestId('booking-already')).toBeTruthy();
    expect(screen.queryByTestId('pay-panel')).toBeNull();
    booked.unmount();

    renderApp('/seminar/booking/9', {
      user: users.trainer,
      handlers: { 'GET /api/seminars/9': () => ({ body: { ...priced, abilities: ownerAbilities } }) },
    });
    expect(await screen.findByText('Eigene Seminare können nicht gebucht werden.')).toBeTruthy();
    expect(screen.queryByTestId('pay-panel')).toBeNull();
  });
});

describe('/payment/mollie/redirect', () => {
  it('paid: goes on to the completed page, which offers to start the seminar', async () => {
    const { router, fetchMock } = renderApp('/payment/mollie/redirect?bookingId=5', {
      user: users.student,
      handlers: {
        'POST /api/payments/booking/5/sync': () => ({ body: paidBooking() }),
        'GET /api/payments/booking/5': () => ({ body: paidBooking() }),
      },
    });
    await waitFor(() => expect(currentUrl(router)).toBe('/payment/completed/5'));
    const outcome = await screen.findByTestId('payment-outcome');
    expect(outcome.textContent).toBe('Vielen Dank! Sie haben «Führung & Kommunikation» gebucht.');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Zahlung erfolgreich');
    expect(screen.getByTestId('payment-start').getAttribute('href')).toBe('/seminar/id/9');
    expect(fetchMock.callsTo('POST /api/payments/booking/5/sync')[0]?.headers.get('X-XSRF-TOKEN')).toBe(
      'session-token',
    );
    fetchMock.expectAllHandled();
  });

  it('canceled: goes on to the canceled page; paying again starts a new checkout', async () => {
    const { router, user, fetchMock } = renderApp('/payment/mollie/redirect?bookingId=5', {
      user: users.student,
      handlers: {
        'POST /api/payments/booking/5/sync': () => ({ body: canceledBooking() }),
        'GET /api/payments/booking/5': () => ({ body: canceledBooking() }),
        'POST /api/booking/now': () => ({
          status: 201,
          body: { bookingId: 5, checkoutUrl: 'http://localhost:3000/payment/test-checkout/tr_test2' },
        }),
        'GET /api/payments/test-checkout/tr_test2': () => ({
          status: 404,
          body: { message: 'x', code: 'not_found' },
        }),
      },
    });
    await waitFor(() => expect(currentUrl(router)).toBe('/payment/canceled/5'));
    expect((await screen.findByTestId('payment-outcome')).textContent).toBe('Die Zahlung wurde abgebrochen.');
    expect(screen.getByText(/Es wurde nichts belastet/)).toBeTruthy();
    expect(screen.queryByTestId('payment-start')).toBeNull();
    const summary = screen.getByTestId('booking-summary');
    expect(within(summary).getByTestId('booking-price').textContent).toMatch(/249,00\s?CHF/);
    expect(within(screen.getByTestId('booking-attempts')).getByText('Abgebrochen')).toBeTruthy();
    // not booked: the summary names the payment attempt's date, never "booked on" (issue 32 item 4)
    expect(within(summary).queryByText('Gebucht am')).toBeNull();
    const date = within(summary).getByTestId('booking-date');
    expect(date.querySelector('th')?.textContent).toBe('Zahlungsversuch vom');
    expect(date.querySelector('td')?.textContent).toMatch(/^04\.03\.2025/);
    await user.click(screen.getByRole('button', { name: 'Erneut bezahlen' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/payment/test-checkout/tr_test2'));
    expect(fetchMock.callsTo('POST /api/booking/now')[0]?.json()).toEqual({ seminarId: 9 });
  });

  it('the summary dates a booking by what happened: attempted, booked, begun (issue 32 item 4, en)', async () => {
    const later = {
      ...bookingDto().payments[0]!,
      id: 2,
      status: 'failed' as const,
      created_at: '2025-03-06T15:00:00.000Z',
    };
    const twice = bookingDto({
      status: 'failed',
      created_at: '2025-03-01T08:00:00.000Z',
      payments: [later, { ...bookingDto().payments[0]!, status: 'canceled' }],
      abilities: { pay: true, play: false },
    });
    renderApp('/en/payment/canceled/5', {
      user: users.student,
      handlers: { 'GET /api/payments/booking/5': () => ({ body: twice }) },
    });
    const date = await screen.findByTestId('booking-date');
    expect(date.getAttribute('data-kind')).toBe('attempted');
    expect(date.querySelector('th')?.textContent).toBe('Payment attempted on');
    expect(date.querySelector('td')?.textContent).toMatch(/^6 Mar 2025, \d{2}:\d{2}$/);
    expect(screen.queryByText('Booked on')).toBeNull();
  });

  it('a paid booking is dated by when it was booked', async () => {
    renderApp('/en/payment/booking/5', {
      user: users.student,
      handlers: { 'GET /api/payments/booking/5': () => ({ body: paidBooking() }) },
    });
    const date = await screen.findByTestId('booking-date');
    expect(date.querySelector('th')?.textContent).toBe('Booked on');
    expect(date.getAttribute('data-kind')).toBe('booked');
  });

  it('pending: waits, asks again, and goes on once the payment is paid', async () => {
    let calls = 0;
    const { router } = renderApp('/payment/mollie/redirect?bookingId=5', {
      user: users.student,
      handlers: {
        'POST /api/payments/booking/5/sync': () => {
          calls++;
          return { body: calls === 1 ? bookingDto() : paidBooking() };
        },
        'GET /api/payments/booking/5': () => ({ body: paidBooking() }),
      },
    });
    const waiting = await screen.findByTestId('payment-waiting');
    expect(within(waiting).getByRole('status').textContent).toContain('Wir warten auf die Bestätigung');
    await waitFor(() => expect(currentUrl(router)).toBe('/payment/completed/5'), { timeout: 5000 });
    expect(calls).toBe(2);
  });

  it('without a booking id, or for a booking of someone else, it is the not-found page', async () => {
    const missing = renderApp('/payment/mollie/redirect', { user: users.student });
    expect(await screen.findByText('Seite nicht gefunden')).toBeTruthy();
    missing.unmount();
    renderApp('/payment/mollie/redirect?bookingId=77', {
      user: users.student,
      handlers: {
        'POST /api/payments/booking/77/sync': () => ({
          status: 404,
          body: { message: 'Nicht gefunden.', code: 'not_found' },
        }),
      },
    });
    expect(await screen.findByText('Seite nicht gefunden')).toBeTruthy();
  });
});

describe('completed and booking pages show the server status, not the URL', () => {
  it('/payment/completed/{id} of an unpaid booking says it is not paid and offers to continue', async () => {
    const { user, router } = renderApp('/payment/completed/5', {
      user: users.student,
      handlers: {
        'GET /api/payments/booking/5': () => ({
          body: bookingDto({ checkout_url: 'http://localhost:3000/payment/test-checkout/tr_test1' }),
        }),
        'GET /api/payments/test-checkout/tr_test1': () => ({
          status: 404,
          body: { message: 'x', code: 'not_found' },
        }),
      },
    });
    expect((await screen.findByTestId('payment-outcome')).dataset.outcome).toBe('pending');
    expect(screen.queryByTestId('payment-start')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Zahlung fortsetzen' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/payment/test-checkout/tr_test1'));
  });

  it('/en/payment/booking/{id}: summary and attempts in English', async () => {
    renderApp('/en/payment/booking/5', {
      user: users.student,
      handlers: { 'GET /api/payments/booking/5': () => ({ body: paidBooking() }) },
    });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Your booking');
    expect((await screen.findByTestId('payment-outcome')).textContent).toBe(
      'Thank you! You have booked “Führung & Kommunikation”.',
    );
    expect(screen.getByTestId('payment-start').getAttribute('href')).toBe('/en/seminar/id/9');
    expect(screen.getByTestId('booking-price').textContent).toMatch(/^CHF\s249\.00$/);
    expect(within(screen.getByTestId('booking-attempts')).getByText('Paid')).toBeTruthy();
  });
});

describe('/payment/payment-confirmation', () => {
  const payment = (id: number, status: PaymentDto['status']): PaymentDto => ({
    id,
    booking_id: id + 100,
    seminar: { id: 9, title: `Seminar ${id}`, slug: `s-${id}` },
    amount: 24_900,
    currency: 'CHF',
    status,
    created_at: '2025-03-04T09:30:00.000Z',
    paid_at: status === 'paid' ? '2025-03-04T09:31:00.000Z' : null,
  });

  it('lists the payments page by page with seminar, amount, status and date', async () => {
    const { fetchMock, user, router } = renderApp('/payment/payment-confirmation?page=2', {
      user: users.student,
      handlers: {
        'GET /api/payments/status/': (req) => {
          const page = Number(new URLSearchParams(req.search).get('page'));
          return {
            body: {
              ...paginatorOf(
                page === 2 ? [payment(3, 'paid')] : [payment(2, 'failed'), payment(1, 'canceled')],
                page,
                2,
                3,
              ),
              per_page: 20,
            },
          };
        },
      },
    });
    const rows = await screen.findAllByTestId('payment-row');
    expect(rows).toHaveLength(1);
    expect(
      within(screen.getByTestId('payments-table'))
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Seminar', 'Betrag', 'Status', 'Datum']);
    const cells = within(rows[0]!)
      .getAllByRole('cell')
      .map((td) => td.textContent);
    expect(cells[0]).toBe('Seminar 3');
    expect(cells[1]).toMatch(/249,00\s?CHF/);
    expect(cells[2]).toBe('Bezahlt');
    expect(within(rows[0]!).getByRole('link', { name: 'Seminar 3' }).getAttribute('href')).toBe(
      '/payment/booking/103',
    );
    expect(new URLSearchParams(fetchMock.callsTo('GET /api/payments/status/')[0]?.search).get('page')).toBe(
      '2',
    );
    await user.click(screen.getByRole('link', { name: 'Vorherige Seite' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/payment/payment-confirmation'));
    expect(await screen.findByText('Fehlgeschlagen')).toBeTruthy();
    expect(screen.getAllByTestId('payment-row')).toHaveLength(2);
  });

  it('has an empty state', async () => {
    renderApp('/payment/payment-confirmation', {
      user: users.student,
      handlers: { 'GET /api/payments/status/': () => ({ body: paginatorOf([], 1, 1, 0) }) },
    });
    const empty = await screen.findByTestId('payments-empty');
    expect(empty.textContent).toContain('Sie haben noch keine Zahlungen.');
    expect(within(empty).getByRole('link', { name: 'Seminare ansehen' }).getAttribute('href')).toBe(
      '/seminar',
    );
  });

  it('needs a login', async () => {
    const { router } = renderApp('/payment/payment-confirmation');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});

describe('/payment/test-checkout/{paymentId}', () => {
  const open = {
    id: 'tr_test1',
    booking_id: 5,
    status: 'open' as const,
    amount: 24_900,
    currency: 'CHF',
    description: 'Seminar: Führung & Kommunikation',
    expires_at: '2025-03-04T09:45:00.000Z',
  };

  it('is clearly a test; paying settles it and comes back through the redirect page', async () => {
    const { user, router, fetchMock } = renderApp('/payment/test-checkout/tr_test1', {
      user: users.student,
      handlers: {
        'GET /api/payments/test-checkout/tr_test1': () => ({ body: open }),
        'POST /api/payments/test-checkout/tr_test1': () => ({
          body: { redirectUrl: 'http://localhost:3000/payment/mollie/redirect?bookingId=5' },
        }),
        'POST /api/payments/booking/5/sync': () => ({ body: paidBooking() }),
        'GET /api/payments/booking/5': () => ({ body: paidBooking() }),
      },
    });
    expect((await screen.findByTestId('test-checkout-banner')).textContent).toBe(
      'TESTZAHLUNG – es wird kein Geld belastet.',
    );
    expect((await screen.findByTestId('test-checkout-amount')).textContent).toMatch(/249,00\s?CHF/);
    expect(screen.getByTestId('test-checkout-description').textContent).toBe(
      'Seminar: Führung & Kommunikation',
    );
    for (const name of ['Bezahlen (Test)', 'Fehlschlagen lassen (Test)', 'Abbrechen (Test)']) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
    await user.click(screen.getByRole('button', { name: 'Bezahlen (Test)' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/payment/completed/5'));
    expect(fetchMock.callsTo('POST /api/payments/test-checkout/tr_test1')[0]?.json()).toEqual({
      action: 'paid',
    });
    expect(fetchMock.callsTo('POST /api/payments/booking/5/sync')).toHaveLength(1);
  });

  it('cancel sends the chosen action; a settled payment offers no buttons', async () => {
    const first = renderApp('/en/payment/test-checkout/tr_test1', {
      user: users.student,
      handlers: {
        'GET /api/payments/test-checkout/tr_test1': () => ({ body: open }),
        'POST /api/payments/test-checkout/tr_test1': () => ({
          body: { redirectUrl: 'http://localhost:3000/en/payment/mollie/redirect?bookingId=5' },
        }),
        'POST /api/payments/booking/5/sync': () => ({ body: canceledBooking() }),
        'GET /api/payments/booking/5': () => ({ body: canceledBooking() }),
      },
    });
    expect((await screen.findByTestId('test-checkout-banner')).textContent).toBe(
      'TEST PAYMENT – no money is charged.',
    );
    await first.user.click(await screen.findByRole('button', { name: 'Cancel (test)' }));
    await waitFor(() => expect(currentUrl(first.router)).toBe('/en/payment/canceled/5'));
    expect(first.fetchMock.callsTo('POST /api/payments/test-checkout/tr_test1')[0]?.json()).toEqual({
      action: 'canceled',
    });
    expect((await screen.findByTestId('payment-outcome')).textContent).toBe('The payment was canceled.');
    first.unmount();

    renderApp('/payment/test-checkout/tr_test1', {
      user: users.student,
      handlers: { 'GET /api/payments/test-checkout/tr_test1': () => ({ body: { ...open, status: 'paid' } }) },
    });
    expect(await screen.findByTestId('test-checkout-settled')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Bezahlen (Test)' })).toBeNull();
  });

  it('an unknown or malformed payment id is not found', async () => {
    const unknown = renderApp('/payment/test-checkout/tr_test9', {
      user: users.student,
      handlers: {
        'GET /api/payments/test-checkout/tr_test9': () => ({
          status: 404,
          body: { message: 'Nicht gefunden.', code: 'not_found' },
        }),
      },
    });
    expect(await screen.findByText('Seite nicht gefunden')).toBeTruthy();
    unknown.unmount();
    const malformed = renderApp('/payment/test-checkout/evil', { user: users.student });
    expect(await screen.findByText('Seite nicht gefunden')).toBeTruthy();
    malformed.fetchMock.expectAllHandled();
  });
});
