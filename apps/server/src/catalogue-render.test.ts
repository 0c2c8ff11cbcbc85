import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chapterFiles, chapters, seminars } from './db/schema/index.ts';
import { buildTestApp, type TestApp } from './test/build-test-app.ts';
import { seminarFixtures } from './test/fixtures.ts';
import { buildWeb } from './test/web-budget.ts';

/**
 * Issue 34 items 2 to 4 as the server renders them for a guest (one production build): the
 * catalogue with its search form, filter and page links, the home page's newest seminars, and a
 * seminar's page with its outline, preview mark and head (canonical, Open Graph, JSON-LD).
 */
const jsonLdOf = (html: string) => {
  const m = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html);
  if (!m?.[1]) throw new Error('no JSON-LD');
  return JSON.parse(m[1]) as Record<string, unknown>[];
};
const attr = (html: string, pattern: RegExp) => pattern.exec(html)?.[1]?.replace(/&amp;/g, '&');

describe('the catalogue and a seminar page rendered on the server', () => {
  let dist: string;
  let t: TestApp;
  let slug = '';

  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'elearn-catalogue-render-'));
    buildWeb(dist);
    t = await buildTestApp({ webDist: dist, appUrl: 'https://learn.example.ch' });
    const fx = seminarFixtures(t.app);
    const trainer = await t.make.user({ scopes: ['trainer'] });
    for (let i = 1; i <= 13; i++)
      await fx.seminar(trainer.id, { title: `Kurs ${i}`, createdAt: new Date(Date.UTC(2026, 0, i)) });
    const s = await fx.seminar(trainer.id, {
      title: 'Excel für Profis',
      price: 4900,
      createdAt: new Date(Date.UTC(2026, 1, 1)),
    });
    await t.app.database.db
      .update(seminars)
      .set({ description: '<p>Formeln &amp; Pivot-Tabellen.</p>', language: 'de' })
      .where(eq(seminars.id, s.id));
    const intro = await fx.chapter(s.id, { label: 'Erste Schritte' });
    await fx.chapter(s.id, { label: 'Für Fortgeschrittene' });
    await t.app.database.db.update(chapters).set({ preview: true }).where(eq(chapters.id, intro.id));
    const video = await fx.video(intro.id);
    await t.app.database.db
      .update(chapterFiles)
      .set({ durationSeconds: 150 })
      .where(eq(chapterFiles.id, video.id));
    slug = s.slug;
  }, 600_000);

  afterAll(async () => {
    await t?.close();
    if (dist) await rm(dist, { recursive: true, force: true });
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

  it('a guest gets the catalogue in the HTML: cards, a GET search form, filter and page links', async () => {
    const res = await get('/seminar?price=paid');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Seminare – E-Learning</title>');
    expect(res.body).toContain('data-testid="catalogue-card"');
    expect(res.body).toContain('Excel für Profis');
    expect(res.body).not.toContain('Kurs 1<');
    const form = /<form[^>]*data-testid="catalogue-search-form"[^>]*>/.exec(res.body)?.[0] ?? '';
    expect(form).toContain('action="/seminar"');
    expect(form).toContain('method="get"');
    expect(res.body).toContain('<input type="hidden" name="price" value="paid"/>');
    expect(res.body).toContain('href="/seminar?price=paid&amp;lang=en"');
    expect(attr(res.body, /<link rel="canonical" href="([^"]+)"/)).toBe('https://learn.example.ch/seminar');
    const all = await get('/seminar');
    expect(all.body.match(/data-testid="catalogue-card"/g)).toHaveLength(12);
    expect(all.body).toContain('href="/seminar?page=2"');
    const second = await get('/seminar?page=2');
    expect(second.body.match(/data-testid="catalogue-card"/g)).toHaveLength(2);
  });

  it('in English under /en', async () => {
    const res = await get('/en/seminar?q=excel');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="en">');
    expect(res.body).toContain('<title>Seminars – E-Learning</title>');
    expect(res.body).toMatch(/<form[^>]*action="\/en\/seminar"/);
    expect(res.body).toContain('1 seminar for “excel”');
    expect(res.body).toContain(`href="/en/seminar/${slug}"`);
  });

  it('the home page lists the newest seminars and links to the catalogue', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Neue Seminare');
    expect(res.body.match(/data-testid="catalogue-card"/g)).toHaveLength(3);
    expect(res.body).toContain(`href="/seminar/${slug}"`);
  });

  it("a seminar's page: outline with lengths and the preview mark, Course and BreadcrumbList, link previews", async () => {
    for (const [prefix, preview, breadcrumb] of [
      ['', 'Vorschau', 'Startseite'],
      ['/en', 'Preview', 'Home'],
    ] as const) {
      const res = await get(`${prefix}/seminar/${slug}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Erste Schritte');
      expect(res.body).toContain('Für Fortgeschrittene');
      expect(res.body).toContain(`>${preview}</span>`);
      expect(res.body).toContain(`href="${prefix}/seminar/${slug}?preview=`);
      const url = `https://learn.example.ch${prefix}/seminar/${slug}`;
      expect(attr(res.body, /<link rel="canonical" href="([^"]+)"/)).toBe(url);
      expect(attr(res.body, /<meta property="og:image" content="([^"]+)"/)).toBe(
        'https://learn.example.ch/og-image.png',
      );
      expect(attr(res.body, /<meta name="description" content="([^"]+)"/)).toBe('Formeln & Pivot-Tabellen.');
      const [course, crumbs] = jsonLdOf(res.body);
      expect(course).toMatchObject({
        '@type': 'Course',
        name: 'Excel für Profis',
        inLanguage: 'de',
        url,
        provider: { '@type': 'Organization' },
        offers: { '@type': 'Offer', price: '49.00', priceCurrency: 'CHF' },
      });
      expect((crumbs as { itemListElement: { name: string }[] }).itemListElement[0]?.name).toBe(breadcrumb);
    }
  });
});
