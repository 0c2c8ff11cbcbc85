import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { EXTRA_PAGE_ROUTES, PAGE_ROUTES } from '@elearn/shared';
import { eq } from 'drizzle-orm';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seminars } from '../../db/schema/index.ts';
import { type Agent, buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { seminarFixtures } from '../../test/fixtures.ts';

const APP_URL = 'https://lernen.example';
const PG = process.env.TEST_DATABASE_URL;

interface SitemapUrl {
  loc: string;
  lastmod: string;
  links: { hreflang: string; href: string }[];
}

/** the sitemap read by a real XML parser (well-formed first), its namespaces and its entries */
function parseSitemap(body: string): { ns: Record<string, string>; urls: SitemapUrl[] } {
  expect(XMLValidator.validate(body)).toBe(true);
  const doc = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    isArray: (name) => name === 'url' || name === 'xhtml:link',
  }).parse(body);
  const set = doc.urlset;
  type Raw = {
    loc: string;
    lastmod: string;
    'xhtml:link': { rel: string; hreflang: string; href: string }[];
  };
  return {
    ns: { default: set.xmlns, xhtml: set['xmlns:xhtml'] },
    urls: ((set.url ?? []) as Raw[]).map((u) => {
      for (const l of u['xhtml:link']) expect(l.rel).toBe('alternate');
      return {
        loc: u.loc,
        lastmod: u.lastmod,
        links: u['xhtml:link'].map(({ hreflang, href }) => ({ hreflang, href })),
      };
    }),
  };
}

const seminarLocs = (urls: SitemapUrl[]) => urls.map((u) => u.loc).filter((l) => l.includes('/seminar/'));
const w3c = (d: Date) => `${d.toISOString().slice(0, 19)}Z`;

