import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';

const INDEX_HTML = `<!doctype html><html lang="de"><head><title>app</title></head><body><div id="root"></div><!--${'padding '.repeat(200)}--></body></html>`;
const FRAMES = {
  de: {
    navbar: '<nav class="navbar">Navi</nav>',
    withBanner: '<nav class="navbar">Navi</nav><p>Willkommen</p>',
    heroNavbar: '<nav class="navbar">Navi</nav><h1>Lernen</h1>',
    heroWithBanner: '<nav class="navbar">Navi</nav><p>Willkommen</p><h1>Lernen</h1>',
    consent: '<div class="first-frame-consent">Cookies?</div>',
  },
  en: {
    navbar: '<nav class="navbar">Nav</nav>',
    withBanner: '<nav class="navbar">Nav</nav><p>Welcome</p>',
    heroNavbar: '<nav class="navbar">Nav</nav><h1>Learn</h1>',
    heroWithBanner: '<nav class="navbar">Nav</nav><p>Welcome</p><h1>Learn</h1>',
    consent: '<div class="first-frame-consent">Cookies!</div>',
  },
};
const framed = (frame: string) => `<div id="first-frame" aria-hidden="true">${frame}</div>`;
const consent = (value: object) => `cookie_consent=${encodeURIComponent(JSON.stringify(value))}`;
/** a guest who confirmed and closed the cookie notice */
const confirmed = consent({ cookies: false, consentedRequired: true });

