import { apiJson, createSeminarWithChapter } from '../support/api.ts';
import { DEMO_PASSWORD, type Lang, localized, login, presetConsent } from '../support/helpers.ts';
import { expect, type Page, test } from '../support/test.ts';

const JOURNEYS: {
  lang: Lang;
  student: string;
  text: { title: string; easy: string; hard: string; negative: string; few: string; explainEasy: RegExp };
}[] = [
  {
    lang: 'de',
    student: 'student2@example.com',
    text: {
      title: 'Itemanalyse',
      easy: 'Zu leicht',
      hard: 'Zu schwer',
      negative: 'Negative Trennschärfe',
      few: 'Zu wenige Durchläufe',
      explainEasy: /mehr als 95 % beantworten sie richtig/,
    },
  },
  {
    lang: 'en',
    student: 'student@example.com',
    text: {
      title: 'Item analysis',
      easy: 'Too easy',
      hard: 'Too hard',
      negative: 'Negative discrimination',
      few: 'Too few runs',
      explainEasy: /more than 95 % answer it right/,
    },
  },
];

interface QuestionSpec {
  label: string;
  right: string;
  wrong: string;
}

/** One practice run in the player: the right answer where `right` says so, else the wrong one. */
async function takeRun(page: Page, questions: QuestionSpec[], right: boolean[]) {
  await page.getByTestId('test-start').click();
  const run = page.getByTestId('test-run');
  await expect(run).toBeVisible();
  const jumps = run.getByTestId('test-jump');
  await expect(jumps).toHaveCount(questions.length);
  for (let i = 0; i < questions.length; i++) {
    await jumps.nth(i).click();
    const text = (await run.getByTestId('test-question-label').innerText()).trim();
    const index = questions.findIndex((q) => q.label === text);
    expect(index, `question "${text}" is one of the test's`).toBeGreaterThanOrEqual(0);
    const question = questions[index]!;
    await run.getByLabel(right[index] ? question.right : question.wrong, { exact: true }).check();
    await expect(jumps.nth(i)).toHaveAttribute('data-answered', 'true');
  }
  await run.getByTestId('test-submit').click();
  await page.getByRole('dialog').getByTestId('confirm-ok').click();
  await expect(page.getByTestId('test-result')).toBeVisible();
}

