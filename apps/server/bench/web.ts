/**
 * npm run bench:web (issue 13): the front end's first load. Starts the compiled server (run
 * `npm run build` first; the npm script does) on a fresh data directory with the demo data, logs
 * the demo student in through the API, and runs Lighthouse 12 in its mobile and desktop modes on
 * the budget pages of `src/test/web-budget.ts` in German and English. The student's pages get the
 * session and XSRF cookies set in the browser before the run; guests come as first visitors (no
 * cookies, empty cache, so the cookie notice is part of their load). Prints scores, LCP, CLS, TBT
 * and the bytes transferred per page next to the budgets and the build's initial JS and CSS.
 *
 * BENCH_WEB_LOCALES=de (default de,en), BENCH_WEB_MODES=mobile (default mobile,desktop) and
 * BENCH_WEB_PAGES=play (words of the pages' names) make it shorter; BENCH_WEB_JSON=dir keeps each
 * Lighthouse report there. Chromium: CHROME_PATH, else /usr/bin/chromium.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type RunnerResult } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';
import { demoSlug } from '../src/seed/demo-seminars.ts';
import { DEMO_PASSWORD } from '../src/seed/seed.ts';
import { freePort, httpClient, startServerProcess } from '../src/test/server-process.ts';
import { BUDGET, BUDGET_PAGES, type BudgetPage, pageWeight, WEB_DIR } from '../src/test/web-budget.ts';

type Mode = 'mobile' | 'desktop';
type Locale = 'de' | 'en';

const COMPILED = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const DIST = path.join(WEB_DIR, 'dist');
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const list = <T extends string>(value: string | undefined, all: T[]): T[] =>
  value ? (value.split(',').filter((v) => (all as string[]).includes(v)) as T[]) : all;
const LOCALES = list<Locale>(process.env.BENCH_WEB_LOCALES, ['de', 'en']);
const MODES = list<Mode>(process.env.BENCH_WEB_MODES, ['mobile', 'desktop']);
/** BENCH_WEB_PAGES=play,home: only the budget pages whose name contains one of these words */
const PAGE_FILTER = (process.env.BENCH_WEB_PAGES ?? '').split(',').filter(Boolean);
const PAGES = BUDGET_PAGES.filter(
  (p) => PAGE_FILTER.length === 0 || PAGE_FILTER.some((w) => p.name.includes(w)),
);

/**
 * Below this `benchmarkIndex` Lighthouse's CLI warns that the host is slower than its default 4x
 * CPU slowdown assumes (lighthouse/core/gather/driver/environment.js): the simulated phone is
 * then slower than the mid-tier phone the scores are meant for (docs/throttling.md).
 */
const SLOW_HOST_INDEX = 1000;

/**
 * Goals: issue 34 for mobile (public pages ≥ 95 with LCP ≤ 1.8 s, a student's pages ≥ 90), issue
 * 13 for desktop (≥ 98); accessibility, best practices and SEO 100 everywhere.
 */
