import ExcelJS from 'exceljs';
import { apiJson, createSeminarWithChapter } from '../support/api.ts';
import { DEMO_PASSWORD, type Lang, localized, login, presetConsent } from '../support/helpers.ts';
import { expect, type Page, test } from '../support/test.ts';

const JOURNEYS: {
  lang: Lang;
  student: { email: string; first: string; last: string };
  text: {
    failed: string;
    passed: string;
    confirmed: string;
    sheets: [string, string, string];
    runHeaders: string[];
    yes: string;
    no: string;
  };
}[] = [
  {
    lang: 'de',
    student: { email: 'student2@example.com', first: 'Stefan', last: 'Student' },
    text: {
      failed: 'Nicht bestanden',
      passed: 'Bestanden',
      confirmed: 'Abschluss bestätigt',
      sheets: ['Durchläufe', 'Fragen', 'Itemanalyse'],
      runHeaders: ['Name', 'E-Mail', 'Start', 'Abgabe', 'Erreicht (%)', 'Bestanden', 'Bestätigt'],
      yes: 'ja',
      no: 'nein',
    },
  },
  {
    lang: 'en',
    student: { email: 'student@example.com', first: 'Sara', last: 'Studentin' },
    text: {
      failed: 'Not passed',
      passed: 'Passed',
      confirmed: 'Graduation confirmed',
      sheets: ['Runs', 'Questions', 'Item analysis'],
      runHeaders: ['Name', 'E-mail', 'Start', 'Submitted', 'Achieved (%)', 'Accomplished', 'Confirmed'],
      yes: 'yes',
      no: 'no',
    },
  },
];

interface QuestionSpec {
  label: string;
  points: number | null;
  right: string;
  wrong: string;
}

/** Answers every question of the running test: the right answer where `rightOnes` says so, else the wrong one. */
async function answerRun(page: Page, questions: QuestionSpec[], rightOnes: Set<string>) {
  const run = page.getByTestId('test-run');
  await expect(run).toBeVisible();
  const jumps = run.getByTestId('test-jump');
  await expect(jumps).toHaveCount(questions.length);
  for (let i = 0; i < questions.length; i++) {
    await jumps.nth(i).click();
    const text = (await run.getByTestId('test-question-label').innerText()).trim();
    const question = questions.find((q) => q.label === text);
    expect(question, `question "${text}" is one of the test's`).toBeTruthy();
    if (!question) return;
    await run
      .getByLabel(rightOnes.has(question.label) ? question.right : question.wrong, { exact: true })
      .check();
    await expect(jumps.nth(i)).toHaveAttribute('data-answered', 'true');
  }
  await expect(run.getByTestId('test-progress')).toHaveAttribute('value', String(questions.length));
  await run.getByTestId('test-submit').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('test-confirm-unanswered')).toHaveCount(0);
  await dialog.getByTestId('confirm-ok').click();
}

/** The cell values of a worksheet row as plain values (rich text and formulas flattened). */
function rowValues(sheet: ExcelJS.Worksheet, row: number): unknown[] {
  const values = sheet.getRow(row).values as unknown[];
  return values.slice(1).map((value) => {
    if (value && typeof value === 'object' && 'richText' in (value as object)) {
      return (value as { richText: { text: string }[] }).richText.map((part) => part.text).join('');
    }
    return value;
  });
}