for (const { lang, student, text } of JOURNEYS) {
  test(`item analysis journey (${lang}): a student takes a practice test three times, the trainer reads the flags`, async ({
    page,
    browser,
    context,
    baseURL,
  }) => {
    test.setTimeout(300_000);
    const tag = `${lang}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
    const at = (p: string) => localized(lang, p);
    const testLabel = `E2E Items ${tag}`;
    const questions: QuestionSpec[] = [1, 2, 3, 4].map((n) => ({
      label: `Item ${n} ${tag}`,
      right: `right ${n} ${tag}`,
      wrong: `wrong ${n} ${tag}`,
    }));
    // Q1 always right (too easy), Q2 always wrong (too hard); Q3 and Q4 alternate so that Q4 is
    // right only in the weaker run: its discrimination is negative
    const runs = [
      [true, false, true, false],
      [true, false, false, true],
      [true, false, true, false],
    ];

    await presetConsent(context, baseURL);
    await login(page, lang, 'trainer@example.com', DEMO_PASSWORD);
    const { seminarId, chapterId } = await createSeminarWithChapter(
      page,
      `E2E Items ${tag}`,
      `Kapitel ${tag}`,
    );
    const created = await apiJson<{ id: number }>(page, 'POST', '/api/mc_tests', {
      data: { label: testLabel, percent_to_accomplish: 50, mode: 'practice', chapter_id: chapterId },
    });
    const testId = created.id;
    for (const q of questions) {
      await apiJson(page, 'POST', '/api/questions', {
        data: {
          label: `<p>${q.label}</p>`,
          answers: [
            { label: q.right, correct: true },
            { label: q.wrong, correct: false },
          ],
          mcTestId: testId,
        },
      });
    }
    await apiJson(page, 'PATCH', '/api/mc_tests/toggle/enabled', { data: { mcTestId: testId } });

    const studentContext = await browser.newContext({ baseURL });
    try {
      const sPage = await studentContext.newPage();
      await presetConsent(studentContext, baseURL);
      await login(sPage, lang, student, DEMO_PASSWORD);
      await apiJson(sPage, 'POST', '/api/booking/free', { data: { seminarId } });
      await test.step('student: three practice runs in the player', async () => {
        for (const right of runs) {
          await sPage.goto(at(`/mcTest/open?test=${testId}`));
          await takeRun(sPage, questions, right);
        }
      });
    } finally {
      await studentContext.close();
    }

    await test.step('trainer: from the report to the item analysis; flags and figures', async () => {
      await page.goto(at(`/mcTest/TestReports?test=${testId}`));
      await page.getByTestId('report-item-analysis').click();
      await expect(page).toHaveURL(new RegExp(`${at(`/mcTest/${testId}/itemAnalysis`)}$`));
      await expect(page.getByTestId('item-analysis-title')).toContainText(text.title);
      await expect(page.getByTestId('item-figure-runs')).toHaveText('3');
      const rows = page.getByTestId('item-row');
      await expect(rows).toHaveCount(4);
      const row = (n: number) => rows.filter({ hasText: questions[n]!.label });
      await expect(row(0).getByTestId('item-facility')).toHaveText(/1[.,]00/);
      await expect(row(0).getByTestId('item-flag')).toHaveText([
        new RegExp(text.few),
        new RegExp(`${text.easy}.*`),
      ]);
      await expect(row(0)).toContainText(text.explainEasy);
      await expect(row(1).getByTestId('item-facility')).toHaveText(/0[.,]00/);
      await expect(row(1)).toContainText(text.hard);
      await expect(row(3).getByTestId('item-facility')).toHaveText(/0[.,]33/);
      await expect(row(3).getByTestId('item-discrimination')).toHaveText(/-1[.,]00|−1[.,]00/);
      await expect(row(3)).toContainText(text.negative);
      await expect(page.getByTestId('item-chart')).toBeVisible();
      await expect(page.getByTestId('item-point')).toHaveCount(2);

      // sortable: by facility, descending after a second click
      await page.getByTestId('item-sort-facility').click();
      await expect(rows.first()).toContainText(questions[1]!.label);
      await page.getByTestId('item-sort-facility').click();
      await expect(rows.first()).toContainText(questions[0]!.label);

      // the distractors: the wrong answer of Q2 chosen in every run
      await row(1).getByTestId('item-answers').locator('summary').click();
      await expect(
        row(1)
          .getByTestId('item-answer')
          .and(page.locator('[data-correct="false"]'))
          .getByTestId('item-answer-share'),
      ).toHaveText(/100\s?%/);

      // a filter without runs, and a bad range with the server's message
      await page.getByTestId('item-mode').selectOption('exam');
      await page.getByTestId('item-apply').click();
      await expect(page.getByTestId('item-no-runs')).toBeVisible();
      await page.getByTestId('item-mode').selectOption('');
      await page.getByTestId('item-from').fill('2030-01-02');
      await page.getByTestId('item-to').fill('2030-01-01');
      await page.getByTestId('item-apply').click();
      await expect(page.getByTestId('item-filter-error')).toBeVisible();
    });

    await test.step('trainer: each question links to its editor in the pool', async () => {
      await page.goto(at(`/mcTest/${testId}/itemAnalysis`));
      const first = page.getByTestId('item-row').filter({ hasText: questions[0]!.label });
      await first.getByTestId('item-edit').click();
      await expect(page).toHaveURL(new RegExp(`${at('/mcTest/QuestionPool')}\\?question=\\d+$`));
      await expect(page.getByTestId('pool-question')).toHaveCount(1);
      await expect(page.getByTestId('pool-question')).toContainText(questions[0]!.label);
    });
  });
}
