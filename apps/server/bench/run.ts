/**
 * npm run bench: starts the real server on PGlite (and on PostgreSQL when BENCH_DATABASE_URL is
 * set) with generated data and measures routes with autocannon against a baseline route on the
 * same server that returns a fixed JSON body of the same size. Prints req/s, p99 and ratios,
 * the server's resident memory after the run and the time to start on an existing data directory.
 * The server under test is the compiled bundle (`apps/server/dist/main.js`, built by `npm run
 * bench`), as in production; without it the TypeScript sources through tsx (said in the output).
 * `BENCH_ONLY=pglite` or `BENCH_ONLY=postgres` runs one database only; `BENCH_ONLY=privacy` only the data
 * export of a large account (in process, PGlite; also part of the PGlite run); `BENCH_ONLY=upload`
 * only the 500 MB upload through tus vs. multipart (bench/upload.ts); `BENCH_ONLY=items` and
 * `BENCH_ONLY=progress` run only that case on a scratch PostgreSQL database; `BENCH_ONLY=stop` only the
 * 200 concurrent stops, on PGlite and (with BENCH_DATABASE_URL) PostgreSQL; `BENCH_ONLY=saves` only
 * 200 learners saving answers at once (issue 37, bench/answer-saves.ts), likewise; `BENCH_ONLY=pages` only the
 * pages rendered for a guest with and without the page cache (issue 34), likewise; `BENCH_ONLY=learn`
 * only "Mein Lernen" of a learner with 30 seminars (issue 36, bench/learn.ts), likewise;
 * `BENCH_ONLY=team` only the company team view of 5,000 employees × 10 seminars and its export
 * (issue 36, bench/team.ts), likewise (the full run measures it on PostgreSQL); `BENCH_ONLY=reminders`
 * only the reminder run over 100,000 assignments (issue 36, bench/reminders.ts; PostgreSQL); `BENCH_ONLY=import`
 * only the import of a 2,000-question Moodle XML file (issue 37, bench/question-import.ts), on PGlite and
 * (with BENCH_DATABASE_URL) PostgreSQL; `BENCH_ONLY=drawn-start` only 500 learners starting a drawn exam
 * within 10 s (issue 37, bench/drawn-start.ts; PostgreSQL with BENCH_DATABASE_URL, also part of its full run);
 * `BENCH_ONLY=checkouts` only 200 paid checkouts whose webhooks arrive at once, and `BENCH_ONLY=invoice-pdf`
 * only the invoice PDF (issue 38, bench/commerce.ts; PostgreSQL with BENCH_DATABASE_URL, also part of its full run).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { createScratchPostgres, openDatabase } from '../src/db/client.ts';
import { chapterFiles, chapterLinks, chapters, enrolments, seminars, users } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { httpClient, startServerProcess } from '../src/test/server-process.ts';
import { measureSaves, printSaves } from './answer-saves.ts';
import { runCheckoutsBench, runInvoicePdfBench } from './commerce.ts';
import { runDrawnStartBench } from './drawn-start.ts';
import { generateItemBench, measureItemAnalysis, printItemAnalysis } from './item-analysis.ts';
import { countLearnQueries, generateLearnBench, printLearn } from './learn.ts';
import { generateMcTestBench, measureMcTests, measureStops, printMcTests, printStops } from './mc-tests.ts';
import { runPrivacyBench } from './privacy.ts';
import { generateProgressBench, measureProgress, printProgress } from './progress.ts';
import { runQuestionImportBench } from './question-import.ts';
import { runRemindersBench } from './reminders.ts';
import { ENTRY, login as loginOverHttp, rssMb, serverKind } from './support.ts';
import { generateTeamBench, measureTeam, printTeam } from './team.ts';
import { runUploadBench } from './upload.ts';

/** start on an existing data directory, PostgreSQL (issue 15) */
const START_TARGET_MS = 1500;

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const BENCH_PASSWORD = 'Bench-Passw0rd';

interface Result {
  name: string;
  rps: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function measure(name: string, url: string, headers: Record<string, string> = {}): Promise<Result> {
  // a short warm-up, then the measured run
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers });
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  return { name, rps: r.requests.average, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx };
}

