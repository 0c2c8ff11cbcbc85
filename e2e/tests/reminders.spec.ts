import { readFile } from 'node:fs/promises';
import { apiJson, createSeminarWithChapter } from '../support/api.ts';
import { DEMO_PASSWORD, type Lang, localized, login, presetConsent } from '../support/helpers.ts';
import { findLink, waitForMail } from '../support/mail.ts';
import { seriousAxeViolations } from '../support/screens.ts';
import { type BrowserContext, expect, type Page, test } from '../support/test.ts';

/**
 * Reminder mails (issue 36 item 6), in German and English: the demo manager (`firma@example.com`,
 * Muster AG) assigns a new seminar to the demo employee and sets its due date two days ahead in
 * the seminar's employee table; the admin runs the due reminders now on the admin overview; the
 * reminder mail names the seminar and carries the one-click unsubscribe headers (RFC 8058); the
 * employee follows the mail's unsubscribe link, confirms, and finds the switch off in the profile's
 * Benachrichtigungen. Then the employee finishes the seminar, the admin runs the weekly digest and
 * the manager's digest names the employee as finished. The digest is recorded once per manager and
 * ISO week, so only the first journey (German) asks for it. The demo employee's mails are German
 * (the language of the account); the English journey opens the same link under `/en`.
 */
const JOURNEYS: {
  lang: Lang;
  digest: boolean;
  text: {
    save: string;
    saved: RegExp;
    dueKind: string;
    digestKind: string;
    started: string;
    question: string;
    unsubscribe: string;
    settings: string;
    dueSwitch: string;
    digestSwitch: string;
  };
}[] = [
  {
    lang: 'de',
    digest: true,
    text: {
      save: 'Speichern',
      saved: /Fälligkeitsdatum von Max Mitarbeiter ist gespeichert/,
      dueKind: 'Erinnerungen an Fälligkeiten',
      digestKind: 'Wöchentliche Teamübersicht',
      started: 'Der Auftrag wird jetzt ausgeführt.',
      question: 'Möchten Sie keine E-Mails dieser Art mehr erhalten: Erinnerungen an Fälligkeiten?',
      unsubscribe: 'Abbestellen',
      settings: 'Alle Benachrichtigungen in Ihrem Profil',
      dueSwitch: 'Erinnerungen an Fälligkeiten',
      digestSwitch: 'Wöchentliche Teamübersicht für Verantwortliche',
    },
  },
  {
    lang: 'en',
    digest: false,
    text: {
      save: 'Save',
      saved: /due date of Max Mitarbeiter is saved/,
      dueKind: 'Due date reminders',
      digestKind: 'Weekly team digest',
      started: 'The job runs now.',
      question: 'Do you no longer want to receive e-mails of this kind: Reminders of due dates?',
      unsubscribe: 'Unsubscribe',
      settings: 'All notifications in your profile',
      dueSwitch: 'Reminders of due dates',
      digestSwitch: 'Weekly team digest for managers',
    },
  },
];

const MANAGER = 'firma@example.com';
const EMPLOYEE = 'mitarbeiter@example.com';
const ADMIN = 'admin@example.com';
const ALL_ON = { due_reminders: true, manager_digest: true, drip_unlocks: true };

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

/** every reminder on again, whatever an earlier journey turned off (the same demo accounts) */
async function allNotificationsOn(page: Page): Promise<void> {
  const cookie = (await page.context().cookies()).find((c) => c.name.endsWith('XSRF-TOKEN'));
  const res = await page.request.put('/api/me/notifications', {
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(cookie?.value ?? ''), Accept: 'application/json' },
    data: ALL_ON,
  });
  expect(res.ok(), `PUT /api/me/notifications → ${res.status()}`).toBe(true);
}

async function loggedIn(
  browser: import('@playwright/test').Browser,
  baseURL: string | undefined,
  lang: Lang,
  email: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  await presetConsent(context, baseURL);
  const page = await context.newPage();
  await login(page, lang, email, DEMO_PASSWORD);
  return { context, page };
}

/** the admin overview's "run now" of a scheduled kind, answered by the server's message */
async function runNow(admin: Page, lang: Lang, kind: string, started: string, runLabel: string) {
  await admin.goto(localized(lang, '/admin'));
  const kinds = admin.getByTestId('admin-job-kinds');
  const row = kinds.locator('tr', { hasText: kind });
  await expect(row.locator('td').nth(5)).toHaveText(/\*/);
  await row.getByRole('button', { name: `${runLabel}: ${kind}` }).click();
  await expect(admin.getByText(started).first()).toBeVisible();
  expect(await seriousAxeViolations(admin)).toEqual([]);
}

