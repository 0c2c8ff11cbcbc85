import { apiJson, createSeminarWithChapter } from '../support/api.ts';
import { DEMO_PASSWORD, type Lang, localized, login, presetConsent } from '../support/helpers.ts';
import { expect, test } from '../support/test.ts';

/**
 * A test's availability window and review policy (issue 37 items 4 and 5): the learner sees when
 * a test opens and gets no start before; an exam whose review shows rightness only tells which
 * question was wrong, never which answer is correct.
 */
const JOURNEYS: { lang: Lang; student: string; opens: RegExp; openUntil: RegExp; notOpen: RegExp }[] = [
  {
    lang: 'de',
    student: 'student2@example.com',
    opens: /^öffnet am /,
    openUntil: /^offen bis /,
    notOpen: /noch nicht geöffnet/,
  },
  {
    lang: 'en',
    student: 'student@example.com',
    opens: /^opens on /,
    openUntil: /^open until /,
    notOpen: /not open yet/,
  },
];

for (const { lang, student, opens, openUntil, notOpen } of JOURNEYS) {
  test(`window and review policy (${lang}): a test not open yet offers no start; a rightness review hides the key`, async ({
    page,
    browser,
    context,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const tag = `${lang}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
    const at = (p: string) => localized(lang, p);
    const right = `Bern ${tag}`;
    const wrong = `Zürich ${tag}`;
    const day = 24 * 60 * 60_000;

    await presetConsent(context, baseURL);
    await login(page, lang, 'trainer@example.com', DEMO_PASSWORD);
    const { seminarId, chapterId } = await createSeminarWithChapter(
      page,
      `E2E Fenster ${tag}`,
      `Kapitel ${tag}`,
    );
    const makeTest = async (label: string, extra: object) => {
      const made = await apiJson<{ id: number }>(page, 'POST', '/api/mc_tests', {
        data: { label, percent_to_accomplish: 50, mode: 'exam', enabled: 1, chapter_id: chapterId, ...extra },
      });
      await apiJson(page, 'POST', '/api/questions', {
        data: {
          label: `<p>Hauptstadt ${tag}?</p>`,
          explanation: `<p>Erklärung ${tag}</p>`,
          answers: [
            { label: right, correct: true },
            { label: wrong, correct: false },
          ],
          mcTestId: made.id,
        },
      });
      return made;
    };
    const later = await makeTest(`Später ${tag}`, { opens_at: new Date(Date.now() + day).toISOString() });
    const open = await makeTest(`Offen ${tag}`, {
      closes_at: new Date(Date.now() + 2 * day).toISOString(),
      review_content: 'rightness',
      review_when: 'immediately',
    });

    const learner = await browser.newContext({ baseURL });
    try {
      const p = await learner.newPage();
      await presetConsent(learner, baseURL);
      await login(p, lang, student, DEMO_PASSWORD);
      await apiJson(p, 'POST', '/api/booking/free', { data: { seminarId } });

      await test.step('learner: a test not open yet says when it opens and offers no start', async () => {
        await p.goto(at(`/mcTest/open?test=${later.id}`));
        const intro = p.getByTestId('test-intro');
        await expect(intro.getByTestId('test-window')).toHaveText(opens);
        await expect(intro.getByTestId('test-window-closed')).toHaveText(notOpen);
        await expect(intro.getByTestId('test-start')).toHaveCount(0);
      });

      await test.step('learner: an open test shows until when; the result says which question was wrong, not the key', async () => {
        await p.goto(at(`/mcTest/open?test=${open.id}`));
        const intro = p.getByTestId('test-intro');
        await expect(intro.getByTestId('test-window')).toHaveText(openUntil);
        await expect(intro.getByTestId('test-review-policy')).toHaveAttribute('data-content', 'rightness');
        await intro.getByTestId('test-start').click();
        const run = p.getByTestId('test-run');
        await run.getByLabel(wrong, { exact: true }).check();
        const stopped = p.waitForResponse((r) => r.url().includes('/api/graduate/stopTest'));
        await run.getByTestId('test-submit').click();
        await p.getByRole('dialog').getByTestId('confirm-ok').click();
        // the answer itself carries no key and no explanation
        const body = JSON.stringify(await (await stopped).json());
        expect(body).not.toContain('"correct":true');
        expect(body).not.toContain(`Erklärung ${tag}`);
        const result = p.getByTestId('test-result');
        const item = result.getByTestId('test-review-item');
        await expect(item).toHaveAttribute('data-right', 'false');
        const answers = item.getByTestId('test-review-answer');
        await expect(answers).toHaveCount(2);
        for (const answer of await answers.all())
          await expect(answer).toHaveAttribute('data-correct', 'hidden');
        await expect(
          item.filter({ hasText: wrong }).getByTestId('test-review-answer').filter({ hasText: wrong }),
        ).toHaveAttribute('data-chosen', 'true');
        await expect(result.getByText(`Erklärung ${tag}`)).toHaveCount(0);
      });
    } finally {
      await learner.close();
    }
  });
}
