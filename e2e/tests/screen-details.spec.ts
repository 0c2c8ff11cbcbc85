/**
 * Issue 32, screens in both languages: the audit log in words (item 14), the practice result that
 * says why the percent and the count of right questions differ (item 16), one size and colour per
 * kind of button and a video without a title named once (item 17). Screenshots go to
 * /tmp/shots32 for a look.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiJson, createSeminarWithChapter } from '../support/api.ts';
import { type Lang, localized, presetConsent } from '../support/helpers.ts';
import { apiLogin, ROLE_EMAIL } from '../support/screens.ts';
import { expect, type Locator, type Page, test } from '../support/test.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const SAMPLE_VIDEO = path.join(here, '../../apps/web/public/media/sample.webm');
const SHOTS = '/tmp/shots32';

const TEXT = {
  de: {
    yes: 'Ja',
    no: 'Nein',
    confirmed: 'Bestätigt',
    showQuestions: 'Fragen anzeigen',
    review: 'Ihre Antworten: 2 von 3 Fragen richtig',
    weighting: /Jede Frage zählt mit ihren Punkten/,
    start: 'Test starten',
    resume: 'Fortsetzen',
    submit: 'Test abgeben',
    submitNow: 'Jetzt abgeben',
  },
  en: {
    yes: 'Yes',
    no: 'No',
    confirmed: 'Confirmed',
    showQuestions: 'Show questions',
    review: 'Your answers: 2 of 3 questions right',
    weighting: /weighted by its points/,
    start: 'Start the test',
    resume: 'Continue',
    submit: 'Submit the test',
    submitNow: 'Submit now',
  },
} as const;

const LANGS: Lang[] = ['de', 'en'];

async function getJson<T>(page: Page, url: string): Promise<T> {
  const res = await page.request.get(url, { headers: { Accept: 'application/json' } });
  expect(res.ok(), `GET ${url} → ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

/** a button's look: height, background, text colour */
const look = (button: Locator) =>
  button.evaluate((el) => {
    const style = getComputedStyle(el);
    return {
      height: Math.round(el.getBoundingClientRect().height),
      background: style.backgroundColor,
      color: style.color,
      fontSize: style.fontSize,
    };
  });

