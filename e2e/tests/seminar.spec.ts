import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_PASSWORD, type Lang, localized, login, presetConsent } from '../support/helpers.ts';
import { expect, type Locator, type Page, test } from '../support/test.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const SAMPLE_VIDEO = path.join(here, '../../apps/web/public/media/sample.mp4');
/** The smallest file the server's content check accepts as a PDF. */
const TINY_PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

const JOURNEYS: {
  lang: Lang;
  student: { email: string; name: string };
  chapters: [string, string, string];
  free: string;
}[] = [
  {
    lang: 'de',
    student: { email: 'student2@example.com', name: 'Stefan Student' },
    chapters: ['Grundlagen', 'Vertiefung', 'Erste Übung'],
    free: 'Kostenlos',
  },
  {
    lang: 'en',
    student: { email: 'student@example.com', name: 'Sara Studentin' },
    chapters: ['Basics', 'Going further', 'First exercise'],
    free: 'Free',
  },
];

/** Waits for the address to match `pattern` and returns its first group as a number. */
async function idFromUrl(page: Page, pattern: RegExp): Promise<number> {
  await expect(page).toHaveURL(pattern);
  const id = Number(pattern.exec(new URL(page.url()).pathname)?.[1]);
  expect(id, `an id in ${page.url()}`).toBeGreaterThan(0);
  return id;
}

const menuItem = (page: Page, chapterId: number): Locator =>
  page.locator(`[data-testid="chapter-menu-item"][data-chapter-id="${chapterId}"]`);

/**
 * Holds the owner's chapter tree (`GET /api/chapters/seminar/{id}`) until the returned function
 * is called. An upload's mutation waits for that refetch before it hides its progress bar, so
 * while the request is held the bar stays at its final 100 % and can be checked without racing.
 */
async function holdChapterTree(page: Page, seminarId: number): Promise<() => Promise<void>> {
  const pattern = `**/api/chapters/seminar/${seminarId}`;
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    await gate;
    await route.continue().catch(() => {});
  });
  return async () => {
    release();
    await page.unroute(pattern);
  };
}

/** Starts an upload with `start` and checks that its progress reaches 100 % before it finishes. */
async function uploadToFull(
  page: Page,
  seminarId: number,
  kind: 'video' | 'docs',
  start: () => Promise<void>,
) {
  const release = await holdChapterTree(page, seminarId);
  try {
    await start();
    await expect(page.getByTestId(`${kind}-percent`)).toHaveText(/: 100\s?%$/);
    await expect(page.getByTestId(`${kind}-progress`).getByRole('progressbar')).toHaveAttribute(
      'value',
      '100',
    );
  } finally {
    await release();
  }
  await expect(page.getByTestId(`${kind}-progress`)).toHaveCount(0);
}

