/**
 * UI guards of issue 14 over every screen the journeys visit, each loaded directly, as every role,
 * in German and English:
 * - both projects: the screen is not the not-found page (a stale path would scan nothing), each
 *   tab strip marks exactly one tab as the current page and shows every tab whole, and the
 *   new-app banner and the seminar card grid line up with the content edge;
 * - project `chromium` (1280 px): no serious or critical axe violation (WCAG 2.0/2.1 A and AA),
 *   and the page-specific styles are there on a direct load;
 * - project `phone` (375 px): the page does not scroll sideways.
 * A guest with the XSRF cookie of a guest session (left after logout or registration) logs no
 * console error on a full page load.
 */
import { expect, test } from '@playwright/test';
import { collectPageProblems, type Lang, localized, presetConsent } from '../support/helpers.ts';
import {
  apiLogin,
  contentEdgeProblems,
  missingStyles,
  NOT_FOUND_SCREENS,
  ROLE_EMAIL,
  type Role,
  screensOf,
  seriousAxeViolations,
  settle,
  settled,
  sidewaysScroll,
  tabStripProblems,
} from '../support/screens.ts';

const ROLES: Role[] = ['guest', 'student', 'trainer', 'manager', 'admin'];
const LANGS: Lang[] = ['de', 'en'];

for (const lang of LANGS) {
  for (const role of ROLES) {
    test(`screens of the ${role} (${lang}): axe, phone width, page styles`, async ({
      page,
      context,
      baseURL,
    }, testInfo) => {
      // a dozen screens with an axe scan each
      test.setTimeout(600_000);
      const phone = testInfo.project.name === 'phone';
      await presetConsent(context, baseURL);
      if (role !== 'guest') await apiLogin(context, ROLE_EMAIL[role]);
      const problems: string[] = [];
      for (const path of await screensOf(role, page)) {
        const url = localized(lang, path);
        await test.step(url, async () => {
          await page.goto(url);
          await settle(page);
          const notFound = await page.locator('.error-page').count();
          if (notFound !== (NOT_FOUND_SCREENS.has(path) ? 1 : 0)) {
            problems.push(`${url}: ${notFound ? 'shows the error page' : 'is not the not-found page'}`);
          }
          for (const p of await settled(() => tabStripProblems(page))) problems.push(`${url}: ${p}`);
          for (const p of await settled(() => contentEdgeProblems(page))) problems.push(`${url}: ${p}`);
          if (phone) {
            const overflow = await sidewaysScroll(page);
            if (overflow > 0) problems.push(`${url}: scrolls ${overflow} px sideways at 375 px`);
            return;
          }
          for (const v of await seriousAxeViolations(page)) problems.push(`${url}: ${v}`);
          for (const m of await missingStyles(page)) problems.push(`${url}: style missing: ${m}`);
        });
      }
      expect(problems).toEqual([]);
    });
  }
}

test('a guest with the XSRF cookie of a guest session logs no console error on page loads @desktop', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await presetConsent(context, baseURL);
  // what logout and registration leave behind: the guest session's cookies
  await context.request.get('/sanctum/csrf-cookie');
  expect((await context.cookies()).some((c) => c.name === 'XSRF-TOKEN')).toBe(true);
  const problems = collectPageProblems(page);
  for (const path of ['/', '/seminar/einfuehrung-in-die-projektarbeit', '/impress', '/login']) {
    for (const lang of LANGS) {
      await page.goto(localized(lang, path));
      await settle(page);
    }
  }
  expect(problems).toEqual([]);
});

test('the home hero shows its illustration in the right half; a seminar without an image has a designed cover @desktop', async ({
  page,
  context,
  baseURL,
}) => {
  await presetConsent(context, baseURL);
  await page.goto('/');
  await settle(page);
  const hero = await page.locator('.home-hero').boundingBox();
  const art = await page.getByTestId('home-hero-illustration').boundingBox();
  expect(hero && art, 'hero and illustration are shown').toBeTruthy();
  if (!hero || !art) return;
  expect(art.x).toBeGreaterThanOrEqual(hero.x + hero.width / 2);
  expect(art.width).toBeGreaterThan(hero.width / 4);

  // the demo catalogue has seminars without an image: a gradient cover, not a bare letter
  await apiLogin(context, ROLE_EMAIL.student);
  await page.goto('/seminar');
  await settle(page);
  const cover = page.locator('.seminar-card .seminar-image-placeholder').first();
  await expect(cover).toBeVisible();
  expect(await cover.evaluate((element) => getComputedStyle(element).backgroundImage)).toContain('gradient');
});
