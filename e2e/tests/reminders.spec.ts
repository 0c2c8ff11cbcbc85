import { readFile } from 'node:fs/promises';
import { apiJson, createSeminarWithChapter } from '../support/api.ts';
import { DEMO_PASSWORD, type Lang, localized, login, presetConsent, uniqueUser } from '../support/helpers.ts';
import { findLink, verificationLink, waitForMail } from '../support/mail.ts';
import { seriousAxeViolations } from '../support/screens.ts';
import { type BrowserContext, expect, type Page, test } from '../support/test.ts';

/**
 * Reminder mails (issue 36 item 6) and the manager's landing (item 1), in German and English: a
 * company manager logs in and lands on their team's overview, assigns a new seminar to an
 * employee and sets its due date two days ahead in the seminar's employee table; the admin runs
 * the due reminders now on the admin overview; the reminder mail names the seminar and carries the
 * one-click unsubscribe headers (RFC 8058); the employee follows the mail's unsubscribe link,
 * confirms, and finds the switch off in the profile's Benachrichtigungen. Then the employee
 * finishes the seminar in the player ("Erledigt und weiter" to its completion screen), the admin
 * runs the weekly digest and the manager's digest names the employee as finished.
 * The German journey is the demo company's (`firma@example.com`, Muster AG, and its German demo
 * employee); the English one a company of its own with an English manager and employee, made by
 * the admin for the journey, so that every mail is English and the digest (recorded once per
 * manager, company and ISO week) is that manager's first.
 */
interface People {
  manager: string;
  employee: string;
  employeeName: string;
  company: { id: number; name: string; shortName: string };
}

const JOURNEYS: {
  lang: Lang;
  text: {
    save: string;
    saved: (name: string) => RegExp;
    dueKind: string;
    digestKind: string;
    started: string;
    question: string;
    unsubscribe: string;
    settings: string;
    dueSwitch: string;
    digestSwitch: string;
    finish: string;
    /** the mails, in the recipients' language (the journey's) */
    reminderSubject: (title: string) => string;
    unsubscribed: string;
    digestSubject: (company: string) => RegExp;
    finishedSince: string;
  };
}[] = [
  {
    lang: 'de',
    text: {
      save: 'Speichern',
      saved: (name) => new RegExp(`Fälligkeitsdatum von ${name} ist gespeichert`),
      dueKind: 'Erinnerungen an Fälligkeiten',
      digestKind: 'Wöchentliche Teamübersicht',
      started: 'Der Auftrag wird jetzt ausgeführt.',
      question: 'Möchten Sie keine E-Mails dieser Art mehr erhalten: Erinnerungen an Fälligkeiten?',
      unsubscribe: 'Abbestellen',
      settings: 'Alle Benachrichtigungen in Ihrem Profil',
      dueSwitch: 'Erinnerungen an Fälligkeiten',
      digestSwitch: 'Wöchentliche Teamübersicht für Verantwortliche',
      finish: 'Erledigt und abschliessen',
      reminderSubject: (title) => `Erinnerung: «${title}» ist bis`,
      unsubscribed: 'Sie sind abgemeldet. Sie erhalten diese E-Mails nicht mehr.',
      digestSubject: (company) =>
        new RegExp(`^Wochenübersicht ${company}: \\d+ überfällig, [1-9]\\d* abgeschlossen$`),
      finishedSince: 'Seit der letzten Übersicht abgeschlossen',
    },
  },
  {
    lang: 'en',
    text: {
      save: 'Save',
      saved: (name) => new RegExp(`due date of ${name} is saved`),
      dueKind: 'Due date reminders',
      digestKind: 'Weekly team digest',
      started: 'The job runs now.',
      question: 'Do you no longer want to receive e-mails of this kind: Reminders of due dates?',
      unsubscribe: 'Unsubscribe',
      settings: 'All notifications in your profile',
      dueSwitch: 'Reminders of due dates',
      digestSwitch: 'Weekly team digest for managers',
      finish: 'Complete and finish',
      reminderSubject: (title) => `Reminder: “${title}” is due by`,
      unsubscribed: 'You are unsubscribed. You will no longer receive these e-mails.',
      digestSubject: (company) => new RegExp(`^Weekly digest ${company}: 0 overdue, 1 finished$`),
      finishedSince: 'Finished since the last digest',
    },
  },
];

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

