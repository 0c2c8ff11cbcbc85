import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { EXTRA_PAGE_ROUTES, PAGE_ROUTES } from '@elearn/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seminars } from './db/schema/index.ts';
import { sanitizeRichText } from './lib/sanitize.ts';
import { buildTestApp, type TestApp } from './test/build-test-app.ts';
import { companyFixtures } from './test/company-fixtures.ts';
import { seminarFixtures } from './test/fixtures.ts';
import { mcTestFixtures } from './test/mc-test-fixtures.ts';
import { buildWeb } from './test/web-budget.ts';

/**
 * Issue 34: every page of the web app is rendered on the server by React (the web app's own
 * entry, from one production build), with the visitor's data: guards answer with redirects, an
 * unknown page with 404, the head names the page, and what a page holds is the visitor's own.
 */

/** The page's data block, parsed (what the browser hydrates from). */
function pageData(html: string) {
  const m = /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html);
  if (!m?.[1]) throw new Error('no page data');
  return JSON.parse(m[1]) as {
    origin: string;
    queries: { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
    router: { loaderData: Record<string, unknown>; errors: Record<string, unknown> | null };
  };
}

/** the app's name, the whole title of a page that names itself nowhere */
const APP_NAME = 'E-Learning';

const userOf = (html: string) =>
  pageData(html).queries.queries.find((q) => JSON.stringify(q.queryKey) === '["auth","user"]')?.state.data as
    | { id: number; email: string }
    | null
    | undefined;

