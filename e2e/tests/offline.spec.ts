/**
 * Issue 32 item 3: going offline does not throw the learner out of the app. A click on a page
 * whose code is not loaded yet keeps the page and shows the app's offline notice (a reload would
 * only show the browser's "no internet" page); back online, the navigation goes on.
 */

import { type Lang, localized, presetConsent, TEXT } from '../support/helpers.ts';
import { apiLogin, ROLE_EMAIL } from '../support/screens.ts';
import { expect, test } from '../support/test.ts';

const OFFLINE = {
  de: 'Keine Internetverbindung.',
  en: 'No internet connection.',
} as const;
const TESTS = { de: 'Tests', en: 'Tests' } as const;

for (const lang of ['de', 'en'] as Lang[]) {
  test(`offline, a click on a page not loaded yet keeps the page and shows the offline notice; online it opens (${lang})`, async ({
    page,
    context,
    baseURL,
  }) => {
    await presetConsent(context, baseURL);
    await apiLogin(context, ROLE_EMAIL.student);
    const start = localized(lang, '/certificates');
    await page.goto(start);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toBeVisible();
    const title = await heading.textContent();
    // every document the tab loads from now on: a reload would be one
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(request.url());
    });
    const failedChunks: string[] = [];
    page.on('requestfailed', (request) => {
      if (request.url().includes('/assets/')) failedChunks.push(request.url());
    });

    await context.setOffline(true);
    const notice = page.locator('.offline-notice');
    await expect(notice).toContainText(OFFLINE[lang]);
    const tests = page
      .getByRole('navigation', { name: TEXT[lang].mainNav })
      .getByRole('link', { name: TESTS[lang], exact: true });
    await tests.click();
    // the chunk was asked for and failed: the click did reach the router
    await expect.poll(() => failedChunks.length).toBeGreaterThan(0);
    await page.waitForTimeout(1000);
    expect(documents, 'no reload while offline').toEqual([]);
    expect(new URL(page.url()).pathname).toBe(start);
    await expect(heading).toHaveText(title ?? '');
    await expect(notice).toBeVisible();
    expect(page.url().startsWith('chrome-error:')).toBe(false);

    await context.setOffline(false);
    await expect(notice).toBeHidden();
    // the navigation that waited goes on
    await expect(page).toHaveURL(new RegExp(`${localized(lang, '/mcTest')}(/|$|\\?)`));
    await expect(heading).not.toHaveText(title ?? '');
    await expect(page.locator('.error-page')).toHaveCount(0);
    test.info().annotations.push({ type: 'documents after going online', description: documents.join(', ') });
  });
}
