import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { createSeminarWithChapter } from '../support/api.ts';
import { DEMO_PASSWORD, type Lang, localized, login, presetConsent } from '../support/helpers.ts';
import { expect, type Page, test } from '../support/test.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const SAMPLE_VIDEO = path.join(here, '../../apps/web/public/media/sample.mp4');

const JOURNEYS: {
  lang: Lang;
  student: { email: string; name: string };
  text: { resume: RegExp; title: string; valid: RegExp; revoked: RegExp; percent: RegExp };
}[] = [
  {
    lang: 'de',
    student: { email: 'student2@example.com', name: 'Stefan Student' },
    text: {
      resume: /^Weiter bei 00:0\d$/,
      title: 'Zertifikat',
      valid: /Dieses Zertifikat ist gültig/,
      revoked: /Dieses Zertifikat wurde am .* widerrufen/,
      percent: /100\s% erledigt/,
    },
  },
  {
    lang: 'en',
    student: { email: 'student@example.com', name: 'Sara Studentin' },
    text: {
      resume: /^Continue at 00:0\d$/,
      title: 'Certificate',
      valid: /This certificate is valid/,
      revoked: /This certificate was revoked on/,
      percent: /100% done/,
    },
  },
];

async function xsrf(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name.endsWith('XSRF-TOKEN'));
  return decodeURIComponent(cookie?.value ?? '');
}

/** the saved position of the learner in the seminar's first video (GET /api/progress/seminars/{id}) */
async function savedPosition(page: Page, seminarId: number): Promise<number> {
  const res = await page.request.get(`/api/progress/seminars/${seminarId}`);
  const body = (await res.json()) as { videos: { position: number }[] };
  return body.videos[0]?.position ?? 0;
}

