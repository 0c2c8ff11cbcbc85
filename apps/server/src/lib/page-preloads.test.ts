import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPagePreloads, firstPaintLinks, type PagePreloads } from './page-preloads.ts';

/** a build's manifest: the entry, both catalogs, the player's layout, page and catalog parts */
const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', imports: ['_shared-1.js'], css: ['assets/index-1.css'] },
  '_shared-1.js': { file: 'assets/shared-1.js' },
  '_catalog-1.js': { file: 'assets/catalog-1.js' },
  '_table-1.js': { file: 'assets/table-1.js', imports: ['_shared-1.js'], css: ['assets/table-1.css'] },
  'src/i18n/de.ts': { file: 'assets/de-1.js', imports: ['_catalog-1.js'] },
  'src/i18n/en.ts': { file: 'assets/en-1.js', imports: ['_catalog-1.js'] },
  'src/app/layouts/chapter-layout.tsx': { file: 'assets/chapter-layout-1.js', imports: ['_shared-1.js'] },
  'src/app/layouts/default-layout.tsx': { file: 'assets/default-layout-1.js', imports: ['_shared-1.js'] },
  'src/app/routes/seminar/public.tsx': { file: 'assets/public-1.js', imports: ['_table-1.js'] },
  'src/app/routes/chapter/play.tsx': {
    file: 'assets/play-1.js',
    imports: ['_shared-1.js', '_table-1.js'],
    css: ['assets/play-1.css'],
  },
  'src/features/mc-tests/i18n/learner/de.json': { file: 'assets/learner-de-1.js' },
  'src/features/mc-tests/i18n/learner/en.json': { file: 'assets/learner-en-1.js' },
  'src/features/progress/i18n/learner/de.json': { file: 'assets/progress-de-1.js' },
  'src/features/progress/i18n/learner/en.json': { file: 'assets/progress-en-1.js' },
};

/** the build's index.html: the entry, its stylesheet and the preloaded fonts, as Vite writes them */
const INDEX_HTML = `<!doctype html><html lang="de"><head>
<link rel="icon" type="image/svg+xml" href="/favicon.svg" />
<script type="module" crossorigin src="/assets/index-1.js"></script>
<link rel="modulepreload" crossorigin href="/assets/shared-1.js">
<link rel="stylesheet" crossorigin href="/assets/index-1.css">
<link rel="preload" as="font" type="font/woff2" href="/assets/sans-400-1.woff2" crossorigin="">
<link rel="preload" as="font" type="font/woff2" href="/assets/sans-700-1.woff2" crossorigin="">
<noscript><link rel="stylesheet" href="/noscript.css" /></noscript>
</head><body><div id="root"></div></body></html>`;
const FIRST_PAINT = [
  '</assets/index-1.css>; rel=preload; as=style; crossorigin',
  '</assets/sans-400-1.woff2>; rel=preload; as=font; type="font/woff2"; crossorigin',
  '</assets/sans-700-1.woff2>; rel=preload; as=font; type="font/woff2"; crossorigin',
];

describe('the first paint of index.html (its stylesheets and fonts as Link values)', () => {
  it("names the stylesheets and font preloads in the page's order, with each tag's CORS mode", () => {
    // the stylesheet of browsers without scripts is not the app's (it would be fetched for nothing)
    expect(firstPaintLinks(INDEX_HTML)).toEqual(FIRST_PAINT);
    expect(FIRST_PAINT.join()).not.toContain('noscript');
  });

  it('keeps a tag without crossorigin without it, and one with credentials with them', () => {
    // a preload in another CORS mode than the tag's is not used: the browser fetches twice
    expect(
      firstPaintLinks(
        '<link href="/a.css" rel="stylesheet"><link rel="stylesheet" crossorigin="use-credentials" href="/b.css">',
      ),
    ).toEqual([
      '</a.css>; rel=preload; as=style',
      '</b.css>; rel=preload; as=style; crossorigin=use-credentials',
    ]);
  });

  it('leaves out scripts, icons, other preloads and files of other origins', () => {
    expect(
      firstPaintLinks(
        [
          '<link rel="modulepreload" href="/a.js">',
          '<link rel="icon" href="/favicon.svg">',
          '<link rel="preload" as="image" href="/hero.png">',
          '<link rel="stylesheet" href="https://cdn.example.com/x.css">',
          '<link rel="stylesheet" href="//cdn.example.com/y.css">',
          '<script src="/b.js"></script>',
        ].join(''),
      ),
    ).toEqual([]);
    expect(firstPaintLinks('')).toEqual([]);
  });
});

