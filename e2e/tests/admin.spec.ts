/**
 * Administration (issue 7) in Chromium, German and English: the demo admin makes a newly
 * registered student a trainer, who then creates a seminar; the admin disables that account while
 * its browser session is open, and the session is logged out on its next navigation (login is
 * refused with a clear message); the audit trail shows both changes with before and after.
 */

import {
  DEMO_PASSWORD,
  type Lang,
  localized,
  login,
  presetConsent,
  TEXT,
  uniqueUser,
} from '../support/helpers.ts';
import { type APIRequestContext, type Browser, expect, type Page, test } from '../support/test.ts';

const PASSWORD = 'Rollen-Wechsel7';

const JOURNEYS: {
  lang: Lang;
  text: {
    admin: string;
    users: string;
    audit: string;
    scopesSaved: string;
    disabled: (name: string) => string;
    seminars: string;
    loginRefused: string;
    scopesChanged: string;
    accountDisabled: string;
    trainer: string;
    student: string;
    yes: string;
    no: string;
  };
}[] = [
  {
    lang: 'de',
    text: {
      admin: 'Administration',
      users: 'Benutzer',
      audit: 'Änderungsprotokoll',
      scopesSaved: 'Die Rollen wurden gespeichert.',
      disabled: (name) => `${name} ist gesperrt.`,
      seminars: 'Seminare',
      loginRefused: 'Dieses Konto ist gesperrt.',
      scopesChanged: 'Rollen geändert',
      accountDisabled: 'Konto gesperrt',
      trainer: 'Trainer',
      student: 'Teilnehmende (keine Rolle)',
      yes: 'Ja',
      no: 'Nein',
    },
  },
  {
    lang: 'en',
    text: {
      admin: 'Administration',
      users: 'Users',
      audit: 'Audit trail',
      scopesSaved: 'The roles have been saved.',
      disabled: (name) => `${name} has been disabled.`,
      seminars: 'Seminars',
      loginRefused: 'This account has been disabled.',
      scopesChanged: 'Roles changed',
      accountDisabled: 'Account disabled',
      trainer: 'Trainer',
      student: 'Student (no role)',
      yes: 'Yes',
      no: 'No',
    },
  },
];

/** Registers a new student through the API (the form itself is covered by account.spec.ts). */
async function registerStudent(request: APIRequestContext, lang: Lang, first: string, last: string) {
  const person = uniqueUser(`adm_${lang}`);
  expect((await request.get('/sanctum/csrf-cookie')).status()).toBe(204);
  const token = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await request.post('/api/register', {
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(token), Accept: 'application/json' },
    data: {
      ...person,
      first_name: first,
      last_name: last,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      locale: lang,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return person;
}

/** A second browser (own cookie jar) with the consent preset, like another person's computer. */
async function otherBrowser(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'de-DE' });
  await presetConsent(context, baseURL);
  return context.newPage();
}

