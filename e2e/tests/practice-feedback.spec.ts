import { apiJson, createSeminarWithChapter } from '../support/api.ts';
import { DEMO_PASSWORD, type Lang, localized, login, presetConsent } from '../support/helpers.ts';
import { expect, test } from '../support/test.ts';

/** Practice that teaches (issue 36 item 4): an explanation written by the trainer reaches the learner after a practice run. */
const JOURNEYS: {
  lang: Lang;
  student: string;
  text: { chosen: string; notChosen: string; correct: string; incorrect: string; weighting: RegExp };
}[] = [
  {
    lang: 'de',
    student: 'student2@example.com',
    text: {
      chosen: 'angekreuzt',
      notChosen: 'nicht angekreuzt',
      correct: 'richtig',
      incorrect: 'falsch',
      weighting: /Jede Frage zählt mit ihren Punkten/,
    },
  },
  {
    lang: 'en',
    student: 'student@example.com',
    text: {
      chosen: 'ticked',
      notChosen: 'not ticked',
      correct: 'correct',
      incorrect: 'wrong',
      weighting: /weighted by its points/,
    },
  },
];

for (const { lang, student, text } of JOURNEYS) {
  test(`practice feedback (${lang}): trainer writes explanations, learner sees choice, correct answer and explanation after a practice run`, async ({
    page,
    browser,
    context,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const tag = `${lang}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
    const at = (p: string) => localized(lang, p);
    const label = `Welche Stadt ${tag}?`;
    const right = `Bern ${tag}`;
    const wrong = `Zürich ${tag}`;
    const questionExplanation = `Das Parlament tagt in Bern ${tag}.`;
    const wrongExplanation = `Zürich ist nur die grösste Stadt ${tag}.`;

    await presetConsent(context, baseURL);
    await login(page, lang, 'trainer@example.com', DEMO_PASSWORD);
    const { seminarId, chapterId } = await createSeminarWithChapter(
      page,
      `E2E Übung ${tag}`,
      `Kapitel ${tag}`,
    );
    const made = await apiJson<{ id: number }>(page, 'POST', '/api/mc_tests', {
      data: {
        label: `Übung ${tag}`,
        percent_to_accomplish: 50,
        mode: 'practice',
        enabled: 1,
        chapter_id: chapterId,
      },
    });

    await test.step('trainer: writes a question with an explanation and one for the wrong answer', async () => {
      await page.goto(at(`/mcTest/${made.id}/new`));
      const form = page.getByTestId('question-form');
      await form.getByTestId('question-label-area').fill(label);
      await form.getByTestId('question-explanation-area').fill(questionExplanation);
      const labels = form.getByTestId('question-answer-label');
      await labels.nth(0).fill(right);
      await labels.nth(1).fill(wrong);
      await form.getByTestId('question-answer-correct').nth(0).check();
      const second = form.getByTestId('question-answer-explanation').nth(1);
      await second.locator('summary').click();
      await second.getByTestId('question-answer-explanation-text-area').fill(wrongExplanation);
      await form.getByTestId('question-submit').click();
      await expect(form.getByTestId('question-answer-label').nth(0)).toHaveValue('');
      // the pool shows the question's explanation
      await page.goto(at('/mcTest/QuestionPool'));
      await page.getByTestId('pool-search-input').fill(tag);
      await page.getByTestId('pool-search-submit').click();
      const pooled = page.getByTestId('pool-question').filter({ hasText: label });
      await expect(pooled.getByTestId('pool-question-explanation-text')).toHaveText(questionExplanation);
    });

    const studentContext = await browser.newContext({ baseURL });
    try {
      const sPage = await studentContext.newPage();
      await presetConsent(studentContext, baseURL);
      await login(sPage, lang, student, DEMO_PASSWORD);
      await apiJson(sPage, 'POST', '/api/booking/free', { data: { seminarId } });

      await test.step('learner: a practice run shows no explanation until it is submitted', async () => {
        await sPage.goto(at(`/mcTest/open?test=${made.id}`));
        await sPage.getByTestId('test-start').click();
        const run = sPage.getByTestId('test-run');
        await expect(run.getByTestId('test-question-label')).toHaveText(label);
        await expect(sPage.getByText(questionExplanation)).toHaveCount(0);
        await expect(sPage.getByText(wrongExplanation)).toHaveCount(0);
        await run.getByLabel(wrong, { exact: true }).check();
        await run.getByTestId('test-submit').click();
        await sPage.getByRole('dialog').getByTestId('confirm-ok').click();
      });

      await test.step('learner: the result shows the choice, the correct answer and the explanations', async () => {
        const result = sPage.getByTestId('test-result');
        await expect(result).toHaveAttribute('data-mode', 'practice');
        await expect(result.getByTestId('test-result-weighting')).toHaveText(text.weighting);
        const item = result.getByTestId('test-review-item');
        await expect(item).toHaveCount(1);
        await expect(item).toHaveAttribute('data-right', 'false');
        await expect(item.getByTestId('test-review-explanation')).toContainText(questionExplanation);
        const chosen = item.getByTestId('test-review-answer').filter({ hasText: wrong });
        await expect(chosen).toHaveAttribute('data-chosen', 'true');
        await expect(chosen).toHaveAttribute('data-correct', 'false');
        await expect(chosen).toContainText(text.chosen);
        await expect(chosen).toContainText(text.incorrect);
        await expect(chosen.getByTestId('test-review-answer-explanation')).toHaveText(wrongExplanation);
        const key = item.getByTestId('test-review-answer').filter({ hasText: right });
        await expect(key).toHaveAttribute('data-chosen', 'false');
        await expect(key).toHaveAttribute('data-correct', 'true');
        await expect(key).toContainText(text.notChosen);
        await expect(key).toContainText(text.correct);
      });
    } finally {
      await studentContext.close();
    }
  });
}
