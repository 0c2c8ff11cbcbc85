/**
 * Issue 34: every page is rendered on the server and hydrated in the browser; no page may hydrate
 * with a mismatch. Every screen of every role (the list of the screen guards), in German and
 * English, is loaded directly by a browser in UTC+14, where most moments fall on another day and
 * every time of day differs from the server's (Europe/Zurich, the platform's time zone, for
 * dates). Any React hydration error (production: minified errors #418, #419, #423, #425 reported
 * as page errors; development: "Hydration failed…", "did not match" on the console), a script the
 * CSP refused, or any other uncaught error of a page fails the test.
 */

import { type Lang, localized, presetConsent } from '../support/helpers.ts';
import { apiLogin, ROLE_EMAIL, type Role, screensOf } from '../support/screens.ts';
import { expect, type Page, test } from '../support/test.ts';

const ROLES: Role[] = ['guest', 'student', 'trainer', 'manager', 'admin'];
const LANGS: Lang[] = ['de', 'en'];

/**
 * React's hydration errors, minified (production build) and in words (development), and a
 * script the CSP refused (React's inline script for a boundary sent apart: the boundary never
 * shows, and its hydration fails with #419).
 */
const HYDRATION =
  /hydrat|#418\b|#419\b|#423\b|#425\b|did not match|server rendered (HTML|text)|Content Security Policy/i;

/** Uncaught errors of the page and hydration warnings on the console, from now on. */
function collectHydrationProblems(page: Page, current: () => string): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`${current()}: pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && HYDRATION.test(message.text()))
      problems.push(`${current()}: console.error: ${message.text()}`);
  });
  return problems;
}

/**
 * Until the page has come to rest after its hydration: no request running (a hydration error
 * makes React render the whole root again in the browser, which may fetch) and a moment for
 * the effects that run after the first commit.
 */
async function rest(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {});
  await expect(page.locator('.progress-bar.is-visible')).toHaveCount(0);
}

/** Pages beyond the screen guards' list that the server renders with data of their own. */
async function moreScreens(role: Role, page: Page): Promise<string[]> {
  if (role !== 'guest') return [];
  // a trainer's public profile (loaded before it renders, issue 34)
  const res = await page.request.get('/api/seminars/slug/einfuehrung-in-die-projektarbeit', {
    headers: { Accept: 'application/json' },
  });
  const seminar = (await res.json()) as { owner: { username: string } };
  return [`/user/${encodeURIComponent(seminar.owner.username)}`];
}

test.describe('every page hydrates without a mismatch, in a time zone far from Switzerland', () => {
  // UTC+14 (Line Islands): the server renders dates and times in Europe/Zurich
  test.use({ timezoneId: 'Pacific/Kiritimati' });

  for (const lang of LANGS) {
    for (const role of ROLES) {
      test(`the screens of the ${role} (${lang})`, async ({ page, context, baseURL }) => {
        test.setTimeout(300_000);
        await presetConsent(context, baseURL);
        if (role !== 'guest') await apiLogin(context, ROLE_EMAIL[role]);
        let url = '';
        const problems = collectHydrationProblems(page, () => url);
        for (const path of [...(await screensOf(role, page)), ...(await moreScreens(role, page))]) {
          url = localized(lang, path);
          await test.step(url, async () => {
            const response = await page.goto(url);
            expect(response?.status(), `${url} answered`).toBeLessThan(500);
            await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
            await rest(page);
          });
        }
        expect(problems).toEqual([]);
      });
    }

    test(`a first visit (no cookie notice answered yet) hydrates the guest's pages (${lang})`, async ({
      page,
    }) => {
      test.setTimeout(180_000);
      let url = '';
      const problems = collectHydrationProblems(page, () => url);
      for (const path of await screensOf('guest', page)) {
        url = localized(lang, path);
        await test.step(url, async () => {
          await page.context().clearCookies();
          await page.goto(url);
          await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
          await rest(page);
        });
      }
      expect(problems).toEqual([]);
    });
  }
});
