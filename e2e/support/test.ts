/**
 * Playwright's `test` for this suite: pages are rendered on the server and then hydrated (issue
 * 34), so a page that has loaded is not yet a page that answers clicks. Every navigation of a
 * page (`goto`, `reload`, `goBack`, `goForward`) therefore waits, after it resolves, until the app
 * has hydrated the page it landed on (`<html data-hydrated>`, set by the app's root after its
 * first commit), unless scripts are off or the answer was not one of the app's pages.
 */
import { test as base, type Page, type Response } from '@playwright/test';

export * from '@playwright/test';

const HYDRATED_MS = 15_000;

async function untilHydrated(page: Page, response: Response | null): Promise<void> {
  if (response && !(response.headers()['content-type'] ?? '').includes('text/html')) return;
  await page
    .waitForFunction(
      () => !document.getElementById('page-data') || document.documentElement.hasAttribute('data-hydrated'),
      null,
      { timeout: HYDRATED_MS },
    )
    // scripts off (the page never hydrates), or the page went away meanwhile
    .catch(() => {});
}

let patched = false;
/** the current test runs scripts (tests of a worker run one after the other) */
let scripts = true;

function patchNavigations(proto: Page): void {
  for (const name of ['goto', 'reload', 'goBack', 'goForward'] as const) {
    const original = proto[name] as (this: Page, ...args: unknown[]) => Promise<Response | null>;
    Object.defineProperty(proto, name, {
      configurable: true,
      writable: true,
      value: async function navigate(this: Page, ...args: unknown[]) {
        const response = await original.apply(this, args);
        if (scripts) await untilHydrated(this, response);
        return response;
      },
    });
  }
}

export const test = base.extend<{ hydration: undefined }>({
  hydration: [
    async ({ page, javaScriptEnabled }, use) => {
      scripts = javaScriptEnabled !== false;
      // every page of this worker, also those of contexts a test opens itself
      if (!patched) {
        patchNavigations(Object.getPrototypeOf(page) as Page);
        patched = true;
      }
      await use(undefined);
    },
    { auto: true },
  ],
});
