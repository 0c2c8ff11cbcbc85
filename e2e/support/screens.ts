/**
 * The screens the journeys visit, by role, for the UI guards of issue 14 (axe, the phone width,
 * page styles on a direct load). Paths are German; `localized` adds `/en`. Ids come from the
 * demo data (`DEMO_DATA=1`), looked up through the API, so the list does not depend on the order
 * in which the journeys ran.
 */
import { AxeBuilder } from '@axe-core/playwright';
import { type BrowserContext, expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './helpers.ts';

export type Role = 'guest' | 'student' | 'trainer' | 'manager' | 'admin';

export const ROLE_EMAIL: Record<Exclude<Role, 'guest'>, string> = {
  student: 'student@example.com',
  trainer: 'trainer@example.com',
  manager: 'firma@example.com',
  admin: 'admin@example.com',
};

/** Logs in through the API (the form is covered by the journeys): the context gets the session. */
export async function apiLogin(context: BrowserContext, email: string): Promise<void> {
  await context.request.get('/sanctum/csrf-cookie');
  const xsrf = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await context.request.post('/api/login', {
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf), Accept: 'application/json' },
    data: { email, password: DEMO_PASSWORD },
  });
  expect(res.ok(), `login ${email}: ${res.status()}`).toBe(true);
}

async function getJson<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path, { headers: { Accept: 'application/json' } });
  expect(res.ok(), `GET ${path} → ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

const DEMO_SLUG = 'einfuehrung-in-die-projektarbeit';
const DEMO_COMPANY_SEMINAR = 'arbeitssicherheit-bei-der-muster-ag';

/** The screens of a role (the ids of the demo data looked up with the role's session). */
export async function screensOf(role: Role, page: Page): Promise<string[]> {
  switch (role) {
    case 'guest':
      return [
        '/',
        '/login',
        '/register',
        '/forgot-password',
        '/impress',
        '/dsg',
        '/video-example',
        // the catalogue (issue 34), with a search and a filter in its address
        '/seminar',
        '/seminar?q=projekt&price=free',
        `/seminar/${DEMO_SLUG}`,
        '/company/muster/register',
        '/reset-password/token',
        '/unauthorized',
        '/seminar/unbekannt',
        // the certificate check with a code that names no certificate (issue 16)
        '/certificate/AAAAAAAAAAAAAAAAAAAAAAAA',
      ];
    case 'student': {
      const assigned = await getJson<{ id: number }[]>(page, '/api/mc_tests/user/assigned/');
      expect(assigned.length, 'the demo student has a test to take').toBeGreaterThan(0);
      // the demo student is part-way through the demo seminar: progress, the video's resume offer
      const intro = await getJson<{ id: number }>(page, `/api/seminars/slug/${DEMO_SLUG}`);
      const introChapters = await getJson<{ id: number }[]>(page, `/api/chapters/seminar-booked/${intro.id}`);
      return [
        `/seminar/id/${intro.id}`,
        `/seminar/id/${intro.id}/chapter/${introChapters[0]?.id}/play`,
        '/certificates',
        '/seminar',
        '/seminar/booked',
        '/seminar/rise',
        `/seminar/${DEMO_SLUG}`,
        '/seminar/fuehrung-and-kommunikation',
        '/mcTest/assigned',
        '/mcTest/open',
        '/mcTest/history',
        // the test player before the start (opening it starts nothing)
        `/mcTest/open?test=${assigned[0]?.id}`,
        '/todos',
        '/payment/payment-confirmation',
        '/user',
        '/user/password',
        '/user/privacy',
        '/user/trainer',
      ];
    }
    case 'trainer': {
      const seminar = await getJson<{ id: number }>(page, `/api/seminars/slug/${DEMO_SLUG}`);
      const chapters = await getJson<{ id: number }[]>(page, `/api/chapters/seminar/${seminar.id}`);
      const tests = await getJson<{ data: { id: number }[] }>(page, '/api/mc_tests');
      const chapter = chapters[0]?.id;
      const test = tests.data.at(-1)?.id;
      expect(chapter && test, 'the demo seminar has chapters and the trainer a test').toBeTruthy();
      const s = `/seminar/id/${seminar.id}`;
      return [
        '/seminar/own',
        '/seminar/new',
        s,
        `${s}/edit`,
        `${s}/chapter/new`,
        `${s}/chapter/position`,
        `${s}/chapter/${chapter}`,
        `${s}/chapter/${chapter}/newSub`,
        `${s}/chapter/${chapter}/play`,
        `${s}/chapter/${chapter}/subChapter`,
        '/mcTest',
        '/mcTest/own',
        '/mcTest/reports',
        `/mcTest/TestReports?test=${test}`,
        '/mcTest/QuestionPool',
        `/mcTest/graduate/${test}`,
        `/mcTest/${test}/edit`,
        `/mcTest/${test}/new`,
        `/mcTest/${test}/itemAnalysis`,
        '/trainer',
      ];
    }
    case 'manager': {
      const seminar = await getJson<{ id: number }>(page, `/api/seminars/slug/${DEMO_COMPANY_SEMINAR}`);
      return [
        '/company/muster',
        '/company/muster/seminar',
        '/company/muster/seminar/booked',
        `/company/muster/seminar/${seminar.id}`,
        '/employees',
        '/seminar/tempList',
        `/seminar/id/${seminar.id}/assign-user-company`,
      ];
    }
    case 'admin':
      return [
        '/admin',
        '/admin/users',
        '/admin/users/1',
        '/admin/companies',
        '/admin/companies/1',
        '/admin/seminars',
        '/admin/payments',
        '/admin/audit',
        '/admin/deletions',
        '/seminar/tempList',
      ];
  }
}

/**
 * Waits until a directly loaded screen has rendered: a heading, no loader, no lazily loaded
 * rich-text editor still on its way, no request running (the progress bar).
 */
export async function settle(page: Page): Promise<void> {
  await expect(page.locator('h1').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.page-loader')).toHaveCount(0);
  await expect(page.locator('.rich-text-loading')).toHaveCount(0);
  await expect(page.locator('.progress-bar.is-visible')).toHaveCount(0);
}

/**
 * The problems a check finds once the screen has come to rest: it asks again for up to `ms`
 * while problems remain (parts of a page that arrive with a later request, e.g. a chapter's
 * side menu), and returns the last answer.
 */
export async function settled(check: () => Promise<string[]>, ms = 3_000): Promise<string[]> {
  const end = Date.now() + ms;
  let problems = await check();
  while (problems.length > 0 && Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    problems = await check();
  }
  return problems;
}

/** Screens of the lists above that are meant to show the not-found page. */
export const NOT_FOUND_SCREENS = new Set(['/seminar/unbekannt']);

/**
 * What is wrong with the screen's tab strips (Bulma `.tabs`): each must mark exactly one tab as
 * the current page (`li.is-active` holding the link with `aria-current="page"`), and every tab
 * lies inside the strip (at 375 px a strip that clips its overflow cuts the last tabs mid-word).
 */
export async function tabStripProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    for (const strip of Array.from(document.querySelectorAll('nav.tabs'))) {
      const name = strip.getAttribute('aria-label') ?? 'tabs';
      const active = strip.querySelectorAll('li.is-active');
      const current = strip.querySelectorAll('li.is-active > a[aria-current="page"]');
      if (active.length !== 1 || current.length !== 1) {
        problems.push(
          `tab strip "${name}": ${active.length} active tabs (${current.length} with aria-current)`,
        );
      }
      // a tab beyond the strip's edge is hidden or cut mid-word (the strip clips its overflow)
      const box = strip.getBoundingClientRect();
      for (const link of Array.from(strip.querySelectorAll('li > a'))) {
        const tab = link.getBoundingClientRect();
        if (tab.left < box.left - 0.5 || tab.right > box.right + 0.5) {
          problems.push(`tab strip "${name}": the tab "${link.textContent}" is cut or hidden`);
        }
      }
    }
    return problems;
  });
}

/** The serious and critical axe violations (WCAG 2.0/2.1 A and AA) of the current screen. */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    // the name of a control starts with its visible text (experimental in axe, asked for by issue 14)
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return result.violations
    .filter(
      (v) => v.impact === 'serious' || v.impact === 'critical' || v.id === 'label-content-name-mismatch',
    )
    .flatMap((v) =>
      v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`),
    );
}

