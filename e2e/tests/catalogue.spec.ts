import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  collectPageProblems,
  DEMO_PASSWORD,
  type Lang,
  localized,
  presetConsent,
  submitLogin,
} from '../support/helpers.ts';
import { apiLogin, ROLE_EMAIL } from '../support/screens.ts';
import { type APIRequestContext, type Browser, expect, type Page, test } from '../support/test.ts';

/**
 * The shop window (issue 34 items 2 and 3): a guest browses the catalogue, searches, filters and
 * pages, opens a seminar, sees its outline, plays a free preview chapter, is refused a chapter
 * that is no preview, and books after logging in.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const SAMPLE_VIDEO = path.join(here, '../../apps/web/public/media/sample.mp4');
/** a word no other seminar has: the search finds exactly this spec's seminars */
const TAG = `Katalog${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.replace(/\d/g, 'x');

interface World {
  slug: string;
  seminarId: number;
  preview: { id: number; label: string };
  plain: { id: number; label: string };
}

async function call<T>(
  request: APIRequestContext,
  xsrf: string,
  method: 'POST' | 'PATCH',
  url: string,
  body: {
    data?: unknown;
    multipart?: Record<string, string | { name: string; mimeType: string; buffer: Buffer }>;
  },
): Promise<T> {
  const res = await request.fetch(url, {
    method,
    headers: { 'X-XSRF-TOKEN': xsrf, Accept: 'application/json' },
    ...body,
  });
  expect(res.ok(), `${method} ${url} → ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/**
 * The trainer's seminars of this spec: 13 public ones with TAG in the title (one page of 12 and a
 * second), one of them priced, one taught in English, and the main one free with a preview
 * chapter (video) and a chapter that is no preview (video too).
 */
