import { apiJson, createSeminarWithChapter } from '../support/api.ts';
import { DEMO_PASSWORD, type Lang, localized, login, presetConsent } from '../support/helpers.ts';
import { expect, test } from '../support/test.ts';

/**
 * A timed drawn exam (issue 37 items 1 to 3): the run draws 2 of the category's 3 questions, the
 * learner answers the first (saved as given), reloads the page on the way and resumes the same
 * run with the answer and the time left, answers the second, and the player submits itself when
 * the time is up; the result counts the drawn questions.
 */
const JOURNEYS: { lang: Lang; student: string; timeUp: RegExp }[] = [
  { lang: 'de', student: 'student2@example.com', timeUp: /Zeit ist abgelaufen/ },
  { lang: 'en', student: 'student@example.com', timeUp: /Time is up/ },
];

for (const { lang, student, timeUp } of JOURNEYS) {
  test(`timed drawn exam (${lang}): 2 of 3 drawn, resumed after a reload, submitted at 0:00`, async ({
    page,
    browser,
    context,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const tag = `${lang}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
    const category = `E2E ${tag}/Gezogen`;
    const right = new RegExp(`^Richtig \\d ${tag}$`);

    await presetConsent(context, baseURL);
    await login(page, lang, 'trainer@example.com', DEMO_PASSWORD);
    const { seminarId, chapterId } = await createSeminarWithChapter(page, `E2E Zug ${tag}`, `Kapitel ${tag}`);
    for (let i = 1; i <= 3; i++) {
      await apiJson(page, 'POST', '/api/questions', {
        data: {
          label: `<p>Frage ${i} ${tag}?</p>`,
          category,
          answers: [
            { label: `Richtig ${i} ${tag}`, correct: true },
            { label: `Falsch ${i} ${tag}`, correct: false },
          ],
        },
      });
    }
    const made = await apiJson<{ id: number; question_selection: string; questions_count: number }>(
      page,
      'POST',
      '/api/mc_tests',
      {
        data: {
          label: `Zugprüfung ${tag}`,
          percent_to_accomplish: 100,
          mode: 'exam',
          enabled: 1,
          chapter_id: chapterId,
          time_limit_minutes: 1,
          question_selection: 'drawn',
          draw_rules: [{ category: `E2E ${tag}`, count: 2 }],
          shuffle_questions: true,
        },
      },
    );
    expect(made.question_selection).toBe('drawn');

    const learner = await browser.newContext({ baseURL });
    try {
      const p = await learner.newPage();
      await presetConsent(learner, baseURL);
      await login(p, lang, student, DEMO_PASSWORD);
      await apiJson(p, 'POST', '/api/booking/free', { data: { seminarId } });
      const answer = async (position: number) => {
        const run = p.getByTestId('test-run');
        await run.getByTestId('test-jump').nth(position).click();
        const saved = p.waitForResponse(
          (r) => r.request().method() === 'PUT' && r.url().includes('/answers/') && r.status() === 200,
        );
        await run.getByTestId('test-question').getByLabel(right).check();
        await saved;
      };

      await test.step('the run draws 2 of the 3 questions; the first answer is saved as given', async () => {
        await p.goto(localized(lang, `/mcTest/open?test=${made.id}`));
        await p.getByTestId('test-start').click();
        await expect(p.getByTestId('test-run').getByTestId('test-jump')).toHaveCount(2);
        await answer(0);
      });

      await test.step('a reload on the way resumes the same run with the answer and less time', async () => {
        await p.reload();
        await p.getByTestId('test-start').click();
        const run = p.getByTestId('test-run');
        await expect(run.getByTestId('test-jump')).toHaveCount(2);
        await expect(run.getByTestId('test-jump').first()).toHaveAttribute('data-answered', 'true');
        await expect(run.getByTestId('test-countdown-value')).toHaveText(/^0:[0-5]\d$/);
        await answer(1);
      });

      await test.step('at 0:00 the player submits by itself; both drawn questions count', async () => {
        await expect(p.getByTestId('test-time-up').or(p.getByTestId('test-result')).first()).toBeVisible({
          timeout: 90_000,
        });
        if (await p.getByTestId('test-time-up').isVisible())
          await expect(p.getByTestId('test-time-up')).toHaveText(timeUp);
        const result = p.getByTestId('test-result');
        await expect(result).toBeVisible({ timeout: 30_000 });
        await expect(result).toHaveAttribute('data-accomp', 'true');
      });
    } finally {
      await learner.close();
    }
  });
}
