/**
 * Renders the site's link-preview image (`public/og-image.png`, 1200×630) from `og-image.svg`
 * with Chromium (Playwright's, or CHROME_PATH / /usr/bin/chromium), then reduces it to 128 colours
 * with ffmpeg's palette filters when ffmpeg is there (the PNG stays under 100 KB).
 * Run: node apps/web/scripts/og-image.mjs
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, renameSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.join(here, '../public/og-image.png');
const svg = readFileSync(path.join(here, 'og-image.svg'), 'utf8');
const executablePath =
  process.env.CHROME_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

const browser = await chromium.launch({
  ...(executablePath ? { executablePath } : {}),
  args: ['--no-sandbox'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
  await page.setContent(`<!doctype html><html><body style="margin:0">${svg}</body></html>`);
  await page.screenshot({ path: out, clip: { x: 0, y: 0, width: 1200, height: 630 } });
} finally {
  await browser.close();
}

try {
  const reduced = `${out}.tmp.png`;
  execFileSync(
    'ffmpeg',
    [
      '-y',
      '-loglevel',
      'error',
      '-i',
      out,
      '-vf',
      'split[a][b];[a]palettegen=max_colors=128[p];[b][p]paletteuse=dither=bayer',
      reduced,
    ],
    { stdio: 'inherit' },
  );
  renameSync(reduced, out);
} catch {
  console.warn('ffmpeg not found: the PNG keeps its full colours');
}
console.log(`${path.relative(process.cwd(), out)}: ${statSync(out).size} bytes`);