describe('pages rendered on the server (one production build)', () => {
  let dist: string;
  let t: TestApp;

  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'elearn-page-render-'));
    buildWeb(dist);
    // every page route twice per language from one address: past the 300 pages a minute an
    // address may load
    t = await buildTestApp({ webDist: dist, appUrl: 'https://learn.example.ch', rateLimitFactor: 10 });
  }, 600_000);

  afterAll(async () => {
    await t?.close();
    if (dist) await rm(dist, { recursive: true, force: true });
  });

  const get = (url: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });

  it("renders a public page in its language, with its own title and description, and the site's address", async () => {
    for (const [url, lang, title] of [
      ['/impress', 'de', 'Impressum'],
      ['/en/impress', 'en', 'Legal notice'],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain(`<html lang="${lang}">`);
      expect(res.body).toMatch(new RegExp(`<title>${title}[^<]*</title>`));
      expect(res.body.match(/<meta name="description"/g)).toHaveLength(1);
      expect(res.body).toMatch(/<div id="root">.*<h1[^>]*>/s);
      expect(pageData(res.body).origin).toBe('https://learn.example.ch');
      // a guest: the user is known to be nobody, so the browser asks no one again
      expect(userOf(res.body)).toBeNull();
      expect(res.body).not.toContain('name="robots"');
    }
  });

  it('a guard answers on the server: a private page redirects a guest to the login, in the language', async () => {
    for (const [url, location] of [
      ['/user', '/login?redirect=%2Fuser'],
      ['/en/certificates', '/en/login?redirect=%2Fen%2Fcertificates'],
      ['/admin', '/login?redirect=%2Fadmin'],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location).toBe(location);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toBe('');
    }
  });

  it('an unknown page answers 404 with the rendered "page not found", not indexed', async () => {
    for (const [url, text] of [
      ['/no-such-page', 'Seite nicht gefunden'],
      ['/en/no/such/page', 'Page not found'],
      // a seminar page whose seminar the API does not know: the page's loader says 404
      ['/seminar/gibt-es-nicht', 'Seite nicht gefunden'],
      ['/en/seminar/does-not-exist', 'Page not found'],
    ] as const) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain(text);
      expect(res.body).toContain('<meta name="robots" content="noindex"/>');
      expect(pageData(res.body).router.errors).not.toBeNull();
    }
  });

  it("a logged-in user's page holds their own data only, is not indexed and is never kept by a shared cache", async () => {
    const [anna, ben] = await Promise.all([t.make.user(), t.make.user()]);
    const annaAgent = await t.loginAs(anna.email);
    const benAgent = await t.loginAs(ben.email);
    const cookieOf = (agent: typeof annaAgent) => agent.jar.getCookieStringSync('http://localhost/');
    const forAnna = await get('/user', cookieOf(annaAgent));
    const forBen = await get('/user', cookieOf(benAgent));
    for (const [res, own, other] of [
      [forAnna, anna, ben],
      [forBen, ben, anna],
    ] as const) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(String(res.headers.vary)).toContain('Cookie');
      expect(res.body).toContain('<meta name="robots" content="noindex"/>');
      expect(userOf(res.body)?.id).toBe(own.id);
      expect(res.body).toContain(own.email);
      expect(res.body).not.toContain(other.email);
    }
    // a guest role's page redirects a logged-in user away (the login page)
    const login = await get('/login', cookieOf(annaAgent));
    expect(login.statusCode).toBe(302);
    expect(login.headers.location).toBe('/');
  });

  it('escapes what users write everywhere the server renders it: body, title, meta, data', async () => {
    const owner = await t.make.user({ scopes: ['trainer'] });
    const title = `</script><script>alert(1)</script><img src=x onerror=alert(2)> "Q" & 'A' \u2028 $& $'`;
    const seminar = await seminarFixtures(t.app).seminar(owner.id, { title, isPublic: true });
    // the description as the seminar's routes store it: sanitized on the way in
    await t.app.database.db
      .update(seminars)
      .set({ description: sanitizeRichText(`<p>${title}</p><script>alert(3)</script>`) })
      .where(eq(seminars.id, seminar.id));
    const res = await get(`/seminar/${seminar.slug}`);
    expect(res.statusCode).toBe(200);
    // no markup of the title survives as markup
    expect(res.body).not.toContain('<script>alert(');
    expect(res.body).not.toContain('<img src=x');
    expect(res.body).toContain('&lt;/script&gt;&lt;script&gt;alert(1)');
    // every script element ends where the server ended it: data blocks hold no `</script>`
    for (const [, body] of res.body.matchAll(/<script[^>]*>(.*?)<\/script>/gs)) {
      expect(body).not.toMatch(/<\/?script/i);
    }
    // the page's data reads back as the title itself (no replacement pattern `$&` applied)
    expect(JSON.stringify(pageData(res.body).queries)).toContain(JSON.stringify(title).slice(1, -1));
  });
  it('every address of the sitemap answers 200 with itself as canonical, in its language, indexable', async () => {
    const owner = await t.make.user({ scopes: ['trainer'] });
    await seminarFixtures(t.app).seminar(owner.id, { title: 'In the sitemap', isPublic: true });
    const xml = (await get('/sitemap.xml')).body;
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
    expect(locs.length).toBeGreaterThanOrEqual(14);
    for (const loc of locs) {
      const url = loc.slice('https://learn.example.ch'.length) || '/';
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain(`<link rel="canonical" href="${loc}"/>`);
      expect(res.body, url).toContain(
        `<html lang="${url === '/en' || url.startsWith('/en/') ? 'en' : 'de'}">`,
      );
      expect(res.body, url).toMatch(
        /<link rel="alternate" hrefLang="x-default" href="https:\/\/learn\.example\.ch[^"]*"\/>/,
      );
      expect(res.body, url).toContain('<meta property="og:title"');
      expect(res.body, url).not.toContain('name="robots"');
    }
  });

  it("keeps a guest's page a moment, per consent cookie, and drops it at a change of what it shows", async () => {
    const owner = await t.make.user({ scopes: ['trainer'] });
    const seminar = await seminarFixtures(t.app).seminar(owner.id, { title: 'Kept page', isPublic: true });
    const url = `/seminar/${seminar.slug}`;
    const first = await get(url);
    expect(first.body).toContain('Kept page');
    // written past the seminars module (no change announced): the kept page still shows the old title
    await t.app.database.db
      .update(seminars)
      .set({ title: 'Renamed quietly' })
      .where(eq(seminars.id, seminar.id));
    const kept = await get(url);
    expect(kept.body).toContain('Kept page');
    expect(kept.headers.etag).toBe(first.headers.etag);
    // another consent cookie is another page: the banner closed
    const closed = `cookie_consent=${encodeURIComponent('{"cookies":false,"consentedRequired":true,"newAppInfo":false}')}`;
    const noBanner = await get(url, closed);
    expect(noBanner.body).toContain('Renamed quietly');
    expect(noBanner.body).not.toContain('new-app-banner');
    expect(kept.body).toContain('new-app-banner');
    // a logged-in visitor never gets a kept page, and their page is never kept for guests
    const reader = await t.make.user();
    const agent = await t.loginAs(reader.email);
    const theirs = await get(url, agent.jar.getCookieStringSync('http://localhost/'));
    expect(theirs.body).toContain('Renamed quietly');
    expect(userOf(theirs.body)?.id).toBe(reader.id);
    expect(userOf((await get(url)).body)).toBeNull();
    // a change through the seminars module drops the kept pages: hidden, the page is gone
    const trainer = await t.loginAs(owner.email);
    const hidden = await trainer.request({
      method: 'PATCH',
      url: '/api/seminars/tooglePublic',
      payload: { id: seminar.id },
    });
    expect(hidden.statusCode).toBe(200);
    expect((await get(url)).statusCode).toBe(404);
  });

  it("renders a learner's progress above the chapter menu on the server, so nothing moves the menu when the app arrives (issue 34)", async () => {
    const trainer = await t.make.user({ scopes: ['trainer'] });
    const student = await t.make.user();
    const { seminar, chapter } = await mcTestFixtures(t.app).bookedTest(trainer.id, [student.id]);
    const cookie = (await t.loginAs(student.email)).jar.getCookieStringSync('http://localhost/');
    for (const prefix of ['', '/en']) {
      const res = await get(`${prefix}/seminar/id/${seminar.id}/chapter/${chapter.id}/play`, cookie);
      expect(res.statusCode).toBe(200);
      const progress = res.body.indexOf('data-testid="chapter-menu-progress"');
      expect(progress, prefix).toBeGreaterThan(0);
      expect(progress).toBeLessThan(res.body.indexOf('data-testid="chapter-side-menu"'));
    }
  });

  it('renders every page route in both languages for a guest and an admin: 200 with its own title, a guard’s 302 or 404, never 500, <html lang> of the address, nothing logged', async () => {
    const trainer = await t.make.user({ scopes: ['trainer'] });
    const admin = await t.make.user({ scopes: ['admin'] });
    const student = await t.make.user();
    const company = await t.make.company();
    await t.make.member(company.id, trainer.id, true);
    const fx = seminarFixtures(t.app);
    const { seminar, chapter, test } = await mcTestFixtures(t.app).bookedTest(trainer.id, [student.id]);
    const sub = await fx.chapter(seminar.id, { parentId: chapter.id });
    const companySeminar = await fx.seminar(trainer.id, { isCompany: true, companyId: company.id });
    const join = await companyFixtures(t.app).memberInvitation(company.id, 'invited@example.test');
    /** a real id (or a name) for each parameter; optional parameters are left out */
    const values: Record<string, string> = {
      id: String(test.id),
      sid: String(seminar.id),
      cid: String(chapter.id),
      scid: String(sub.id),
      slug: seminar.slug,
      name: company.shortName,
      token: join.token,
      paymentId: 'tr_unknown',
      code: 'A'.repeat(24),
    };
    const fill = (route: string) => {
      const segments = route.split('/').map((segment) => {
        if (!segment.startsWith(':')) return segment;
        if (segment.endsWith('?')) return '';
        const name = segment.slice(1);
        if (route.startsWith('/user/') && name === 'slug') return student.username;
        if (route.startsWith('/company/:name/seminar/') && name === 'id') return String(companySeminar.id);
        if (route.startsWith('/admin/users/')) return String(student.id);
        if (route.startsWith('/admin/companies/')) return String(company.id);
        const value = values[name];
        if (!value) throw new Error(`no value for ${segment} of ${route}`);
        return value;
      });
      return segments.filter((segment, i) => i === 0 || segment !== '').join('/') || '/';
    };
    const adminCookie = (await t.loginAs(admin.email)).jar.getCookieStringSync('http://localhost/');
    const paths = [...PAGE_ROUTES, ...EXTRA_PAGE_ROUTES].map(fill);
    expect(new Set(paths).size).toBe(paths.length);

    /** what React logged while rendering: a boundary that failed on the server (the browser then
     * renders it again and reports React error #419) */
    const logged: unknown[][] = [];
    const errorSpy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      logged.push(args);
    });
    const problems: string[] = [];
    try {
      for (const [who, cookie] of [
        ['guest', undefined],
        ['admin', adminCookie],
      ] as const) {
        for (const lang of ['de', 'en'] as const) {
          for (const page of paths) {
            const url = lang === 'en' ? (page === '/' ? '/en' : `/en${page}`) : page;
            const before = logged.length;
            const res = await get(url, cookie);
            const where = `${who} ${url} (${res.statusCode})`;
            if (![200, 302, 404].includes(res.statusCode))
              problems.push(`${where}: status ${res.body.slice(0, 300)}`);
            if (logged.length > before)
              problems.push(`${where}: the render logged ${String(logged.slice(before).flat()[0])}`);
            if (res.statusCode === 302) continue;
            if (!res.body.includes(`<html lang="${lang}">`))
              problems.push(`${where}: not <html lang="${lang}">`);
            const title = /<title>([^<]*)<\/title>/.exec(res.body)?.[1];
            // the home page alone is titled by the app's name (the brand; PageHead title="")
            const home = page === '/';
            if (res.statusCode === 200 && (!title || (title === APP_NAME) !== home))
              problems.push(`${where}: title ${JSON.stringify(title)}`);
            // every boundary inline: one sent apart needs React's inline script, which the CSP blocks
            if (res.body.includes('<!--$?-->') || res.body.includes('<script>'))
              problems.push(`${where}: a Suspense boundary sent apart (pending in the HTML)`);
            // a style attribute is dropped by the CSP (style-src 'self') and not written again by hydration
            const styled = /<[a-z][^>]* style="[^"]*"/.exec(res.body)?.[0];
            if (styled) problems.push(`${where}: a style attribute: ${styled}`);
          }
        }
      }
    } finally {
      errorSpy.mockRestore();
    }
    expect(problems).toEqual([]);
  }, 120_000);
});