describe('page preloads (Link header of the app pages)', () => {
  let preloads: PagePreloads;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'elearn-preloads-'));
    await mkdir(path.join(dist, '.vite'));
    await writeFile(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    await writeFile(path.join(dist, 'index.html'), INDEX_HTML);
    preloads = createPagePreloads(dist);
  });
  afterAll(() => rm(dist, { recursive: true, force: true }));
  const links = (pathname: string, user: { scopes: string[] } | null) =>
    preloads.forPage(pathname, user)?.split(', ') ?? [];

  it("names what the first paint waits for first, then the page language's catalog with its imports, for guests too", () => {
    expect(links('/login', null)).toEqual([
      ...FIRST_PAINT,
      '</assets/de-1.js>; rel=modulepreload',
      '</assets/catalog-1.js>; rel=modulepreload',
    ]);
    const catalog = (pathname: string) => links(pathname, null)[FIRST_PAINT.length];
    expect(catalog('/en')).toBe('</assets/en-1.js>; rel=modulepreload');
    expect(catalog('/en/seminar/demo')).toBe('</assets/en-1.js>; rel=modulepreload');
    // "/entry" is not English
    expect(catalog('/entry')).toBe('</assets/de-1.js>; rel=modulepreload');
    // a logged-in visitor's pages too; no API answer: the page brings its data (issue 34)
    expect(links('/seminar', { scopes: [] })).toEqual([
      ...FIRST_PAINT,
      '</assets/de-1.js>; rel=modulepreload',
      '</assets/catalog-1.js>; rel=modulepreload',
    ]);
  });

  it("names the player's chunks and styles, less what the entry loads anyway", () => {
    const play = links('/seminar/id/5/chapter/9/play', { scopes: [] });
    expect(play).toEqual([
      ...FIRST_PAINT,
      '</assets/de-1.js>; rel=modulepreload',
      '</assets/catalog-1.js>; rel=modulepreload',
      '</assets/chapter-layout-1.js>; rel=modulepreload',
      '</assets/play-1.js>; rel=modulepreload',
      '</assets/table-1.js>; rel=modulepreload',
      // the catalog parts the player shows (issue 34), in the page's language
      '</assets/learner-de-1.js>; rel=modulepreload',
      '</assets/progress-de-1.js>; rel=modulepreload',
      // as the app's preload helper adds them: `<link rel="stylesheet" crossorigin>`
      '</assets/play-1.css>; rel=preload; as=style; crossorigin',
      '</assets/table-1.css>; rel=preload; as=style; crossorigin',
    ]);
    // the entry's chunks come with index.html; its stylesheet only as the first paint's
    const chunks = play.slice(FIRST_PAINT.length).join();
    expect(chunks).not.toContain('shared-1.js');
    expect(chunks).not.toContain('index-1');
    const english = links('/en/seminar/id/5/chapter/9/play', { scopes: [] }).join();
    expect(english).toContain('learner-en-1.js');
    expect(english).not.toContain('learner-de-1.js');
    // a guest on the player's path gets the catalog only (the page asks them to log in)
    expect(links('/seminar/id/5/chapter/9/play', null)).toHaveLength(FIRST_PAINT.length + 2);
  });

  it('names nothing without a build', () => {
    const none = createPagePreloads(path.join(os.tmpdir(), 'no-such-dist'));
    expect(none.forPage('/login', null)).toBeNull();
    expect(none.forPage('/login', { scopes: [] })).toBeNull();
  });

  it("names a public seminar page's chunks when it is given the seminar's slug, for guests and users alike", () => {
    const page = [
      '</assets/default-layout-1.js>; rel=modulepreload',
      '</assets/public-1.js>; rel=modulepreload',
      '</assets/table-1.js>; rel=modulepreload',
      '</assets/table-1.css>; rel=preload; as=style; crossorigin',
    ];
    expect(preloads.forPage('/seminar/demo', null, 'demo')?.split(', ')).toEqual([
      ...FIRST_PAINT,
      '</assets/de-1.js>; rel=modulepreload',
      '</assets/catalog-1.js>; rel=modulepreload',
      ...page,
    ]);
    expect(
      preloads.forPage('/en/seminar/demo/', { scopes: [] }, 'demo')?.split(', ').slice(-page.length),
    ).toEqual(page);
    // without a slug, no seminar page
    expect(links('/seminar/demo', null).join()).not.toMatch(/slug|public-1/);
  });
});
