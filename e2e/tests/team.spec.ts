import { apiJson, createSeminarWithChapter } from '../support/api.ts';
import { DEMO_PASSWORD, type Lang, localized, login, presetConsent } from '../support/helpers.ts';
import { expect, type Page, test } from '../support/test.ts';

/**
 * Due dates and the team view (issue 36 items 5 and 7) in German and English: the demo manager
 * (`firma@example.com`, Muster AG) books a new seminar for the company and assigns the demo
 * employee, sets a due date in the employee table of the seminar, sees the assignment "due" in
 * the team view; the employee completes the seminar (marks its chapter done) and the team view
 * shows the row done.
 */
const JOURNEYS: {
  lang: Lang;
  text: { save: string; saved: RegExp; due: string; done: string; team: RegExp };
}[] = [
  {
    lang: 'de',
    text: {
      save: 'Speichern',
      saved: /Fälligkeitsdatum von Max Mitarbeiter ist gespeichert/,
      due: 'fällig',
      done: 'erledigt',
      team: /^Team von Muster AG$/,
    },
  },
  {
    lang: 'en',
    text: {
      save: 'Save',
      saved: /due date of Max Mitarbeiter is saved/,
      due: 'due',
      done: 'done',
      team: /^Team of Muster AG$/,
    },
  },
];

const MANAGER = 'firma@example.com';
const EMPLOYEE = 'mitarbeiter@example.com';

/** the calendar day `days` from today in Zurich, YYYY-MM-DD (the platform's days) */
function zurichDay(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Zurich',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + days * 86_400_000).toISOString().slice(0, 10);
}

async function getJson<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path, { headers: { Accept: 'application/json' } });
  expect(res.ok(), `GET ${path} → ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

for (const { lang, text } of JOURNEYS) {
  test(`team view (${lang}): the manager sets a due date, the team view shows it due, the employee completes, the row is done`, async ({
    page,
    browser,
    context,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const at = (p: string) => localized(lang, p);
    const title = `E2E Team ${lang} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

    // the trainer's public free seminar with one chapter
    await presetConsent(context, baseURL);
    await login(page, lang, 'trainer@example.com', DEMO_PASSWORD);
    const { seminarId, chapterId } = await createSeminarWithChapter(page, title, `Kapitel ${title}`);

    // the manager books it for Muster AG and assigns the demo employee
    const managerContext = await browser.newContext();
    await presetConsent(managerContext, baseURL);
    const manager = await managerContext.newPage();
    await login(manager, lang, MANAGER, DEMO_PASSWORD);
    const company = await getJson<{ id: number }>(manager, '/api/companies/by-name/muster');
    await apiJson(manager, 'POST', '/api/companies/booking/free', {
      data: { seminarId, companyId: company.id },
    });
    // a page of the members (issue 39): the employee found by the address
    const members = await getJson<{ data: { id: number; email: string }[] }>(
      manager,
      `/api/companies/${company.id}/users?q=${encodeURIComponent(EMPLOYEE)}`,
    );
    const employeeId = members.data.find((m) => m.email === EMPLOYEE)!.id;
    await apiJson(manager, 'POST', '/api/companies/assign-seminar', {
      data: { seminarId, companyId: company.id, users: [employeeId] },
    });

    // the due date, set in the seminar's employee table
    const due = zurichDay(10);
    await manager.goto(at(`/seminar/id/${seminarId}/assign-user-company`));
    const row = manager.locator(`[data-testid="assign-row"][data-user-id="${employeeId}"]`);
    await expect(row).toHaveAttribute('data-assigned', 'true');
    await row.getByTestId('due-date-input').fill(due);
    await row.getByRole('button', { name: text.save, exact: true }).click();
    await expect(manager.getByText(text.saved)).toBeVisible();
    await expect(row.getByTestId('due-date-clear')).toBeVisible();
    // the company's view of the seminar's learners shows it too
    const learner = manager.locator(`[data-testid="learner-progress-row"][data-user-id="${employeeId}"]`);
    await expect(learner.getByTestId('due-state')).toHaveAttribute('data-state', 'due');

    // the team view, filtered to the seminar: the assignment is due
    await manager.goto(at(`/company/muster/team?seminar=${seminarId}`));
    await expect(manager.getByRole('heading', { level: 1 })).toHaveText(text.team);
    const teamRow = manager.locator(`[data-testid="team-row"][data-user-id="${employeeId}"]`);
    await expect(teamRow).toHaveAttribute('data-state', 'due');
    await expect(teamRow.getByTestId('due-state').locator('.tag')).toHaveText(text.due);
    await expect(teamRow.getByTestId('team-remind')).toBeVisible();

    // the employee completes the seminar: its one chapter marked done
    const employeeContext = await browser.newContext();
    await presetConsent(employeeContext, baseURL);
    const employee = await employeeContext.newPage();
    await login(employee, lang, EMPLOYEE, DEMO_PASSWORD);
    await apiJson(employee, 'PATCH', '/api/chapters/toggle/user', {
      data: { chapterUser: chapterId, done: true },
    });

    // the team view shows the row done (and nothing to remind)
    await manager.reload();
    await expect(teamRow).toHaveAttribute('data-state', 'done');
    await expect(teamRow.getByTestId('due-state').locator('.tag')).toHaveText(text.done);
    await expect(teamRow.getByTestId('team-percent')).toContainText('100');
    await expect(teamRow.getByTestId('team-remind')).toHaveCount(0);
    // and the done filter lists it
    await manager.goto(at(`/company/muster/team?seminar=${seminarId}&state=done`));
    await expect(manager.locator('[data-testid="team-row"]')).toHaveCount(1);

    await managerContext.close();
    await employeeContext.close();
  });
}
