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
import { expect, test } from '../support/test.ts';

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

test.describe('issue 32 items 12 and 13: the new-app banner and the certificate records', () => {
  /** the boxes of the banner's text lines and of its close button */
  const bannerGeometry = (page: import('@playwright/test').Page) =>
    page.evaluate(() => {
      const box = document.querySelector('.new-app-banner .notification');
      const close = box?.querySelector(':scope > .delete');
      if (!box || !close) return null;
      const lines: { left: number; right: number; top: number; bottom: number }[] = [];
      const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const r of Array.from(range.getClientRects()))
          lines.push({ left: r.left, right: r.right, top: r.top, bottom: r.bottom });
      }
      const b = close.getBoundingClientRect();
      return { lines, close: { left: b.left, right: b.right, top: b.top, bottom: b.bottom } };
    });

  for (const lang of LANGS) {
    test(`the new-app banner's close button covers none of its text (${lang})`, async ({
      page,
      context,
      baseURL,
    }, testInfo) => {
      await presetConsent(context, baseURL);
      await page.goto(localized(lang, '/impress'));
      await settle(page);
      const geometry = await bannerGeometry(page);
      expect(geometry, 'the banner with its close button is shown').not.toBeNull();
      if (!geometry) return;
      expect(geometry.lines.length).toBeGreaterThan(0);
      const { close } = geometry;
      const overlapping = geometry.lines.filter(
        (line) =>
          line.left < close.right &&
          line.right > close.left &&
          line.top < close.bottom &&
          line.bottom > close.top,
      );
      expect(overlapping).toEqual([]);
      await page
        .locator('.new-app-banner')
        .screenshot({ path: `/tmp/shots32/banner-${lang}-${testInfo.project.name}.png` });
    });

    test(`"My certificates" and the public check read as a certificate record, the check without the banner (${lang})`, async ({
      page,
      context,
      baseURL,
    }, testInfo) => {
      const phone = testInfo.project.name === 'phone';
      await presetConsent(context, baseURL);
      await apiLogin(context, 'mitarbeiter@example.com');
      const res = await context.request.get('/api/certificates', { headers: { Accept: 'application/json' } });
      expect(res.ok()).toBe(true);
      const [certificate] = (await res.json()) as { code: string; status: string }[];
      expect(certificate, 'the demo employee has a certificate').toBeTruthy();
      if (!certificate) return;

      /** a record: a <dl> of label/value pairs, the state first; labels beside values, above them on a phone */
      const expectRecord = async () => {
        const facts = page.getByTestId('certificate-facts').first();
        await expect(facts).toBeVisible();
        const shape = await facts.evaluate((dl) => {
          const children = Array.from(dl.children);
          const dt = dl.querySelector('dt') as HTMLElement;
          const dd = dl.querySelector('dd') as HTMLElement;
          const a = dt.getBoundingClientRect();
          const b = dd.getBoundingClientRect();
          return {
            tag: dl.tagName,
            pairs: children.map((c) => c.tagName).join(' '),
            beside: Math.abs(a.top - b.top) < a.height && b.left > a.right,
            below: b.top >= a.bottom - 1,
            labelWeight: getComputedStyle(dt).fontWeight,
            valueWeight: getComputedStyle(dd).fontWeight,
          };
        });
        expect(shape.tag).toBe('DL');
        expect(shape.pairs).toMatch(/^(DT DD ?)+$/);
        expect(shape.labelWeight, 'labels and values differ in style').not.toBe(shape.valueWeight);
        if (phone) expect(shape.below, 'the value below its label').toBe(true);
        else expect(shape.beside, 'the value beside its label').toBe(true);
        expect(await sidewaysScroll(page)).toBe(0);
        if (!phone) expect(await seriousAxeViolations(page)).toEqual([]);
      };

      await page.goto(localized(lang, '/certificates'));
      await settle(page);
      await expectRecord();
      // the state first, in words
      const state = page.getByTestId('certificate-facts').first().getByTestId('certificate-state');
      await expect(state).toHaveAttribute('data-status', certificate.status);
      await expect(state).toHaveText(lang === 'de' ? '✓ Gültig' : '✓ Valid');
      await page.screenshot({
        path: `/tmp/shots32/certificates-${lang}-${testInfo.project.name}.png`,
        fullPage: true,
      });

      const verify = localized(lang, `/certificate/${certificate.code}`);
      // the page as the server renders it leaves the banner out as well
      const html = await (await context.request.get(verify)).text();
      expect(html).toContain('class="navbar');
      expect(html).not.toContain('new-app-banner');
      await page.goto(verify);
      await settle(page);
      await expectRecord();
      await expect(page.getByTestId('certificate-verify-status')).toHaveText(
        lang === 'de' ? 'Dieses Zertifikat ist gültig.' : 'This certificate is valid.',
      );
      await expect(page.locator('.new-app-banner')).toHaveCount(0);
      await page.screenshot({
        path: `/tmp/shots32/verify-${lang}-${testInfo.project.name}.png`,
        fullPage: true,
      });
    });
  }
});

