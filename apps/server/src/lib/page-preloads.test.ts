import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPagePreloads, type PagePreloads } from './page-preloads.ts';

/** a build's manifest: the entry, both catalogs, the player's layout and page */
const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', imports: ['_shared-1.js'], css: ['assets/index-1.css'] },
  '_shared-1.js': { file: 'assets/shared-1.js' },
  '_catalog-1.js': { file: 'assets/catalog-1.js' },
  '_table-1.js': { file: 'assets/table-1.js', imports: ['_shared-1.js'], css: ['assets/table-1.css'] },
  'src/i18n/de.ts': { file: 'assets/de-1.js', imports: ['_catalog-1.js'] },
  'src/i18n/en.ts': { file: 'assets/en-1.js', imports: ['_catalog-1.js'] },
  'src/app/layouts/chapter-layout.tsx': { file: 'assets/chapter-layout-1.js', imports: ['_shared-1.js'] },
  'src/app/routes/chapter/play.tsx': {
    file: 'assets/play-1.js',
    imports: ['_shared-1.js', '_table-1.js'],
    css: ['assets/play-1.css'],
  },
};

describe('page preloads (Link header of the app pages)', () => {
  let preloads: PagePreloads;
  beforeAll(async () => {
    const dist = await mkdtemp(path.join(os.tmpdir(), 'elearn-preloads-'));
    await mkdir(path.join(dist, '.vite'));
    await writeFile(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    preloads = createPagePreloads(dist);
  });
  const links = (pathname: string, user: { scopes: string[] } | null) =>
    preloads.forPage(pathname, user)?.split(', ') ?? [];

  it("names the page language's catalog with its imports, for guests too", () => {
    expect(links('/login', null)).toEqual([
      '</assets/de-1.js>; rel=modulepreload',
      '</assets/catalog-1.js>; rel=modulepreload',
    ]);
    expect(links('/en', null)[0]).toBe('</assets/en-1.js>; rel=modulepreload');
    expect(links('/en/seminar/demo', null)[0]).toBe('</assets/en-1.js>; rel=modulepreload');
    // "/entry" is not English
    expect(links('/entry', null)[0]).toBe('</assets/de-1.js>; rel=modulepreload');
  });

  it("names the player's chunks and styles, less what the entry loads anyway, and its API answers", () => {
    const play = links('/seminar/id/5/chapter/9/play', { scopes: [] });
    expect(play).toEqual([
      '</assets/de-1.js>; rel=modulepreload',
      '</assets/catalog-1.js>; rel=modulepreload',
      '</api/user>; rel=preload; as=fetch; crossorigin=use-credentials',
      '</api/seminars/5>; rel=preload; as=fetch; crossorigin=use-credentials',
      '</api/chapters?seminar_id=5>; rel=preload; as=fetch; crossorigin=use-credentials',
      '</api/chapters/seminar-booked/5>; rel=preload; as=fetch; crossorigin=use-credentials',
      '</assets/chapter-layout-1.js>; rel=modulepreload',
      '</assets/play-1.js>; rel=modulepreload',
      '</assets/table-1.js>; rel=modulepreload',
      '</assets/play-1.css>; rel=preload; as=style',
      '</assets/table-1.css>; rel=preload; as=style',
    ]);
    expect(play.join()).not.toContain('shared-1.js');
    expect(play.join()).not.toContain('index-1');
    // a guest on the player's path gets the catalog only (the page asks them to log in)
    expect(links('/seminar/id/5/chapter/9/play', null)).toHaveLength(2);
  });

  it('names nothing without a build manifest but the API answers', () => {
    const none = createPagePreloads(path.join(os.tmpdir(), 'no-such-dist'));
    expect(none.forPage('/login', null)).toBeNull();
    expect(none.forPage('/login', { scopes: [] })).toBe(
      '</api/user>; rel=preload; as=fetch; crossorigin=use-credentials',
    );
  });
});
