import { expect, type Page, test } from '@playwright/test';
import { type Lang, localized } from '../support/helpers.ts';
import { apiLogin, ROLE_EMAIL } from '../support/screens.ts';

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

test.describe('the first frame the server draws (issue 13)', () => {
  test.describe('without scripts', () => {
    test.use({ javaScriptEnabled: false });
    for (const lang of ['de', 'en'] as Lang[]) {
      test(`a page's top is there before any script runs (${lang})`, async ({ page }) => {
        await page.goto(localized(lang, '/seminar'));
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        const frame = page.locator('#first-frame');
        await expect(frame.locator('.navbar-logo img')).toBeVisible();
        await expect(frame.locator('.new-app-banner .notification')).toContainText(
          lang === 'de' ? 'Willkommen auf der neuen Plattform!' : 'Welcome to the new platform!',
        );
        // a first visit: the cookie notice is drawn too
        await expect(frame.locator('.first-frame-consent .modal-card-body')).toContainText(
          lang === 'de' ? 'technisch notwendige Cookies' : 'technically necessary cookies',
        );
        // the home page: a guest's hero, its title the largest text (session 11)
        await page.goto(localized(lang, '/'));
        await expect(frame.locator('.hero h1.title')).toHaveText(
          lang === 'de' ? 'Lernen, wann und wo Sie wollen' : 'Learn whenever and wherever you want',
        );
        await expect(frame.locator('.hero .buttons .button')).toHaveCount(2);
        // the login page draws its own header: no navbar, only the notice
        await page.goto(localized(lang, '/login'));
        await expect(page.locator('#first-frame .navbar')).toHaveCount(0);
        await expect(page.locator('#first-frame .first-frame-consent .modal-card')).toBeVisible();
      });
    }
  });

  test('the app takes its place: one navbar and one banner, and the closed banner stays out of the frame', async ({
    page,
    context,
  }) => {
    await apiLogin(context, ROLE_EMAIL.student);
    await page.goto('/seminar');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.locator('#first-frame')).toHaveCount(0);
    await expect(page.locator('nav.navbar')).toHaveCount(1);
    const banner = page.locator('.new-app-banner');
    await expect(banner).toHaveCount(1);
    await banner.getByRole('button').click();
    await expect(banner).toHaveCount(0);
    // the next load's frame knows the banner is closed
    const html = await (await page.request.get('/seminar', { headers: { Accept: 'text/html' } })).text();
    expect(html).toContain('id="first-frame"');
    expect(html).not.toContain('new-app-banner');
  });
});

test("a guest's home hero: drawn by the server, then the app's own with working links", async ({ page }) => {
  await page.goto('/en');
  await page.getByRole('dialog').getByRole('button').click();
  await expect(page.locator('#first-frame')).toHaveCount(0);
  await expect(page.locator('.hero')).toHaveCount(1);
  await page.locator('.hero').getByRole('link', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/en\/login$/);
});

test("a guest's cookie notice: drawn by the server, then the app's own, once; confirmed, it is drawn no more", async ({
  page,
}) => {
  await page.goto('/en/login');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(page.locator('#first-frame')).toHaveCount(0);
  await expect(page.locator('.consent-modal')).toHaveCount(1);
  await dialog.getByRole('button').click();
  await expect(page.locator('.consent-modal')).toHaveCount(0);
  const html = await (await page.request.get('/en/login', { headers: { Accept: 'text/html' } })).text();
  expect(html).not.toContain('first-frame');
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
 * Session 12: the page's `Link` header names its stylesheets and fonts first (the first paint
 * waits for them). A preload in another CORS mode than the request it stands for is not used: the
 * browser fetches the file a second time and warns. The chapter player names its chunks' styles
 * too, the public seminar page its seminar's API answer, the guest's login page only the entry's
 * files.
 */
test('the Link preloads are used: every stylesheet, font and named API answer is fetched once, with no preload warning', async ({
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
    const links = (await response?.headerValue('link')) ?? '';
    const named = [...links.matchAll(/<([^>]+\.(?:css|woff2)|\/api\/[^>]+)>/g)].map((m) => m[1] ?? '');
    expect(named.length, `Link: ${links}`).toBeGreaterThanOrEqual(4);
    // what was named was fetched, and nothing twice
    for (const file of named) expect(fetched.get(file), file).toBe(1);
    expect([...fetched].filter(([, count]) => count > 1)).toEqual([]);
    return named;
  };
  const login = await visit('/login');
  // a guest's public seminar page: the seminar by its slug comes with the page
  const seminar = await visit(`/en/seminar/${DEMO_SLUG}`);
  expect(seminar).toContain(`/api/seminars/slug/${DEMO_SLUG}`);
  await apiLogin(context, ROLE_EMAIL.student);
  const play = await visit(await playPath(page));
  // the player names its own styles beyond the entry's, and the answers its first render needs
  expect(play.filter((file) => file.endsWith('.css')).length).toBeGreaterThan(
    login.filter((file) => file.endsWith('.css')).length,
  );
  expect(play).toContain('/api/user');
  // Chromium reports an unused preload after a few seconds
  await page.waitForTimeout(3500);
  expect(warnings).toEqual([]);
});

/**
 * Session 12: the app mounts beside the server's frame and leaves its elements as drawn until the
 * page is there. When it replaced them with a copy right after the first paint, Chromium dropped
 * their paint (removed before it was presented) and the largest paint came with the app.
 */
test("the server's frame stays as drawn until the page takes its place, in the same commit", async ({
  page,
  context,
}) => {
  await page.addInitScript(() => {
    const w = window as unknown as { __frameGone: unknown };
    w.__frameGone = null;
    document.addEventListener('DOMContentLoaded', () => {
      const frame = document.getElementById('first-frame');
      const title = frame?.querySelector('h1, .notification');
      if (!frame || !title) return;
      // when the drawn frame leaves the document: is the page there, and no copy of the frame?
      new MutationObserver((_, observer) => {
        if (frame.isConnected && title.isConnected) return;
        w.__frameGone = {
          frameLeft: !frame.isConnected,
          page: document.querySelectorAll('h1:not(#first-frame h1)').length > 0,
          copy: document.getElementById('first-frame') !== null,
        };
        observer.disconnect();
      }).observe(document.body, { childList: true, subtree: true });
    });
  });
  // a guest's home page (the hero's title), a student's seminar list (the banner)
  for (const [path, student] of [
    ['/en', false],
    ['/seminar', true],
  ] as const) {
    if (student) await apiLogin(context, ROLE_EMAIL.student);
    for (let i = 0; i < 3; i++) {
      await page.goto(path, { waitUntil: 'networkidle' });
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(page.locator('#first-frame')).toHaveCount(0);
      expect(
        await page.evaluate(() => (window as unknown as { __frameGone: unknown }).__frameGone),
        path,
      ).toEqual({
        frameLeft: true,
        page: true,
        copy: false,
      });
    }
  }
});
