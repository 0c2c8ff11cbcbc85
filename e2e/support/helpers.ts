import { type BrowserContext, expect, type Page } from '@playwright/test';

export type Lang = 'de' | 'en';

/** The German path or its English twin under `/en`. */
export const localized = (lang: Lang, path: string) =>
  lang === 'de' ? path : path === '/' ? '/en' : `/en${path}`;

/** The password of every demo user (DEMO_DATA=1). */
export const DEMO_PASSWORD = 'Demo-Passwort1';

/** `cookie_consent` as the consent modal writes it after "I understand!". */
export const CONSENT_COOKIE_VALUE =
  '%7B%22consentedRequired%22%3Atrue%2C%22consentedMatomo%22%3Afalse%2C%22cookies%22%3Afalse%2C%22newAppInfo%22%3Atrue%7D';

/** Presets the consent so the modal stays closed (for tests that are not about the consent). */
export async function presetConsent(context: BrowserContext, baseURL: string | undefined): Promise<void> {
  await context.addCookies([
    {
      name: 'cookie_consent',
      value: CONSENT_COOKIE_VALUE,
      url: baseURL ?? 'http://localhost:3100',
      sameSite: 'Strict',
    },
  ]);
}

/** A username / e-mail that no other test (or earlier run) uses. */
export function uniqueUser(prefix: string) {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return {
    username: `${prefix}_${id}`,
    email: `${prefix}.${id}@example.org`,
  };
}

/** A 1×1 PNG. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export const TEXT = {
  de: {
    login: 'Anmelden',
    register: 'Registrieren',
    saveProfile: 'Profil speichern',
    profileSaved: 'Das Profil wurde gespeichert.',
    changePassword: 'Passwort ändern',
    passwordChanged: 'Das Passwort wurde geändert.',
    loggedOut: 'Erfolgreich abgemeldet',
    loginFailed: 'Diese Anmeldedaten sind ungültig.',
    notFound: 'Seite nicht gefunden',
    notFoundMessage: 'Diese Seite konnte nicht gefunden werden',
    accept: 'Ich habe verstanden!',
    mainNav: 'Hauptnavigation',
    impressTitle: 'Impressum',
    loginTitle: 'Anmelden',
    unauthorized: 'Keine Berechtigung',
    videoTitle: 'Beispielvideo',
    verifyInvalid: 'Der Bestätigungslink ist ungültig.',
  },
  en: {
    login: 'Log in',
    register: 'Register',
    saveProfile: 'Save profile',
    profileSaved: 'Your profile has been saved.',
    changePassword: 'Change password',
    passwordChanged: 'Your password has been changed.',
    loggedOut: 'Logged out successfully',
    loginFailed: 'These credentials do not match our records.',
    notFound: 'Page not found',
    notFoundMessage: 'This page could not be found',
    accept: 'I understand!',
    mainNav: 'Main navigation',
    impressTitle: 'Legal notice',
    loginTitle: 'Log in',
    unauthorized: 'Not authorised',
    videoTitle: 'Sample video',
    verifyInvalid: 'The verification link is invalid.',
  },
} as const;

/** Fills and submits the login form of the current page. */
export async function submitLogin(page: Page, lang: Lang, email: string, password: string): Promise<void> {
  const form = page.getByTestId('login-form');
  await expect(form).toBeVisible();
  await form.locator('#login-email').fill(email);
  await form.locator('#login-password').fill(password);
  await form.getByRole('button', { name: TEXT[lang].login, exact: true }).click();
}

/** Logs in through the login page of `lang` and waits until the user menu shows up. */
export async function login(page: Page, lang: Lang, email: string, password: string): Promise<void> {
  await page.goto(localized(lang, '/login'));
  await submitLogin(page, lang, email, password);
  await expect(page.getByTestId('user-menu-toggle')).toBeVisible();
}

/**
 * Resolves once the app knows the visitor is a guest: the navbar's "log in" link is only
 * rendered then (and the consent modal decides whether to open in the same render).
 */
export async function expectGuestShell(page: Page, lang: Lang): Promise<void> {
  await expect(
    page.getByRole('navigation', { name: TEXT[lang].mainNav }).getByRole('link', { name: TEXT[lang].login }),
  ).toBeVisible();
}

/** Collects console errors, uncaught page errors and CSP violations of a page. */
export function collectPageProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console.error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}
