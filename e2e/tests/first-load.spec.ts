import { type Lang, localized } from '../support/helpers.ts';
import { apiLogin, ROLE_EMAIL } from '../support/screens.ts';
import { expect, type Page, test } from '../support/test.ts';

/**
 * Issue 13: first loads are stable. Cumulative layout shift as Lighthouse counts it
 * (`layout-shift` entries without recent input), summed over the load and a settle time, at
 * desktop and phone width: the home page of a first-time guest (the cookie notice included) in
 * both languages, and the issue's other pages in German (login, a public seminar, the student's
 * seminar list and chapter play).
 */
const CLS_MAX = 0.05;
/** after the load event and an idle network, late shifts (fonts, lazy parts) still count */
const SETTLE_MS = 1500;

interface Shift {
  value: number;
  sources: string[];
}

declare global {
  interface Window {
    __shifts: Shift[];
  }
}

async function measureCls(page: Page, url: string): Promise<{ cls: number; shifts: Shift[] }> {
  await page.addInitScript(() => {
    window.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        const sources = (entry.sources ?? []).map((source) => {
          const node = source.node;
          if (!(node instanceof Element)) return node?.nodeName ?? '?';
          return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${node.className ? `.${String(node.className).trim().split(/\s+/).join('.')}` : ''}`;
        });
        window.__shifts.push({ value: entry.value, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  await page.locator('main').first().waitFor();
  await page.waitForTimeout(SETTLE_MS);
  const shifts = await page.evaluate(() => window.__shifts);
  return { cls: shifts.reduce((sum, shift) => sum + shift.value, 0), shifts };
}

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
];

const DEMO_SLUG = 'einfuehrung-in-die-projektarbeit';

/** The demo student's booked seminar and its first chapter, through the API. */
async function playPath(page: Page): Promise<string> {
  const seminar = (await (await page.request.get(`/api/seminars/slug/${DEMO_SLUG}`)).json()) as {
    id: number;
  };
  const res = await page.request.get(`/api/chapters/seminar-booked/${seminar.id}`, {
    headers: { Accept: 'application/json' },
  });
  expect(res.ok(), `booked chapters: ${res.status()}`).toBe(true);
  const [chapter] = (await res.json()) as { id: number }[];
  expect(chapter, 'the demo seminar has a chapter').toBeTruthy();
  return `/seminar/id/${seminar.id}/chapter/${chapter?.id}/play`;
}

/** The other pages of the issue, in German: a guest's and the logged-in student's. */
const PAGES: { name: string; student: boolean; path: (page: Page) => Promise<string> }[] = [
  { name: 'login', student: false, path: async () => '/login' },
  { name: 'public seminar', student: false, path: async () => `/seminar/${DEMO_SLUG}` },
  { name: 'seminar list (student)', student: true, path: async () => '/seminar' },
  { name: 'chapter play (student)', student: true, path: playPath },
];

for (const viewport of WIDTHS) {
  test.describe(`first load at ${viewport.width} px`, () => {
    // every test has its own context: a first visit, nothing cached, no cookies
    test.use({ viewport });

    for (const lang of ['de', 'en'] as Lang[]) {
      test(`home page (${lang}): CLS ≤ ${CLS_MAX} over the load`, async ({ page }) => {
        const { cls, shifts } = await measureCls(page, localized(lang, '/'));
        // the page did render: its heading and the navbar are there
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await expect(page.getByRole('navigation').first()).toBeVisible();
        expect(cls, `layout shifts: ${JSON.stringify(shifts)}`).toBeLessThanOrEqual(CLS_MAX);
      });
    }

    for (const target of PAGES) {
      test(`${target.name}: CLS ≤ ${CLS_MAX} over the load`, async ({ page, context }) => {
        if (target.student) await apiLogin(context, ROLE_EMAIL.student);
        const path = await target.path(page);
        const { cls, shifts } = await measureCls(page, path);
        await expect(page).toHaveURL(new RegExp(`${path}$`));
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        expect(cls, `layout shifts: ${JSON.stringify(shifts)}`).toBeLessThanOrEqual(CLS_MAX);
      });
    }
  });
}

/** What the browser reports when hydration found other markup than the server sent. */
const HYDRATION_TROUBLE = /hydrat|did not match|server rendered|Minified React error #4(18|19|22|23|25)/i;

test.describe('pages rendered on the server (issue 34)', () => {
  test.describe('without scripts', () => {
    test.use({ javaScriptEnabled: false });
    for (const lang of ['de', 'en'] as Lang[]) {
      test(`a page is there before any script runs (${lang})`, async ({ page }) => {
        await page.goto(localized(lang, '/impress'));
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await expect(page.locator('.navbar-logo img')).toBeVisible();
        await expect(page.locator('.new-app-banner .notification')).toContainText(
          lang === 'de' ? 'Willkommen auf der neuen Plattform!' : 'Welcome to the new platform!',
        );
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        // a first visit: the cookie notice is in the page, but without scripts it could not be
        // closed, so it is not shown (noscript.css); the page stays usable
        await expect(page.locator('.consent-modal')).toHaveCount(1);
        await expect(page.locator('.consent-modal')).toBeHidden();
        // the home page: a guest's hero
        await page.goto(localized(lang, '/'));
        await expect(page.locator('.hero h1.title')).toHaveText(
          lang === 'de' ? 'Lernen, wann und wo Sie wollen' : 'Learn whenever and wherever you want',
        );
        await expect(page.locator('.hero .buttons a.button')).toHaveCount(2);
        await expect(page).toHaveTitle(/E-Learning/);
        // the login page draws its own header: no navbar, the form is there
        await page.goto(localized(lang, '/login'));
        await expect(page.locator('.navbar')).toHaveCount(0);
        await expect(page.locator('input[type="email"]')).toBeVisible();
        // an unknown page: the server answers 404 with the page that says so
        const missing = await page.goto(localized(lang, '/no-such-page'));
        expect(missing?.status()).toBe(404);
        await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
        // a page behind the login: the server redirects to it
        await page.goto(localized(lang, '/user'));
        await expect(page).toHaveURL(new RegExp(`${lang === 'en' ? '/en' : ''}/login\\?redirect=`));
      });
    }
  });

  test("hydration takes the server's markup as it is: no mismatch, the same elements, working links", async ({
    page,
    context,
  }) => {
    const troubles: string[] = [];
    page.on('console', (message) => {
      if (HYDRATION_TROUBLE.test(message.text())) troubles.push(`${page.url()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => troubles.push(`${page.url()}: ${error.message}`));
    for (const path of ['/', '/en', '/login', '/en/impress', '/no-such-page']) {
      await page.goto(path, { waitUntil: 'networkidle' });
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    }
    // the server's elements stay (hydrated, not replaced): a mark put on before the app starts
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () =>
        document.querySelector('h1')?.setAttribute('data-mark', '1'),
      );
    });
    await page.goto('/en', { waitUntil: 'networkidle' });
    await expect(page.locator('h1[data-mark="1"]')).toHaveCount(1);
    await page.getByRole('dialog').getByRole('button').first().click();
    await page.locator('.hero').getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/en\/login$/);
    await apiLogin(context, ROLE_EMAIL.student);
    for (const path of ['/seminar', '/en/user', '/certificates']) {
      await page.goto(path, { waitUntil: 'networkidle' });
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    }
    const play = await playPath(page);
    await page.goto(play, { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    expect(troubles).toEqual([]);
  });

  test("the banner closed: the server's next page leaves it out", async ({ page, context }) => {
    await apiLogin(context, ROLE_EMAIL.student);
    await page.goto('/seminar');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.locator('nav.navbar')).toHaveCount(1);
    const banner = page.locator('.new-app-banner');
    await expect(banner).toHaveCount(1);
    await banner.getByRole('button').click();
    await expect(banner).toHaveCount(0);
    const html = await (await page.request.get('/seminar', { headers: { Accept: 'text/html' } })).text();
    expect(html).toContain('class="navbar');
    expect(html).not.toContain('new-app-banner');
  });
});