async function generate(databaseUrl: string | undefined, dataDir: string) {
  const database = await openDatabase({ databaseUrl, dataDir });
  await database.migrate();
  const hash = await hashPassword(BENCH_PASSWORD);
  const rows = Array.from({ length: 2000 }, (_, i) => ({
    username: `gen${i}`,
    email: `gen${i}@example.test`,
    firstName: 'Gen',
    lastName: `User ${i}`,
    passwordHash: hash,
    emailVerifiedAt: new Date(),
  }));
  for (let i = 0; i < rows.length; i += 500) await database.db.insert(users).values(rows.slice(i, i + 500));
  await database.db.insert(users).values({
    username: 'benchuser',
    email: 'bench@example.test',
    firstName: 'Bench',
    lastName: 'User',
    passwordHash: hash,
    emailVerifiedAt: new Date('2026-01-01T00:00:00.000Z'),
  });
  const [bench] = await database.db.select().from(users).where(sql`${users.email} = 'bench@example.test'`);
  const [trainer] = await database.db
    .insert(users)
    .values({
      username: 'benchtrainer',
      email: 'bench-trainer@example.test',
      firstName: 'Bench',
      lastName: 'Trainer',
      passwordHash: hash,
      scopes: ['trainer'],
    })
    .returning();
  // 10,000 public seminars
  const t0 = Date.now() - 10_000 * 60_000;
  for (let i = 0; i < 10_000; i += 1000) {
    await database.db.insert(seminars).values(
      Array.from({ length: 1000 }, (_, k) => ({
        slug: `bench-seminar-${i + k}`,
        title: `Bench-Seminar ${i + k}`,
        description: `<p>Beschreibung ${i + k}: Lorem ipsum dolor sit amet.</p>`,
        currency: 'CHF',
        isPublic: true,
        ownerId: trainer!.id,
        createdAt: new Date(t0 + (i + k) * 60_000),
      })),
    );
  }
  // one booked seminar with 50 chapters of 5 media each (2 documents, 1 video, 2 links)
  const [play] = await database.db
    .insert(seminars)
    .values({
      slug: 'bench-play',
      title: 'Bench play',
      currency: 'CHF',
      isPublic: true,
      ownerId: trainer!.id,
    })
    .returning();
  const chapterRows = await database.db
    .insert(chapters)
    .values(
      Array.from({ length: 50 }, (_, i) => ({
        seminarId: play!.id,
        label: `Kapitel ${i + 1}`,
        content: `<p>Inhalt von Kapitel ${i + 1}</p>`,
        position: i,
        unlocked: 1,
      })),
    )
    .returning();
  const file = (chapterId: number, kind: 'doc' | 'video', n: number) => ({
    chapterId,
    kind,
    label: `${kind} ${n}`,
    originalName: `${kind}-${n}.${kind === 'doc' ? 'pdf' : 'mp4'}`,
    storagePath: `${kind}s/missing-${chapterId}-${n}`,
    mime: kind === 'doc' ? 'application/pdf' : 'video/mp4',
    size: 1000,
    sha256: '',
  });
  await database.db
    .insert(chapterFiles)
    .values(chapterRows.flatMap((c) => [file(c.id, 'doc', 1), file(c.id, 'doc', 2), file(c.id, 'video', 1)]));
  await database.db
    .insert(chapterLinks)
    .values(
      chapterRows.flatMap((c) =>
        [1, 2].map((n) => ({ chapterId: c.id, label: `Link ${n}`, url: `https://example.com/${n}` })),
      ),
    );
  // the bench user holds the played seminar through a free booking (a grant)
  await database.db.insert(enrolments).values({ seminarId: play!.id, userId: bench!.id, source: 'free' });
  const [count] = await database.db.select({ n: sql<number>`count(*)::int` }).from(users);
  await database.close();
  return { users: count?.n ?? 0, playId: play!.id };
}