async function makeWorld(browser: Browser): Promise<World> {
  const context = await browser.newContext();
  await apiLogin(context, ROLE_EMAIL.trainer);
  const xsrf = decodeURIComponent(
    (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '',
  );
  const { request } = context;
  const seminar = (title: string, extra: Record<string, string> = {}) =>
    call<{ id: number; slug: string }>(request, xsrf, 'POST', '/api/seminars', {
      multipart: {
        title,
        description: `<p>${title}: ein Seminar aus dem E2E-Test.</p>`,
        price: '0',
        is_public: '1',
        ...extra,
      },
    });
  for (let i = 1; i <= 10; i++) await seminar(`${TAG} Kurs ${i}`);
  await seminar(`${TAG} Bezahlt`, { price: '4900' });
  await seminar(`${TAG} English`, { language: 'en' });
  const main = await seminar(`${TAG} Tabellen`);
  const video = await readFile(SAMPLE_VIDEO);
  const chapter = async (label: string, preview: boolean) => {
    const c = await call<{ id: number }>(request, xsrf, 'POST', '/api/chapters', {
      data: { seminar_id: main.id, label, preview },
    });
    await call(request, xsrf, 'PATCH', '/api/chapters/toggle/locked', { data: { id: c.id } });
    await call(request, xsrf, 'POST', '/api/chapters/storeVideo', {
      multipart: {
        chapter_id: String(c.id),
        video: { name: 'film.mp4', mimeType: 'video/mp4', buffer: video },
      },
    });
    return { id: c.id, label };
  };
  const preview = await chapter('Erste Schritte', true);
  const plain = await chapter('Für Fortgeschrittene', false);
  await context.close();
  return { slug: main.slug, seminarId: main.id, preview, plain };
}

let world: World;
test.beforeAll(async ({ browser }) => {
  world = await makeWorld(browser);
});

const cards = (page: Page) => page.getByTestId('catalogue-card');

const TEXTS = {
  de: {
    catalogue: 'Seminare',
    search: 'Suchen',
    paid: 'Kostenpflichtig',
    any: 'Alle',
    english: 'Englisch',
    preview: 'Vorschau',
    watch: 'Vorschau ansehen',
    page2: 'Seite 2',
    book: 'Buchen',
  },
  en: {
    catalogue: 'Seminars',
    search: 'Search',
    paid: 'Paid',
    any: 'All',
    english: 'English',
    preview: 'Preview',
    watch: 'Watch the preview',
    page2: 'Page 2',
    book: 'Book',
  },
} as const;

for (const lang of ['de', 'en'] as Lang[]) {
  const at = (p: string) => localized(lang, p);
  const text = TEXTS[lang];

  test(`guest (${lang}): catalogue, search, filters, pages, a seminar's outline and preview`, async ({
    page,
    context,
    baseURL,
  }) => {
    await presetConsent(context, baseURL);
    // the pages render on the server and hydrate without a mismatch (no console error)
    const problems = collectPageProblems(page);
    await test.step('the home page shows the newest seminars and links to the catalogue', async () => {
      await page.goto(at('/'));
      await expect(page.getByTestId('home-newest').getByTestId('catalogue-card').first()).toBeVisible();
      await page.getByTestId('home-catalogue-link').click();
      await expect(page).toHaveURL(new RegExp(`${at('/seminar')}$`));
      await expect(page.getByRole('heading', { level: 1, name: text.catalogue })).toBeVisible();
      await expect(page.getByTestId('seminar-tabs')).toHaveCount(0);
    });

    await test.step('search: the form puts the words into the address; 12 a page, then page 2', async () => {
      await page.getByTestId('catalogue-search-input').fill(TAG);
      await page.getByRole('button', { name: text.search, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`[?&]q=${TAG}`));
      await expect(cards(page)).toHaveCount(12);
      await page.getByTestId('pagination').getByRole('link', { name: text.page2 }).click();
      await expect(page).toHaveURL(/[?&]page=2/);
      await expect(cards(page)).toHaveCount(1);
    });

    await test.step('filters: paid, then all prices and English', async () => {
      await page.getByTestId('catalogue-filter-price').getByRole('link', { name: text.paid }).click();
      await expect(page).toHaveURL(/price=paid/);
      await expect(page).not.toHaveURL(/page=/);
      await expect(cards(page)).toHaveCount(1);
      await expect(cards(page).first()).toContainText(`${TAG} Bezahlt`);
      await page.getByTestId('catalogue-filter-price').getByRole('link', { name: text.any }).click();
      await page.getByTestId('catalogue-filter-lang').getByRole('link', { name: text.english }).click();
      await expect(page).toHaveURL(/lang=en/);
      await expect(cards(page)).toHaveCount(1);
      await expect(cards(page).first()).toContainText(`${TAG} English`);
    });

    await test.step('open a seminar: its outline with the preview mark', async () => {
      await page.goto(at(`/seminar?q=${TAG}%20Tabellen`));
      await expect(cards(page)).toHaveCount(1);
      await cards(page).first().getByTestId('catalogue-card-link').click();
      await expect(page).toHaveURL(new RegExp(`${at(`/seminar/${world.slug}`)}$`));
      await expect(page.getByTestId('seminar-title')).toHaveText(`${TAG} Tabellen`);
      const entries = page.getByTestId('outline-chapter');
      await expect(entries).toHaveCount(2);
      await expect(entries.nth(0)).toContainText(world.preview.label);
      await expect(entries.nth(0).getByTestId('outline-preview-badge')).toHaveText(text.preview);
      await expect(entries.nth(1)).toContainText(world.plain.label);
      await expect(entries.nth(1).getByTestId('outline-play')).toHaveCount(0);
      const jsonLd = JSON.parse(
        (await page.locator('script[type="application/ld+json"]').textContent()) ?? '[]',
      );
      expect(jsonLd[0]).toMatchObject({
        '@type': 'Course',
        name: `${TAG} Tabellen`,
        offers: { price: '0.00' },
      });
    });

    await test.step('play the free preview chapter', async () => {
      await page.getByTestId('outline-play').click();
      await expect(page).toHaveURL(new RegExp(`preview=${world.preview.id}`));
      const player = page.getByTestId('preview-player');
      await expect(player).toBeVisible();
      const video = player.locator('video');
      await expect
        .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 10_000 })
        .toBeGreaterThanOrEqual(1);
      await video.evaluate((v: HTMLVideoElement) => {
        v.muted = true;
        return v.play();
      });
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0);
    });

    await test.step('a chapter that is no preview is refused', async () => {
      // no player for it, even by address
      await page.goto(at(`/seminar/${world.slug}?preview=${world.plain.id}`));
      await expect(page.getByTestId('outline-chapter')).toHaveCount(2);
      await expect(page.getByTestId('preview-player')).toHaveCount(0);
      // its play page asks for a login, its chapters stay closed to the guest
      await page.goto(at(`/seminar/id/${world.seminarId}/chapter/${world.plain.id}/play`));
      await expect(page).toHaveURL(new RegExp(`${at('/login')}\\?redirect=`));
      expect((await page.request.get(`/api/chapters/seminar-booked/${world.seminarId}`)).status()).toBe(401);
    });
    expect(problems.filter((p) => !p.includes('401'))).toEqual([]);
  });
}