for (const { lang, student, text } of JOURNEYS) {
  test(`progress journey (${lang}): watch, leave, continue, finish, certificate, verify, revoke`, async ({
    page,
    browser,
    context,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const tag = `${lang}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
    const at = (p: string) => localized(lang, p);
    const title = `E2E Fortschritt ${tag}`;

    await presetConsent(context, baseURL);
    await login(page, lang, 'trainer@example.com', DEMO_PASSWORD);
    const { seminarId, chapterId } = await createSeminarWithChapter(page, title, `Kapitel ${tag}`);
    const upload = await page.request.fetch('/api/chapters/storeVideo', {
      method: 'POST',
      headers: { 'X-XSRF-TOKEN': await xsrf(page), Accept: 'application/json' },
      multipart: {
        chapter_id: String(chapterId),
        video: { name: 'sample.mp4', mimeType: 'video/mp4', buffer: await readFile(SAMPLE_VIDEO) },
      },
    });
    expect(upload.ok(), await upload.text()).toBe(true);
    const hours = await page.request.fetch(`/api/progress/seminars/${seminarId}/settings`, {
      method: 'PUT',
      headers: { 'X-XSRF-TOKEN': await xsrf(page), Accept: 'application/json' },
      data: { hours: 1.5, require_confirmation: false, video_done_chapter_ids: [] },
    });
    expect(hours.ok()).toBe(true);

    const studentContext = await browser.newContext({ baseURL });
    let verifyUrl = '';
    try {
      const sPage = await studentContext.newPage();
      await presetConsent(studentContext, baseURL);
      await login(sPage, lang, student.email, DEMO_PASSWORD);
      const booked = await sPage.request.post('/api/booking/free', {
        headers: { 'X-XSRF-TOKEN': await xsrf(sPage), Accept: 'application/json' },
        data: { seminarId },
      });
      expect(booked.ok()).toBe(true);
      const play = at(`/seminar/id/${seminarId}/chapter/${chapterId}/play`);

      await test.step('student: watch part of the video, then leave the page', async () => {
        await sPage.goto(play);
        const video = sPage.getByTestId('tracked-video').locator('video');
        await expect
          .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState))
          .toBeGreaterThanOrEqual(1);
        await expect(sPage.getByTestId('video-resume')).toHaveCount(0);
        await video.evaluate(async (v: HTMLVideoElement) => {
          v.muted = true;
          await v.play();
        });
        await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(2.2);
        await video.evaluate((v: HTMLVideoElement) => v.pause());
        await expect.poll(() => savedPosition(sPage, seminarId)).toBeGreaterThan(2);
        await sPage.goto(at('/seminar/booked'));
        await expect(
          sPage.getByTestId('seminar-card').filter({ hasText: title }).getByTestId('progress-summary'),
        ).toBeVisible();
      });

      await test.step('student: come back and continue where they stopped', async () => {
        const saved = await savedPosition(sPage, seminarId);
        await sPage.goto(play);
        const resume = sPage.getByTestId('video-resume-button');
        await expect(resume).toHaveText(text.resume);
        await expect(resume).toHaveText(new RegExp(`00:0${Math.floor(saved)}$`));
        await resume.click();
        const video = sPage.getByTestId('tracked-video').locator('video');
        await expect
          .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime))
          .toBeGreaterThanOrEqual(saved - 0.1);
        await video.evaluate((v: HTMLVideoElement) => v.pause());
        await expect(sPage.getByTestId('video-coverage')).not.toHaveText(/\b0\s?%/);
      });

      await test.step('student: finish the seminar', async () => {
        await sPage.getByTestId('chapter-done-toggle').click();
        await expect(sPage.getByTestId('chapter-done-toggle')).toHaveAttribute('aria-pressed', 'true');
        await expect(sPage.getByTestId('chapter-menu-progress')).toContainText(text.percent);
        await expect(
          sPage.getByTestId('chapter-menu-progress').getByTestId('progress-completed'),
        ).toBeVisible();
      });

      await test.step('student: download the certificate from "My certificates" and read it', async () => {
        await sPage.getByTestId('user-menu-toggle').click();
        await sPage.getByTestId('nav-certificates').click();
        const item = sPage.getByTestId('certificate-item').filter({ hasText: title });
        await expect(item).toHaveAttribute('data-status', 'valid');
        const code = (await item.getAttribute('data-code')) ?? '';
        expect(code).toMatch(/^[A-Za-z0-9_-]{24}$/);
        const downloading = sPage.waitForEvent('download');
        await item.getByTestId('certificate-download').click();
        const file = await (await downloading).path();
        const dir = mkdtempSync(path.join(os.tmpdir(), 'e2e-cert-'));
        const pdfText = execFileSync('pdftotext', ['-layout', file, '-']).toString();
        expect(pdfText).toContain(text.title);
        expect(pdfText).toContain(student.name);
        expect(pdfText).toContain(title);
        expect(pdfText).toContain('Thomas Trainer');
        expect(pdfText).toContain(code);
        expect(pdfText).toContain(lang === 'de' ? '1,5 Stunden' : '1.5 hours');
        // the first page as an image; its QR code names the verification page
        execFileSync('pdftoppm', [
          '-png',
          '-r',
          '100',
          '-f',
          '1',
          '-l',
          '1',
          '-singlefile',
          file,
          path.join(dir, 'page'),
        ]);
        const png = PNG.sync.read(readFileSync(path.join(dir, 'page.png')));
        expect(png.width).toBeGreaterThan(1000);
        const qr = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
        expect(qr, 'a QR code on the first page').not.toBeNull();
        verifyUrl = qr!.data;
        expect(verifyUrl).toBe(`${baseURL}${lang === 'en' ? '/en' : ''}/certificate/${code}`);
      });
    } finally {
      await studentContext.close();
    }

    const guestContext = await browser.newContext({ baseURL });
    try {
      const guest = await guestContext.newPage();
      await presetConsent(guestContext, baseURL);
      await test.step('anyone: the QR code’s address shows the certificate as valid', async () => {
        await guest.goto(verifyUrl);
        await expect(guest.getByTestId('certificate-verify-status')).toHaveText(text.valid);
        await expect(guest.getByTestId('certificate-learner')).toHaveText(student.name);
        await expect(guest.getByTestId('certificate-seminar')).toHaveText(title);
      });

      await test.step('trainer: sees the learner at 100 % and revokes the certificate with a reason', async () => {
        await page.goto(at(`/seminar/id/${seminarId}`));
        const row = page
          .getByTestId('learner-progress')
          .getByTestId('learner-progress-row')
          .filter({ hasText: student.name });
        await expect(row.getByTestId('learner-progress-percent')).toContainText(/100\s?%/);
        await row.getByTestId('certificate-revoke').click();
        await page.getByTestId('certificate-revoke-reason').fill('Prüfung unter falschem Namen');
        await page.getByRole('dialog').getByTestId('confirm-ok').click();
        await expect(row.getByTestId('learner-certificate-revoked')).toBeVisible();
      });

      await test.step('anyone: the same address now shows it revoked', async () => {
        await guest.reload();
        await expect(guest.getByTestId('certificate-verify-status')).toHaveText(text.revoked);
        await expect(guest.getByTestId('certificate-verify')).not.toContainText('falschem Namen');
      });
    } finally {
      await guestContext.close();
    }
  });
}