/** the bench server's environment */
const serverEnv = (databaseUrl: string | undefined, dataDir: string): Record<string, string> => ({
  DATA_DIR: dataDir,
  DEMO_DATA: '0',
  BENCH_BASELINE: '1',
  RATE_LIMIT_FACTOR: '100000',
  LOG_LEVEL: 'info',
  NODE_ENV: 'production',
  SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-00',
  APP_URL: 'http://localhost:3000',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});

/**
 * statistics and visibility as autovacuum leaves them on a live database: right after bulk
 * inserts the planner knows nothing of the new rows and index-only scans cannot skip the heap
 */
async function vacuumAnalyze(databaseUrl: string | undefined, dataDir: string) {
  const analyzed = await openDatabase({ databaseUrl, dataDir });
  await analyzed.db.execute(sql.raw('vacuum analyze'));
  await analyzed.close();
}

/** `BENCH_ONLY=stop`: only the 200 concurrent stops, on PGlite and (with BENCH_DATABASE_URL) PostgreSQL */
async function runStopsOnly(label: 'PGlite' | 'PostgreSQL', databaseUrl?: string) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'elearn-bench-'));
  await generate(databaseUrl, dataDir);
  const mcData = await generateMcTestBench(databaseUrl, dataDir);
  await vacuumAnalyze(databaseUrl, dataDir);
  const server = await startServerProcess(serverEnv(databaseUrl, dataDir), ENTRY);
  try {
    console.log(`\n## ${label}: 200 concurrent stops only`);
    return printStops(await measureStops(server.base, mcData, BENCH_PASSWORD));
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** `BENCH_ONLY=saves`: only the answer saves of 200 learners at once (issue 37), on PGlite and PostgreSQL */
async function runSavesOnly(label: 'PGlite' | 'PostgreSQL', databaseUrl?: string) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'elearn-bench-'));
  await generate(databaseUrl, dataDir);
  const mcData = await generateMcTestBench(databaseUrl, dataDir);
  await vacuumAnalyze(databaseUrl, dataDir);
  const server = await startServerProcess(serverEnv(databaseUrl, dataDir), ENTRY);
  try {
    console.log(`\n## ${label}: 200 learners saving answers at once only`);
    return printSaves(await measureSaves(server.base, mcData, BENCH_PASSWORD), label);
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function run(label: 'PGlite' | 'PostgreSQL', databaseUrl?: string) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'elearn-bench-'));
  const { users: userCount, playId } = await generate(databaseUrl, dataDir);
  const mcData = await generateMcTestBench(databaseUrl, dataDir);
  // the item analysis case (issue 17) runs on PostgreSQL only
  const itemData = databaseUrl ? await generateItemBench(databaseUrl, dataDir, BENCH_PASSWORD) : null;
  // "Mein Lernen" of a learner with 30 seminars (issue 36)
  const learnData = await generateLearnBench(databaseUrl, dataDir, BENCH_PASSWORD);
  await vacuumAnalyze(databaseUrl, dataDir);
  const env = serverEnv(databaseUrl, dataDir);
  let server = await startServerProcess(env, ENTRY);
  const client = httpClient(server.base);
  const login = await client.post('/api/login', { email: 'bench@example.test', password: BENCH_PASSWORD });
  if (login.status !== 200) throw new Error(`bench login failed: ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const userBody = await (await fetch(`${server.base}/api/user`, { headers: { cookie } })).text();
  const baseBody = await (await fetch(`${server.base}/api/bench/baseline`)).text();

  const results = [
    await measure('baseline (fixed JSON, no DB)', `${server.base}/api/bench/baseline`),
    await measure('GET /api/user (logged in)', `${server.base}/api/user`, { cookie }),
    await measure('GET /api/seminars (page 1 of 10,000)', `${server.base}/api/seminars`),
    await measure(
      'GET /api/chapters/seminar-booked (50×5)',
      `${server.base}/api/chapters/seminar-booked/${playId}`,
      { cookie },
    ),
  ];
  // issue 34: pages rendered on the server for a guest, beside the JSON of the same data (the
  // guest page cache on, as configured by default; without it below)
  const pages = await measurePages(server.base, 'kept');
  const mc = await measureMcTests(server.base, mcData, BENCH_PASSWORD, measure);
  results.push(mc.history);
  const learnCookie = (await loginOverHttp(server.base, learnData.email, BENCH_PASSWORD)).cookie;
  const learn = await measure('GET /api/learn (30 seminars)', `${server.base}/api/learn`, {
    cookie: learnCookie,
  });
  const items =
    itemData && databaseUrl
      ? await measureItemAnalysis(server.base, databaseUrl, itemData, BENCH_PASSWORD)
      : null;
  const rss = await rssMb(server.child.pid ?? 0);
  server.child.kill('SIGTERM');
  await server.exited;
  pages.push(...(await measurePagesUncached(env)));

  // time to start on the existing data directory (migrations already applied): from spawning the
  // process to the first 200 of /api/health; the best of three (the machine is shared)
  const starts: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    server = await startServerProcess(env, ENTRY);
    starts.push(Math.round(performance.now() - t0));
    server.child.kill('SIGTERM');
    await server.exited;
  }
  const startMs = Math.min(...starts);
  await rm(dataDir, { recursive: true, force: true });

  const base = results[0]!.rps;
  console.log(
    `\n## ${label} (${userCount} users, 10,000 public seminars, ${CONNECTIONS} connections, ${DURATION} s per route)`,
  );
  console.log(`body sizes: /api/user ${userBody.length} B, baseline ${baseBody.length} B`);
  console.log('| route | req/s | p99 ms | ratio to baseline | errors |');
  console.log('|---|---:|---:|---:|---:|');
  for (const r of results) {
    console.log(
      `| ${r.name} | ${Math.round(r.rps)} | ${r.p99} | ${((r.rps / base) * 100).toFixed(1)} % | ${r.errors + r.non2xx} |`,
    );
  }
  console.log(
    `server: ${serverKind()}; resident memory after the run: ${rss} MB; start on existing data: ${startMs} ms (best of ${starts.join(', ')} ms)`,
  );
  // goals of the issues, as ratios to the baseline measured in the same run
  const goals = label === 'PGlite' ? [10, 5, 3] : [20, 15, 8];
  let allMet = true;
  goals.forEach((goal, i) => {
    const r = results[i + 1]!;
    const ratio = (r.rps / base) * 100;
    const met = ratio >= goal && r.errors + r.non2xx === 0;
    if (!met) allMet = false;
    console.log(`goal ${r.name} ≥ ${goal} % of baseline: ${met ? 'met' : 'NOT met'} (${ratio.toFixed(1)} %)`);
  });
  if (label === 'PostgreSQL') {
    const met = startMs <= START_TARGET_MS;
    if (!met) allMet = false;
    console.log(
      `goal start on an existing data directory ≤ ${START_TARGET_MS} ms: ${met ? 'met' : 'NOT met'} (${startMs} ms)`,
    );
  }
  if (!printPages(pages, base)) allMet = false;
  if (!printMcTests(mc, base, label)) allMet = false;
  // its statements are counted by BENCH_ONLY=learn and the API test (constant)
  if (!printLearn(label, learn, base, null)) allMet = false;
  if (items && !printItemAnalysis(items)) allMet = false;
  return allMet;
}

