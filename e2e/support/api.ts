/**
 * Calls the API with the session of a page (its browser context's cookie jar) and the CSRF header
 * the SPA would send: for setting up data a journey is not about (a seminar, a chapter, a booking).
 */
import { expect, type Page } from '@playwright/test';

async function xsrf(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find(
    (c) => c.name === 'XSRF-TOKEN' || c.name === '__Host-XSRF-TOKEN',
  );
  expect(cookie, 'the XSRF-TOKEN cookie of a logged-in session').toBeTruthy();
  return decodeURIComponent(cookie?.value ?? '');
}

export async function apiJson<T>(
  page: Page,
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  options: { data?: unknown; multipart?: Record<string, string> } = {},
): Promise<T> {
  const res = await page.request.fetch(path, {
    method,
    headers: { 'X-XSRF-TOKEN': await xsrf(page), Accept: 'application/json' },
    ...(options.multipart ? { multipart: options.multipart } : { data: options.data }),
  });
  expect(res.ok(), `${method} ${path} → ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** A public, free seminar of the logged-in trainer with one unlocked chapter. */
export async function createSeminarWithChapter(
  page: Page,
  title: string,
  chapterLabel: string,
): Promise<{ seminarId: number; chapterId: number }> {
  const seminar = await apiJson<{ id: number }>(page, 'POST', '/api/seminars', {
    multipart: {
      title,
      description: `<p>${title}</p>`,
      price: '0',
      is_public: '1',
      isCompany: '0',
    },
  });
  const chapter = await apiJson<{ id: number; unlocked: number }>(page, 'POST', '/api/chapters', {
    data: { seminar_id: seminar.id, label: chapterLabel },
  });
  const unlocked = await apiJson<{ unlocked: number }>(page, 'PATCH', '/api/chapters/toggle/locked', {
    data: { id: chapter.id },
  });
  expect(unlocked.unlocked).toBe(1);
  return { seminarId: seminar.id, chapterId: chapter.id };
}