for (const lang of LANGS) {
  const text = TEXT[lang];

  test(`the audit log names yes/no values in words, not 0 → 1 (issue 32 item 14, ${lang})`, async ({
    page,
    context,
    baseURL,
  }) => {
    await presetConsent(context, baseURL);
    // the trainer takes back and gives again the confirmation of the demo's passed exam run: the
    // database keeps `passed` as 0 or 1, and so does the audit entry
    await apiLogin(context, ROLE_EMAIL.trainer);
    const owner = await getJson<{ data: { user_graduate_id: number; achievedPercent: number | null }[] }>(
      page,
      '/api/graduate/history/owner',
    );
    const run = owner.data.find((r) => r.achievedPercent === 71.43);
    expect(run, 'the demo student passed the demo exam').toBeTruthy();
    // confirmed (a repeat writes nothing), taken back (1 → 0), confirmed again (0 → 1)
    await apiJson(page, 'PATCH', '/api/graduate/confirm', {
      data: { userGraduateId: run?.user_graduate_id },
    });
    await apiJson(page, 'PATCH', '/api/graduate/confirm', {
      data: { userGraduateId: run?.user_graduate_id, passed: 0 },
    });
    await apiJson(page, 'PATCH', '/api/graduate/confirm', {
      data: { userGraduateId: run?.user_graduate_id },
    });

    await apiLogin(context, ROLE_EMAIL.admin);
    await page.goto(localized(lang, '/admin/audit?action=graduation.confirmed'));
    const entry = page.getByTestId('audit-entry').first();
    await expect(entry).toBeVisible();
    const row = entry.locator('[data-testid="audit-change-row"][data-field="passed"]');
    await expect(row.getByRole('rowheader')).toHaveText(text.confirmed);
    await expect(row.getByTestId('audit-before')).toHaveText(text.no);
    await expect(row.getByTestId('audit-after')).toHaveText(text.yes);
    await page.goto(localized(lang, '/admin/audit?action=graduation.unconfirmed'));
    const back = page.getByTestId('audit-entry').first().getByTestId('audit-change-row');
    await expect(back.getByTestId('audit-before')).toHaveText(text.yes);
    await expect(back.getByTestId('audit-after')).toHaveText(text.no);
    await page
      .getByTestId('audit-entry')
      .first()
      .screenshot({ path: `${SHOTS}/audit-${lang}.png` });
  });

  test(`the practice result says that questions count by their points (issue 32 item 16, ${lang})`, async ({
    page,
    context,
    baseURL,
  }) => {
    await presetConsent(context, baseURL);
    await apiLogin(context, ROLE_EMAIL.student);
    // the demo's practice run: 80 % with 2 of 3 questions right
    await page.goto(localized(lang, '/mcTest/history'));
    // (the player test below adds runs of its own: the demo's is the one with 2 of 3 right)
    const details = page
      .locator('details')
      .filter({ hasText: text.showQuestions })
      .filter({ hasText: text.review });
    await details.locator('summary').click();
    const review = details.getByTestId('test-review');
    await expect(review.getByRole('heading', { level: 2 })).toHaveText(text.review);
    await expect(review.getByTestId('test-result-weighting')).toHaveText(text.weighting);
    await review.screenshot({ path: `${SHOTS}/practice-review-${lang}.png` });
  });

  test(`the test player: "next" is the neutral button beside the primary submit, all of one size (issue 32 item 17, ${lang})`, async ({
    page,
    context,
    baseURL,
  }) => {
    await presetConsent(context, baseURL);
    await apiLogin(context, ROLE_EMAIL.student);
    const assigned = await getJson<{ id: number; mode: string }[]>(page, '/api/mc_tests/user/assigned/');
    const practice = assigned.find((a) => a.mode === 'practice');
    expect(practice, 'the demo student has a practice test').toBeTruthy();
    await page.goto(localized(lang, `/mcTest/open?test=${practice?.id}`));
    await page
      .getByTestId('test-intro')
      .getByRole('button', { name: new RegExp(`^(${text.start}|${text.resume})$`) })
      .click();
    const run = page.getByTestId('test-run');
    await expect(run).toBeVisible();
    const [prev, next, submit] = await Promise.all(
      ['test-prev', 'test-next', 'test-submit'].map((id) => look(run.getByTestId(id))),
    );
    expect(next?.background, '"next" looks like "previous"').toBe(prev?.background);
    expect(next?.color).toBe(prev?.color);
    expect(submit?.background, 'the submit stands out').not.toBe(next?.background);
    // the primary colour (lime green), not the link colour (dark red)
    const [r = 0, g = 0, b = 0] = (submit?.background.match(/\d+/g) ?? []).map(Number);
    expect(g, submit?.background).toBeGreaterThan(r);
    expect(g, submit?.background).toBeGreaterThan(b);
    expect(new Set([prev?.height, next?.height, submit?.height]).size).toBe(1);
    await run
      .locator('.buttons')
      .last()
      .screenshot({ path: `${SHOTS}/player-buttons-${lang}.png` });
    // hand the run in, so the test stays as the other journeys expect it
    await run.getByRole('button', { name: text.submit }).click();
    await page.getByRole('dialog').getByRole('button', { name: text.submitNow }).click();
    await expect(page.getByTestId('test-result')).toBeVisible();
    await expect(page.getByTestId('test-result-weighting')).toHaveText(text.weighting);
  });

  test(`upload and export buttons are of normal size; a video without a title is named once (issue 32 item 17, ${lang})`, async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await presetConsent(context, baseURL);
    await apiLogin(context, ROLE_EMAIL.trainer);
    // the exports: the test results' and the learners' progress, one look
    const owner = await getJson<{ data: { id: number; mode: string }[] }>(
      page,
      '/api/graduate/history/owner',
    );
    const exam = owner.data.find((r) => r.mode === 'exam');
    expect(exam, 'the demo exam has runs').toBeTruthy();
    const intro = await getJson<{ id: number }>(page, '/api/seminars/slug/einfuehrung-in-die-projektarbeit');
    await page.goto(localized(lang, `/seminar/id/${intro.id}`));
    const progressExport = page.getByTestId('learner-progress-export');
    await expect(progressExport).toBeVisible();
    const exportLook = await look(progressExport);
    await page.goto(localized(lang, `/mcTest/graduate/${exam?.id}`));
    const testExport = page.getByTestId('mc-test-export');
    await expect(testExport).toBeVisible();
    expect(await look(testExport)).toEqual(exportLook);
    expect(exportLook.height).toBeGreaterThanOrEqual(38);

    // a chapter of its own with a video uploaded without a title
    const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
    const { seminarId, chapterId } = await createSeminarWithChapter(page, `E2E Buttons ${tag}`, 'Video');
    await page.goto(localized(lang, `/seminar/id/${seminarId}/chapter/${chapterId}`));
    const media = page.getByTestId('media-manager');
    await expect(media).toBeVisible();
    await page.getByTestId('video-input').setInputFiles(SAMPLE_VIDEO);
    const buttons = await Promise.all(
      ['video-upload', 'docs-upload', 'link-submit'].map((id) => look(media.getByTestId(id))),
    );
    for (const button of buttons) expect(button).toEqual({ ...buttons[0], background: button.background });
    expect(buttons[0]?.height).toBeGreaterThanOrEqual(38);
    expect(buttons[0]?.fontSize).toBe(exportLook.fontSize);
    await page.getByTestId('video-upload').click();
    const item = page.getByTestId('video-item');
    await expect(item).toHaveCount(1, { timeout: 60_000 });
    const name = (await item.locator('span').first().innerText()).replace(/\s+/g, ' ').trim();
    expect(name.split('sample.webm').length - 1, name).toBe(1);
    await media.screenshot({ path: `${SHOTS}/media-${lang}.png` });
  });
}