describe('sitemap.xml and robots.txt', () => {
  let t: TestApp;
  let dist: string;
  let owner: Agent;
  let ownerId: number;
  const made: number[] = [];
  const sitemap = async (app = t) => parseSitemap((await app.app.inject({ url: '/sitemap.xml' })).body).urls;

  beforeAll(async () => {
    // a built web app of one page: every page path is answered with it
    dist = await mkdtemp(path.join(os.tmpdir(), 'elearn-site-dist-'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>app</title><div id="root"></div>');
    t = await buildTestApp({ webDist: dist, appUrl: APP_URL });
    const trainer = await t.make.user({ scopes: ['trainer'] });
    ownerId = trainer.id;
    owner = await t.loginAs(trainer.email);
  });
  afterEach(async () => {
    for (const id of made.splice(0)) await t.app.database.db.delete(seminars).where(eq(seminars.id, id));
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('lists the public pages and exactly the public seminars, in both languages, with lastmod and alternates', async () => {
    const fx = seminarFixtures(t.app);
    const company = await t.make.company();
    const shown = await fx.seminar(ownerId, { title: 'Shown & <listed>' });
    const hidden = await fx.seminar(ownerId, { isPublic: false });
    const forCompany = await fx.seminar(ownerId, { isCompany: true, companyId: company.id });
    made.push(shown.id, hidden.id, forCompany.id);
    const res = await t.app.inject({ url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const { ns, urls } = parseSitemap(res.body);
    expect(ns).toEqual({
      default: 'http://www.sitemaps.org/schemas/sitemap/0.9',
      xhtml: 'http://www.w3.org/1999/xhtml',
    });

    expect(seminarLocs(urls).sort()).toEqual(
      [`${APP_URL}/en/seminar/${shown.slug}`, `${APP_URL}/seminar/${shown.slug}`].sort(),
    );
    for (const page of ['/', '/seminar', '/login', '/register', '/impress', '/dsg']) {
      const de = `${APP_URL}${page}`;
      const en = `${APP_URL}/en${page === '/' ? '' : page}`;
      expect(urls.map((u) => u.loc)).toEqual(expect.arrayContaining([de, en]));
    }
    for (const u of urls) {
      // every entry names both languages and the German default, and its own address among them
      expect(u.links.map((l) => l.hreflang)).toEqual(['de', 'en', 'x-default']);
      expect(u.links.map((l) => l.href)).toContain(u.loc);
      expect(u.links[2]!.href).toBe(u.links[0]!.href);
      expect(u.loc.startsWith(`${APP_URL}/`)).toBe(true);
      expect(u.lastmod).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    }
    const entry = urls.find((u) => u.loc === `${APP_URL}/seminar/${shown.slug}`)!;
    expect(entry.lastmod).toBe(w3c(shown.updatedAt));
    expect(entry.links).toEqual([
      { hreflang: 'de', href: `${APP_URL}/seminar/${shown.slug}` },
      { hreflang: 'en', href: `${APP_URL}/en/seminar/${shown.slug}` },
      { hreflang: 'x-default', href: `${APP_URL}/seminar/${shown.slug}` },
    ]);
    // the catalogue changes with its newest seminar
    const catalogue = urls.find((u) => u.loc === `${APP_URL}/seminar`)!;
    expect(catalogue.lastmod >= w3c(shown.updatedAt)).toBe(true);
  });

  it('every address in it answers 200 through the app', async () => {
    const fx = seminarFixtures(t.app);
    const s = await fx.seminar(ownerId);
    made.push(s.id);
    await owner.patch('/api/seminars/tooglePublic', { id: s.id }); // drops the cache: a fresh sitemap
    await owner.patch('/api/seminars/tooglePublic', { id: s.id });
    const urls = await sitemap();
    expect(seminarLocs(urls)).toContain(`${APP_URL}/en/seminar/${s.slug}`);
    for (const { loc } of urls) {
      const res = await t.app.inject({ url: loc.slice(APP_URL.length), headers: { accept: 'text/html' } });
      expect(`${loc}: ${res.statusCode}`).toBe(`${loc}: 200`);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
    }
  });

  it('is kept in memory, and dropped when a seminar is created, changed, published, unpublished or deleted', async () => {
    const fx = seminarFixtures(t.app);
    const before = seminarLocs(await sitemap());
    // written beside the app: nothing announces it, the cached sitemap does not know it
    const quiet = await fx.seminar(ownerId);
    made.push(quiet.id);
    expect(seminarLocs(await sitemap())).toEqual(before);

    const created = await owner.post('/api/seminars', { title: 'Sitemap created', is_public: true });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    made.push(id);
    const slug = created.json().slug as string;
    let locs = seminarLocs(await sitemap());
    expect(locs).toContain(`${APP_URL}/seminar/${slug}`);
    expect(locs).toContain(`${APP_URL}/seminar/${quiet.slug}`);

    const lastmod = async () =>
      (await sitemap()).find((u) => u.loc === `${APP_URL}/seminar/${slug}`)?.lastmod ?? null;
    const first = await lastmod();
    await new Promise((r) => setTimeout(r, 1100)); // lastmod counts whole seconds
    const edited = await owner.post(`/api/seminars/update/${id}`, {
      title: 'Sitemap edited',
      is_public: true,
    });
    expect(edited.statusCode).toBe(200);
    const second = await lastmod();
    expect(second).not.toBeNull();
    expect(second! > first!).toBe(true);

    expect((await owner.patch('/api/seminars/tooglePublic', { id })).json().is_public).toBe(false);
    locs = seminarLocs(await sitemap());
    expect(locs).not.toContain(`${APP_URL}/seminar/${slug}`);
    expect((await owner.patch('/api/seminars/tooglePublic', { id })).json().is_public).toBe(true);
    expect(seminarLocs(await sitemap())).toContain(`${APP_URL}/en/seminar/${slug}`);

    expect((await owner.delete(`/api/seminars/${id}`)).statusCode).toBe(204);
    expect(seminarLocs(await sitemap()).some((l) => l.endsWith(`/seminar/${slug}`))).toBe(false);
  });

  it('answers HEAD, and 304 to a client that has the current version', async () => {
    const get = await t.app.inject({ url: '/sitemap.xml' });
    const head = await t.app.inject({ method: 'HEAD', url: '/sitemap.xml' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(head.headers.etag).toBe(get.headers.etag);
    expect(get.headers['cache-control']).toBe('public, no-cache');
    const lastModified = String(get.headers['last-modified']);
    expect(Number.isNaN(Date.parse(lastModified))).toBe(false);

    const again = await t.app.inject({
      url: '/sitemap.xml',
      headers: { 'if-none-match': String(get.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const since = await t.app.inject({ url: '/sitemap.xml', headers: { 'if-modified-since': lastModified } });
    expect(since.statusCode).toBe(304);
    const stale = await t.app.inject({ url: '/sitemap.xml', headers: { 'if-none-match': '"old"' } });
    expect(stale.statusCode).toBe(200);
    const robotsHead = await t.app.inject({ method: 'HEAD', url: '/robots.txt' });
    expect(robotsHead.statusCode).toBe(200);
    expect(robotsHead.headers['content-type']).toBe('text/plain; charset=utf-8');
  });

  it('answers another method with 405 and Allow, like every route', async () => {
    for (const url of ['/sitemap.xml', '/robots.txt']) {
      const res = await owner.post(url, {});
      expect(res.statusCode).toBe(405);
      expect(String(res.headers.allow)).toContain('GET');
      expect(res.json().code).toBe('method_not_allowed');
    }
  });

  it('robots.txt is text/plain: every crawler, the sitemap, the private areas closed in both languages', async () => {
    const res = await t.app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain(`Sitemap: ${APP_URL}/sitemap.xml`);
    for (const rule of [
      '/api/',
      '/admin',
      '/en/admin',
      '/seminar/id/',
      '/en/seminar/id/',
      '/company/',
      '/user$',
    ])
      expect(lines).toContain(`Disallow: ${rule}`);
  });

  it('robots.txt opens the public pages and closes every other page of the app (a new page must be placed)', async () => {
    const robots = parseRobots((await t.app.inject({ url: '/robots.txt' })).body);
    const open = new Set<string>([
      '/',
      '/login',
      '/register',
      '/forgot-password',
      '/impress',
      '/dsg',
      '/seminar',
      '/unauthorized',
      '/video-example',
      '/seminar/:slug',
      '/user/:slug',
    ]);
    for (const route of [...PAGE_ROUTES, ...EXTRA_PAGE_ROUTES]) {
      const example = route.replace(/:\w+\??/g, 'x1');
      for (const p of [example, example === '/' ? '/en' : `/en${example}`]) {
        expect(`${p}: ${robots.allows(p)}`).toBe(`${p}: ${open.has(route)}`);
      }
    }
    // a seminar whose slug begins like a private page stays open
    expect(robots.allows('/seminar/owners-guide')).toBe(true);
    expect(robots.allows('/seminar/booking-basics')).toBe(true);
    for (const url of (await sitemap()).map((u) => new URL(u.loc).pathname))
      expect(robots.allows(url)).toBe(true);
  });
});

/** RFC 9309 matching: the longest matching rule wins, Allow on a tie; `$` ends a rule, `*` any run */
function parseRobots(body: string) {
  const rules = body
    .split('\n')
    .map((line) => /^(Allow|Disallow):\s*(\S*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map(([, kind, pattern]) => ({
      allow: kind === 'Allow',
      length: pattern!.length,
      re: new RegExp(
        `^${pattern!
          .replace(/\$$/, '')
          .replace(/[.+?^{}()|[\]\\]/g, '\\$&')
          .replace(/\*/g, '.*')}${pattern!.endsWith('$') ? '$' : ''}`,
      ),
    }));
  return {
    allows(path: string): boolean {
      const hits = rules
        .filter((r) => r.re.test(path))
        .sort((a, b) => b.length - a.length || Number(b.allow) - Number(a.allow));
      return hits[0]?.allow ?? true;
    },
  };
}

describe.runIf(PG)('sitemap of two instances on one PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  let owner: Agent;
  let ownerId: number;
  beforeAll(async () => {
    a = await buildTestApp({ appUrl: APP_URL });
    b = await buildTestApp({ appUrl: APP_URL, databaseUrl: a.app.config.databaseUrl! });
    const trainer = await a.make.user({ scopes: ['trainer'] });
    ownerId = trainer.id;
    owner = await a.loginAs(trainer.email);
  }, 60_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('a seminar unpublished, published or deleted on A changes the sitemap of B within moments', async () => {
    const s = await seminarFixtures(a.app).seminar(ownerId);
    const loc = `${APP_URL}/seminar/${s.slug}`;
    const listedOnB = async () =>
      seminarLocs(parseSitemap((await b.app.inject({ url: '/sitemap.xml' })).body).urls).includes(loc);
    // the message reaches B's listening connection a few milliseconds after A's answer; the
    // cache would keep the old sitemap for ten minutes
    const soon = { timeout: 3000, interval: 20 };
    try {
      expect(await listedOnB()).toBe(true); // cached on B now
      expect((await owner.patch('/api/seminars/tooglePublic', { id: s.id })).json().is_public).toBe(false);
      await expect.poll(listedOnB, soon).toBe(false);
      expect((await owner.patch('/api/seminars/tooglePublic', { id: s.id })).json().is_public).toBe(true);
      await expect.poll(listedOnB, soon).toBe(true);
      expect((await owner.delete(`/api/seminars/${s.id}`)).statusCode).toBe(204);
      await expect.poll(listedOnB, soon).toBe(false);
    } finally {
      await a.app.database.db.delete(seminars).where(eq(seminars.id, s.id));
    }
  });
});
