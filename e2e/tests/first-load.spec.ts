import { expect, type Page, test } from '@playwright/test';
import { type Lang, localized } from '../support/helpers.ts';

/**
 * Issue 13: the home page's first load is stable. Cumulative layout shift as Lighthouse counts
 * it (`layout-shift` entries without recent input), summed over the load and a settle time, for
 * a first-time guest (the cookie notice included) at desktop and phone width.
 */
const CLS_MAX = 0.05;
/** after the load event and an idle network, late shifts (fonts, lazy parts) still count */
const SETTLE_MS = 1500;

interface Shift {
  value: number;
  sources: string[];
}

declare global {
  interface Window {
    __shifts: Shift[];
  }
}

async function measureCls(page: Page, url: string): Promise<{ cls: number; shifts: Shift[] }> {
  await page.addInitScript(() => {
    window.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        const sources = (entry.sources ?? []).map((source) => {
          const node = source.node;
          if (!(node instanceof Element)) return node?.nodeName ?? '?';
          return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${node.className ? `.${String(node.className).trim().split(/\s+/).join('.')}` : ''}`;
        });
        window.__shifts.push({ value: entry.value, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  await page.locator('main').first().waitFor();
  await page.waitForTimeout(SETTLE_MS);
  const shifts = await page.evaluate(() => window.__shifts);
  return { cls: shifts.reduce((sum, shift) => sum + shift.value, 0), shifts };
}

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
];

for (const viewport of WIDTHS) {
  test.describe(`first load at ${viewport.width} px`, () => {
    // every test has its own context: a first visit, nothing cached, no cookies
    test.use({ viewport });

    for (const lang of ['de', 'en'] as Lang[]) {
      test(`home page (${lang}): CLS ≤ ${CLS_MAX} over the load`, async ({ page }) => {
        const { cls, shifts } = await measureCls(page, localized(lang, '/'));
        // the page did render: its heading and the navbar are there
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await expect(page.getByRole('navigation').first()).toBeVisible();
        expect(cls, `layout shifts: ${JSON.stringify(shifts)}`).toBeLessThanOrEqual(CLS_MAX);
      });
    }
  });
}
