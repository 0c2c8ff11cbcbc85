import {
  collectPageProblems,
  DEMO_PASSWORD,
  expectGuestShell,
  type Lang,
  localized,
  login,
  presetConsent,
  submitLogin,
  TEXT,
} from '../support/helpers.ts';
import { expect, test } from '../support/test.ts';

const LANGS: Lang[] = ['de', 'en'];

for (const lang of LANGS) {
  const t = TEXT[lang];

  test.describe(`shell (${lang})`, () => {
    test('the consent modal appears once for a guest and cannot be dismissed', async ({ page, context }) => {
      await page.goto(localized(lang, '/'));
      const dialog = page.getByRole('dialog');
      await expect(dialog).toHaveCount(1);
      await expect(dialog).toBeVisible();
      await expect(page.getByTestId('consent-accept')).toHaveText(t.accept);
      // the button has the focus and the page behind is inert
      await expect(page.getByTestId('consent-accept')).toBeFocused();
      await expect(page.locator('#root')).toHaveAttribute('inert', '');

      // neither Escape nor a click on the backdrop closes it
      await page.keyboard.press('Escape');
      await expect(dialog).toBeVisible();
      await page.mouse.click(5, 5);
      await expect(dialog).toBeVisible();

      await page.getByTestId('consent-accept').click();
      await expect(dialog).toBeHidden();
      await expect(page.locator('#root')).not.toHaveAttribute('inert', '');

      const cookie = (await context.cookies()).find((c) => c.name === 'cookie_consent');
      expect(cookie, 'cookie_consent is set').toBeDefined();
      expect(cookie?.sameSite).toBe('Strict');
      expect(cookie?.path).toBe('/');
      // about a year
      expect((cookie?.expires ?? 0) * 1000 - Date.now()).toBeGreaterThan(360 * 24 * 3600 * 1000);
      expect(JSON.parse(decodeURIComponent(cookie?.value ?? ''))).toMatchObject({
        consentedRequired: true,
        cookies: false,
      });

      // not again after a reload …
      await page.reload();
      await expectGuestShell(page, lang);
      await expect(dialog).toHaveCount(0);

      // … nor after navigating in the app or loading another page
      await page.getByRole('contentinfo').getByRole('link', { name: t.impressTitle }).click();
      await expect(page).toHaveURL(localized(lang, '/impress'));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.impressTitle);
      await expect(dialog).toHaveCount(0);
      await page.goto(localized(lang, '/login'));
      await expect(page.getByTestId('login-form')).toBeVisible();
      await expect(dialog).toHaveCount(0);
    });

    test('the consent modal does not appear for a logged-in user', async ({ page, context }) => {
      await page.goto(localized(lang, '/login'));
      await page.getByTestId('consent-accept').click();
      await submitLogin(page, lang, 'student@example.com', DEMO_PASSWORD);
      await expect(page.getByTestId('user-menu-toggle')).toBeVisible();

      // without any consent cookie, a logged-in user still sees no notice
      await context.clearCookies({ name: 'cookie_consent' });
      await page.reload();
      await expect(page.getByTestId('user-menu-toggle')).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await page.goto(localized(lang, '/impress'));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.impressTitle);
      await expect(page.getByTestId('user-menu-toggle')).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });

    test('an unknown URL shows the not-found page with HTTP status 404', async ({
      page,
      context,
      baseURL,
    }) => {
      await presetConsent(context, baseURL);
      const response = await page.goto(localized(lang, '/gibt-es-nicht/wirklich'));
      expect(response?.status()).toBe(404);
      const errorPage = page.getByTestId('error-page');
      await expect(errorPage).toHaveAttribute('data-status', '404');
      await expect(errorPage.getByRole('heading', { level: 1 })).toHaveText(t.notFound);
      await expect(errorPage).toContainText(t.notFoundMessage);
      await expect(page).toHaveTitle(new RegExp(t.notFound));

      // a known page answers 200
      const known = await page.goto(localized(lang, '/impress'));
      expect(known?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.impressTitle);
    });

    test('a student opening the admin area lands on /unauthorized', async ({ page, context, baseURL }) => {
      await presetConsent(context, baseURL);
      await login(page, lang, 'student@example.com', DEMO_PASSWORD);
      await page.goto(localized(lang, '/admin'));
      await expect(page).toHaveURL(localized(lang, '/unauthorized'));
      await expect(page.getByTestId('unauthorized').getByRole('heading', { level: 1 })).toHaveText(
        t.unauthorized,
      );
    });

    test('a guest opening /user is sent to the login and back afterwards', async ({
      page,
      context,
      baseURL,
    }) => {
      await presetConsent(context, baseURL);
      const target = localized(lang, '/user');
      await page.goto(target);
      await expect(page).toHaveURL(`${localized(lang, '/login')}?redirect=${encodeURIComponent(target)}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.loginTitle);
      await submitLogin(page, lang, 'student2@example.com', DEMO_PASSWORD);
      await expect(page).toHaveURL(target);
      await expect(page.getByTestId('profile-form').locator('#profile-email')).toHaveValue(
        'student2@example.com',
      );
    });

    test('the footer shows the years since the founding', async ({ page, context, baseURL }) => {
      await presetConsent(context, baseURL);
      await page.goto(localized(lang, '/'));
      await expect(page.getByTestId('copyright')).toHaveText(`© 2015–${new Date().getFullYear()}`);
      await expect(page.getByRole('contentinfo')).toContainText(`2015–${new Date().getFullYear()}`);
    });

    test('the home page has no console errors and sends a content security policy', async ({ page }) => {
      const problems = collectPageProblems(page);
      const response = await page.goto(localized(lang, '/'));
      expect(response?.status()).toBe(200);
      const csp = response?.headers()['content-security-policy'];
      expect(csp, 'content-security-policy header').toBeTruthy();
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toContain('unsafe-eval');

      await page.getByTestId('consent-accept').click();
      await expectGuestShell(page, lang);
      await page.waitForLoadState('networkidle');
      // a second visit, now with the consent cookie
      await page.reload();
      await expectGuestShell(page, lang);
      await page.waitForLoadState('networkidle');
      expect(problems).toEqual([]);
    });

    test('the home page causes no CSP violations', async ({ page }) => {
      await page.addInitScript(() => {
        const w = window as unknown as { cspViolations: string[] };
        w.cspViolations = [];
        document.addEventListener('securitypolicyviolation', (event) => {
          w.cspViolations.push(
            `${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`,
          );
        });
      });
      await page.goto(localized(lang, '/'));
      await page.getByTestId('consent-accept').click();
      await expectGuestShell(page, lang);
      await page.waitForLoadState('networkidle');
      await page.reload();
      await expectGuestShell(page, lang);
      await page.waitForLoadState('networkidle');
      const violations = await page.evaluate(
        () => (window as unknown as { cspViolations: string[] }).cspViolations,
      );
      expect(violations).toEqual([]);
    });

    test('the consent and the language choice survive a logout', async ({ page, context, baseURL }) => {
      await presetConsent(context, baseURL);
      await page.goto(localized(lang, '/impress'));
      await page.getByTestId(`lang-${lang}`).first().click();
      await login(page, lang, 'student@example.com', DEMO_PASSWORD);
      await page.getByTestId('user-menu-toggle').click();
      await page.getByTestId('logout').click();
      await expect(page.getByTestId('toast')).toHaveText(t.loggedOut);
      await expect(page).toHaveURL(localized(lang, '/'));
      const names = (await context.cookies()).map((c) => c.name);
      expect(names).toContain('cookie_consent');
      expect(names).toContain('i18n_redirected');
      await expectGuestShell(page, lang);
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });

    test('the sample video plays and can seek', async ({ page, context, baseURL }) => {
      await presetConsent(context, baseURL);
      await page.goto(localized(lang, '/video-example'));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.videoTitle);
      const video = page.locator('video');
      await expect(video).toBeVisible();
      await expect
        .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState))
        .toBeGreaterThanOrEqual(1);
      const duration = await video.evaluate((v: HTMLVideoElement) => v.duration);
      expect(duration).toBeGreaterThan(4);
      expect(duration).toBeLessThan(6);

      // play (muted: autoplay without a user gesture is allowed then)
      await video.evaluate(async (v: HTMLVideoElement) => {
        v.muted = true;
        await v.play();
      });
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0.3);
      expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);

      // seek (needs byte ranges from the server)
      const seeked = await video.evaluate(
        (v: HTMLVideoElement) =>
          new Promise<boolean>((resolve) => {
            const timer = setTimeout(() => resolve(false), 10_000);
            v.addEventListener(
              'seeked',
              () => {
                clearTimeout(timer);
                resolve(true);
              },
              { once: true },
            );
            v.pause();
            v.currentTime = 3.5;
          }),
      );
      expect(seeked, 'the seeked event fired').toBe(true);
      expect(await video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeCloseTo(3.5, 1);
      // the media file is served with byte ranges (what seeking in longer videos relies on)
      const src = await video.evaluate((v: HTMLVideoElement) => v.currentSrc);
      const range = await page.request.get(src, { headers: { Range: 'bytes=0-99' } });
      expect(range.status()).toBe(206);
      expect(range.headers()['content-range']).toMatch(/^bytes 0-99\/\d+$/);
      await expect(page.getByRole('alert')).toHaveCount(0);
    });
  });
}

test.describe('language switch', () => {
  test('keeps the page in both directions and remembers the choice', async ({ page, context, baseURL }) => {
    await presetConsent(context, baseURL);
    const localeCookie = async () =>
      (await context.cookies()).find((c) => c.name === 'i18n_redirected')?.value;

    await page.goto('/impress');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT.de.impressTitle);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');

    await page.getByTestId('lang-en').first().click();
    await expect(page).toHaveURL('/en/impress');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT.en.impressTitle);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect(await localeCookie()).toBe('en');

    await page.getByTestId('lang-de').first().click();
    await expect(page).toHaveURL('/impress');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT.de.impressTitle);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    expect(await localeCookie()).toBe('de');

    // also on a page of the layout without navbar (login), starting in English
    await page.goto('/en/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT.en.loginTitle);
    await page.getByTestId('lang-de').first().click();
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT.de.loginTitle);
    await page.getByTestId('lang-en').first().click();
    await expect(page).toHaveURL('/en/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT.en.loginTitle);
    expect(await localeCookie()).toBe('en');

    // the remembered language applies to a new visit of the home page
    await page.goto('/');
    await expect(page).toHaveURL('/en');
  });
});
