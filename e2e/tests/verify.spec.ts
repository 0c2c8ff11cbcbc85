import { type Lang, localized, presetConsent, TEXT, uniqueUser } from '../support/helpers.ts';
import { verificationLink } from '../support/mail.ts';
import { expect, type Page, test } from '../support/test.ts';

const LANGS: Lang[] = ['de', 'en'];
const VERIFIED = { de: 'Die E-Mail-Adresse wurde bestätigt.', en: 'Your e-mail address has been verified.' };

/** Registers through the API (setup only; the form itself is covered by account.spec.ts). */
async function registerByApi(page: Page, lang: Lang, username: string, email: string): Promise<void> {
  const csrf = await page.request.get('/sanctum/csrf-cookie');
  expect(csrf.status()).toBe(204);
  const token = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await page.request.post('/api/register', {
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(token), Accept: 'application/json' },
    data: {
      username,
      email,
      first_name: 'Vera',
      last_name: 'Fizierung',
      password: 'Verify-Passwort1',
      password_confirmation: 'Verify-Passwort1',
      locale: lang,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

for (const lang of LANGS) {
  test.describe(`e-mail verification (${lang})`, () => {
    test.beforeEach(async ({ context, baseURL }) => presetConsent(context, baseURL));

    test('a link with a forged signature shows the verification error', async ({ page }) => {
      const { username, email } = uniqueUser(`ver_${lang}`);
      await registerByApi(page, lang, username, email);
      const genuine = await verificationLink(email);

      // the real id, hash and expiry, but a signature nobody made
      const forged = new URL(genuine);
      const signature = forged.searchParams.get('signature') ?? '';
      forged.searchParams.set('signature', `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`);
      await page.goto(forged.href);
      const error = page.getByTestId('verify-error');
      await expect(error).toBeVisible();
      await expect(error).toContainText(TEXT[lang].verifyInvalid);
      await expect(page.getByTestId('verify-success')).toHaveCount(0);

      // the forged link verified nothing: the genuine one still does the first verification
      await page.goto(genuine.href);
      await expect(page.getByTestId('verify-success')).toContainText(VERIFIED[lang]);
    });

    test('a link without a signature shows the verification error', async ({ page }) => {
      await page.goto(localized(lang, `/email/verify/1/${'a'.repeat(40)}`));
      await expect(page.getByTestId('verify-error')).toContainText(TEXT[lang].verifyInvalid);
    });

    test('a mangled link (id not a number) shows the verification error page', async ({ page }) => {
      const response = await page.goto(localized(lang, `/email/verify/abc/xyz?expires=1&signature=forged`));
      expect(response?.headers()['content-type']).toContain('text/html');
      await expect(page.getByTestId('verify-error')).toBeVisible();
    });
  });
}