/** The catalogue's JSON and two pages rendered for a guest: the catalogue and a seminar's page. */
async function measurePages(base: string, how: string): Promise<Result[]> {
  const html = { accept: 'text/html', 'accept-encoding': 'br' };
  return [
    await measure('GET /api/seminars/catalogue (JSON, page 1 of 10,000)', `${base}/api/seminars/catalogue`),
    await measure(`GET /seminar (catalogue page 1, ${how})`, `${base}/seminar`, html),
    await measure(`GET /seminar/bench-play (50 chapters, ${how})`, `${base}/seminar/bench-play`, html),
  ];
}

/** `bench` on PGlite, then (with BENCH_DATABASE_URL) on a scratch PostgreSQL database */
async function onBothDatabases(
  bench: (label: 'PGlite' | 'PostgreSQL', databaseUrl?: string) => Promise<boolean>,
): Promise<boolean[]> {
  const results = [await bench('PGlite')];
  if (!process.env.BENCH_DATABASE_URL) return results;
  const scratch = await createScratchPostgres(process.env.BENCH_DATABASE_URL);
  try {
    results.push(await bench('PostgreSQL', scratch.url));
  } finally {
    await scratch.drop();
  }
  return results;
}

/** `BENCH_ONLY=pages`: only the pages rendered for a guest, with and without the page cache */
async function runPagesOnly(label: 'PGlite' | 'PostgreSQL', databaseUrl?: string) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'elearn-bench-'));
  try {
    await generate(databaseUrl, dataDir);
    await vacuumAnalyze(databaseUrl, dataDir);
    const env = serverEnv(databaseUrl, dataDir);
    const server = await startServerProcess(env, ENTRY);
    const base = await measure('baseline (fixed JSON, no DB)', `${server.base}/api/bench/baseline`);
    const pages = await measurePages(server.base, 'kept');
    server.child.kill('SIGTERM');
    await server.exited;
    pages.push(...(await measurePagesUncached(env)));
    console.log(`\n## ${label}: baseline ${Math.round(base.rps)} req/s, p99 ${base.p99} ms`);
    return printPages(pages, base.rps);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The two pages again on a server that renders every request (GUEST_PAGE_CACHE_MS=0). */
async function measurePagesUncached(env: Record<string, string>): Promise<Result[]> {
  const server = await startServerProcess({ ...env, GUEST_PAGE_CACHE_MS: '0' }, ENTRY);
  try {
    return (await measurePages(server.base, 'rendered each time')).slice(1);
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
  }
}

/** SSR ≥ 5 % of the baseline and p99 ≤ 100 ms for each rendered page (issue 34) */
const PAGE_GOAL = { ratio: 5, p99: 100 };

function printPages(pages: Result[], base: number): boolean {
  console.log('\n### Pages rendered on the server for a guest (issue 34)');
  console.log('| route | req/s | p99 ms | ratio to baseline | errors |');
  console.log('|---|---:|---:|---:|---:|');
  for (const r of pages) {
    console.log(
      `| ${r.name} | ${Math.round(r.rps)} | ${r.p99} | ${((r.rps / base) * 100).toFixed(1)} % | ${r.errors + r.non2xx} |`,
    );
  }
  let met = true;
  // the goal holds with the guest page cache (the issue allows it); without it is reported
  for (const r of pages.filter((page) => page.name.includes('kept'))) {
    const ratio = (r.rps / base) * 100;
    const ok = ratio >= PAGE_GOAL.ratio && r.p99 <= PAGE_GOAL.p99 && r.errors + r.non2xx === 0;
    if (!ok) met = false;
    console.log(
      `goal ${r.name} ≥ ${PAGE_GOAL.ratio} % of baseline, p99 ≤ ${PAGE_GOAL.p99} ms: ${ok ? 'met' : 'NOT met'} (${ratio.toFixed(1)} %, ${r.p99} ms)`,
    );
  }
  return met;
}

/** `BENCH_ONLY=learn`: only "Mein Lernen" of a learner with 30 seminars (issue 36), on PGlite and PostgreSQL */
async function runLearnOnly(label: 'PGlite' | 'PostgreSQL', databaseUrl?: string) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'elearn-bench-'));
  try {
    const database = await openDatabase({ databaseUrl, dataDir });
    await database.migrate();
    await database.close();
    const data = await generateLearnBench(databaseUrl, dataDir, BENCH_PASSWORD);
    await vacuumAnalyze(databaseUrl, dataDir);
    // counted in process before the server starts (PGlite's data directory has one user at a time)
    const queries = await countLearnQueries(databaseUrl, dataDir, data, BENCH_PASSWORD);
    const server = await startServerProcess(serverEnv(databaseUrl, dataDir), ENTRY);
    try {
      const { cookie } = await loginOverHttp(server.base, data.email, BENCH_PASSWORD);
      const base = await measure('baseline (fixed JSON, no DB)', `${server.base}/api/bench/baseline`);
      const learn = await measure('GET /api/learn (30 seminars)', `${server.base}/api/learn`, { cookie });
      console.log(
        `\n## ${label}: baseline ${Math.round(base.rps)} req/s, p99 ${base.p99} ms; ${serverKind()}`,
      );
      return printLearn(label, learn, base.rps, queries);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** `BENCH_ONLY=team`: only the company team view and its export (issue 36), on PGlite and PostgreSQL */
async function runTeamOnly(label: 'PGlite' | 'PostgreSQL', databaseUrl?: string) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'elearn-bench-'));
  try {
    const database = await openDatabase({ databaseUrl, dataDir });
    await database.migrate();
    await database.close();
    const t0 = performance.now();
    const data = await generateTeamBench(databaseUrl, dataDir, BENCH_PASSWORD);
    await vacuumAnalyze(databaseUrl, dataDir);
    console.error(`  team data generated in ${Math.round((performance.now() - t0) / 1000)} s`);
    const server = await startServerProcess(serverEnv(databaseUrl, dataDir), ENTRY);
    try {
      const { cookie } = await loginOverHttp(server.base, data.email, BENCH_PASSWORD);
      const r = await measureTeam(server.base, data, cookie, server.child.pid ?? 0, Math.min(DURATION, 10));
      console.log(`\n## ${label}: ${serverKind()}`);
      return printTeam(label, r);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** `BENCH_ONLY=items`: only the item analysis case, on a scratch PostgreSQL database */
async function runItemsOnly(databaseUrl: string) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'elearn-bench-'));
  const database = await openDatabase({ databaseUrl, dataDir });
  await database.migrate();
  await database.close();
  const data = await generateItemBench(databaseUrl, dataDir, BENCH_PASSWORD);
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    DEMO_DATA: '0',
    RATE_LIMIT_FACTOR: '100000',
    NODE_ENV: 'production',
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-00',
    APP_URL: 'http://localhost:3000',
    DATABASE_URL: databaseUrl,
  });
  try {
    console.log('\n## PostgreSQL: item analysis only');
    return printItemAnalysis(await measureItemAnalysis(server.base, databaseUrl, data, BENCH_PASSWORD));
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** `BENCH_ONLY=progress`: only the learning progress case (issue 16), on a scratch PostgreSQL database */
async function runProgressOnly(databaseUrl: string) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'elearn-bench-'));
  const database = await openDatabase({ databaseUrl, dataDir });
  await database.migrate();
  await database.close();
  const data = await generateProgressBench(databaseUrl, dataDir, BENCH_PASSWORD);
  const server = await startServerProcess(
    {
      DATA_DIR: dataDir,
      DEMO_DATA: '0',
      RATE_LIMIT_FACTOR: '100000',
      NODE_ENV: 'production',
      SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-00',
      APP_URL: 'http://localhost:3000',
      DATABASE_URL: databaseUrl,
    },
    ENTRY,
  );
  try {
    console.log('\n## PostgreSQL: learning progress only');
    return printProgress(await measureProgress(server.base, databaseUrl, data, BENCH_PASSWORD));
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    await rm(dataDir, { recursive: true, force: true });
  }
}

