/**
 * Size budgets of the web app's first load (issue 13), computed from a build: the files a page
 * fetches before it renders are those index.html names (entry script, module preloads,
 * stylesheet) plus the static-import closures of the page's layout, page module and language
 * catalog (its core and the parts the page names, issue 34) in Vite's manifest. Bytes are
 * counted as sent to a browser that accepts brotli: the precompressed `.br` file where the build
 * wrote one, else the file itself.
 * Used by web-budget.test.ts (CI) and `npm run bench:web`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const WEB_DIR = fileURLToPath(new URL('../../../web/', import.meta.url));

/**
 * Builds the web app into `outDir` (a production build: Preact, precompressed files, manifest).
 * Throws with Vite's output when the build fails.
 */
/** Builds the web app into `outDir`; returns what Vite printed at level `warn` (its warnings). */
export function buildWeb(outDir: string): string {
  const pkg = createRequire(path.join(WEB_DIR, 'package.json')).resolve('vite/package.json');
  const vite = path.join(path.dirname(pkg), 'bin', 'vite.js');
  const run = spawnSync(
    process.execPath,
    [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    {
      cwd: WEB_DIR,
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  if (run.status !== 0) throw new Error(`vite build failed (${run.status}):\n${run.stdout}\n${run.stderr}`);
  // the server's entry beside it, where the server looks for it (issue 34)
  const ssr = spawnSync(
    process.execPath,
    [
      vite,
      'build',
      '--ssr',
      'src/entry-server.tsx',
      '--outDir',
      path.join(outDir, '.ssr'),
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    { cwd: WEB_DIR, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } },
  );
  if (ssr.status !== 0)
    throw new Error(`vite build --ssr failed (${ssr.status}):\n${ssr.stdout}\n${ssr.stderr}`);
  return `${run.stdout}${run.stderr}${ssr.stdout}${ssr.stderr}`.trim();
}

/** Transferred bytes at most (issue 34: React DOM in production, 160 KB of JS). */
export const BUDGET = { js: 160_000, css: 30_000 } as const;

export interface BudgetPage {
  name: string;
  /** a path of this page for the browser (bench), with placeholders filled by the caller */
  path: string;
  layout: string;
  page: string;
  /** the page is measured logged in as the demo student (bench) */
  student?: boolean;
}

/** The pages of issues 13 and 34, by their layout and page module (source paths as in the manifest). */
export const BUDGET_PAGES: BudgetPage[] = [
  { name: 'home', path: '/', layout: 'hero-layout', page: 'src/app/routes/home.tsx' },
  { name: 'login', path: '/login', layout: 'no-auth-layout', page: 'src/app/routes/auth/login.tsx' },
  {
    name: 'seminar (public)',
    path: '/seminar/{slug}',
    layout: 'default-layout',
    page: 'src/app/routes/seminar/public.tsx',
  },
  {
    name: 'catalogue (guest)',
    path: '/seminar',
    layout: 'seminar-layout',
    page: 'src/app/routes/seminar/list.tsx',
  },
  {
    name: 'seminar list (student)',
    path: '/seminar',
    layout: 'seminar-layout',
    page: 'src/app/routes/seminar/list.tsx',
    student: true,
  },
  {
    name: 'chapter play (student)',
    path: '/seminar/id/{sid}/chapter/{cid}/play',
    layout: 'chapter-layout',
    page: 'src/app/routes/chapter/play.tsx',
    student: true,
  },
];

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

export function readManifest(dist: string): Manifest {
  return JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** Bytes on the wire for a browser that accepts brotli. */
export function transferredBytes(dist: string, file: string): number {
  const full = path.join(dist, file);
  return existsSync(`${full}.br`) ? statSync(`${full}.br`).size : statSync(full).size;
}

/** The files index.html makes the browser fetch: scripts, module preloads, stylesheets. */
export function htmlFiles(html: string): string[] {
  // what only a browser without scripts loads (noscript.css) is not the app's
  const app = html.replace(/<noscript>[\s\S]*?<\/noscript>/g, '');
  const refs = [...app.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="\/([^"]+)"[^>]*>/g)];
  return refs.map((m) => m[1] ?? '').filter((file) => /\.(?:js|css)$/.test(file));
}

function closure(manifest: Manifest, key: string, files: Set<string>, seen = new Set<string>()): void {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build's manifest`);
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, files, seen);
}

export interface PageWeight {
  name: string;
  js: number;
  css: number;
  files: string[];
}

/**
 * The UI catalog parts a page loads before it renders beyond the core (issue 34): its
 * `i18n: [...]` in the route table (apps/web/src/app/pages*.ts), read from the source.
 */
export function catalogPartsOf(page: BudgetPage): string[] {
  const module = `import('./${page.page.replace(/^src\/app\//, '').replace(/\.tsx?$/, '')}')`;
  for (const name of readdirSync(path.join(WEB_DIR, 'src/app')).filter((file) =>
    /^pages[\w.-]*\.ts$/.test(file),
  )) {
    const source = readFileSync(path.join(WEB_DIR, 'src/app', name), 'utf8');
    const entry = [...source.matchAll(/\{[^{}]*\}/g)].find((match) => match[0].includes(module))?.[0];
    if (!entry) continue;
    const parts = /\bi18n: \[([^\]]*)\]/.exec(entry)?.[1] ?? '';
    return [...parts.matchAll(/'([^']+)'/g)].map((match) => match[1] ?? '');
  }
  throw new Error(`${page.page} is not in the route table`);
}

/** The manifest key of a catalog part's file (apps/web/src/i18n/catalog.ts). */
export function catalogPartKey(part: string, locale: 'de' | 'en'): string {
  const [feature, sub] = part.split('/');
  if (!sub && existsSync(path.join(WEB_DIR, 'src/i18n', part))) return `src/i18n/${part}/${locale}.json`;
  return sub
    ? `src/features/${feature}/i18n/${sub}/${locale}.json`
    : `src/features/${feature}/i18n/${locale}.json`;
}

/** the app's module, which the entry of index.html imports after the first paint (issue 34) */
export const APP_MODULE = 'src/main.tsx';

/** The initial JS and CSS of one page in one language (the catalog's core and the page's parts). */
export function pageWeight(dist: string, page: BudgetPage, locale: 'de' | 'en' = 'de'): PageWeight {
  const manifest = readManifest(dist);
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const files = new Set(htmlFiles(html));
  const layoutKey = `src/app/layouts/${page.layout}.tsx`;
  const parts = catalogPartsOf(page).map((part) => catalogPartKey(part, locale));
  // index.html's entry (`boot.ts`) loads the app (`main.tsx`) right after the first paint
  const app = manifest[APP_MODULE] ? [APP_MODULE] : [];
  for (const key of ['index.html', ...app, layoutKey, page.page, `src/i18n/${locale}.ts`, ...parts])
    closure(manifest, key, files);
  const list = [...files].sort();
  const sum = (ext: string) =>
    list
      .filter((file) => file.endsWith(ext))
      .reduce((total, file) => total + transferredBytes(dist, file), 0);
  return { name: page.name, js: sum('.js'), css: sum('.css'), files: list };
}

/** Every file of the build, relative to `dist` (without the precompressed copies). */
export function distFiles(dist: string, dir = ''): string[] {
  return readdirSync(path.join(dist, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return entry.name === '.vite' ? [] : distFiles(dist, rel);
    return /\.(?:br|gz)$/.test(entry.name) ? [] : [rel];
  });
}

export const TEXT_FILE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map|vtt)$/;