for (const { lang, digest, text } of JOURNEYS) {
  test(`reminder mails (${lang}): due date → reminder mail → unsubscribe page → profile switch off${digest ? ' → finished → digest' : ''}`, async ({
    page,
    browser,
    context,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const at = (p: string) => localized(lang, p);
    const runLabel = lang === 'de' ? 'Jetzt ausführen' : 'Run now';
    const title = `E2E Erinnerung ${lang} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

    // the trainer's public free seminar with one chapter
    await presetConsent(context, baseURL);
    await login(page, lang, 'trainer@example.com', DEMO_PASSWORD);
    const { seminarId, chapterId } = await createSeminarWithChapter(page, title, `Kapitel ${title}`);

    // the manager books it for Muster AG and assigns the demo employee
    const { context: managerContext, page: manager } = await loggedIn(browser, baseURL, lang, MANAGER);
    await allNotificationsOn(manager);
    const company = await getJson<{ id: number }>(manager, '/api/companies/by-name/muster');
    await apiJson(manager, 'POST', '/api/companies/booking/free', {
      data: { seminarId, companyId: company.id },
    });
    const members = await getJson<{ id: number; email: string }[]>(
      manager,
      `/api/companies/${company.id}/users`,
    );
    const employeeId = members.find((m) => m.email === EMPLOYEE)!.id;
    await apiJson(manager, 'POST', '/api/companies/assign-seminar', {
      data: { seminarId, companyId: company.id, users: [employeeId] },
    });

    // the due date two days ahead, set in the seminar's employee table
    await manager.goto(at(`/seminar/id/${seminarId}/assign-user-company`));
    const row = manager.locator(`[data-testid="assign-row"][data-user-id="${employeeId}"]`);
    await expect(row).toHaveAttribute('data-assigned', 'true');
    await row.getByTestId('due-date-input').fill(zurichDay(2));
    await row.getByRole('button', { name: text.save, exact: true }).click();
    await expect(manager.getByText(text.saved)).toBeVisible();

    const { context: employeeContext, page: employee } = await loggedIn(browser, baseURL, lang, EMPLOYEE);
    await allNotificationsOn(employee);

    // the admin runs the due reminders now
    const { context: adminContext, page: admin } = await loggedIn(browser, baseURL, lang, ADMIN);
    await runNow(admin, lang, text.dueKind, text.started, runLabel);

    // the reminder mail: German (the account's language), names the seminar, one-click headers
    const mail = await waitForMail(EMPLOYEE, 30_000, title);
    expect(mail.subject).toContain(`Erinnerung: «${title}» ist bis`);
    const raw = (await readFile(mail.file, 'utf8')).replace(/\r?\n[ \t]+/g, ' ');
    const head = raw.slice(0, raw.search(/\r?\n\r?\n/));
    expect(head).toMatch(/^List-Unsubscribe: <https?:\/\/[^>]+\/api\/unsubscribe\?token=[^>]+>$/im);
    expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/im);
    const link = findLink(mail, /^\/unsubscribe$/);
    expect(link.searchParams.get('token')).toBeTruthy();

    // the employee follows the link (under /en in the English journey), asked first, then off
    await employee.goto(at(`/unsubscribe${link.search}`));
    await expect(employee.getByText(text.question)).toBeVisible();
    expect(await seriousAxeViolations(employee)).toEqual([]);
    const before = await getJson<typeof ALL_ON>(employee, '/api/me/notifications');
    expect(before.due_reminders).toBe(true);
    await employee.getByRole('button', { name: text.unsubscribe, exact: true }).click();
    const done = employee.getByTestId('unsubscribe-done');
    // the server's confirmation in the recipient's language
    await expect(done).toContainText('Sie sind abgemeldet. Sie erhalten diese E-Mails nicht mehr.');
    await done.getByRole('link', { name: text.settings }).click();
    await expect(employee).toHaveURL(new RegExp(`${lang === 'en' ? '/en' : ''}/user#notifications$`));
    const prefs = employee.locator('#notifications');
    await expect(prefs.getByRole('checkbox', { name: text.dueSwitch })).not.toBeChecked();
    await expect(prefs.getByRole('checkbox', { name: text.digestSwitch })).toBeChecked();
    await expect(prefs).toBeInViewport();
    expect(await seriousAxeViolations(employee)).toEqual([]);

    if (digest) {
      // the employee finishes the seminar (its one chapter done); the admin runs the digest now
      await apiJson(employee, 'PATCH', '/api/chapters/toggle/user', {
        data: { chapterUser: chapterId, done: true },
      });
      // completed when marked (issue 36 item 3): the certificate is there before the digest runs
      await expect
        .poll(async () =>
          JSON.stringify(await getJson<unknown>(employee, '/api/certificates')).includes(title),
        )
        .toBe(true);
      await runNow(admin, lang, text.digestKind, text.started, runLabel);
      const weekly = await waitForMail(MANAGER, 30_000, title);
      expect(weekly.subject).toMatch(/^Wochenübersicht Muster AG: \d+ überfällig, [1-9]\d* abgeschlossen$/);
      const finished = weekly.text.slice(weekly.text.indexOf('Seit der letzten Übersicht abgeschlossen'));
      expect(finished).toContain(`Max Mitarbeiter: ${title}`);
    }

    // the switch back on, saved in the profile
    await prefs.getByRole('checkbox', { name: text.dueSwitch }).check();
    await prefs
      .getByRole('button')
      .filter({ hasText: lang === 'de' ? 'speichern' : 'Save' })
      .click();
    await expect(prefs.getByRole('status')).toBeVisible();
    expect((await getJson<typeof ALL_ON>(employee, '/api/me/notifications')).due_reminders).toBe(true);

    await managerContext.close();
    await employeeContext.close();
    await adminContext.close();
  });
}