test("a guest's cookie notice: rendered by the server, hydrated once; confirmed, it is rendered no more", async ({
  page,
}) => {
  await page.goto('/en/login');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(page.locator('.consent-modal')).toHaveCount(1);
  await dialog.getByRole('button').first().click();
  await expect(page.locator('.consent-modal')).toHaveCount(0);
  const html = await (await page.request.get('/en/login', { headers: { Accept: 'text/html' } })).text();
  expect(html).not.toContain('consent-modal');
});

test('ICU data loads in a worker while the page starts, and the worker ends when done (issue 13)', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  // the worker terminates itself once the formatters are made: resolved with its address then
  const ended = new Promise<string>((resolve) => {
    page.on('worker', (worker) => worker.once('close', () => resolve(worker.url())));
  });
  await page.goto('/en');
  const url = await ended;
  // a worker from the app's own origin, as the Content-Security-Policy allows (no blob: or data:)
  expect(new URL(url).pathname).toMatch(/^\/assets\/intl-warmup\.worker-[\w-]+\.js$/);
  expect(errors.filter((e) => /Content Security Policy|worker/i.test(e))).toEqual([]);
});

/**
 * Issue 34: a page's head names what its first paint needs, the one stylesheet (every feature's
 * styles are in it) and the preloaded fonts, and the app follows the first paint. A preload in
 * another CORS mode than the request it stands for is not used: the browser fetches the file a
 * second time and warns. API answers come in the page, and the app asks for none of them again.
 */
