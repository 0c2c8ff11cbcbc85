import { readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import postcss from 'postcss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mentionsBySource, unreadCustomProperties } from '../../web/build/prune-css-vars.ts';
import { buildTestApp, type TestApp } from './test/build-test-app.ts';
import {
  BUDGET,
  BUDGET_PAGES,
  buildWeb,
  distFiles,
  htmlFiles,
  pageWeight,
  readManifest,
  TEXT_FILE,
  WEB_DIR,
} from './test/web-budget.ts';

/**
 * Issue 13: the first load of every budget page stays within its budget (initial JS and CSS as
 * transferred with brotli, from one production build of the web app), and the real server sends
 * every text file of that build compressed, as the client asks.
 */
const LOCALES = ['de', 'en'] as const;
/** the issue's threshold: text responses over 1 KB go compressed */
const MIN_COMPRESSED = 1024;

/** index.html as the server sends it: the build's, in the language, with the frame drawn (a first
 * visit also gets the cookie notice) */
function servedIndex(
  dist: string,
  locale: 'de' | 'en',
  frame: 'navbar' | 'withBanner' | 'heroWithBanner' | null,
  consent = true,
): Buffer {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const frames = JSON.parse(readFileSync(path.join(dist, '.vite', 'first-frame.json'), 'utf8')) as Record<
    string,
    Record<string, string>
  >;
  const drawn =
    (frame ? (frames[locale]?.[frame] ?? '') : '') + (consent ? (frames[locale]?.consent ?? '') : '');
  return Buffer.from(
    html
      .replace('<html lang="de">', `<html lang="${locale}">`)
      .replace(
        '<div id="root"></div>',
        drawn
          ? `<div id="root"><div id="first-frame" aria-hidden="true">${drawn}</div></div>`
          : '<div id="root"></div>',
      ),
  );
}

describe('web app first load (one production build)', () => {
  let dist: string;
  let t: TestApp;
  let buildWarnings: string;

  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'elearn-web-budget-'));
    buildWarnings = buildWeb(dist);
    t = await buildTestApp({ webDist: dist });
  }, 600_000);

  afterAll(async () => {
    await t?.close();
    if (dist) await rm(dist, { recursive: true, force: true });
  });

  // `npm start` shows them (issue 32 item 9): e.g. the bundler's "useOptimistic will always be
  // undefined" (React Router on Preact) or its PLUGIN_TIMINGS report
  it('the production build prints no warning', () => {
    expect(buildWarnings).toBe('');
  });

  it('the stylesheets hold no custom property that nothing reads, and keep those that are read', () => {
    const mentioned = new Set(
      [...mentionsBySource(path.join(WEB_DIR, 'src')).values()].flatMap((names) => [...names]),
    );
    const sheets = distFiles(dist).filter((file) => file.endsWith('.css'));
    expect(sheets.length).toBeGreaterThan(0);
    for (const file of sheets) {
      const root = postcss.parse(readFileSync(path.join(dist, file), 'utf8'));
      expect([...unreadCustomProperties(root, mentioned)], file).toEqual([]);
    }
    const main = readFileSync(path.join(dist, readManifest(dist)['index.html']?.css?.[0] ?? ''), 'utf8');
    // the primary colour's hue, which the buttons read
    expect(main).toMatch(/--bulma-primary-h:/);
  });

  it('index.html loads one entry script and one stylesheet that the manifest knows', () => {
    const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
    const manifest = readManifest(dist);
    const entry = manifest['index.html'];
    expect(entry?.isEntry).toBe(true);
    const files = htmlFiles(html);
    expect(files).toContain(entry?.file);
    expect(files.filter((file) => file.endsWith('.css'))).toEqual(entry?.css);
    // the language catalogs load by language, never both with the entry
    for (const locale of LOCALES) expect(files).not.toContain(manifest[`src/i18n/${locale}.ts`]?.file);
  });

  for (const locale of LOCALES) {
    for (const page of BUDGET_PAGES) {
      it(`${page.name} (${locale}): initial JS ≤ ${BUDGET.js} B and CSS ≤ ${BUDGET.css} B transferred`, () => {
        const weight = pageWeight(dist, page, locale);
        const report = `${page.name} (${locale}): JS ${weight.js} B, CSS ${weight.css} B\n${weight.files.join('\n')}`;
        // the page's own module and its language catalog are counted
        const manifest = readManifest(dist);
        expect(weight.files, report).toContain(manifest[page.page]?.file);
        expect(weight.files, report).toContain(manifest[`src/i18n/${locale}.ts`]?.file);
        expect(weight.js, report).toBeGreaterThan(20_000);
        expect(weight.js, report).toBeLessThanOrEqual(BUDGET.js);
        expect(weight.css, report).toBeLessThanOrEqual(BUDGET.css);
      });
    }
  }

  it('the server sends every text file over 1 KB brotli or gzip compressed, as asked', async () => {
    const texts = distFiles(dist).filter(
      (file) => TEXT_FILE.test(file) && statSync(path.join(dist, file)).size > MIN_COMPRESSED,
    );
    // the pages' chunks at least (a build without them would pass an empty loop)
    expect(texts.filter((file) => file.endsWith('.js')).length).toBeGreaterThan(20);
    const uncompressed: string[] = [];
    for (const file of texts) {
      const url = file === 'index.html' ? '/' : `/${file}`;
      // the home page of a first visit: index.html with its first frame (the navbar, the new-app
      // banner, a guest's hero and the cookie notice)
      const original =
        file === 'index.html'
          ? servedIndex(dist, 'de', 'heroWithBanner')
          : readFileSync(path.join(dist, file));
      for (const encoding of ['br', 'gzip'] as const) {
        const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
        expect(res.statusCode, `${url} (${encoding})`).toBe(200);
        if (res.headers['content-encoding'] !== encoding) {
          uncompressed.push(`${url} (${encoding}: ${res.headers['content-encoding'] ?? 'identity'})`);
          continue;
        }
        const body = encoding === 'br' ? brotliDecompressSync(res.rawPayload) : gunzipSync(res.rawPayload);
        expect(body.equals(original), `${url} (${encoding}) decompresses to the file`).toBe(true);
        expect(res.rawPayload.length, `${url} (${encoding})`).toBeLessThan(original.length);
        if (url.startsWith('/assets/')) {
          expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        }
      }
    }
    expect(uncompressed, 'text files served without compression').toEqual([]);
  });

  it('a page route answers with the compressed index.html of the build, in its language and with its first frame', async () => {
    // a guest who confirmed and closed the cookie notice, and one on a first visit
    const confirmed = `cookie_consent=${encodeURIComponent('{"cookies":false,"consentedRequired":true}')}`;
    const pages = [
      ['/login', confirmed, readFileSync(path.join(dist, 'index.html'))],
      ['/login', '', servedIndex(dist, 'de', null)],
      ['/en/seminar', confirmed, servedIndex(dist, 'en', 'withBanner', false)],
      ['/en/seminar', '', servedIndex(dist, 'en', 'withBanner')],
    ] as const;
    for (const [url, cookie, html] of pages) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'gzip, br', ...(cookie ? { cookie } : {}) },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(html.toString());
    }
    // the build's frame: the logo of the build and the banner's text of the catalog
    const frame = servedIndex(dist, 'de', 'withBanner').toString();
    expect(frame).toMatch(
      /<div id="root"><div id="first-frame" aria-hidden="true"><div class="layout"><nav class="navbar[^"]*">.*<img src="\/assets\/logo-[\w-]+\.svg"/,
    );
    expect(frame).toContain('Willkommen auf der neuen Plattform!');
    // and the cookie notice of the catalog
    expect(frame).toContain('Diese Website verwendet nur technisch notwendige Cookies');
  });

  it("a page's Link header names the build's stylesheet and preloaded fonts ahead of every script, in their tags' CORS mode", async () => {
    const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
    const css = htmlFiles(html).filter((file) => file.endsWith('.css'));
    const fonts = [
      ...html.matchAll(/<link rel="preload" as="font"[^>]*href="\/([^"]+)"[^>]*crossorigin/g),
    ].map((m) => m[1]);
    expect(css).toHaveLength(1);
    expect(fonts).toHaveLength(3);
    expect(html).toMatch(/<link rel="stylesheet" crossorigin href="\//);
    const firstPaint = [
      `</${css[0]}>; rel=preload; as=style; crossorigin`,
      ...fonts.map((font) => `</${font}>; rel=preload; as=font; type="font/woff2"; crossorigin`),
    ];
    for (const url of ['/login', '/', '/en/seminar', '/seminar/id/1/chapter/2/play']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      const links = String(res.headers.link).split(', ');
      expect(links.slice(0, firstPaint.length)).toEqual(firstPaint);
      expect(links.findIndex((link) => link.includes('modulepreload'))).toBe(firstPaint.length);
    }
    for (const file of [css[0], ...fonts]) expect(statSync(path.join(dist, file!)).size).toBeGreaterThan(0);
  });
});