/** an English account, registered and verified through its mail; its id (the admin's list) */
async function englishAccount(
  browser: import('@playwright/test').Browser,
  admin: Page,
  prefix: string,
  name: { first: string; last: string },
): Promise<{ id: number; email: string }> {
  const person = uniqueUser(prefix);
  const context = await browser.newContext();
  try {
    await context.request.get('/sanctum/csrf-cookie');
    const xsrf = (await context.cookies()).find((c) => c.name.endsWith('XSRF-TOKEN'))?.value ?? '';
    const res = await context.request.post('/api/register', {
      headers: {
        'X-XSRF-TOKEN': decodeURIComponent(xsrf),
        Accept: 'application/json',
        'Accept-Language': 'en',
      },
      data: {
        username: person.username,
        email: person.email,
        first_name: name.first,
        last_name: name.last,
        password: DEMO_PASSWORD,
        password_confirmation: DEMO_PASSWORD,
        locale: 'en',
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const page = await context.newPage();
    await page.goto((await verificationLink(person.email)).href);
    await expect(page.getByTestId('verify-success')).toBeVisible();
  } finally {
    await context.close();
  }
  const found = await getJson<{ data: { id: number; email: string }[] }>(
    admin,
    `/api/admin/users?q=${encodeURIComponent(person.email)}`,
  );
  const id = found.data.find((u) => u.email === person.email)?.id;
  expect(id, `the admin finds ${person.email}`).toBeTruthy();
  return { id: id!, email: person.email };
}

/** who the journey is about: the demo company (German), a company of its own (English) */
async function peopleOf(
  lang: Lang,
  browser: import('@playwright/test').Browser,
  admin: Page,
  tag: string,
): Promise<People> {
  if (lang === 'de') {
    const found = await getJson<{ data: { id: number; name: string; shortName: string }[] }>(
      admin,
      '/api/admin/companies?q=muster',
    );
    const muster = found.data.find((c) => c.shortName === 'muster')!;
    return {
      manager: 'firma@example.com',
      employee: 'mitarbeiter@example.com',
      employeeName: 'Max Mitarbeiter',
      company: { id: muster.id, name: muster.name, shortName: muster.shortName },
    };
  }
  const company = await apiJson<{ id: number; name: string; shortName: string }>(
    admin,
    'POST',
    '/api/admin/companies',
    {
      data: { name: `Reminders ${tag} Ltd`, shortName: `rem-${tag}` },
    },
  );
  const manager = await englishAccount(browser, admin, 'remmgr', { first: 'Mia', last: 'Manager' });
  const employee = await englishAccount(browser, admin, 'rememp', { first: 'Emma', last: 'Employee' });
  await apiJson(admin, 'PATCH', `/api/admin/users/${manager.id}/scopes`, {
    data: { scopes: ['corporateTraining'] },
  });
  await apiJson(admin, 'POST', `/api/admin/companies/${company.id}/members`, {
    data: { email: manager.email, manager: true },
  });
  await apiJson(admin, 'POST', `/api/admin/companies/${company.id}/members`, {
    data: { email: employee.email },
  });
  return {
    manager: manager.email,
    employee: employee.email,
    employeeName: 'Emma Employee',
    company: { id: company.id, name: company.name, shortName: company.shortName },
  };
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

for (const { lang, text } of JOURNEYS) {
  test(`reminder mails (${lang}): manager lands on the team → due date → reminder mail → unsubscribe → employee finishes → digest`, async ({
    page,
    browser,
    context,
    baseURL,
  }) => {
    test.setTimeout(300_000);
    const at = (p: string) => localized(lang, p);
    const runLabel = lang === 'de' ? 'Jetzt ausführen' : 'Run now';
    const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
    const title = `E2E Erinnerung ${lang} ${tag}`;

    // the trainer's public free seminar with one chapter
    await presetConsent(context, baseURL);
    await login(page, lang, 'trainer@example.com', DEMO_PASSWORD);
    const { seminarId } = await createSeminarWithChapter(page, title, `Kapitel ${title}`);

    const { context: adminContext, page: admin } = await loggedIn(browser, baseURL, lang, ADMIN);
    const who = await peopleOf(lang, browser, admin, tag);

    // the manager logs in and lands on the team's overview (issue 36 item 1)
    const { context: managerContext, page: manager } = await loggedIn(browser, baseURL, lang, who.manager);
    await expect(manager).toHaveURL(at(`/company/${who.company.shortName}/team`));
    await allNotificationsOn(manager);
    // the manager books it for the company and assigns the employee
    await apiJson(manager, 'POST', '/api/companies/booking/free', {
      data: { seminarId, companyId: who.company.id },
    });
    const members = await getJson<
      { id: number; email: string }[] | { data: { id: number; email: string }[] }
    >(manager, `/api/companies/${who.company.id}/users?q=${encodeURIComponent(who.employee)}`);
    const employeeId = (Array.isArray(members) ? members : members.data).find(
      (m) => m.email === who.employee,
    )!.id;
    await apiJson(manager, 'POST', '/api/companies/assign-seminar', {
      data: { seminarId, companyId: who.company.id, users: [employeeId] },
    });

    // the due date two days ahead, set in the seminar's employee table
    await manager.goto(at(`/seminar/id/${seminarId}/assign-user-company`));
    const row = manager.locator(`[data-testid="assign-row"][data-user-id="${employeeId}"]`);
    await expect(row).toHaveAttribute('data-assigned', 'true');
    await row.getByTestId('due-date-input').fill(zurichDay(2));
    await row.getByRole('button', { name: text.save, exact: true }).click();
    await expect(manager.getByText(text.saved(who.employeeName))).toBeVisible();

    const { context: employeeContext, page: employee } = await loggedIn(browser, baseURL, lang, who.employee);
    await expect(employee).toHaveURL(at('/learn'));
    await allNotificationsOn(employee);

    // the admin runs the due reminders now
    await runNow(admin, lang, text.dueKind, text.started, runLabel);

    // the reminder mail in the employee's language names the seminar, with the one-click headers
    const mail = await waitForMail(who.employee, 30_000, title);
    expect(mail.subject).toContain(text.reminderSubject(title));
    const raw = (await readFile(mail.file, 'utf8')).replace(/\r?\n[ \t]+/g, ' ');
    const head = raw.slice(0, raw.search(/\r?\n\r?\n/));
    expect(head).toMatch(/^List-Unsubscribe: <https?:\/\/[^>]+\/api\/unsubscribe\?token=[^>]+>$/im);
    expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/im);
    const link = findLink(mail, /^(\/en)?\/unsubscribe$/);
    expect(link.pathname).toBe(at('/unsubscribe'));
    expect(link.searchParams.get('token')).toBeTruthy();

    // the employee follows the link, is asked first, then unsubscribed
    await employee.goto(`${link.pathname}${link.search}`);
    await expect(employee.getByText(text.question)).toBeVisible();
    expect(await seriousAxeViolations(employee)).toEqual([]);
    const before = await getJson<typeof ALL_ON>(employee, '/api/me/notifications');
    expect(before.due_reminders).toBe(true);
    await employee.getByRole('button', { name: text.unsubscribe, exact: true }).click();
    const done = employee.getByTestId('unsubscribe-done');
    // the server's confirmation in the recipient's language
    await expect(done).toContainText(text.unsubscribed);
    await done.getByRole('link', { name: text.settings }).click();
    await expect(employee).toHaveURL(new RegExp(`${lang === 'en' ? '/en' : ''}/user#notifications$`));
    const prefs = employee.locator('#notifications');
    await expect(prefs.getByRole('checkbox', { name: text.dueSwitch })).not.toBeChecked();
    await expect(prefs.getByRole('checkbox', { name: text.digestSwitch })).toBeChecked();
    await expect(prefs).toBeInViewport();
    expect(await seriousAxeViolations(employee)).toEqual([]);

    // the switch back on, saved in the profile
    await prefs.getByRole('checkbox', { name: text.dueSwitch }).check();
    await prefs
      .getByRole('button')
      .filter({ hasText: lang === 'de' ? 'speichern' : 'Save' })
      .click();
    await expect(prefs.getByRole('status')).toBeVisible();
    expect((await getJson<typeof ALL_ON>(employee, '/api/me/notifications')).due_reminders).toBe(true);

    // the employee finishes the seminar in the player: its one chapter, then the completion screen
    await employee.goto(at('/learn'));
    const card = employee.getByTestId('learn-seminar').filter({ hasText: title });
    await card.getByTestId('learn-continue').click();
    await expect(employee).toHaveURL(new RegExp(`/seminar/id/${seminarId}/chapter/\\d+/play`));
    await expect(employee.getByTestId('complete-and-continue')).toHaveText(text.finish);
    await employee.getByTestId('complete-and-continue').click();
    await expect(employee.getByTestId('seminar-completion')).toBeVisible();
    // completed when marked (issue 36 item 3): the certificate is there before the digest runs
    await expect
      .poll(async () => JSON.stringify(await getJson<unknown>(employee, '/api/certificates')).includes(title))
      .toBe(true);

    // the admin runs the digest now: the manager's names the employee among the finished
    await runNow(admin, lang, text.digestKind, text.started, runLabel);
    const weekly = await waitForMail(who.manager, 30_000, title);
    expect(weekly.subject).toMatch(text.digestSubject(who.company.name));
    const finished = weekly.text.slice(weekly.text.indexOf(text.finishedSince));
    expect(finished).toContain(`${who.employeeName}: ${title}`);

    await managerContext.close();
    await employeeContext.close();
    await adminContext.close();
  });
}