/** A build of index.html and a stand-in for the server's entry (its source), in a temporary folder. */
async function standInBuild(prefix: string, entry: string): Promise<string> {
  const dist = await mkdtemp(path.join(os.tmpdir(), prefix));
  await mkdir(path.join(dist, '.ssr'));
  await writeFile(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="de"><head><title>E-Learning</title></head><body><div id="root"></div></body></html>',
  );
  await writeFile(path.join(dist, '.ssr', 'entry-server.js'), entry);
  return dist;
}

describe('a page whose render fails', () => {
  let dist: string;
  let t: TestApp;

  beforeAll(async () => {
    dist = await standInBuild(
      'elearn-page-fail-',
      'export async function render() { throw new Error("the render broke"); }\n',
    );
    t = await buildTestApp({ webDist: dist });
  });

  afterAll(async () => {
    await t?.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('answers 500 with "an error occurred" in the language, never a 200 shell', async () => {
    for (const [url, text] of [
      ['/impress', 'Ein interner Fehler ist aufgetreten.'],
      ['/en/impress', 'An internal error occurred.'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(500);
      expect(res.body).toContain(text);
      expect(res.headers.link).toBeUndefined();
    }
  });
});

describe('the guest page cache with a stand-in render', () => {
  let dist: string;
  let t: TestApp;

  beforeAll(async () => {
    dist = await standInBuild(
      'elearn-page-kept-',
      `let n = 0;
export async function render({ url }) {
  n++;
  return { kind: 'page', status: 200, locale: 'de', head: '', body: '<p>render ' + n + '</p>', data: '{}',
    indexable: !url.includes('token'), forUser: url.includes('someone') };
}
`,
    );
    t = await buildTestApp({ webDist: dist });
  });

  afterAll(async () => {
    await t?.close();
    await rm(dist, { recursive: true, force: true });
  });

  it("keeps a guest's page, but never one the API rendered for someone, even when the request looked like a guest's", async () => {
    const body = async (url: string) =>
      (await t.app.inject({ method: 'GET', url })).body.match(/render \d+/)?.[0];
    const first = await body('/impress');
    expect(await body('/impress')).toBe(first);
    const mine = await body('/impress?someone');
    expect(await body('/impress?someone')).not.toBe(mine);
    // a page that is not the shop window's (a token's, a certificate's) is rendered each time
    const once = await body('/impress?token');
    expect(await body('/impress?token')).not.toBe(once);
  });
});
