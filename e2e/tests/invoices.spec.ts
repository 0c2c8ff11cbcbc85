import { DEMO_PASSWORD, type Lang, localized, login, presetConsent, uniqueUser } from '../support/helpers.ts';
import { verificationLink } from '../support/mail.ts';
import { type APIRequestContext, expect, test } from '../support/test.ts';

const BUYER_PASSWORD = 'Rechnung-Kaeufer1';
/** the demo's priced seminar (CHF 249.00) */
const PRICED_SLUG = 'fuehrung-and-kommunikation';

const xsrf = async (request: APIRequestContext) => ({
  'X-XSRF-TOKEN': decodeURIComponent(
    (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '',
  ),
  Accept: 'application/json',
});

/** a new verified user in `lang` who bought the priced seminar through the test checkout (API) */
async function buyerWithPaidBooking(request: APIRequestContext, lang: Lang): Promise<string> {
  const { username, email } = uniqueUser(`inv_${lang}`);
  expect((await request.get('/sanctum/csrf-cookie')).status()).toBe(204);
  const registered = await request.post('/api/register', {
    headers: await xsrf(request),
    data: {
      username,
      email,
      first_name: 'Ina',
      last_name: 'Invoice',
      password: BUYER_PASSWORD,
      password_confirmation: BUYER_PASSWORD,
      locale: lang,
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
  const { checkoutUrl } = (await booked.json()) as { checkoutUrl: string };
  const paid = await request.post(`/api/payments/test-checkout/${checkoutUrl.split('/').pop()}`, {
    headers: await xsrf(request),
    data: { action: 'paid' },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  return email;
}

/** The seller settings and the invoice list of the admin area, in both languages (issue 38). */
const TEXT: Record<
  Lang,
  { seller: string; invoices: string; ibanError: RegExp; saved: string; save: string; export: string }
> = {
  de: {
    seller: 'Rechnungssteller',
    invoices: 'Rechnungen',
    ibanError: /Die IBAN ist ungültig/,
    saved: 'Gespeichert.',
    save: 'Speichern',
    export: 'Als Excel exportieren',
  },
  en: {
    seller: 'Seller',
    invoices: 'Invoices',
    ibanError: /The IBAN is invalid/,
    saved: 'Saved.',
    save: 'Save',
    export: 'Export as Excel',
  },
};

for (const lang of ['de', 'en'] as const) {
  const text = TEXT[lang];
  test(`admin (${lang}): the seller form refuses a wrong IBAN at its field and saves a valid one; the invoice list filters and exports`, async ({
    page,
    context,
    baseURL,
  }) => {
    const at = (path: string) => localized(lang, path);
    await presetConsent(context, baseURL);
    await login(page, lang, 'admin@example.com', DEMO_PASSWORD);
    await page.goto(at('/admin'));
    await page.getByTestId('admin-nav').getByRole('link', { name: text.seller, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${at('/admin/seller')}$`));
    await expect(page.getByRole('heading', { level: 1, name: text.seller })).toBeVisible();

    const form = page.getByTestId('seller-form');
    await form.locator('input[name=legal_name]').fill(`Seminarhaus E2E ${lang}`);
    await form.locator('textarea[name=address]').fill('Bahnhofstrasse 1\n8001 Zürich');
    await form.locator('input[name=vat_number]').fill('CHE-123.456.788 MWST');
    await form.locator('input[name=vat_rate]').fill('8.1');
    await form.locator('input[name=iban]').fill('CH93 0076 2011 6238 5295 8');
    await form.getByRole('button', { name: text.save }).click();
    await expect(page.locator('#seller-iban-error')).toHaveText(text.ibanError);

    await form.locator('input[name=iban]').fill('CH93 0076 2011 6238 5295 7');
    await form.getByRole('button', { name: text.save }).click();
    await expect(page.getByText(text.saved)).toBeVisible();
    await expect(page.locator('#seller-iban-error')).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('seller-form').locator('input[name=iban]')).toHaveValue(
      'CH9300762011623852957',
    );

    await page.getByTestId('admin-nav').getByRole('link', { name: text.invoices, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${at('/admin/invoices')}$`));
    const year = String(new Date().getFullYear());
    await page.locator('#invoice-year').selectOption(year);
    await expect(page).toHaveURL(new RegExp(`year=${year}`));
    const exportLink = page.getByTestId('invoices-export');
    await expect(exportLink).toHaveText(text.export);
    await expect(exportLink).toHaveAttribute(
      'href',
      new RegExp(`/api/admin/invoices/export\\?year=${year}$`),
    );
    const download = await page.request.get(String(await exportLink.getAttribute('href')));
    expect(download.status()).toBe(200);
    expect(download.headers()['content-type']).toContain('spreadsheetml');
  });
}

for (const lang of ['de', 'en'] as const) {
  test(`buyer (${lang}): a paid booking's invoice is listed under the payments, its PDF in the buyer's language`, async ({
    page,
    context,
    baseURL,
    playwright,
  }) => {
    test.setTimeout(120_000);
    const api = await playwright.request.newContext({ baseURL });
    const email = await buyerWithPaidBooking(api, lang);
    await api.dispose();
    await presetConsent(context, baseURL);
    await login(page, lang, email, BUYER_PASSWORD);
    await page.goto(localized(lang, '/payment/payment-confirmation'));
    await expect(
      page.getByRole('heading', { level: 2, name: lang === 'de' ? 'Rechnungen' : 'Invoices' }),
    ).toBeVisible();
    const row = page.getByTestId('invoice-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(lang === 'de' ? 'bezahlt' : 'paid');
    const number = await row.getAttribute('data-number');
    expect(number).toMatch(/^\d{4}-\d{6}$/);
    const pdf = await page.request.get(String(await row.getByTestId('invoice-pdf').getAttribute('href')));
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect(pdf.headers()['content-disposition']).toContain(lang === 'de' ? 'Rechnung' : 'Invoice');
  });
}