const GOALS = {
  performance: { mobile: { public: 95, student: 90 }, desktop: 98 },
  lcpPublic: 1800,
  other: 100,
} as const;
const perfGoalOf = (mode: Mode, student: boolean) =>
  mode === 'desktop' ? GOALS.performance.desktop : GOALS.performance.mobile[student ? 'student' : 'public'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

interface Row {
  page: string;
  /** measured logged in as the demo student (else a guest's public page) */
  student: boolean;
  locale: Locale;
  mode: Mode;
  /** Lighthouse's runtime error, when even the second run could not measure the page */
  error?: string;
  /** Lighthouse's measure of the host's CPU at the run (its `benchmarkIndex`) */
  cpu: number;
  /** the failing audits of accessibility, best practices and SEO */
  failing: string[];
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcp: number;
  cls: number;
  tbt: number;
  js: number;
  css: number;
  total: number;
  initialJs: number;
  initialCss: number;
}

interface Cookie {
  name: string;
  value: string;
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);

function localized(locale: Locale, pathname: string): string {
  if (locale === 'de') return pathname;
  return pathname === '/' ? '/en' : `/en${pathname}`;
}

async function studentSession(base: string) {
  const client = httpClient(base);
  const login = await client.post('/api/login', { email: 'student@example.com', password: DEMO_PASSWORD });
  if (login.status !== 200)
    throw new Error(`demo student login failed: ${login.status} ${await login.text()}`);
  const slug = demoSlug('intro');
  const seminar = (await (await client.get(`/api/seminars/slug/${slug}`)).json()) as { id: number };
  const chapters = (await (await client.get(`/api/chapters/seminar-booked/${seminar.id}`)).json()) as {
    id: number;
  }[];
  const chapter = chapters[0]?.id;
  if (!seminar.id || !chapter) throw new Error('the demo student has no booked seminar with a chapter');
  const cookies: Cookie[] = client
    .cookieHeader()
    .split('; ')
    .filter(Boolean)
    .map((pair) => {
      const i = pair.indexOf('=');
      return { name: pair.slice(0, i), value: pair.slice(i + 1) };
    });
  return { cookies, slug, seminarId: seminar.id, chapterId: chapter };
}

function fill(page: BudgetPage, ids: { slug: string; seminarId: number; chapterId: number }): string {
  return page.path
    .replace('{slug}', ids.slug)
    .replace('{sid}', String(ids.seminarId))
    .replace('{cid}', String(ids.chapterId));
}

function transfer(result: RunnerResult, type: 'script' | 'stylesheet' | 'total'): number {
  const details = result.lhr.audits['resource-summary']?.details as
    | { items?: { resourceType: string; transferSize: number }[] }
    | undefined;
  return details?.items?.find((item) => item.resourceType === type)?.transferSize ?? 0;
}

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'elearn-bench-web-'));
  // the demo data come from a development start (production never seeds them) ...
  const seeding = await startServerProcess(
    { DATA_DIR: dataDir, DEMO_DATA: '1', NODE_ENV: 'development' },
    COMPILED,
  );
  seeding.child.kill('SIGTERM');
  await seeding.exited;
  // ... then the server as users get it: production mode (React's production server build)
  const port = await freePort();
  const server = await startServerProcess(
    {
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      SESSION_SECRET: 'bench-web-secret-bench-web-secret-0000',
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_FACTOR: '1000',
    },
    COMPILED,
  );
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const rows: Row[] = [];
  try {
    const session = await studentSession(server.base);
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    /** One Lighthouse run in a fresh tab: no cookies, nothing cached; the student's cookies set. */
    const runOnce = async (url: string, student: boolean, mode: Mode) => {
      const page = await browser.newPage();
      const cdp = await page.createCDPSession();
      await cdp.send('Network.clearBrowserCache');
      await cdp.send('Network.clearBrowserCookies');
      await cdp.detach();
      if (student) {
        await browser.setCookie(
          ...session.cookies.map((c) => ({ ...c, domain: '127.0.0.1', path: '/', sameSite: 'Lax' as const })),
        );
      }
      const flags: Flags = {
        logLevel: 'error',
        output: 'json',
        onlyCategories: [...CATEGORIES],
        // keep the cookies just set (the cache was cleared above)
        disableStorageReset: true,
      };
      try {
        const result = await lighthouse(url, flags, mode === 'desktop' ? desktopConfig : undefined, page);
        if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
        return result;
      } finally {
        await page.close();
      }
    };
    for (const mode of MODES) {
      for (const locale of LOCALES) {
        for (const budgetPage of PAGES) {
          const url = `${server.base}${localized(locale, fill(budgetPage, session))}`;
          const label = `${mode} ${locale} ${budgetPage.name}`;
          let result = await runOnce(url, !!budgetPage.student, mode);
          // a run Lighthouse could not measure (e.g. NO_LCP on a starved machine) runs once more
          if (result.lhr.runtimeError) {
            console.error(`${label}: ${result.lhr.runtimeError.code}, once more`);
            result = await runOnce(url, !!budgetPage.student, mode);
          }
          const finalUrl = result.lhr.finalDisplayedUrl;
          if (new URL(finalUrl).pathname !== new URL(url).pathname)
            throw new Error(`${url} ended at ${finalUrl} (logged out?)`);
          const weight = pageWeight(DIST, budgetPage, locale);
          const lhr = result.lhr;
          const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
          const row: Row = {
            page: budgetPage.name,
            student: !!budgetPage.student,
            locale,
            mode,
            error: lhr.runtimeError?.code,
            cpu: lhr.environment.benchmarkIndex,
            failing: (['accessibility', 'best-practices', 'seo'] as const).flatMap((c) =>
              (lhr.categories[c]?.auditRefs ?? [])
                .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
                .map((ref) => `${c}/${ref.id}`),
            ),
            scores: Object.fromEntries(
              CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
            ) as Row['scores'],
            lcp: audit('largest-contentful-paint'),
            cls: audit('cumulative-layout-shift'),
            tbt: audit('total-blocking-time'),
            js: transfer(result, 'script'),
            css: transfer(result, 'stylesheet'),
            total: transfer(result, 'total'),
            initialJs: weight.js,
            initialCss: weight.css,
          };
          rows.push(row);
          if (process.env.BENCH_WEB_JSON) {
            const file = path.join(process.env.BENCH_WEB_JSON, `${label.replace(/[^\w]+/g, '-')}.json`);
            await writeFile(file, JSON.stringify(lhr));
          }
          console.error(`${label}: perf ${row.scores.performance}, LCP ${Math.round(row.lcp)} ms`);
        }
      }
    }
    await browser.disconnect();
  } finally {
    chrome.kill();
    server.child.kill('SIGTERM');
    await server.exited;
    await rm(dataDir, { recursive: true, force: true });
  }
  return report(rows);
}

