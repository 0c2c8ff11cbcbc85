import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSeminarWithChapter } from '../support/api.ts';
import { DEMO_PASSWORD, localized, login, presetConsent } from '../support/helpers.ts';
import { type CDPSession, expect, type Page, test } from '../support/test.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
/** the sample WebM (VP8, about 5 s): plays in every Chromium build */
const SAMPLE_VIDEO = path.join(here, '../../apps/web/public/media/sample.webm');

/** DevTools network throttling of this page: bytes per second up (and down), or off */
async function throttle(cdp: CDPSession, upBytesPerSecond: number | null) {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: upBytesPerSecond === null ? 0 : 40,
    uploadThroughput: upBytesPerSecond ?? -1,
    downloadThroughput: -1,
  });
}

const JOURNEYS = [
  { lang: 'de', timeLeft: /noch \d+:\d\d/, offer: 'Wählen Sie dieselbe Datei erneut', name: '«sample.webm»' },
  { lang: 'en', timeLeft: /\d+:\d\d left/, offer: 'choose the same file again', name: '“sample.webm”' },
] as const;

const percentOf = async (page: Page) =>
  Number(/(\d+)\s?%$/.exec((await page.getByTestId('video-percent').textContent()) ?? '')?.[1] ?? -1);

for (const { lang, timeLeft, offer: offerText, name } of JOURNEYS) {
  test(`resumable upload (issue 18, ${lang}): a throttled upload survives a reload half-way, resumes at the server offset, and the video plays and seeks`, async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const size = (await stat(SAMPLE_VIDEO)).size;
    await presetConsent(context, baseURL);
    await login(page, lang, 'trainer@example.com', DEMO_PASSWORD);
    const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
    const { seminarId, chapterId } = await createSeminarWithChapter(page, `E2E Resume ${tag}`, 'Video');
    const editor = localized(lang, `/seminar/id/${seminarId}/chapter/${chapterId}`);
    await page.goto(editor);
    await expect(page.getByTestId('media-manager')).toBeVisible();

    const cdp = await context.newCDPSession(page);
    await test.step('upload with the network throttled to 16 kB/s, reload half-way', async () => {
      await throttle(cdp, 16 * 1024);
      await page.getByTestId('video-label').fill('Fortgesetzt');
      await page.getByTestId('video-input').setInputFiles(SAMPLE_VIDEO);
      await page.getByTestId('video-upload').click();
      await expect(page.getByTestId('video-progress')).toBeVisible();
      // speed and time left are shown while it runs
      await expect(page.getByTestId('video-details')).toContainText(/kB\/s/, { timeout: 20_000 });
      await expect(page.getByTestId('video-details')).toContainText(timeLeft);
      await expect.poll(() => percentOf(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(30);
      expect(await percentOf(page)).toBeLessThan(90);
      await page.reload();
    });

    let resumedAt = 0;
    await test.step('after the reload the unfinished upload is offered; the same file resumes at the server offset', async () => {
      const offer = page.getByTestId('video-unfinished');
      await expect(offer).toBeVisible();
      await expect(offer).toContainText(name);
      await expect(offer).toContainText(offerText);
      await throttle(cdp, 64 * 1024);
      await page.getByTestId('video-label').fill('Fortgesetzt');
      await page.getByTestId('video-input').setInputFiles(SAMPLE_VIDEO);
      const resumed = page.waitForRequest(
        (r) => r.method() === 'PATCH' && r.url().includes('/api/chapters/uploads/'),
      );
      const head = page.waitForResponse(
        (r) => r.request().method() === 'HEAD' && r.url().includes('/api/chapters/uploads/'),
      );
      await page.getByTestId('video-upload').click();
      // the client asked the server where it stands, and sends only the rest
      expect((await head).status()).toBe(200);
      resumedAt = Number((await resumed).headers()['upload-offset']);
      expect(resumedAt).toBeGreaterThan(0);
      expect(resumedAt).toBeLessThan(size);
      await expect(page.getByTestId('video-item')).toHaveCount(1, { timeout: 60_000 });
      await expect(page.getByTestId('video-item')).toContainText('Fortgesetzt');
      await expect(page.getByTestId('video-unfinished')).toHaveCount(0);
      await throttle(cdp, null);
    });

    await test.step('the stored video plays and seeks', async () => {
      await page.goto(localized(lang, `/seminar/id/${seminarId}/chapter/${chapterId}/play`));
      const video = page.locator('video').first();
      await expect(video).toBeVisible();
      await expect
        .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState))
        .toBeGreaterThanOrEqual(1);
      expect(await video.evaluate((v: HTMLVideoElement) => v.duration)).toBeGreaterThan(4);
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
      // the stored file is the file sent, byte for byte
      const src = await video.evaluate((v: HTMLVideoElement) => v.currentSrc);
      const whole = await page.request.get(src);
      const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
      expect(sha(await whole.body())).toBe(sha(await readFile(SAMPLE_VIDEO)));
    });
  });
}
