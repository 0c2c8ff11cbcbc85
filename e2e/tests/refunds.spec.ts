import { DEMO_PASSWORD, login, presetConsent, uniqueUser } from '../support/helpers.ts';
import { verificationLink } from '../support/mail.ts';
import { type APIRequestContext, expect, test } from '../support/test.ts';

const BUYER_PASSWORD = 'Erstattung-Kaeufer1';
/** the demo's priced seminar (CHF 249.00) */
const PRICED_SLUG = 'fuehrung-and-kommunikation';

const xsrf = async (request: APIRequestContext) => ({
  'X-XSRF-TOKEN': decodeURIComponent(
    (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '',
  ),
  Accept: 'application/json',
});

/** a new verified buyer who paid the priced seminar through the test checkout (API); its booking */
async function paidBuyer(request: APIRequestContext): Promise<{ email: string; bookingId: number }> {
  const { username, email } = uniqueUser('refund');
  expect((await request.get('/sanctum/csrf-cookie')).status()).toBe(204);
  const registered = await request.post('/api/register', {
    headers: await xsrf(request),
    data: {
      username,
      email,
      first_name: 'Rita',
      last_name: 'Refund',
      password: BUYER_PASSWORD,
      password_confirmation: BUYER_PASSWORD,
      locale: 'de',
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const link = await verificationLink(email);
  const api = link.pathname.replace(/^(\/en)?\/email\//, '/api/email/');
  expect(
    (await request.get(`${api}${link.search}`, { headers: { Accept: 'application/json' } })).status(),
  ).toBe(200);
  const loggedIn = await request.post('/api/login', {
    headers: await xsrf(request),
    data: { email, password: BUYER_PASSWORD },
  });
  expect(loggedIn.status(), await loggedIn.text()).toBe(200);
  const seminar = (await (await request.get(`/api/seminars/slug/${PRICED_SLUG}`)).json()) as { id: number };
  const booked = await request.post('/api/booking/now', {
    headers: await xsrf(request),
    data: { seminarId: seminar.id },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const { checkoutUrl, bookingId } = (await booked.json()) as { checkoutUrl: string; bookingId: number };
  const paid = await request.post(`/api/payments/test-checkout/${checkoutUrl.split('/').pop()}`, {
    headers: await xsrf(request),
    data: { action: 'paid' },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  return { email, bookingId };
}

/** issue 38 item 6: the admin refunds a paid booking in the payment list; the buyer loses the seminar. */
test('admin (de): refunds a paid booking after a confirmation; the buyer loses access and sees the refund', async ({
  page,
  context,
  baseURL,
  playwright,
}) => {
  const buyer = await playwright.request.newContext({ baseURL });
  const { email, bookingId } = await paidBuyer(buyer);
  const before = await buyer.get(`/api/payments/booking/${bookingId}`, {
    headers: { Accept: 'application/json' },
  });
  expect((await before.json()).abilities.play).toBe(true);

  await presetConsent(context, baseURL);
  await login(page, 'de', 'admin@example.com', DEMO_PASSWORD);
  await page.goto('/admin/payments');
  const row = page.getByTestId('admin-payment-row').filter({ hasText: email });
  await row.getByRole('button', { name: 'Rückerstatten' }).click();
  const panel = page.getByTestId('refund-panel');
  await expect(panel.getByText(/Noch erstattbar: 249,00\sCHF/)).toBeVisible();
  await panel.getByTestId('refund-submit').click();
  const dialog = page.getByTestId('confirm-dialog');
  await expect(dialog).toContainText('verliert den Zugang');
  await page.getByRole('button', { name: 'Ja, zurückerstatten' }).click();
  await expect(panel.getByTestId('refund-row')).toHaveAttribute('data-status', 'refunded');
  await expect(panel.getByTestId('refund-row')).toContainText('Zurückerstattet');
  await expect(panel.getByTestId('refund-row')).toContainText(/GS-\d{4}-\d{6}/);

  // the buyer no longer holds the seminar, and finds the refund with its credit note
  const after = await (
    await buyer.get(`/api/payments/booking/${bookingId}`, { headers: { Accept: 'application/json' } })
  ).json();
  expect(after.status).toBe('refunded');
  expect(after.abilities.play).toBe(false);
  const own = await (
    await buyer.get('/api/payments/refunds', { headers: { Accept: 'application/json' } })
  ).json();
  expect(own.items[0]).toMatchObject({ status: 'refunded', amount: 24_900 });
  await buyer.dispose();
});
