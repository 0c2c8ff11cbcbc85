import { DEMO_PASSWORD, localized, login, presetConsent, uniqueUser } from '../support/helpers.ts';
import { verificationLink } from '../support/mail.ts';
import { type APIRequestContext, expect, test } from '../support/test.ts';

const PASSWORD = 'Gutschein-Kaeufer1';
/** the demo's priced seminar (CHF 249.00) */
const PRICED_SLUG = 'fuehrung-and-kommunikation';

const xsrf = async (request: APIRequestContext) => ({
  'X-XSRF-TOKEN': decodeURIComponent(
    (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '',
  ),
  Accept: 'application/json',
});

/** a new verified German user (API): the e-mail */
async function newStudent(request: APIRequestContext): Promise<string> {
  const { username, email } = uniqueUser('voucher_de');
  expect((await request.get('/sanctum/csrf-cookie')).status()).toBe(204);
  const registered = await request.post('/api/register', {
    headers: await xsrf(request),
    data: {
      username,
      email,
      first_name: 'Gina',
      last_name: 'Gutschein',
      password: PASSWORD,
      password_confirmation: PASSWORD,
      locale: 'de',
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const link = await verificationLink(email);
  const api = link.pathname.replace(/^(\/en)?\/email\//, '/api/email/');
  expect(
    (await request.get(`${api}${link.search}`, { headers: { Accept: 'application/json' } })).status(),
  ).toBe(200);
  return email;
}

/** Issue 38 item 5: an admin creates a 100 % voucher; a student books with it without paying. */
test('vouchers (de): a 100 % voucher made by the admin books the priced seminar without any payment', async ({
  page,
  browser,
  context,
  baseURL,
  playwright,
}) => {
  test.setTimeout(120_000);
  const code = `E2E-${Date.now().toString(36).toUpperCase()}`;
  await presetConsent(context, baseURL);
  await login(page, 'de', 'admin@example.com', DEMO_PASSWORD);
  await page.goto(localized('de', '/admin'));
  await page.getByTestId('admin-nav').getByRole('link', { name: 'Gutscheine', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/vouchers$/);
  await page.getByTestId('voucher-new').click();
  const form = page.getByTestId('voucher-form');
  await form.locator('input[name=code]').fill(code);
  await form.locator('input[name=value]').fill('100');
  await form.locator('input[name=total_cap]').fill('5');
  await form.getByTestId('voucher-save').click();
  await expect(page).toHaveURL(/\/admin\/vouchers\/\d+$/);
  await expect(page.getByTestId('redemptions-empty')).toBeVisible();
  const voucherUrl = page.url();

  const api = await playwright.request.newContext({ baseURL });
  const email = await newStudent(api);
  const seminar = (await (await api.get(`/api/seminars/slug/${PRICED_SLUG}`)).json()) as { id: number };
  await api.dispose();

  const studentContext = await browser.newContext();
  await presetConsent(studentContext, baseURL);
  const student = await studentContext.newPage();
  await login(student, 'de', email, PASSWORD);
  await student.goto(localized('de', `/seminar/booking/${seminar.id}`));
  await expect(student.getByTestId('pay-price')).toHaveText(/249[.,]00/);
  await student.locator('#voucher-code').fill('nope-nope');
  await student.getByTestId('voucher-apply').click();
  await expect(student.getByTestId('voucher-error')).toHaveText('Dieser Gutscheincode ist unbekannt.');
  await student.locator('#voucher-code').fill(code.toLowerCase());
  await student.getByTestId('voucher-apply').click();
  await expect(student.getByTestId('pay-discounted')).toHaveText('Kostenlos');
  await student.getByRole('button', { name: 'Mit Gutschein buchen' }).click();
  await expect(student).toHaveURL(/\/payment\/completed\/\d+$/);
  await studentContext.close();

  await page.goto(voucherUrl);
  await expect(page.getByTestId('redemption-row')).toHaveCount(1);
  await expect(page.getByTestId('redemption-row')).toContainText('bezahlt');
  await expect(page.getByTestId('redemption-row')).toContainText(email);
});
