import { DEMO_PASSWORD, type Lang, localized, login, presetConsent, uniqueUser } from '../support/helpers.ts';
import { verificationLink } from '../support/mail.ts';
import { type Browser, type BrowserContext, expect, type Page, test } from '../support/test.ts';

/**
 * The companies journey (issue 6) in German and English: the demo corporateTraining user
 * (`firma@example.com`, manager of Muster AG) books a new free seminar for the company, invites
 * a new employee who registers through the company link, assigns the employee, who then plays
 * the seminar; then an access link plays a chapter in a browser without login, and stops working
 * once revoked.
 */
const JOURNEYS: {
  lang: Lang;
  employee: { first: string; last: string };
  chapter: string;
  content: string;
  texts: { revoked: string; assigned: string };
}[] = [
  {
    lang: 'de',
    employee: { first: 'Emil', last: 'Einladung' },
    chapter: 'Sicherheitsregeln',
    content: 'Notausgänge freihalten.',
    texts: { revoked: 'Widerrufen', assigned: 'Zugewiesen seit' },
  },
  {
    lang: 'en',
    employee: { first: 'Eve', last: 'Invited' },
    chapter: 'Safety rules',
    content: 'Keep emergency exits clear.',
    texts: { revoked: 'Revoked', assigned: 'Assigned since' },
  },
];

const MANAGER = 'firma@example.com';
const COMPANY = 'Muster AG';

/** The app path of an absolute link of the app, in the page language of the journey. */
function appPath(lang: Lang, href: string): string {
  const url = new URL(href);
  expect(url.pathname.startsWith('/en/')).toBe(false);
  return localized(lang, `${url.pathname}${url.search}`);
}

async function newPage(browser: Browser, baseURL: string | undefined): Promise<[BrowserContext, Page]> {
  const context = await browser.newContext();
  await presetConsent(context, baseURL);
  return [context, await context.newPage()];
}

