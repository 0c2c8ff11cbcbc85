import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiJson, createSeminarWithChapter } from '../support/api.ts';
import {
  DEMO_PASSWORD,
  type Lang,
  localized,
  login,
  presetConsent,
  submitLogin,
} from '../support/helpers.ts';
import { expect, type Page, test } from '../support/test.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const SAMPLE_VIDEO = path.join(here, '../../apps/web/public/media/sample.mp4');

/**
 * The learner's path (issue 36 items 1 and 2): log in → "Mein Lernen" → continue at the saved
 * position → "Erledigt und weiter" to the end → completion screen → certificate, in both languages.
 */
const JOURNEYS: {
  lang: Lang;
  student: string;
  text: { title: RegExp; start: string; continue: string; next: string; finish: string; valid: RegExp };
}[] = [
  {
    lang: 'de',
    student: 'student2@example.com',
    text: {
      title: /^Mein Lernen$/,
      start: 'Starten',
      continue: 'Fortsetzen',
      next: 'Erledigt und weiter',
      finish: 'Erledigt und abschliessen',
      valid: /Dieses Zertifikat ist gültig/,
    },
  },
  {
    lang: 'en',
    student: 'student@example.com',
    text: {
      title: /^My learning$/,
      start: 'Start',
      continue: 'Continue',
      next: 'Complete and continue',
      finish: 'Complete and finish',
      valid: /This certificate is valid/,
    },
  },
];

async function xsrf(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name.endsWith('XSRF-TOKEN'));
  return decodeURIComponent(cookie?.value ?? '');
}

for (const { lang, student, text } of JOURNEYS) {
  test(`learner's path (${lang}): login lands on Mein Lernen, continue at the saved second, complete and continue, certificate`, async ({
    page,
    browser,
    context,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const tag = `${lang}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
    const at = (p: string) => localized(lang, p);
    const title = `E2E Lernen ${tag}`;

    // the trainer's seminar: chapter 1 with a video, chapter 2
    await presetConsent(context, baseURL);
    await login(page, lang, 'trainer@example.com', DEMO_PASSWORD);
    const { seminarId, chapterId } = await createSeminarWithChapter(page, title, `Kapitel A ${tag}`);
    const second = await apiJson<{ id: number }>(page, 'POST', '/api/chapters', {
      data: { seminar_id: seminarId, label: `Kapitel B ${tag}` },
    });
    await apiJson(page, 'PATCH', '/api/chapters/toggle/locked', { data: { id: second.id } });
    const upload = await page.request.fetch('/api/chapters/storeVideo', {
      method: 'POST',
      headers: { 'X-XSRF-TOKEN': await xsrf(page), Accept: 'application/json' },
      multipart: {
        chapter_id: String(chapterId),
        video: { name: 'sample.mp4', mimeType: 'video/mp4', buffer: await readFile(SAMPLE_VIDEO) },
      },
    });
    expect(upload.ok(), await upload.text()).toBe(true);

    const learnerContext = await browser.newContext({ baseURL });
    try {
      const s = await learnerContext.newPage();
      await presetConsent(learnerContext, baseURL);
      const card = () => s.getByTestId('learn-seminar').filter({ hasText: title });

      await test.step('log in: a learner lands on Mein Lernen; the seminar starts from its first chapter', async () => {
        await s.goto(at('/login'));
        await submitLogin(s, lang, student, DEMO_PASSWORD);
        await expect(s).toHaveURL(at('/learn'));
        await expect(s.getByRole('heading', { level: 1 })).toHaveText(text.title);
        const booked = await s.request.post('/api/booking/free', {
          headers: { 'X-XSRF-TOKEN': await xsrf(s), Accept: 'application/json' },
          data: { seminarId },
        });
        expect(booked.ok()).toBe(true);
        await s.reload();
        await expect(card()).toHaveAttribute('data-state', 'not_started');
        await expect(card().getByTestId('learn-continue')).toHaveText(text.start);
        await card().getByTestId('learn-continue').click();
        await expect(s).toHaveURL(at(`/seminar/id/${seminarId}/chapter/${chapterId}/play`));
      });

      await test.step('watch a few seconds, leave; the dashboard continues at that second', async () => {
        const video = s.getByTestId('tracked-video').locator('video');
        await expect
          .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState))
          .toBeGreaterThanOrEqual(1);
        await video.evaluate(async (v: HTMLVideoElement) => {
          v.muted = true;
          await v.play();
        });
        await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(2.2);
        await video.evaluate((v: HTMLVideoElement) => v.pause());
        await expect
          .poll(async () => {
            const res = await s.request.get('/api/learn');
            const body = (await res.json()) as {
              seminars: { seminar_id: number; continue: { position: number } | null }[];
            };
            return body.seminars.find((x) => x.seminar_id === seminarId)?.continue?.position ?? 0;
          })
          .toBeGreaterThan(2);
        await s.goto(at('/learn'));
        const go = card().getByTestId('learn-continue');
        await expect(go).toHaveText(text.continue);
        await expect(go).toHaveAttribute('href', new RegExp(`/chapter/${chapterId}/play\\?v=\\d+&t=[2-9]$`));
        const second = Number(/t=(\d+)$/.exec((await go.getAttribute('href')) ?? '')?.[1]);
        await go.click();
        const again = s.getByTestId('tracked-video').locator('video');
        await expect
          .poll(() => again.evaluate((v: HTMLVideoElement) => v.currentTime))
          .toBeGreaterThanOrEqual(second - 0.1);
        // opened at the place: no offer to resume
        await expect(s.getByTestId('video-resume')).toHaveCount(0);
      });

      await test.step('Erledigt und weiter to the end, then the completion screen and the certificate', async () => {
        await s.getByTestId('complete-and-continue').click();
        await expect(s).toHaveURL(at(`/seminar/id/${seminarId}/chapter/${second.id}/play`));
        await expect(s.getByTestId('complete-and-continue')).toHaveText(text.finish);
        await s.getByTestId('complete-and-continue').click();
        const done = s.getByTestId('seminar-completion');
        await expect(done).toBeVisible();
        await done.getByTestId('completion-certificate').click();
        await expect(s.getByTestId('certificate-verify-status')).toHaveText(text.valid);
      });

      await test.step('the seminar page and the dashboard show it completed with the certificate', async () => {
        await s.goto(at(`/seminar/id/${seminarId}`));
        await expect(s.getByTestId('seminar-completed')).toBeVisible();
        await expect(s.getByTestId('seminar-certificate')).toBeVisible();
        await expect(s.getByTestId('outline-done')).toHaveCount(2);
        await s.goto(at('/learn'));
        await expect(card()).toHaveAttribute('data-state', 'completed');
        await expect(card().getByTestId('learn-certificate')).toBeVisible();
        await expect(s.getByTestId('learn-certificates')).toContainText(title);
      });

      await test.step('at 375 px the dashboard fits the screen', async () => {
        await s.setViewportSize({ width: 375, height: 800 });
        await s.reload();
        await expect(card()).toBeVisible();
        const overflow = await s.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      });

      await test.step('an explicit redirect still wins over the landing', async () => {
        await s.setViewportSize({ width: 1280, height: 800 });
        await s.getByTestId('user-menu-toggle').click();
        await s.getByTestId('logout').click();
        await s.goto(`${at('/login')}?redirect=${encodeURIComponent(at('/certificates'))}`);
        await submitLogin(s, lang, student, DEMO_PASSWORD);
        await expect(s).toHaveURL(at('/certificates'));
      });
    } finally {
      await learnerContext.close();
    }
  });
}