test('the head names one stylesheet and the fonts, each fetched once, no API answer again, no preload warning', async ({
  page,
  context,
}) => {
  const fetched = new Map<string, number>();
  page.on('request', (request) => {
    const { pathname, search } = new URL(request.url());
    if (/\.(?:css|woff2)$|^\/api\//.test(pathname))
      fetched.set(pathname + search, (fetched.get(pathname + search) ?? 0) + 1);
  });
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (/preload/i.test(message.text())) warnings.push(message.text());
  });
  const visit = async (path: string) => {
    fetched.clear();
    const response = await page.goto(path, { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    const html = (await response?.text()) ?? '';
    // what only a browser without scripts loads (noscript.css) is not the app's
    const head = html.slice(0, html.indexOf('</head>')).replace(/<noscript>[\s\S]*?<\/noscript>/g, '');
    const named = [
      ...head.matchAll(/<link rel="(?:stylesheet|preload)"[^>]*href="([^"]+\.(?:css|woff2))"/g),
    ].map((m) => m[1] ?? '');
    expect(named.filter((file) => file.endsWith('.css'))).toHaveLength(1);
    expect(named.filter((file) => file.endsWith('.woff2'))).toHaveLength(3);
    // what was named was fetched, nothing twice, and no other stylesheet came later
    for (const file of named) expect(fetched.get(file), file).toBe(1);
    expect([...fetched].filter(([, count]) => count > 1)).toEqual([]);
    expect([...fetched.keys()].filter((key) => key.endsWith('.css'))).toEqual(
      named.filter((file) => file.endsWith('.css')),
    );
    return { api: [...fetched.keys()].filter((key) => key.startsWith('/api/')) };
  };
  await visit('/login');
  const seminar = await visit(`/en/seminar/${DEMO_SLUG}`);
  // the seminar came with the page
  expect(seminar.api.filter((key) => key.startsWith('/api/seminars/slug/'))).toEqual([]);
  await apiLogin(context, ROLE_EMAIL.student);
  const play = await visit(await playPath(page));
  // the user and the seminar came with the page
  expect(play.api.filter((key) => key === '/api/user' || /^\/api\/seminars\/\d+$/.test(key))).toEqual([]);
  // Chromium reports an unused preload after a few seconds
  await page.waitForTimeout(3500);
  expect(warnings).toEqual([]);
});