describe('index.html per page: language and first frame (issue 13)', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'elearn-frames-'));
    await mkdir(path.join(dist, '.vite'));
    await writeFile(path.join(dist, 'index.html'), INDEX_HTML);
    await writeFile(path.join(dist, '.vite', 'first-frame.json'), JSON.stringify(FRAMES));
    t = await buildTestApp({ webDist: dist });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  const page = (url: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });
  const rootOf = (html: string) => /<div id="root">(.*?)<\/div><!--/.exec(html)?.[1];

  it('draws the navbar and the banner into the pages of the default layouts, in their language', async () => {
    const de = await page('/seminar/id/4/chapter/2/play', confirmed);
    expect(de.statusCode).toBe(200);
    expect(de.body).toContain('<html lang="de">');
    expect(rootOf(de.body)).toBe(framed(FRAMES.de.withBanner));
    const en = await page('/en/seminar', confirmed);
    expect(en.body).toContain('<html lang="en">');
    expect(rootOf(en.body)).toBe(framed(FRAMES.en.withBanner));
    // unknown paths get the not-found page, in the default layout
    const missing = await page('/en/nope', confirmed);
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain(FRAMES.en.withBanner);
  });

  it('leaves the banner out once the visitor closed it, and out of the admin and trainer areas', async () => {
    const closed = await page(
      '/impress',
      consent({ cookies: false, consentedRequired: true, newAppInfo: false }),
    );
    expect(rootOf(closed.body)).toBe(framed(FRAMES.de.navbar));
    expect((await page('/impress', consent({ newAppInfo: true }))).body).toContain(FRAMES.de.withBanner);
    expect(rootOf((await page('/en/admin/users', confirmed)).body)).toBe(framed(FRAMES.en.navbar));
    expect(rootOf((await page('/trainer', confirmed)).body)).toBe(framed(FRAMES.de.navbar));
  });

  it('draws nothing into the pages with their own header', async () => {
    for (const url of ['/login', '/en/register', '/reset-password/abc', '/company/muster/register']) {
      const res = await page(url, confirmed);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).not.toContain('first-frame');
    }
  });

  it("draws the cookie notice for a guest who has not confirmed it, after the layout's frame", async () => {
    // a first visit: no cookie at all
    expect(rootOf((await page('/seminar/x')).body)).toBe(framed(FRAMES.de.withBanner + FRAMES.de.consent));
    expect(rootOf((await page('/en/admin')).body)).toBe(framed(FRAMES.en.navbar + FRAMES.en.consent));
    // the pages with their own header get the notice alone
    expect(rootOf((await page('/en/login')).body)).toBe(framed(FRAMES.en.consent));
    // the banner closed, the notice not yet confirmed
    expect(rootOf((await page('/dsg', consent({ newAppInfo: false }))).body)).toBe(
      framed(FRAMES.de.navbar + FRAMES.de.consent),
    );
    // confirmed but asked to show again (the footer's "Cookies" link)
    expect(rootOf((await page('/login', consent({ consentedRequired: true, cookies: true }))).body)).toBe(
      framed(FRAMES.de.consent),
    );
  });

  it('draws no cookie notice when Matomo is set up: its notice holds a choice the frame lacks', async () => {
    const withMatomo = await buildTestApp({
      webDist: dist,
      matomo: { url: 'https://stats.example', siteId: '3' },
    });
    try {
      const res = await withMatomo.app.inject({
        method: 'GET',
        url: '/seminar',
        headers: { accept: 'text/html' },
      });
      expect(rootOf(res.body)).toBe(framed(FRAMES.de.withBanner));
    } finally {
      await withMatomo.close();
    }
  });

  it("draws a guest's hero into the home page, with or without the banner, in its language (session 11)", async () => {
    expect(rootOf((await page('/', confirmed)).body)).toBe(framed(FRAMES.de.heroWithBanner));
    expect(rootOf((await page('/en', confirmed)).body)).toBe(framed(FRAMES.en.heroWithBanner));
    expect(rootOf((await page('/en/', confirmed)).body)).toBe(framed(FRAMES.en.heroWithBanner));
    const closed = consent({ cookies: false, consentedRequired: true, newAppInfo: false });
    expect(rootOf((await page('/', closed)).body)).toBe(framed(FRAMES.de.heroNavbar));
    // a first visit: the hero under the cookie notice
    expect(rootOf((await page('/en')).body)).toBe(framed(FRAMES.en.heroWithBanner + FRAMES.en.consent));
    // a user's home page greets them instead: the page's frame
    const user = await t.make.user();
    const agent = await t.loginAs(user.email);
    const own = await agent.get('/', { headers: { accept: 'text/html', cookie: confirmed } });
    expect(rootOf(own.body)).toBe(framed(FRAMES.de.withBanner));
  });

  it('a build without the hero frames (before session 11) draws the page frame into the home page', async () => {
    const { createAppPages } = await import('./app-pages.ts');
    const old = await mkdtemp(path.join(os.tmpdir(), 'elearn-frames-old-'));
    await mkdir(path.join(old, '.vite'));
    await writeFile(path.join(old, 'index.html'), INDEX_HTML);
    const { heroNavbar: _n, heroWithBanner: _w, ...de } = FRAMES.de;
    const { heroNavbar: _m, heroWithBanner: _v, ...en } = FRAMES.en;
    await writeFile(path.join(old, '.vite', 'first-frame.json'), JSON.stringify({ de, en }));
    try {
      const html = createAppPages(old).forPage('/', undefined, true).identity.toString('utf8');
      expect(rootOf(html)).toBe(framed(FRAMES.de.withBanner + FRAMES.de.consent));
    } finally {
      await rm(old, { recursive: true, force: true });
    }
  });

  it('never draws the cookie notice for a logged-in user, who does not see it', async () => {
    const user = await t.make.user();
    const agent = await t.loginAs(user.email);
    const res = await agent.get('/seminar', { headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(rootOf(res.body)).toBe(framed(FRAMES.de.withBanner));
    const login = await agent.get('/en/login', { headers: { accept: 'text/html' } });
    expect(login.body).not.toContain('first-frame-consent');
  });

  it('each variant has its own ETag and compressed body, and the answer varies by cookie', async () => {
    const open = await page('/seminar', undefined);
    expect(open.headers.etag).not.toBe((await page('/seminar', confirmed)).headers.etag);
    const closed = await page('/seminar', consent({ newAppInfo: false }));
    expect(open.headers.etag).not.toBe(closed.headers.etag);
    expect(String(open.headers.vary)).toMatch(/Cookie/);
    const revalidated = await t.app.inject({
      method: 'GET',
      url: '/seminar',
      headers: { accept: 'text/html', 'if-none-match': String(open.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
    const br = await t.app.inject({
      method: 'GET',
      url: '/seminar',
      headers: { accept: 'text/html', 'accept-encoding': 'br', cookie: consent({ newAppInfo: false }) },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(closed.body);
  });
});