for (const { lang, student, text } of JOURNEYS) {
  test(`multiple-choice test journey (${lang}): pool, exam at 60 %, fail, another run, pass, history, report, graduation, export`, async ({
    page,
    browser,
    context,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const tag = `${lang}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
    const at = (p: string) => localized(lang, p);
    const testLabel = `E2E Test ${tag}`;
    const questions: QuestionSpec[] = [1, 2, 3, 4, 5].map((n) => ({
      label: `Q${n} ${tag}`,
      points: n === 3 ? 3 : null,
      right: `right ${n} ${tag}`,
      wrong: `wrong ${n} ${tag}`,
    }));
    // weights 1 + 1 + 3 + 1 + 1 = 7: Q3 and Q1 right = 4/7 = 57.14 % < 60 %; all right = 100 %
    const failing = new Set([questions[0]!.label, questions[2]!.label]);
    const passing = new Set(questions.map((q) => q.label));
    let testId = 0;

    await presetConsent(context, baseURL);
    await login(page, lang, 'trainer@example.com', DEMO_PASSWORD);
    const { seminarId, chapterId } = await createSeminarWithChapter(
      page,
      `E2E Testseminar ${tag}`,
      `Kapitel ${tag}`,
    );

    await test.step('trainer: a pool of five questions, one worth 3 points', async () => {
      await page.goto(at('/mcTest/QuestionPool'));
      await expect(page.getByTestId('mc-test-tabs').getByRole('link')).toHaveCount(6);
      const details = page.getByTestId('pool-new');
      if ((await details.getAttribute('open')) === null) await page.getByTestId('pool-new-toggle').click();
      const form = page.getByTestId('question-form');
      // the shared rules refuse an empty question before anything is sent
      await form.getByTestId('question-submit').click();
      await expect(form.getByRole('alert').first()).toBeVisible();
      for (const question of questions) {
        await form.getByTestId('question-label-area').fill(question.label);
        await form.getByTestId('question-points').fill(question.points ? String(question.points) : '');
        const labels = form.getByTestId('question-answer-label');
        await labels.nth(0).fill(question.right);
        await labels.nth(1).fill(question.wrong);
        await form.getByTestId('question-answer-correct').nth(0).check();
        await form.getByTestId('question-submit').click();
        await expect(page.getByTestId('pool-question').filter({ hasText: question.label })).toHaveCount(1);
        await expect(form.getByTestId('question-answer-label').nth(0)).toHaveValue('');
      }
      await page.getByTestId('pool-search-input').fill(tag);
      await page.getByTestId('pool-search-submit').click();
      await expect(page.getByTestId('pool-question')).toHaveCount(5);
      await expect(
        page
          .getByTestId('pool-question')
          .filter({ hasText: questions[2]!.label })
          .getByTestId('pool-question-points-tag'),
      ).toContainText('3');
    });

    await test.step('trainer: a test at 60 % in exam mode with the five questions, on the chapter, enabled', async () => {
      await page.goto(at('/mcTest/own'));
      const details = page.getByTestId('mc-test-new');
      if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
      const form = page.getByTestId('mc-test-form');
      await form.getByTestId('mc-test-label').fill(testLabel);
      await form.getByTestId('mc-test-threshold').fill('60');
      await form.getByTestId('mc-test-mode').selectOption('exam');
      await form.getByTestId('mc-test-submit').click();
      await expect(page).toHaveURL(/\/mcTest\/(\d+)\/edit$/);
      testId = Number(/\/mcTest\/(\d+)\/edit$/.exec(new URL(page.url()).pathname)?.[1]);
      expect(testId).toBeGreaterThan(0);
      // a new test starts disabled, and the trainer is told so (issue 14.7)
      await expect(page.getByTestId('toast').filter({ hasText: testLabel })).toContainText(
        lang === 'de' ? 'noch nicht freigeschaltet' : 'not enabled yet',
      );
      const editor = page.getByTestId('mc-test-editor');
      await expect(editor.getByTestId('mc-test-title')).toHaveText(testLabel);
      await expect(page.getByTestId('mc-test-side-menu')).toBeVisible();

      await editor.getByTestId('test-questions-from-pool').click();
      const dialog = page.getByTestId('pool-attach-dialog');
      await dialog.getByTestId('pool-attach-search').fill(tag);
      await dialog.getByTestId('pool-attach-search').press('Enter');
      await expect(dialog.getByTestId('pool-attach-pick')).toHaveCount(5);
      for (const pick of await dialog.getByTestId('pool-attach-pick').all()) await pick.check();
      await page.getByTestId('pool-attach-submit').click();
      await expect(editor.getByTestId('test-question-item')).toHaveCount(5);
      await expect(editor.getByTestId('test-questions-weight')).toContainText('7');

      await expect(editor.getByTestId('chapter-select')).toBeEnabled();
      await editor.getByTestId('chapter-select').selectOption(String(chapterId));
      await editor.getByTestId('chapter-attach-submit').click();
      await expect(editor.getByTestId('chapter-attach-current')).toContainText(`Kapitel ${tag}`);

      const enabled = editor.getByTestId('mc-test-enabled-toggle');
      await expect(enabled).toHaveAttribute('aria-checked', 'false');
      await enabled.click();
      await expect(enabled).toHaveAttribute('aria-checked', 'true');
    });

    const studentContext = await browser.newContext({ baseURL });
    try {
      const sPage = await studentContext.newPage();
      await presetConsent(studentContext, baseURL);
      await login(sPage, lang, student.email, DEMO_PASSWORD);
      await apiJson(sPage, 'POST', '/api/booking/free', { data: { seminarId } });

      await test.step('student: the test is on the chapter page and in the to-dos; the first run fails', async () => {
        await sPage.goto(at('/todos'));
        await expect(
          sPage.getByTestId('todo-tests').getByTestId('assigned-item').filter({ hasText: testLabel }),
        ).toHaveCount(1);

        await sPage.goto(at(`/seminar/id/${seminarId}/chapter/${chapterId}/play`));
        const onChapter = sPage
          .getByTestId('chapter-tests')
          .getByTestId('chapter-test')
          .filter({ hasText: testLabel });
        await expect(onChapter).toHaveCount(1);
        await onChapter.getByTestId('assigned-start').click();
        await expect(sPage).toHaveURL(new RegExp(`/mcTest/open\\?test=${testId}$`));
        await sPage.getByTestId('test-start').click();
        await answerRun(sPage, questions, failing);

        const result = sPage.getByTestId('test-result');
        await expect(result).toHaveAttribute('data-accomp', 'false');
        await expect(result.getByRole('heading', { level: 1 })).toHaveText(text.failed);
        await expect(result.getByTestId('test-result-percent')).toHaveText(/57[.,]14\s?%/);
        // an exam never says which questions were right
        await expect(result.getByTestId('test-review')).toHaveCount(0);

        // one exam run: no second start
        await sPage.goto(at(`/mcTest/open?test=${testId}`));
        await expect(sPage.getByTestId('test-no-runs-left')).toBeVisible();
        await expect(sPage.getByTestId('test-start')).toHaveCount(0);
      });

      await test.step('trainer: grants another run', async () => {
        await page.goto(at(`/mcTest/graduate/${testId}`));
        const row = page.getByTestId('graduate-row').filter({ hasText: student.email });
        await expect(row).toHaveCount(1);
        await expect(row).toHaveAttribute('data-accomp', 'false');
        await expect(row.getByTestId('graduate-confirm')).toHaveCount(0);
        await row.getByTestId('graduate-grant').click();
        await page.getByRole('dialog').getByTestId('confirm-ok').click();
        await expect(page.getByRole('dialog')).toHaveCount(0);
      });

      await test.step('student: the second run passes; the history shows both', async () => {
        await sPage.goto(at(`/mcTest/open?test=${testId}`));
        await sPage.getByTestId('test-start').click();
        await answerRun(sPage, questions, passing);
        const result = sPage.getByTestId('test-result');
        await expect(result).toHaveAttribute('data-accomp', 'true');
        await expect(result.getByRole('heading', { level: 1 })).toHaveText(text.passed);
        await expect(result.getByTestId('test-result-percent')).toHaveText(/100\s?%/);

        await result.getByTestId('test-to-history').click();
        await expect(sPage).toHaveURL(new RegExp(`${at('/mcTest/history')}$`));
        const rows = sPage.getByTestId('history-row').filter({ hasText: testLabel });
        await expect(rows).toHaveCount(2);
        // newest first
        await expect(rows.nth(0)).toHaveAttribute('data-accomp', 'true');
        await expect(rows.nth(1)).toHaveAttribute('data-accomp', 'false');
        await expect(rows.nth(1).getByTestId('history-percent')).toHaveText(/57[.,]14\s?%/);
        await expect(sPage.getByTestId('mc-test-tabs').getByRole('link')).toHaveCount(2);
      });
    } finally {
      await studentContext.close();
    }

    await test.step('trainer: the report of the test', async () => {
      await page.goto(at('/mcTest/reports'));
      const row = page.getByTestId('reports-row').filter({ hasText: testLabel });
      await expect(row.getByTestId('reports-runs')).toHaveText('2');
      await row.getByTestId('reports-link').click();
      await expect(page).toHaveURL(new RegExp(`/mcTest/TestReports\\?test=${testId}$`));
      const report = page.getByTestId('test-report');
      await expect(report.getByTestId('report-runs')).toHaveText('2');
      await expect(report.getByTestId('report-accomplished')).toHaveText('1');
      await expect(report.getByTestId('report-passRate')).toHaveText(/50\s?%/);
      const bars = report.getByTestId('score-bar');
      await expect(bars).toHaveCount(11);
      await expect(bars.nth(5)).toHaveAttribute('data-count', '1');
      await expect(bars.nth(10)).toHaveAttribute('data-count', '1');
      await expect(report.getByTestId('report-question-row')).toHaveCount(5);
    });

    await test.step('trainer: confirms the graduation and exports the results', async () => {
      await page.goto(at(`/mcTest/graduate/${testId}`));
      const passed = page
        .getByTestId('graduate-row')
        .filter({ hasText: student.email })
        .and(page.locator('[data-accomp="true"]'));
      await expect(passed).toHaveCount(1);
      await passed.getByTestId('graduate-confirm').click();
      await expect(passed.getByTestId('graduate-confirmed')).toHaveText(text.confirmed);

      const downloading = page.waitForEvent('download');
      await page.getByTestId('mc-test-export').click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(new RegExp(`^E2E Test ${tag}_\\d{8}-\\d{6}\\.xlsx$`));
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(await download.path());
      expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(text.sheets);

      const runs = workbook.worksheets[0]!;
      expect(rowValues(runs, 1)).toEqual(text.runHeaders);
      const rows = [2, 3].map((n) => rowValues(runs, n));
      expect(runs.actualRowCount).toBe(3);
      const name = `${student.first} ${student.last}`;
      const byPercent = new Map(rows.map((values) => [Number(values[4]), values]));
      const pass = byPercent.get(100);
      const fail = byPercent.get(57.14);
      expect(pass, JSON.stringify(rows)).toBeTruthy();
      expect(fail, JSON.stringify(rows)).toBeTruthy();
      expect([pass?.[0], pass?.[1], pass?.[5], pass?.[6]]).toEqual([name, student.email, text.yes, text.yes]);
      expect([fail?.[0], fail?.[1], fail?.[5], fail?.[6]]).toEqual([name, student.email, text.no, text.no]);
      for (const values of rows) {
        expect(values[2]).toBeInstanceOf(Date);
        expect(values[3]).toBeInstanceOf(Date);
      }

      const stats = workbook.worksheets[1]!;
      expect(stats.actualRowCount).toBe(6);
      const rates = new Map(
        [2, 3, 4, 5, 6].map((n) => {
          const values = rowValues(stats, n);
          return [String(values[0]), values.slice(1).map(Number)];
        }),
      );
      for (const question of questions) {
        // answered twice; right in both runs only where the failing run was right too
        expect(rates.get(question.label), question.label).toEqual(
          failing.has(question.label) ? [2, 2, 100] : [2, 1, 50],
        );
      }
    });
  });
}
