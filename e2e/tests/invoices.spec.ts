import { DEMO_PASSWORD, type Lang, localized, login, presetConsent } from '../support/helpers.ts';
import { expect, test } from '../support/test.ts';

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