for (const { lang, student, chapters, free } of JOURNEYS) {
  test(`seminar journey (${lang}): trainer builds a seminar with media, a student books and works through it, the trainer sees it`, async ({
    page,
    browser,
    context,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const [labelA, labelB, labelSub] = chapters;
    const title = `E2E Seminar ${lang} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const at = (p: string) => localized(lang, p);
    let sid = 0;
    let chapterA = 0;
    let chapterB = 0;

    await presetConsent(context, baseURL);
    await login(page, lang, 'trainer@example.com', DEMO_PASSWORD);

    await test.step('trainer: create a free seminar that is not public yet', async () => {
      await page.goto(at('/seminar/new'));
      const form = page.getByTestId('seminar-form');
      await form.getByTestId('seminar-title').fill(title);
      await form.getByTestId('seminar-description-area').fill(`Ein Seminar aus dem E2E-Test (${lang}).`);
      await form.getByTestId('seminar-price').fill('0');
      await expect(form.getByTestId('seminar-public')).not.toBeChecked();
      await form.getByTestId('seminar-submit').click();
      sid = await idFromUrl(page, /\/seminar\/id\/(\d+)$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      await expect(page.getByTestId('seminar-public-toggle')).toHaveAttribute('aria-checked', 'false');
      // no bookings yet
      await expect(page.getByTestId('seminar-bookings-empty')).toBeVisible();
    });

    await test.step('trainer: two chapters and a sub-chapter of the first', async () => {
      await page.getByTestId('seminar-side-menu').getByTestId('side-new-chapter').click();
      await page.getByTestId('chapter-label').fill(labelA);
      await page.getByTestId('chapter-description-area').fill(`${labelA}: Beschreibung`);
      await page.getByTestId('chapter-content-area').fill(`${labelA}: Inhalt`);
      await page.getByTestId('chapter-submit').click();
      chapterA = await idFromUrl(page, new RegExp(`/seminar/id/${sid}/chapter/(\\d+)$`));

      await page.getByTestId('chapter-side-menu').getByTestId('chapter-menu-new').click();
      await expect(page).toHaveURL(new RegExp(`/seminar/id/${sid}/chapter/new$`));
      await page.getByTestId('chapter-label').fill(labelB);
      await page.getByTestId('chapter-submit').click();
      chapterB = await idFromUrl(page, new RegExp(`/seminar/id/${sid}/chapter/(\\d+)$`));
      expect(chapterB).not.toBe(chapterA);

      const itemA = menuItem(page, chapterA);
      const toggleA = itemA.getByTestId('chapter-menu-toggle');
      if ((await toggleA.getAttribute('aria-expanded')) !== 'true') await toggleA.click();
      await itemA.getByTestId('chapter-menu-new-sub').click();
      await expect(page).toHaveURL(new RegExp(`/seminar/id/${sid}/chapter/${chapterA}/newSub$`));
      await page.getByTestId('chapter-label').fill(labelSub);
      await page.getByTestId('chapter-submit').click();
      await idFromUrl(page, new RegExp(`/seminar/id/${sid}/chapter/${chapterA}/subChapter/(\\d+)$`));
      await expect(menuItem(page, chapterA).getByTestId('chapter-submenu-item')).toContainText([labelSub]);
    });

    await test.step('trainer: a video, a PDF and a link on the first chapter', async () => {
      await menuItem(page, chapterA).getByRole('link', { name: labelA }).click();
      await expect(page).toHaveURL(new RegExp(`/seminar/id/${sid}/chapter/${chapterA}$`));
      await expect(page.getByTestId('media-manager')).toBeVisible();
      // the first chapter's own page, not the second's still on screen while the link is followed
      // (a file chosen there would go with its form)
      await expect(page.getByTestId('chapter-label')).toHaveValue(labelA);

      await page.getByTestId('video-label').fill('Intro');
      await page.getByTestId('video-input').setInputFiles(SAMPLE_VIDEO);
      await expect(page.getByTestId('video-upload')).toBeEnabled();
      await uploadToFull(page, sid, 'video', () => page.getByTestId('video-upload').click());
      await expect(page.getByTestId('video-item')).toHaveCount(1);
      await expect(page.getByTestId('video-item')).toContainText('Intro');
      await expect(page.getByTestId('video-item')).toContainText('sample.mp4');

      await page
        .getByTestId('docs-input')
        .setInputFiles({ name: 'skript.pdf', mimeType: 'application/pdf', buffer: TINY_PDF });
      await uploadToFull(page, sid, 'docs', () => page.getByTestId('docs-upload').click());
      await expect(page.getByTestId('doc-item')).toHaveCount(1);
      await expect(page.getByTestId('doc-item')).toContainText('skript.pdf');

      const links = page.getByTestId('links-form');
      await links.getByTestId('link-label').fill('Hilfe');
      await links.getByTestId('link-url').fill('https://example.org/hilfe');
      await links.getByTestId('link-submit').click();
      await expect(page.getByTestId('link-item')).toHaveCount(1);
      await expect(page.getByTestId('link-item').getByRole('link')).toHaveAttribute(
        'href',
        'https://example.org/hilfe',
      );
    });

    await test.step('trainer: unlock both chapters (new chapters are locked)', async () => {
      for (const id of [chapterA, chapterB]) {
        await page.goto(at(`/seminar/id/${sid}/chapter/${id}`));
        const lock = page.getByTestId('chapter-lock-toggle');
        await expect(lock).toHaveAttribute('aria-checked', 'false');
        await lock.click();
        await expect(lock).toHaveAttribute('aria-checked', 'true');
      }
    });

    await test.step('trainer: put the second chapter first on the position page', async () => {
      await page.getByTestId('chapter-side-menu').getByTestId('chapter-menu-position').click();
      await expect(page.getByTestId('position-editor')).toBeVisible();
      const topLevel = page.getByTestId('position-list').locator(':scope > li');
      await expect(topLevel).toHaveCount(2);
      await expect(topLevel.nth(0)).toHaveAttribute('data-chapter-id', String(chapterA));
      await page.getByTestId(`position-up-${chapterB}`).press('Enter');
      await expect(topLevel.nth(0)).toHaveAttribute('data-chapter-id', String(chapterB));
      await expect(topLevel.nth(1)).toHaveAttribute('data-chapter-id', String(chapterA));
      // the sub-chapter moved along with its chapter
      await expect(topLevel.nth(1).locator('li')).toContainText([labelSub]);
      const save = page.getByTestId('position-save');
      await save.click();
      await expect(save).toBeDisabled();
      // saved for real: the side menu (read from the server again) has the new order
      const menu = page.getByTestId('chapter-side-menu').getByTestId('chapter-menu-item');
      await expect(menu.nth(0)).toHaveAttribute('data-chapter-id', String(chapterB));
      await page.reload();
      await expect(menu).toHaveCount(2);
      await expect(menu.nth(0)).toHaveAttribute('data-chapter-id', String(chapterB));
      await expect(menu.nth(1)).toHaveAttribute('data-chapter-id', String(chapterA));
    });

    await test.step('trainer: make the seminar public', async () => {
      await page.getByTestId('chapter-side-menu').getByTestId('chapter-menu-seminar').click();
      await expect(page).toHaveURL(new RegExp(`/seminar/id/${sid}$`));
      const toggle = page.getByTestId('seminar-public-toggle');
      await expect(toggle).toHaveAttribute('aria-checked', 'false');
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-checked', 'true');
    });

    const studentContext = await browser.newContext({ baseURL });
    try {
      const sPage = await studentContext.newPage();
      await presetConsent(studentContext, baseURL);
      await login(sPage, lang, student.email, DEMO_PASSWORD);

      await test.step('student: find the seminar with the search and book it for free', async () => {
        await sPage.goto(at('/seminar'));
        await sPage.getByTestId('seminar-search-input').fill(title);
        await sPage.getByTestId('seminar-search-submit').click();
        await expect(sPage).toHaveURL(/[?&]q=/);
        const card = sPage.getByTestId('seminar-card');
        await expect(card).toHaveCount(1);
        await expect(card).toHaveAttribute('data-seminar-id', String(sid));
        await card.getByTestId('seminar-card-link').click();
        await expect(sPage).toHaveURL(new RegExp(`/seminar/id/${sid}$`));
        await expect(sPage.getByRole('heading', { level: 1 })).toHaveText(title);

        await sPage.getByTestId('seminar-book').click();
        await expect(sPage).toHaveURL(new RegExp(`/seminar/booking/${sid}$`));
        await sPage.getByTestId('booking-submit').click();
        await expect(sPage).toHaveURL(new RegExp(`/seminar/id/${sid}$`));
        await expect(sPage.getByTestId('seminar-book')).toHaveCount(0);
        await expect(sPage.getByTestId('seminar-start')).toBeVisible();
        // students see no bookings of others
        await expect(sPage.getByTestId('seminar-bookings')).toHaveCount(0);
      });

      await test.step('student: open the first chapter, play the video and seek', async () => {
        await sPage.getByTestId('chapter-overview').getByRole('link', { name: labelA, exact: true }).click();
        await expect(sPage).toHaveURL(new RegExp(`/seminar/id/${sid}/chapter/${chapterA}/play$`));
        const player = sPage.getByTestId('chapter-player');
        await expect(player).toHaveAttribute('data-chapter-id', String(chapterA));
        await expect(sPage.getByTestId('chapter-interactions')).toHaveCount(0);

        const video = player.getByTestId('chapter-video').locator('video');
        await expect(video).toBeVisible();
        await expect
          .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState))
          .toBeGreaterThanOrEqual(1);
        expect(await video.evaluate((v: HTMLVideoElement) => v.duration)).toBeGreaterThan(4);
        // muted: playing without a user gesture is allowed then
        await video.evaluate(async (v: HTMLVideoElement) => {
          v.muted = true;
          await v.play();
        });
        await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0.3);

        const seeked = await video.evaluate(
          (v: HTMLVideoElement) =>
            new Promise<boolean>((resolve) => {
              const timer = setTimeout(() => resolve(false), 10_000);
              v.addEventListener(
                'seeked',
                () => {
                  clearTimeout(timer);
                  resolve(true);
                },
                { once: true },
              );
              v.pause();
              v.currentTime = 3.5;
            }),
        );
        expect(seeked, 'the seeked event fired').toBe(true);
        expect(await video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeCloseTo(3.5, 1);
        await expect(player.getByRole('alert')).toHaveCount(0);
        await expect(player.getByTestId('chapter-link')).toHaveAttribute('href', 'https://example.org/hilfe');
      });

      await test.step('student: download the PDF', async () => {
        const downloading = sPage.waitForEvent('download');
        await sPage.getByTestId('doc-download').click();
        const download = await downloading;
        expect(download.suggestedFilename()).toMatch(/\.pdf$/);
        const file = await readFile(await download.path());
        expect(file.subarray(0, 4).toString('latin1')).toBe('%PDF');
      });

      await test.step('student: mark the chapter done', async () => {
        const done = sPage.getByTestId('chapter-done-toggle');
        await expect(done).toHaveAttribute('aria-pressed', 'false');
        await done.click();
        await expect(done).toHaveAttribute('aria-pressed', 'true');
      });
    } finally {
      await studentContext.close();
    }

    await test.step('trainer: the student is listed under bookings and under "completed by"', async () => {
      await page.goto(at(`/seminar/id/${sid}`));
      const booking = page
        .getByTestId('seminar-bookings')
        .getByTestId('seminar-booking-row')
        .filter({ hasText: student.email });
      await expect(booking).toHaveCount(1);
      await expect(booking).toContainText(student.name);
      await expect(booking).toContainText(free);

      await page.goto(at(`/seminar/id/${sid}/chapter/${chapterA}/play`));
      const completed = page.getByTestId('chapter-interactions').getByTestId('chapter-interaction-row');
      await expect(completed).toHaveCount(1);
      await expect(completed).toContainText(student.email);
      await expect(completed).toContainText(student.name);

      // nobody completed the other chapter
      await page.goto(at(`/seminar/id/${sid}/chapter/${chapterB}/play`));
      await expect(page.getByTestId('chapter-interactions-empty')).toBeVisible();
    });
  });
}