test('guest books after logging in, and comes back to the seminar', async ({ page, context, baseURL }) => {
  await presetConsent(context, baseURL);
  await page.goto(`/seminar/${world.slug}`);
  await page.getByTestId('seminar-book').click();
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await submitLogin(page, 'de', 'student2@example.com', DEMO_PASSWORD);
  await expect(page).toHaveURL(new RegExp(`/seminar/${world.slug}$`));
  await page.getByTestId('seminar-book').click();
  await expect(page).toHaveURL(new RegExp(`/seminar/booking/${world.seminarId}$`));
  await page.getByTestId('booking-submit').click();
  await expect(page).toHaveURL(new RegExp(`/seminar/id/${world.seminarId}$`));
  await expect(page.getByTestId('seminar-start')).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  // needs issue 34 item 1 (React rendered on the server, bf5380c): without JavaScript only the
  // server's HTML is there; it was a test.fixme until that landed and passes with it
  test('the catalogue search, filter and page links work as plain links and a form', async ({
    page,
    context,
    baseURL,
  }) => {
    await presetConsent(context, baseURL);
    await page.goto(`/seminar?q=${TAG}`);
    await expect(cards(page)).toHaveCount(12);
    await page.getByTestId('pagination').getByRole('link', { name: 'Seite 2' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(cards(page)).toHaveCount(1);
    await page.getByTestId('catalogue-filter-price').getByRole('link', { name: 'Kostenpflichtig' }).click();
    await expect(cards(page)).toHaveCount(1);
    await page.goto('/seminar');
    await page.getByTestId('catalogue-search-input').fill(`${TAG} English`);
    await page.getByTestId('catalogue-search-submit').click();
    await expect(page).toHaveURL(/q=/);
    await expect(cards(page)).toHaveCount(1);
    await cards(page).first().getByTestId('catalogue-card-link').click();
    await expect(page.getByTestId('seminar-title')).toHaveText(`${TAG} English`);
    // up to the booking button: the outline and the button are there without a script
    await expect(page.locator('#landing-outline-title')).toBeVisible();
    await expect(page.getByTestId('seminar-book')).toBeVisible();
    await expect(page.getByTestId('seminar-book')).toHaveAttribute('href', /\/login\?redirect=/);
  });

  test('a first visit without a consent cookie: the notice that could not be closed is not in the way', async ({
    page,
  }) => {
    await page.goto('/seminar');
    await expect(page.locator('.consent-modal')).toBeHidden();
    await expect(cards(page).first()).toBeVisible();
    await cards(page).first().getByTestId('catalogue-card-link').click();
    await expect(page.getByTestId('seminar-title')).toBeVisible();
  });
});

test.describe('a visitor far from Switzerland', () => {
  // UTC+14: most dates fall on another day than on the server, which renders in UTC
  test.use({ timezoneId: 'Pacific/Kiritimati' });
  test("the seminar page hydrates without a mismatch (dates in the platform's time zone)", async ({
    page,
    context,
    baseURL,
  }) => {
    await presetConsent(context, baseURL);
    const problems = collectPageProblems(page);
    await page.goto(`/seminar/${world.slug}`);
    await expect(page.getByTestId('outline-chapter')).toHaveCount(2);
    await page.goto('/seminar');
    await expect(cards(page).first()).toBeVisible();
    expect(problems).toEqual([]);
  });
});
