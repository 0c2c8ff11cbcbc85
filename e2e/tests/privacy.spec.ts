import { readFile } from 'node:fs/promises';
import JSZip from 'jszip';
import { DEMO_PASSWORD, type Lang, localized, login, presetConsent, uniqueUser } from '../support/helpers.ts';
import { verificationLink, waitForMail } from '../support/mail.ts';
import { type APIRequestContext, expect, test } from '../support/test.ts';

const PASSWORD = 'Daten-Schutz-9';

const JOURNEYS: {
  lang: Lang;
  text: {
    title: string;
    request: string;
    requested: string;
    exportSubject: string;
    password: string;
    submit: string;
    confirm: string;
    done: RegExp;
    deletionSubject: string;
    undoneSubject: string;
    pendingTitle: string;
    dsgRetention: string;
  };
}[] = [
  {
    lang: 'de',
    text: {
      title: 'Meine Daten',
      request: 'Datenexport anfordern',
      requested: 'Ihr Datenexport wird vorbereitet.',
      exportSubject: 'Ihr Datenexport steht bereit',
      password: 'Ihr Passwort zur Bestätigung',
      submit: 'Konto löschen …',
      confirm: 'Ja, Konto löschen',
      done: /Die Löschung Ihres Kontos ist beantragt: Es wird am .+ gelöscht\./,
      deletionSubject: 'Ihr Konto wird gelöscht',
      undoneSubject: 'Ihr Konto wird nicht gelöscht',
      pendingTitle: 'Beantragte Löschungen',
      dsgRetention: 'Wie lange wir was aufbewahren und warum',
    },
  },
  {
    lang: 'en',
    text: {
      title: 'My data',
      request: 'Request a data export',
      requested: 'Your data export is being prepared.',
      exportSubject: 'Your data export is ready',
      password: 'Your password to confirm',
      submit: 'Delete account …',
      confirm: 'Yes, delete my account',
      done: /The deletion of your account has been requested: it will be deleted on .+\./,
      deletionSubject: 'Your account will be deleted',
      undoneSubject: 'Your account will not be deleted',
      pendingTitle: 'Pending deletions',
      dsgRetention: 'What we keep, for how long and why',
    },
  },
];

/** Registers and verifies a new user through the API (the form itself is covered by account.spec.ts). */
async function registerByApi(request: APIRequestContext, lang: Lang) {
  const { username, email } = uniqueUser(`privacy_${lang}`);
  expect((await request.get('/sanctum/csrf-cookie')).status()).toBe(204);
  const token = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await request.post('/api/register', {
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(token), Accept: 'application/json' },
    data: {
      username,
      email,
      first_name: 'Dora',
      last_name: 'Daten',
      password: PASSWORD,
      password_confirmation: PASSWORD,
      locale: lang,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const link = await verificationLink(email);
  const api = link.pathname.replace(/^(\/en)?\/email\//, '/api/email/');
  const verified = await request.get(`${api}${link.search}`, { headers: { Accept: 'application/json' } });
  expect(verified.status(), await verified.text()).toBe(200);
  return { username, email };
}

for (const { lang, text } of JOURNEYS) {
  test(`privacy journey (${lang}): download the archive and read it, delete the account, log in within the grace period to undo it`, async ({
    page,
    context,
    browser,
    baseURL,
    playwright,
  }) => {
    test.setTimeout(180_000);
    const at = (p: string) => localized(lang, p);
    const api = await playwright.request.newContext({ baseURL });
    const { email } = await registerByApi(api, lang);
    await api.dispose();
    await presetConsent(context, baseURL);
    await login(page, lang, email, PASSWORD);

    await test.step('the privacy page says what is kept, how long and why', async () => {
      await page.goto(at('/dsg'));
      await expect(page.getByRole('heading', { name: text.dsgRetention })).toBeVisible();
      await expect(page.getByTestId('dsg-retention').getByRole('listitem')).toHaveCount(7);
    });

    await test.step('request the export from the user menu and download the archive', async () => {
      await page.getByTestId('user-menu-toggle').click();
      await page.getByTestId('nav-privacy').click();
      await expect(page.getByRole('heading', { level: 1, name: text.title })).toBeVisible();
      await expect(page.getByTestId('privacy-export-empty')).toBeVisible();
      await page.getByRole('button', { name: text.request }).click();
      await expect(page.getByText(text.requested).first()).toBeVisible();
      // prepared in the background: the list polls until it is ready, and a mail announces it
      await expect(page.getByTestId('privacy-export-row').first()).toHaveAttribute('data-status', 'ready', {
        timeout: 30_000,
      });
      const mail = await waitForMail(
        email,
        15_000,
        lang === 'de' ? 'Personendaten steht bereit' : 'personal data that you',
      );
      expect(mail.subject).toBe(text.exportSubject);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('privacy-download').first().click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^data-export-\d+-\d{4}-\d\d-\d\d\.zip$/);
      const zip = await JSZip.loadAsync(await readFile((await download.path())!));
      const account = JSON.parse(await zip.file('account.json')!.async('string'));
      expect(account).toMatchObject({ email, first_name: 'Dora', last_name: 'Daten', locale: lang });
      const manifest = JSON.parse(await zip.file('manifest.json')!.async('string'));
      expect(manifest.areas.map((a: { file: string }) => a.file)).toEqual(
        expect.arrayContaining([
          'sessions.json',
          'bookings-and-payments.json',
          'test-runs.json',
          'audit.json',
        ]),
      );
      const sessions = JSON.parse(await zip.file('sessions.json')!.async('string'));
      expect(sessions.length).toBeGreaterThan(0);
    });

    await test.step('delete the account: password, confirmation, logged out with the date', async () => {
      await page.getByLabel(text.password).fill(PASSWORD);
      await page.getByRole('button', { name: text.submit }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: text.confirm }).click();
      await expect(page).toHaveURL(new RegExp(`${at('/login')}$`));
      await expect(page.getByText(text.done)).toBeVisible();
      await expect(page.getByTestId('user-menu-toggle')).toHaveCount(0);
      const mail = await waitForMail(
        email,
        10_000,
        lang === 'de' ? 'einfach anmelden' : 'simply by logging in',
      );
      expect(mail.subject).toBe(text.deletionSubject);
    });

    await test.step('an admin sees the pending deletion', async () => {
      const adminContext = await browser.newContext();
      await presetConsent(adminContext, baseURL);
      const admin = await adminContext.newPage();
      await login(admin, lang, 'admin@example.com', DEMO_PASSWORD);
      await admin.goto(at('/admin/deletions'));
      await expect(admin.getByRole('heading', { level: 1, name: text.pendingTitle })).toBeVisible();
      await expect(admin.getByTestId('pending-deletion').filter({ hasText: email })).toBeVisible();
      await adminContext.close();
    });

    await test.step('logging in within the grace period undoes the deletion', async () => {
      await login(page, lang, email, PASSWORD);
      const mail = await waitForMail(email, 10_000, lang === 'de' ? 'rückgängig gemacht' : 'has been undone');
      expect(mail.subject).toBe(text.undoneSubject);
      await page.goto(at('/user/privacy'));
      await expect(page.getByTestId('privacy-delete')).toBeVisible();
    });
  });
}
