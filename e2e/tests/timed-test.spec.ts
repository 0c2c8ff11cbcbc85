import { apiJson, createSeminarWithChapter } from '../support/api.ts';
import { DEMO_PASSWORD, type Lang, localized, login, presetConsent } from '../support/helpers.ts';
import { expect, test } from '../support/test.ts';

/**
 * A timed exam (issue 37 items 1 and 2): the learner answers, the answer is saved on the server
 * as given, another device resumes the same run with the answer and the remaining time, and the
 * player submits itself when the time is up.
 */
const JOURNEYS: { lang: Lang; student: string; timeLeft: RegExp; timeUp: RegExp }[] = [
  {
    lang: 'de',
    student: 'student2@example.com',
    timeLeft: /Verbleibende Zeit/,
    timeUp: /Zeit ist abgelaufen/,
  },
  { lang: 'en', student: 'student@example.com', timeLeft: /Time left/, timeUp: /Time is up/ },
];

for (const { lang, student, timeLeft, timeUp } of JOURNEYS) {
  test(`timed exam (${lang}): 1-minute limit, answer saved, resumed on another device, submitted at 0:00`, async ({
    page,
    browser,
    context,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const tag = `${lang}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
    const at = (p: string) => localized(lang, p);
    const right = `Bern ${tag}`;
    const wrong = `Zürich ${tag}`;

    await presetConsent(context, baseURL);
    await login(page, lang, 'trainer@example.com', DEMO_PASSWORD);
    const { seminarId, chapterId } = await createSeminarWithChapter(
      page,
      `E2E Zeit ${tag}`,
      `Kapitel ${tag}`,
    );
    const made = await apiJson<{ id: number; time_limit_minutes: number | null }>(
      page,
      'POST',
      '/api/mc_tests',
      {
        data: {
          label: `Prüfung ${tag}`,
          percent_to_accomplish: 50,
          mode: 'exam',
          enabled: 1,
          chapter_id: chapterId,
          time_limit_minutes: 1,
        },
      },
    );
    expect(made.time_limit_minutes).toBe(1);
    await apiJson(page, 'POST', '/api/questions', {
      data: {
        label: `<p>Hauptstadt ${tag}?</p>`,
        answers: [
          { label: right, correct: true },
          { label: wrong, correct: false },
        ],
        mcTestId: made.id,
      },
    });

    const first = await browser.newContext({ baseURL });
    const second = await browser.newContext({ baseURL });
    try {
      const p1 = await first.newPage();
      await presetConsent(first, baseURL);
      await login(p1, lang, student, DEMO_PASSWORD);
      await apiJson(p1, 'POST', '/api/booking/free', { data: { seminarId } });

      await test.step('learner: starts, sees the countdown, answers (saved as given) and closes the tab', async () => {
        await p1.goto(at(`/mcTest/open?test=${made.id}`));
        await p1.getByTestId('test-start').click();
        const run = p1.getByTestId('test-run');
        await expect(run.getByTestId('test-countdown')).toContainText(timeLeft);
        await expect(run.getByTestId('test-countdown-value')).toHaveText(/^0:[0-5]\d$|^1:00$/);
        const saved = p1.waitForResponse(
          (r) => r.request().method() === 'PUT' && r.url().includes('/answers/') && r.status() === 200,
        );
        await run.getByLabel(right, { exact: true }).check();
        await saved;
        // the tab is closed: nothing of this device submits the run
        await p1.close();
      });

      await test.step('another device resumes the same run with the answer and less time', async () => {
        const p2 = await second.newPage();
        await presetConsent(second, baseURL);
        await login(p2, lang, student, DEMO_PASSWORD);
        await p2.goto(at(`/mcTest/open?test=${made.id}`));
        await p2.getByTestId('test-start').click();
        const run = p2.getByTestId('test-run');
        await expect(run.getByLabel(right, { exact: true })).toBeChecked();
        await expect(run.getByLabel(wrong, { exact: true })).not.toBeChecked();
        await expect(run.getByTestId('test-countdown-value')).toHaveText(/^0:[0-5]\d$/);

        // the time runs out: the player submits by itself and shows the result (the saved answer is right)
        await expect(p2.getByTestId('test-time-up').or(p2.getByTestId('test-result')).first()).toBeVisible({
          timeout: 90_000,
        });
        if (await p2.getByTestId('test-time-up').isVisible())
          await expect(p2.getByTestId('test-time-up')).toHaveText(timeUp);
        const result = p2.getByTestId('test-result');
        await expect(result).toBeVisible({ timeout: 30_000 });
        await expect(result).toHaveAttribute('data-mode', 'exam');
        await expect(result).toHaveAttribute('data-accomp', 'true');
      });
    } finally {
      await first.close();
      await second.close();
    }
  });
}