const ok: boolean[] = [];
if (process.env.BENCH_ONLY === 'privacy') {
  ok.push(await runPrivacyBench());
} else if (process.env.BENCH_ONLY === 'upload') {
  ok.push(await runUploadBench());
} else if (process.env.BENCH_ONLY === 'progress') {
  if (!process.env.BENCH_DATABASE_URL) throw new Error('BENCH_ONLY=progress needs BENCH_DATABASE_URL');
  const scratch = await createScratchPostgres(process.env.BENCH_DATABASE_URL);
  try {
    ok.push(await runProgressOnly(scratch.url));
  } finally {
    await scratch.drop();
  }
} else if (process.env.BENCH_ONLY === 'items') {
  if (!process.env.BENCH_DATABASE_URL) throw new Error('BENCH_ONLY=items needs BENCH_DATABASE_URL');
  const scratch = await createScratchPostgres(process.env.BENCH_DATABASE_URL);
  try {
    ok.push(await runItemsOnly(scratch.url));
  } finally {
    await scratch.drop();
  }
} else if (process.env.BENCH_ONLY === 'pages') {
  ok.push(...(await onBothDatabases(runPagesOnly)));
} else if (process.env.BENCH_ONLY === 'learn') {
  ok.push(...(await onBothDatabases(runLearnOnly)));
} else if (process.env.BENCH_ONLY === 'team') {
  ok.push(...(await onBothDatabases(runTeamOnly)));
} else if (process.env.BENCH_ONLY === 'reminders') {
  // issue 36: the reminder run over 100,000 assignments (PostgreSQL only)
  if (!process.env.BENCH_DATABASE_URL) throw new Error('BENCH_ONLY=reminders needs BENCH_DATABASE_URL');
  ok.push(await runRemindersBench(process.env.BENCH_DATABASE_URL));
} else if (process.env.BENCH_ONLY === 'import') {
  // issue 37: a 2,000-question Moodle XML file imported (bench/question-import.ts)
  ok.push(...(await runQuestionImportBench()));
} else if (process.env.BENCH_ONLY === 'stop') {
  ok.push(...(await onBothDatabases(runStopsOnly)));
} else if (process.env.BENCH_ONLY === 'saves') {
  ok.push(...(await onBothDatabases(runSavesOnly)));
} else if (process.env.BENCH_ONLY === 'drawn-start') {
  // issue 37: 500 learners starting a drawn exam within 10 s (bench/drawn-start.ts; PostgreSQL)
  ok.push(...(await runDrawnStartBench()));
} else if (process.env.BENCH_ONLY === 'checkouts') {
  // issue 38: 200 paid checkouts, their webhooks at once (bench/commerce.ts; PostgreSQL)
  ok.push(await runCheckoutsBench());
} else if (process.env.BENCH_ONLY === 'invoice-pdf') {
  // issue 38: the invoice PDF (bench/commerce.ts; PostgreSQL)
  ok.push(await runInvoicePdfBench());
} else if (process.env.BENCH_ONLY !== 'postgres') {
  ok.push(await run('PGlite'));
  // the data export of a large account (issue 19), in process
  if (!process.env.BENCH_ONLY) ok.push(await runPrivacyBench());
}
if (
  process.env.BENCH_DATABASE_URL &&
  process.env.BENCH_ONLY !== 'items' &&
  process.env.BENCH_ONLY !== 'privacy' &&
  process.env.BENCH_ONLY !== 'upload' &&
  process.env.BENCH_ONLY !== 'progress' &&
  process.env.BENCH_ONLY !== 'stop' &&
  process.env.BENCH_ONLY !== 'saves' &&
  process.env.BENCH_ONLY !== 'pages' &&
  process.env.BENCH_ONLY !== 'learn' &&
  process.env.BENCH_ONLY !== 'team' &&
  process.env.BENCH_ONLY !== 'reminders' &&
  process.env.BENCH_ONLY !== 'import' &&
  process.env.BENCH_ONLY !== 'drawn-start' &&
  process.env.BENCH_ONLY !== 'checkouts' &&
  process.env.BENCH_ONLY !== 'invoice-pdf' &&
  process.env.BENCH_ONLY !== 'pglite'
) {
  const scratch = await createScratchPostgres(process.env.BENCH_DATABASE_URL);
  try {
    ok.push(await run('PostgreSQL', scratch.url));
  } finally {
    await scratch.drop();
  }
  // the team view of 5,000 employees × 10 seminars (issue 36): its goal is PostgreSQL's
  const teamScratch = await createScratchPostgres(process.env.BENCH_DATABASE_URL);
  try {
    ok.push(await runTeamOnly('PostgreSQL', teamScratch.url));
  } finally {
    await teamScratch.drop();
  }
  // 500 learners starting a drawn exam within 10 s (issue 37): its goal is PostgreSQL's
  ok.push(...(await runDrawnStartBench()));
  // 200 paid checkouts at once and the invoice PDF (issue 38): their goals are PostgreSQL's
  ok.push(await runCheckoutsBench(), await runInvoicePdfBench());
}
process.exitCode = ok.every(Boolean) ? 0 : 1;