for (const { lang, text } of JOURNEYS) {
  test(`admin journey (${lang}): make a student a trainer who creates a seminar; disable the account, its open session ends; audit trail`, async ({
    page,
    context,
    browser,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    const at = (path: string) => localized(lang, path);
    const first = lang === 'de' ? 'Rita' : 'Robin';
    const last = `Rollen${lang.toUpperCase()}`;
    const name = `${first} ${last}`;
    const api = await playwright.request.newContext({ baseURL });
    const person = await registerStudent(api, lang, first, last);
    await api.dispose();
    const title = `Admin-E2E ${lang} ${Date.now().toString(36)}`;
    let userId = 0;

    await presetConsent(context, baseURL);
    await login(page, lang, 'admin@example.com', DEMO_PASSWORD);

    await test.step('admin: finds the student and gives the trainer role', async () => {
      await page.goto(at('/admin'));
      await expect(page.getByRole('heading', { level: 1, name: text.admin })).toBeVisible();
      await page.getByTestId('admin-nav').getByRole('link', { name: text.users, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${at('/admin/users')}$`));
      await page.getByTestId('user-filters-q').fill(person.email);
      await page.getByTestId('user-filters-submit').click();
      const row = page.getByTestId('user-row');
      await expect(row).toHaveCount(1);
      await expect(row.getByTestId('user-scopes')).toHaveText(text.student);
      await row.getByTestId('user-link').click();
      await expect(page).toHaveURL(new RegExp(`${at('/admin/users')}/\\d+$`));
      userId = Number(/\/(\d+)$/.exec(page.url())?.[1]);
      await expect(page.getByTestId('admin-user-name')).toHaveText(name);

      await page.getByTestId('scope-trainer').check();
      await page.getByTestId('scopes-save').click();
      await expect(page.getByText(text.scopesSaved)).toBeVisible();
      await expect(page.getByTestId('admin-user').getByTestId('user-scopes')).toHaveAttribute(
        'data-scopes',
        'trainer',
      );
    });

    const trainer = await otherBrowser(browser, baseURL);
    await test.step('the new trainer logs in and creates a seminar', async () => {
      await login(trainer, lang, person.email, PASSWORD);
      await trainer.goto(at('/seminar/new'));
      const form = trainer.getByTestId('seminar-form');
      await form.getByTestId('seminar-title').fill(title);
      await form.getByTestId('seminar-description-area').fill(`Erstellt nach dem Rollenwechsel (${lang}).`);
      await form.getByTestId('seminar-price').fill('0');
      await form.getByTestId('seminar-submit').click();
      await expect(trainer).toHaveURL(new RegExp(`${at('/seminar/id')}/\\d+$`));
      await expect(trainer.getByRole('heading', { level: 1 })).toHaveText(title);
    });

    await test.step('admin: disables the account after confirming', async () => {
      await page.getByTestId('user-disable').click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText(name);
      await dialog.getByTestId('confirm-ok').click();
      await expect(page.getByText(text.disabled(name))).toBeVisible();
      await expect(page.getByTestId('admin-user').getByTestId('user-status')).toHaveAttribute(
        'data-status',
        'disabled',
      );
      await expect(page.getByTestId('user-enable')).toBeVisible();
    });

    await test.step('the open session of the disabled account ends on its next navigation', async () => {
      await trainer
        .getByRole('navigation', { name: TEXT[lang].mainNav })
        .getByRole('link', { name: text.seminars, exact: true })
        .click();
      await expect(trainer).toHaveURL(new RegExp(`${at('/login')}\\?redirect=`));
      await expect(trainer.getByRole('heading', { level: 1, name: TEXT[lang].loginTitle })).toBeVisible();
      await expect(trainer.getByTestId('user-menu-toggle')).toHaveCount(0);
      // logging in again is refused with a clear message
      const form = trainer.getByTestId('login-form');
      await form.locator('#login-email').fill(person.email);
      await form.locator('#login-password').fill(PASSWORD);
      await form.getByRole('button', { name: TEXT[lang].login, exact: true }).click();
      await expect(form.getByRole('alert')).toContainText(text.loginRefused);
      await expect(trainer.getByTestId('user-menu-toggle')).toHaveCount(0);
      await trainer.context().close();
    });

    await test.step('admin: the audit trail shows both changes with before and after', async () => {
      await page.getByTestId('admin-nav').getByRole('link', { name: text.audit, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: text.audit })).toBeVisible();
      const entries = page.locator(`[data-testid="audit-entry"][data-target-id="${userId}"]`);
      await expect(entries).toHaveCount(2);
      // newest first: the disabling, then the new role
      const disabled = entries.nth(0);
      await expect(disabled).toHaveAttribute('data-action', 'user.disabled');
      await expect(disabled.getByTestId('audit-action')).toHaveText(text.accountDisabled);
      await expect(disabled.getByTestId('audit-actor')).toContainText('admin');
      await expect(disabled.getByTestId('audit-before')).toHaveText(text.no);
      await expect(disabled.getByTestId('audit-after')).toHaveText(text.yes);
      const scopes = entries.nth(1);
      await expect(scopes).toHaveAttribute('data-action', 'user.scopes');
      await expect(scopes.getByTestId('audit-action')).toHaveText(text.scopesChanged);
      await expect(scopes.getByTestId('audit-before')).toHaveText(text.student);
      await expect(scopes.getByTestId('audit-after')).toHaveText(text.trainer);
      await expect(scopes.getByTestId('audit-target')).toContainText(person.username);

      // the action filter narrows the list to one kind of change
      await page.getByTestId('audit-filters-action').selectOption('user.scopes');
      await expect(page).toHaveURL(/action=user\.scopes/);
      await expect(page.locator('[data-testid="audit-entry"]:not([data-action="user.scopes"])')).toHaveCount(
        0,
      );
      await expect(entries).toHaveCount(1);
    });
  });
}

test('admin sections (de): users by company, a new company renamed (old link redirects) and deleted, seminars, payments', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const id = Date.now().toString(36);
  await presetConsent(context, baseURL);
  await login(page, 'de', 'admin@example.com', DEMO_PASSWORD);

  await test.step('overview and users of the demo company', async () => {
    await page.goto('/admin');
    await expect(page.getByTestId('admin-count-users')).toHaveText(/^\d+$/);
    await page.getByTestId('admin-card-users').click();
    await page.getByTestId('user-filters-company_id').selectOption({ label: 'Muster AG' });
    await expect(page).toHaveURL(/company_id=\d+/);
    await expect(page.getByTestId('users-table')).toContainText('firma@example.com');
    await expect(page.getByTestId('users-table')).toContainText('mitarbeiter@example.com');
    await expect(page.getByTestId('user-row').filter({ hasNotText: 'Muster AG' })).toHaveCount(0);
    await expect(page.getByTestId('user-row').filter({ hasText: 'admin@example.com' })).toHaveCount(0);
  });

  await test.step('a new company: validation, create, rename, the old address redirects, delete', async () => {
    await page.getByTestId('admin-nav').getByRole('link', { name: 'Firmen', exact: true }).click();
    const form = page.getByTestId('create-company-form');
    await form.getByTestId('create-company-name').fill(`E2E Firma ${id}`);
    await form.getByTestId('create-company-short-name').fill('Muster');
    await form.getByTestId('create-company-submit').click();
    await expect(form.getByText('Dieser Kurzname ist bereits vergeben.')).toBeVisible();
    await form.getByTestId('create-company-short-name').fill(`e2e-${id}`);
    await form.getByTestId('create-company-submit').click();
    await expect(page).toHaveURL(/\/admin\/companies\/\d+$/);
    await expect(page.getByTestId('admin-company-name')).toHaveText(`E2E Firma ${id}`);
    await expect(page.getByTestId('admin-members-empty')).toBeVisible();

    const edit = page.getByTestId('edit-company-form');
    await edit.getByTestId('edit-company-short-name').fill(`e2e-${id}-neu`);
    await expect(edit).toContainText(`Alte Links mit «e2e-${id}»`);
    await edit.getByTestId('edit-company-submit').click();
    await expect(page.getByTestId('admin-company-former')).toContainText(`e2e-${id}`);
    await expect(page.getByTestId('admin-company-page')).toHaveText(`/company/e2e-${id}-neu`);
    const detail = page.url();

    await page.goto(`/company/e2e-${id}`);
    await expect(page).toHaveURL(new RegExp(`/company/e2e-${id}-neu$`));
    await expect(page.getByTestId('company-name')).toHaveText(`E2E Firma ${id}`);

    await page.goto(detail);
    await page.getByTestId('delete-company-open').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(`«E2E Firma ${id}» löschen?`);
    await dialog.getByTestId('confirm-ok').click();
    await expect(page).toHaveURL(/\/admin\/companies$/);
    await expect(page.getByText(`Die Firma «E2E Firma ${id}» wurde gelöscht.`)).toBeVisible();
  });

  await test.step('seminars with owner, visibility and revenue; payments filtered by status', async () => {
    await page.getByTestId('admin-nav').getByRole('link', { name: 'Seminare', exact: true }).click();
    const row = page.getByTestId('admin-seminar-row').filter({ hasText: 'Einführung in die Projektarbeit' });
    await expect(row.getByTestId('admin-seminar-public')).toHaveText('Öffentlich');
    await expect(row.getByTestId('admin-seminar-owner')).toBeVisible();
    await row.getByTestId('admin-seminar-hand-over').click();
    const dialog = page.getByTestId('owner-dialog');
    await expect(dialog.getByTestId('owner-option').first()).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Abbrechen' }).click();

    await page.getByTestId('admin-nav').getByRole('link', { name: 'Zahlungen', exact: true }).click();
    await page.getByTestId('payment-filters-status').selectOption('paid');
    await expect(page).toHaveURL(/status=paid/);
    await expect(page.locator('[data-testid="admin-payment-row"]:not([data-status="paid"])')).toHaveCount(0);
    await page
      .getByTestId('admin-nav')
      .getByRole('link', { name: 'Änderungsprotokoll', exact: true })
      .click();
    await expect(
      page
        .getByTestId('audit-entry')
        .filter({ hasText: `E2E Firma ${id}` })
        .first(),
    ).toBeVisible();
  });
});