/**
 * Page-specific styles that must be there on a direct load: where the page has such an element,
 * its style from the feature's stylesheet applies (a stylesheet imported only by another page
 * would be missing here).
 */
const STYLE_MARKERS: { selector: string; property: string; value: string }[] = [
  { selector: '.pool-answer-row', property: 'display', value: 'flex' },
  { selector: '.test-facts', property: 'display', value: 'flex' },
  { selector: '.test-answers', property: 'list-style-type', value: 'none' },
  { selector: '.admin-break', property: 'overflow-wrap', value: 'anywhere' },
  { selector: '.employee-seminars', property: 'list-style-type', value: 'none' },
  { selector: '.assign-toolbar', property: 'display', value: 'flex' },
  { selector: '.days-input', property: 'max-width', value: '128px' },
  { selector: '.table-container', property: 'position', value: 'relative' },
  { selector: '.seminar-grid', property: 'list-style-type', value: 'none' },
  { selector: '.media-list', property: 'list-style-type', value: 'none' },
];

/** The markers on the screen whose style is missing, as "selector: property is value". */
export async function missingStyles(page: Page): Promise<string[]> {
  return page.evaluate((markers) => {
    const missing: string[] = [];
    for (const { selector, property, value } of markers) {
      const element = document.querySelector(selector);
      if (!element) continue;
      const actual = getComputedStyle(element).getPropertyValue(property);
      if (actual !== value) {
        missing.push(`${selector}: ${property} is ${actual}, not ${value}`);
      }
    }
    return missing;
  }, STYLE_MARKERS);
}

/** How far the page scrolls sideways (0 when it fits the viewport). */
export const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * Blocks that must line up with the page's content edge (the main container's left and right
 * edge): the new-app banner and the seminar card grid (issue 14: both sat about 11 px inside).
 */
export async function contentEdgeProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const main = document.querySelector('#main-content > .container');
    if (!main) return [];
    const edge = main.getBoundingClientRect();
    const problems: string[] = [];
    // fullWidth: the block reaches the right edge (else it may end before it, never beyond)
    const check = (what: string, left: number, right: number, fullWidth = true) => {
      const rightOff = fullWidth ? Math.abs(right - edge.right) > 1 : right > edge.right + 1;
      if (Math.abs(left - edge.left) > 1 || rightOff) {
        problems.push(
          `${what} spans ${Math.round(left)}–${Math.round(right)} px, the content ${Math.round(edge.left)}–${Math.round(edge.right)} px`,
        );
      }
    };
    const banner = document.querySelector('.new-app-banner .notification');
    if (banner) {
      const box = banner.getBoundingClientRect();
      check('the new-app banner', box.left, box.right);
    }
    const cards = Array.from(document.querySelectorAll('.seminar-grid .seminar-card')).map((card) =>
      card.getBoundingClientRect(),
    );
    if (cards.length > 0) {
      check(
        'the seminar card grid',
        Math.min(...cards.map((box) => box.left)),
        Math.max(...cards.map((box) => box.right)),
        // three cards fill a row at every width (one, two or three columns)
        cards.length >= 3,
      );
    }
    return problems;
  });
}
