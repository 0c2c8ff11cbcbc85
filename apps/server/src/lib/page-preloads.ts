import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The `Link` header of an app page (issue 13): what its first render waits for, named before the
 * browser has parsed the HTML, so that it fetches those while the entry script loads instead of
 * one after the other (the entry, then the language's catalog, then the route's chunks, then
 * their API calls).
 * - every page, first: what its first paint waits for, as index.html names it: the stylesheets
 *   (render-blocking) and the preloaded fonts (Chromium holds the first paint for a preloaded
 *   font). Named ahead of every script, they take the first connections: otherwise the player's
 *   forty chunks, named here, held up the fonts and with them the server's first frame
 *   (session 12). Each carries the CORS mode of the tag it stands for, or the browser would
 *   fetch the file a second time;
 * - every page: the active language's catalog (the entry imports it by language, at run time);
 * - a logged-in visitor: `GET /api/user`, which every page of a session asks first;
 * - the chapter player: its layout's and page's chunks and styles and its catalog parts (issue
 *   34), and the API answers its first render waits for (the seminar, its side menu and, for a
 *   learner, the playable tree: `prefetch` in the web app's `routes/chapter/play.tsx`);
 * - a public seminar page (`/seminar/{slug}`, for guests too; the caller names the slug, as
 *   `seminarSlugOfPage` read it to find the seminar): its layout's and page's chunks and the
 *   seminar by its slug, whose description is the page's largest text (session 12: it came after
 *   the chunks, which the router asks for only once the entry runs, then the API).
 * The chunks come from the build's manifest (`.vite/manifest.json`), the styles and fonts from its
 * index.html; without them (no web build, tests) only the API answers are named.
 */
export interface PagePreloads {
  /** the header value for `pathname` (null: nothing to name); `seminarSlug` on a public seminar's page */
  forPage(
    pathname: string,
    user: { scopes: readonly string[] } | null,
    seminarSlug?: string | null,
  ): string | null;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const PLAY_PAGE = /^(?:\/en)?\/seminar\/id\/(\d{1,9})\/chapter\/\d{1,9}\/play\/?$/;
const PLAY_MODULES = ['src/app/layouts/chapter-layout.tsx', 'src/app/routes/chapter/play.tsx'];
const PUBLIC_SEMINAR_MODULES = ['src/app/layouts/default-layout.tsx', 'src/app/routes/seminar/public.tsx'];
const catalogModule = (locale: 'de' | 'en') => `src/i18n/${locale}.ts`;
/** the catalog parts the player names (its `i18n` in the web app's `app/pages.ts`, issue 34) */
const playParts = (locale: 'de' | 'en') => [
  `src/features/mc-tests/i18n/learner/${locale}.json`,
  `src/features/progress/i18n/learner/${locale}.json`,
];

const modulePreload = (file: string) => `</${file}>; rel=modulepreload`;
/** the chunks' styles: the app's preload helper adds them as `<link crossorigin>` */
const stylePreload = (file: string) => `</${file}>; rel=preload; as=style; crossorigin`;

const LINK_TAG = /<link\b[^>]*>/g;
const ATTRIBUTE = /([\w-]+)(?:="([^"]*)")?/g;

/**
 * The files index.html's first paint waits for, as `Link` values: its stylesheets and its font
 * preloads, in its order, each with the tag's `crossorigin` (a preload of another CORS mode is
 * not used).
 */
export function firstPaintLinks(html: string): string[] {
  const links: string[] = [];
  // what only a browser without scripts loads is no part of the app's first paint
  for (const [tag] of html.replace(/<noscript>[\s\S]*?<\/noscript>/g, '').matchAll(LINK_TAG)) {
    const attrs = new Map(
      [...tag.slice(5).matchAll(ATTRIBUTE)].map((m) => [m[1]!.toLowerCase(), m[2] ?? '']),
    );
    const href = attrs.get('href');
    if (!href?.startsWith('/') || href.startsWith('//')) continue;
    const rel = attrs.get('rel');
    const as =
      rel === 'stylesheet' ? 'style' : rel === 'preload' && attrs.get('as') === 'font' ? 'font' : null;
    if (!as) continue;
    const mode = attrs.get('crossorigin');
    links.push(
      [
        `<${href}>; rel=preload; as=${as}`,
        ...(attrs.has('type') ? [`type="${attrs.get('type')}"`] : []),
        ...(mode === undefined
          ? []
          : [mode === 'use-credentials' ? 'crossorigin=use-credentials' : 'crossorigin']),
      ].join('; '),
    );
  }
  return links;
}

function readBuildFile(webDist: string | undefined, ...name: string[]): string | null {
  if (!webDist) return null;
  const file = path.join(webDist, ...name);
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}

export function createPagePreloads(webDist: string | undefined): PagePreloads {
  const manifestText = readBuildFile(webDist, '.vite', 'manifest.json');
  const manifest = manifestText ? (JSON.parse(manifestText) as Manifest) : null;
  const firstPaint = firstPaintLinks(readBuildFile(webDist, 'index.html') ?? '');
  /** the chunks and styles `keys` load, with their static imports, less what the entry loads anyway */
  const closure = (keys: string[], skip: Set<string>) => {
    const js = new Set<string>();
    const css = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest?.[key];
      if (!chunk || skip.has(chunk.file) || js.has(chunk.file)) return;
      js.add(chunk.file);
      for (const c of chunk.css ?? []) css.add(c);
      for (const i of chunk.imports ?? []) visit(i);
    };
    for (const k of keys) visit(k);
    return { js: [...js], css: [...css] };
  };
  const entry = closure(['index.html'], new Set());
  const loaded = new Set([...entry.js, ...entry.css]);
  const links = (keys: string[]) => {
    if (!manifest) return [];
    const c = closure(keys, loaded);
    return [...c.js.map(modulePreload), ...c.css.filter((f) => !loaded.has(f)).map(stylePreload)];
  };
  const catalog = { de: links([catalogModule('de')]), en: links([catalogModule('en')]) };
  const play = {
    de: links([...PLAY_MODULES, ...playParts('de')]),
    en: links([...PLAY_MODULES, ...playParts('en')]),
  };
  const publicSeminar = links(PUBLIC_SEMINAR_MODULES);

  return {
    forPage(pathname, user, seminarSlug = null) {
      const locale = pathname === '/en' || pathname.startsWith('/en/') ? 'en' : 'de';
      const out = [...firstPaint, ...catalog[locale]];
      // the page's API answers come in the page itself (issue 34): only its modules are named
      if (user && PLAY_PAGE.test(pathname)) out.push(...play[locale]);
      if (seminarSlug !== null) out.push(...publicSeminar);
      return out.length > 0 ? out.join(', ') : null;
    },
  };
}