test.describe('issue 32 item 11: wide tables keep the name and the progress in view', () => {
  /** the three tables, with where they are, who sees them and their name and progress cells */
  const TABLES = [
    {
      name: 'employees',
      role: 'manager' as const,
      path: async () => '/employees',
      table: 'employees-table',
      row: 'employee-row',
      // the seminars column holds the progress of each seminar (none for an employee without one)
      cells: ['[data-testid="employee-name"]', 'td:nth-child(3)', '[data-testid="employee-progress"]'],
    },
    {
      name: "learners' progress",
      role: 'trainer' as const,
      path: async (page: import('@playwright/test').Page) => {
        const res = await page.request.get('/api/seminars/slug/einfuehrung-in-die-projektarbeit', {
          headers: { Accept: 'application/json' },
        });
        return `/seminar/id/${((await res.json()) as { id: number }).id}`;
      },
      table: 'learner-progress-table',
      row: 'learner-progress-row',
      cells: ['td:first-child', '[data-testid="learner-progress-percent"]'],
    },
    {
      name: 'graduation',
      role: 'trainer' as const,
      path: async (page: import('@playwright/test').Page) => {
        const res = await page.request.get('/api/graduate/history/owner/?page=1', {
          headers: { Accept: 'application/json' },
        });
        const runs = (await res.json()) as { data: { id: number }[] };
        expect(runs.data.length, 'the demo trainer has test runs').toBeGreaterThan(0);
        return `/mcTest/graduate/${runs.data[0]?.id}`;
      },
      table: 'graduates-table',
      row: 'graduate-row',
      cells: ['td:first-child', '[data-testid="graduate-percent"]'],
    },
  ];

  for (const lang of LANGS) {
    for (const spec of TABLES) {
      test(`the ${spec.name} table (${lang})`, async ({ page, context, baseURL }, testInfo) => {
        const phone = testInfo.project.name === 'phone';
        await presetConsent(context, baseURL);
        await apiLogin(context, ROLE_EMAIL[spec.role]);
        await page.goto(localized(lang, await spec.path(page)));
        await settle(page);
        const table = page.getByTestId(spec.table);
        const rows = table.getByTestId(spec.row);
        await expect(rows.first()).toBeVisible();
        expect(await rows.count()).toBeGreaterThan(0);
        // table semantics on every width: named columns, rows of cells
        expect(await table.getByRole('columnheader').count()).toBeGreaterThan(2);
        await expect(table.getByRole('row').nth(1)).toBeVisible();
        expect(await sidewaysScroll(page), 'the document does not scroll sideways').toBe(0);
        const width = page.viewportSize()?.width ?? 0;
        const problems = await table.evaluate(
          (element, { row, cells, width, phone }) => {
            const found: string[] = [];
            const container = element.closest('.table-container') as HTMLElement;
            // a phone shows cards; a wide screen may scroll a wide table (its actions stay in view)
            if (phone && container.scrollWidth > container.clientWidth + 1) {
              found.push(`the table scrolls ${container.scrollWidth - container.clientWidth} px sideways`);
            }
            for (const tr of Array.from(element.querySelectorAll(`[data-testid="${row}"]`))) {
              for (const [index, selector] of cells.entries()) {
                const matches = Array.from(tr.querySelectorAll(selector));
                // the name and the progress column in every row; each seminar's progress where there is one
                if (index < 2 && matches.length === 0) found.push(`${selector} of a row is missing`);
                for (const cell of matches) {
                  const box = cell.getBoundingClientRect();
                  if (box.width === 0 || box.height === 0) {
                    found.push(`${selector} "${cell.textContent}" is not shown`);
                  } else if (box.left < -0.5 || box.right > width + 0.5) {
                    found.push(
                      `${selector} "${cell.textContent}" lies outside the viewport (${box.left}–${box.right})`,
                    );
                  }
                }
              }
            }
            return found;
          },
          { row: spec.row, cells: spec.cells, width, phone },
        );
        expect(problems).toEqual([]);
        const display = await rows.first().evaluate((tr) => getComputedStyle(tr).display);
        // a card per row on a phone, a table row on a wide screen
        expect(display).toBe(phone ? 'flex' : 'table-row');
        await page.screenshot({
          path: `/tmp/shots32/table-${spec.table}-${lang}-${testInfo.project.name}.png`,
          fullPage: true,
        });
      });
    }
  }
});
