import { apiJson, createSeminarWithChapter } from '../support/api.ts';
import { DEMO_PASSWORD, type Lang, localized, presetConsent } from '../support/helpers.ts';
import { expect, type Page, test } from '../support/test.ts';

const LOCKED: Record<Lang, string> = { de: 'Gesperrt', en: 'Locked' };

/** Logs in through the API (the journey is not about the login form; argon2 is slow on a busy machine). */
async function apiLogin(page: Page, email: string): Promise<void> {
  const csrf = await page.request.get('/sanctum/csrf-cookie');
  expect(csrf.status()).toBe(204);
  const cookie = (await page.context().cookies()).find((c) => c.name.endsWith('XSRF-TOKEN'));
  const res = await page.request.post('/api/login', {
    data: { email, password: DEMO_PASSWORD },
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(cookie?.value ?? ''), Accept: 'application/json' },
    timeout: 60_000,
  });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * Issue 11 item 3: a sub-chapter of a locked chapter is locked in the side menu too, as the
 * player shows it (before, the menu showed it unlocked).
 */
for (const lang of ['de', 'en'] as const) {
  test(`the side menu shows a locked chapter's sub-chapter locked (${lang})`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    const trainerContext = await browser.newContext();
    await presetConsent(trainerContext, baseURL);
    const trainer = await trainerContext.newPage();
    await apiLogin(trainer, 'trainer@example.com');
    const { seminarId, chapterId } = await createSeminarWithChapter(
      trainer,
      `Sperren ${lang} ${Date.now().toString(36)}`,
      'Offen',
    );
    // a locked chapter (new chapters are locked) whose sub-chapter is unlocked
    const parent = await apiJson<{ id: number }>(trainer, 'POST', '/api/chapters', {
      data: { seminar_id: seminarId, label: 'Gesperrtes Kapitel' },
    });
    const sub = await apiJson<{ id: number }>(trainer, 'POST', '/api/chapters', {
      data: { seminar_id: seminarId, chapter_id: parent.id, label: 'Unterkapitel' },
    });
    await apiJson(trainer, 'PATCH', '/api/chapters/toggle/locked', { data: { id: sub.id } });
    await trainerContext.close();

    const context = await browser.newContext();
    await presetConsent(context, baseURL);
    const page = await context.newPage();
    await apiLogin(page, 'student@example.com');
    await apiJson(page, 'POST', '/api/booking/free', { data: { seminarId } });

    await page.goto(localized(lang, `/seminar/id/${seminarId}/chapter/${sub.id}/play`));
    const menu = page.getByTestId('chapter-side-menu');
    const subItem = menu.locator(`[data-testid="chapter-submenu-item"][data-chapter-id="${sub.id}"]`);
    // the first load of the player can be slow on a busy machine
    await expect(subItem).toBeVisible({ timeout: 30_000 });
    await expect(subItem.locator('.chapter-lock-tag')).toHaveText(LOCKED[lang]);
    const parentItem = menu.locator(`[data-testid="chapter-menu-item"][data-chapter-id="${parent.id}"]`);
    await expect(parentItem.locator('.chapter-menu-row .chapter-lock-tag')).toHaveText(LOCKED[lang]);
    const openItem = menu.locator(`[data-testid="chapter-menu-item"][data-chapter-id="${chapterId}"]`);
    await expect(openItem).toBeVisible();
    await expect(openItem.locator('.chapter-lock-tag')).toHaveCount(0);
    await context.close();
  });
}