for (const { lang, employee, chapter, content, texts } of JOURNEYS) {
  test(`companies journey (${lang}): book for the company, invite, register, assign, play; access link without login, revoked`, async ({
    page,
    browser,
    context,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const at = (p: string) => localized(lang, p);
    const title = `E2E Firmenseminar ${lang} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const person = uniqueUser(`emp_${lang}`);
    const password = 'Firma-Passwort7';
    const fullName = `${employee.first} ${employee.last}`;
    let sid = 0;
    let invitation = '';
    let accessLink = '';
    const contexts: BrowserContext[] = [];

    try {
      await test.step('trainer: a free public seminar with one unlocked chapter', async () => {
        const [trainerContext, trainer] = await newPage(browser, baseURL);
        contexts.push(trainerContext);
        await login(trainer, lang, 'trainer@example.com', DEMO_PASSWORD);
        await trainer.goto(at('/seminar/new'));
        const form = trainer.getByTestId('seminar-form');
        await form.getByTestId('seminar-title').fill(title);
        await form.getByTestId('seminar-price').fill('0');
        await form.getByTestId('seminar-public').check();
        await form.getByTestId('seminar-submit').click();
        await expect(trainer).toHaveURL(/\/seminar\/id\/\d+$/);
        sid = Number(/\/seminar\/id\/(\d+)$/.exec(new URL(trainer.url()).pathname)?.[1]);
        expect(sid).toBeGreaterThan(0);

        await trainer.getByTestId('seminar-side-menu').getByTestId('side-new-chapter').click();
        await trainer.getByTestId('chapter-label').fill(chapter);
        await trainer.getByTestId('chapter-content-area').fill(content);
        await trainer.getByTestId('chapter-submit').click();
        await expect(trainer).toHaveURL(new RegExp(`/seminar/id/${sid}/chapter/\\d+$`));
        const lock = trainer.getByTestId('chapter-lock-toggle');
        await expect(lock).toHaveAttribute('aria-checked', 'false');
        await lock.click();
        await expect(lock).toHaveAttribute('aria-checked', 'true');
      });

      await presetConsent(context, baseURL);
      await login(page, lang, MANAGER, DEMO_PASSWORD);

      await test.step('manager: the navbar has seminars, employees and company seminars, no tests', async () => {
        const nav = page.getByRole('navigation', {
          name: lang === 'de' ? 'Hauptnavigation' : 'Main navigation',
        });
        await expect(nav.locator('[data-nav="employees"]')).toHaveAttribute('href', at('/employees'));
        await expect(nav.locator('[data-nav="companySeminars"]')).toHaveAttribute(
          'href',
          at('/company/muster/seminar'),
        );
        await expect(nav.locator('[data-nav="tests"]')).toHaveCount(0);
      });

      await test.step('manager: book the seminar for the company on its page', async () => {
        await page.goto(at(`/seminar/id/${sid}`));
        const panel = page.getByTestId('company-booking');
        await panel.getByTestId('company-booking-submit').click();
        await expect(panel.getByTestId('company-booking-booked')).toContainText(COMPANY);
        await panel.getByTestId('company-booking-assign').click();
        await expect(page).toHaveURL(at(`/seminar/id/${sid}/assign-user-company`));
        await expect(page.getByTestId('assign-employees')).toBeVisible();
      });

      await test.step('manager: create the invitation link on the employees page', async () => {
        await page.goto(at('/employees'));
        const panel = page.getByTestId('invitation-panel');
        const state = panel.getByTestId('invitation-state');
        await expect(state).toBeVisible();
        const active = (await state.getAttribute('data-active')) === 'true';
        await panel.getByTestId('invitation-create').click();
        // a new link replaces the live one (from the other language's run) after a confirmation
        if (active) await page.getByTestId('confirm-ok').click();
        const input = panel.getByTestId('invitation-link-input');
        await expect(input).toHaveValue(/\/company\/muster\/register\?token=[\w-]{20,}$/);
        invitation = await input.inputValue();
        await expect(state).toHaveAttribute('data-active', 'true');
      });

      await test.step('new employee: registers through the company link, verifies the address, logs in', async () => {
        const [employeeContext, newcomer] = await newPage(browser, baseURL);
        contexts.push(employeeContext);
        await newcomer.goto(appPath(lang, invitation));
        await expect(newcomer.getByTestId('company-register-company')).toContainText(COMPANY);
        const form = newcomer.getByTestId('company-register-form');
        await form.locator('#company-register-username').fill(person.username);
        await form.locator('#company-register-email').fill(person.email);
        await form.locator('#company-register-first-name').fill(employee.first);
        await form.locator('#company-register-last-name').fill(employee.last);
        await form.locator('#company-register-password').fill(password);
        await form.locator('#company-register-password-confirmation').fill(password);
        await form.getByTestId('company-register-submit').click();
        await expect(newcomer.getByTestId('company-register-done')).toBeVisible();

        const link = await verificationLink(person.email);
        await newcomer.goto(link.href);
        await expect(newcomer.getByTestId('verify-success')).toBeVisible();
        await login(newcomer, lang, person.email, password);
        const nav = newcomer.getByRole('navigation', {
          name: lang === 'de' ? 'Hauptnavigation' : 'Main navigation',
        });
        // an employee of a company: company seminars instead of the plain seminars link
        await expect(nav.locator('[data-nav="companySeminars"]')).toHaveAttribute(
          'href',
          at('/company/muster/seminar'),
        );
        await expect(nav.locator('[data-nav="seminars"]')).toHaveCount(0);
      });

      await test.step('manager: sees the new employee and assigns the seminar', async () => {
        // the server searches and pages the employees (issue 39)
        await page.goto(at('/employees'));
        await page.getByTestId('employees-search-input').fill(person.username);
        await page.getByTestId('employees-search-submit').click();
        await expect(page.getByTestId('employee-row').filter({ hasText: fullName })).toHaveCount(1);

        await page.goto(at(`/seminar/id/${sid}/assign-user-company`));
        await page.getByTestId('assign-search-input').fill(person.username);
        await page.getByTestId('assign-search-submit').click();
        const rows = page.getByTestId('assign-row');
        await expect(rows).toHaveCount(1);
        await expect(rows.first()).toHaveAttribute('data-assigned', 'false');
        await rows.first().getByTestId('assign-checkbox').check();
        await expect(page.getByTestId('assign-submit')).toBeEnabled();
        await page.getByTestId('assign-submit').click();
        await expect(rows.first()).toHaveAttribute('data-assigned', 'true');
        await expect(rows.first().getByTestId('assign-status')).toContainText(texts.assigned);
      });

      await test.step('employee: finds the seminar under the company seminars and plays the chapter', async () => {
        const newcomer = contexts[1]!.pages()[0]!;
        await newcomer.getByRole('navigation').locator('[data-nav="companySeminars"]').click();
        await expect(newcomer).toHaveURL(at('/company/muster/seminar/booked'));
        const card = newcomer.locator(`[data-testid="seminar-card"][data-seminar-id="${sid}"]`);
        await card.getByTestId('seminar-card-link').click();
        await expect(newcomer).toHaveURL(at(`/company/muster/seminar/${sid}`));
        await newcomer.getByTestId('seminar-start').click();
        await expect(newcomer).toHaveURL(new RegExp(`/seminar/id/${sid}/chapter/\\d+/play$`));
        await expect(newcomer.getByTestId('chapter-player').getByTestId('chapter-content')).toContainText(
          content,
        );
      });

      await test.step('manager: creates an access link for the employee', async () => {
        const row = page.getByTestId('assign-row').first();
        await row.getByTestId('assign-create-link').click();
        const dialog = page.getByTestId('generate-link-dialog');
        await dialog.getByTestId('access-link-days').fill('3');
        await dialog.getByTestId('generate-link-submit').click();
        const input = dialog.getByTestId('generated-link-input');
        await expect(input).toHaveValue(/\/seminar\/access-link\/[\w-]{40,}$/);
        accessLink = await input.inputValue();
        await page.getByTestId('generate-link-close').click();
      });

      await test.step('anyone with the link: plays a chapter without logging in', async () => {
        const [guestContext, guest] = await newPage(browser, baseURL);
        contexts.push(guestContext);
        await guest.goto(appPath(lang, accessLink));
        await expect(guest.getByTestId('access-link-seminar').getByRole('heading', { level: 1 })).toHaveText(
          title,
        );
        await expect(guest.getByTestId('access-link-expires')).toContainText(employee.first);
        await guest.getByTestId('access-link-next').click();
        await expect(guest.getByTestId('chapter-player').getByTestId('chapter-content')).toContainText(
          content,
        );
        await expect(guest.getByTestId('chapter-done-toggle')).toHaveCount(0);
        // no session was needed: the guest is still logged out
        await expect(guest.getByTestId('user-menu-toggle')).toHaveCount(0);
      });

      await test.step('manager: revokes the link in the booked links list', async () => {
        await page.goto(at('/seminar/tempList'));
        const row = page
          .getByTestId('access-link-row')
          .filter({ hasText: title })
          .filter({ hasText: fullName });
        await expect(row).toHaveCount(1);
        await row.getByTestId('access-link-revoke').click();
        await page.getByTestId('confirm-ok').click();
        await expect(row.getByTestId('access-link-status')).toHaveText(texts.revoked);
        await expect(row.getByTestId('access-link-revoke')).toHaveCount(0);
      });

      await test.step('the revoked link stops working', async () => {
        const guest = contexts[2]!.pages()[0]!;
        await guest.reload();
        const problem = guest.getByTestId('access-link-problem');
        await expect(problem).toHaveAttribute('data-kind', 'revoked');
        await expect(guest.getByTestId('chapter-player')).toHaveCount(0);
      });
    } finally {
      for (const item of contexts) await item.close();
    }
  });
}