function report(rows: Row[]): boolean {
  console.log(
    `\n## Web first load: Lighthouse 12 (${MODES.join(', ')}; ${LOCALES.join(', ')}), budgets JS ${kb(BUDGET.js)} KB, CSS ${kb(BUDGET.css)} KB`,
  );
  console.log(
    '| page | lang | mode | perf | a11y | best pr. | SEO | LCP ms | CLS | TBT ms | JS KB (initial) | CSS KB (initial) | all KB | host CPU |',
  );
  console.log('|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  let allMet = true;
  const misses: string[] = [];
  for (const r of rows) {
    const s = r.scores;
    console.log(
      `| ${r.page} | ${r.locale} | ${r.mode} | ${s.performance} | ${s.accessibility} | ${s['best-practices']} | ${s.seo} | ${Math.round(r.lcp)} | ${r.cls.toFixed(3)} | ${Math.round(r.tbt)} | ${kb(r.js)} (${kb(r.initialJs)}) | ${kb(r.css)} (${kb(r.initialCss)}) | ${kb(r.total)} | ${Math.round(r.cpu)}${r.cpu <= SLOW_HOST_INDEX ? ' (slow)' : ''} |`,
    );
    const perfGoal = perfGoalOf(r.mode, r.student);
    const label = `${r.page} (${r.locale}, ${r.mode})`;
    if (r.error) misses.push(`${label}: Lighthouse could not measure it (${r.error})`);
    if (s.performance < perfGoal) misses.push(`${label}: performance ${s.performance} < ${perfGoal}`);
    // a logged-in page is noindex by rule (issue 34 item 4): SEO's is-crawlable fails there on purpose
    for (const c of ['accessibility', 'best-practices', 'seo'] as const)
      if (
        s[c] < GOALS.other &&
        !(r.student && r.failing.filter((f) => f.startsWith(c)).join() === 'seo/is-crawlable')
      )
        misses.push(
          `${label}: ${c} ${s[c]} < ${GOALS.other} (${r.failing.filter((f) => f.startsWith(c)).join(', ')})`,
        );
    if (r.initialJs > BUDGET.js) misses.push(`${label}: initial JS ${r.initialJs} B > ${BUDGET.js} B`);
    if (r.initialCss > BUDGET.css) misses.push(`${label}: initial CSS ${r.initialCss} B > ${BUDGET.css} B`);
    if (r.cls > 0.05) misses.push(`${label}: CLS ${r.cls.toFixed(3)} > 0.05`);
    if (!r.student && r.mode === 'mobile' && r.lcp > GOALS.lcpPublic)
      misses.push(`${label}: LCP ${Math.round(r.lcp)} ms > ${GOALS.lcpPublic} ms`);
  }
  console.log(
    `goals: mobile performance ≥ ${GOALS.performance.mobile.public} on public pages (LCP ≤ ${GOALS.lcpPublic} ms) and ≥ ${GOALS.performance.mobile.student} on a student's, desktop ≥ ${GOALS.performance.desktop}, accessibility, best practices and SEO ${GOALS.other}, CLS ≤ 0.05, initial JS/CSS within budget`,
  );
  const slow = rows.filter((r) => r.cpu <= SLOW_HOST_INDEX).length;
  if (slow > 0)
    console.log(
      `host CPU: Lighthouse's benchmarkIndex, ${slow} of ${rows.length} runs at or below ${SLOW_HOST_INDEX} ("slow"): Lighthouse warns that its 4x CPU slowdown then simulates a slower phone than intended, so those scores are low for the host, not only for the page`,
    );
  if (misses.length) {
    allMet = false;
    console.log(`NOT met (${misses.length}):\n${misses.map((m) => `- ${m}`).join('\n')}`);
  } else console.log('all goals met');
  console.log(
    `load average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(', ')} (${os.cpus().length} cores)`,
  );
  return allMet;
}

process.exitCode = (await main()) ? 0 : 1;
