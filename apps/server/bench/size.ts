/**
 * npm run bench:size [-- --scales 0.1,1] [--seconds 3] [--out FILE] [--migrations-scale 0.1]
 *
 * The size bench (issue 39 item 2): on the generated PostgreSQL databases of two scales
 * (bench/dataset/generate.ts, generated first when missing), the p50 and p99 of every list,
 * report, search, history, item analysis, progress table, team view and export route, for its
 * first and its last page (autocannon, 2 connections, short runs: a latency bench), the growth
 * factor of the p99 between the scales, the server's resident memory growth during each export,
 * the start-up time on the largest database, and every migration's duration and the longest
 * time one of its statements held a lock that blocks reads (replayed on a copy of the database
 * of `--migrations-scale`, see migrationTimes). Prints markdown tables and writes a JSON file.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../src/db/client.ts';
import { httpClient, startServerProcess } from '../src/test/server-process.ts';
import { BENCH_PASSWORD, defaultBenchUrl, generateBenchData } from './dataset/generate.ts';
import { ROUTES, type Who } from './dataset/routes.ts';
import { ENTRY, quantile, rssKb, serverKind } from './support.ts';

const { values } = parseArgs({
  options: {
    scales: { type: 'string', default: '0.1,1' },
    seconds: { type: 'string', default: '3' },
    seed: { type: 'string', default: '1' },
    out: { type: 'string', default: path.join(os.tmpdir(), 'elearn-bench-size.json') },
    'migrations-scale': { type: 'string' },
    only: { type: 'string' },
  },
});
const SCALES = values.scales.split(',').map(Number);
const SECONDS = Number(values.seconds);
const SEED = Number(values.seed);
const CONNECTIONS = 2;

interface Figure {
  route: string;
  page: 'first' | 'last' | 'whole';
  path: string;
  status: number;
  p50: number;
  p99: number;
  /** exports: bytes of the answer and the server's resident memory growth during it (MB) */
  bytes?: number;
  rssGrowthMb?: number;
  total?: number;
  /** requests of the run that failed (timeout, error, not 2xx) */
  errors?: number;
}

async function latency(url: string, cookie: string) {
  const headers: Record<string, string> = cookie
    ? { cookie, accept: 'application/json' }
    : { accept: 'application/json' };
  await autocannon({ url, connections: 1, amount: 3, headers });
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  // a request that timed out (autocannon: 10 s) or answered other than 2xx is an error, and the
  // route fails its goal whatever its latency
  return {
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
    requests: r.requests.total,
  };
}

async function measureScale(scale: number) {
  const gen = await generateBenchData({
    scale,
    seed: SEED,
    databaseUrl: defaultBenchUrl(scale, SEED),
    log: (l) => console.error(`  [scale ${scale}] ${l}`),
  });
  const url = defaultBenchUrl(scale, SEED);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'elearn-bench-size-'));
  const env = {
    DATA_DIR: dataDir,
    DEMO_DATA: '0',
    RATE_LIMIT_FACTOR: '100000',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-00',
    APP_URL: 'http://localhost:3000',
    DATABASE_URL: url,
  };
  // start-up on the existing database: best of three
  const starts: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    const s = await startServerProcess(env, ENTRY);
    starts.push(Math.round(performance.now() - t0));
    s.child.kill('SIGTERM');
    await s.exited;
  }
  const server = await startServerProcess(env, ENTRY);
  const figures: Figure[] = [];
  try {
    const cookies: Record<Who, string> = { anon: '', admin: '', trainer: '', manager: '', student: '' };
    for (const who of ['admin', 'trainer', 'manager', 'student'] as const) {
      const client = httpClient(server.base);
      const res = await client.post('/api/login', { email: gen.handles[who], password: BENCH_PASSWORD });
      if (res.status !== 200) throw new Error(`login as ${gen.handles[who]} failed: ${res.status}`);
      cookies[who] = client.cookieHeader();
    }
    const only = values.only ? new RegExp(values.only, 'i') : null;
    for (const route of ROUTES) {
      if (only && !only.test(route.name)) continue;
      const p = route.path(gen.handles);
      const cookie = cookies[route.who];
      const first = await fetch(server.base + p, { headers: { cookie, accept: 'application/json' } });
      const body = Buffer.from(await first.arrayBuffer());
      if (route.kind === 'export') {
        const times: number[] = [];
        let growth = 0;
        for (let i = 0; i < 3; i++) {
          const before = await rssKb(server.child.pid!);
          let peak = before;
          const timer = setInterval(() => {
            rssKb(server.child.pid!).then(
              (kb) => {
                peak = Math.max(peak, kb);
              },
              () => undefined,
            );
          }, 10);
          const t0 = performance.now();
          const res = await fetch(server.base + p, { headers: { cookie } });
          await res.arrayBuffer();
          times.push(performance.now() - t0);
          clearInterval(timer);
          peak = Math.max(peak, await rssKb(server.child.pid!));
          growth = Math.max(growth, (peak - before) / 1024);
        }
        figures.push({
          route: route.name,
          page: 'whole',
          path: p,
          status: first.status,
          p50: Math.round(quantile(times, 0.5)),
          p99: Math.round(Math.max(...times)),
          bytes: body.length,
          rssGrowthMb: Math.round(growth * 10) / 10,
        });
        continue;
      }
      let lastPage = 1;
      let total: number | undefined;
      try {
        const json = JSON.parse(body.toString('utf8'));
        if (typeof json?.last_page === 'number') lastPage = json.last_page;
        if (typeof json?.total === 'number') total = json.total;
      } catch {
        // not JSON: measured as it is
      }
      const pages: ['first' | 'last', string][] = [['first', p]];
      if (route.kind === 'page' && lastPage > 1)
        pages.push(['last', `${p}${p.includes('?') ? '&' : '?'}page=${lastPage}`]);
      for (const [page, pathOf] of pages) {
        const l = await latency(server.base + pathOf, cookie);
        figures.push({
          route: route.name,
          page: route.kind === 'report' ? 'whole' : page,
          path: pathOf,
          status: first.status,
          errors: l.errors,
          p50: l.p50,
          p99: l.p99,
          total,
        });
      }
    }
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
    await rm(dataDir, { recursive: true, force: true });
  }
  return {
    scale,
    counts: gen.counts,
    generatedSeconds: gen.seconds,
    startMs: Math.min(...starts),
    starts,
    figures,
  };
}

/**
 * Every migration's duration and lock time, on a copy of a generated database. The database
 * holds the final schema, so each migration is replayed in a transaction that is rolled back,
 * after the objects it creates are dropped in the same transaction (what it would build on the
 * data of that size); a statement that cannot be replayed on the final schema (a column or table
 * that is gone) is listed as such. The time a statement holds an ACCESS EXCLUSIVE lock (which
 * blocks reads) on a table is its own duration when it takes one (ALTER TABLE, DROP, TRUNCATE,
 * CREATE TRIGGER and the like; CREATE INDEX takes SHARE and blocks writes only).
 */
async function migrationTimes(scale: number) {
  const source = new URL(defaultBenchUrl(scale, SEED));
  const copyName = `${source.pathname.slice(1)}_migrations`;
  const admin = new URL(source);
  admin.pathname = '/postgres';
  const a = new pg.Client({ connectionString: admin.toString() });
  await a.connect();
  await a.query(`drop database if exists "${copyName}" with (force)`);
  const t0 = performance.now();
  await a.query(`create database "${copyName}" template "${source.pathname.slice(1)}"`);
  const copySeconds = (performance.now() - t0) / 1000;
  const copy = new URL(source);
  copy.pathname = `/${copyName}`;
  const c = new pg.Client({ connectionString: copy.toString() });
  await c.connect();
  const rows: {
    migration: string;
    ms: number;
    readBlockingMs: number;
    statements: number;
    notReplayed: string[];
  }[] = [];
  try {
    const files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
    for (const file of files) {
      const text = await readFile(path.join(MIGRATIONS_DIR, file), 'utf8');
      const statements = text
        .split('--> statement-breakpoint')
        .map((s) => s.trim())
        .filter(Boolean);
      let ms = 0;
      let blocking = 0;
      const notReplayed: string[] = [];
      await c.query('begin');
      for (const [i, st] of statements.entries()) {
        await c.query(`savepoint s${i}`);
        try {
          for (const drop of dropsFor(st)) await c.query(drop);
          const t = performance.now();
          await c.query(st);
          const d = performance.now() - t;
          ms += d;
          if (takesAccessExclusive(st)) blocking = Math.max(blocking, d);
          await c.query(`release savepoint s${i}`);
        } catch (err) {
          await c.query(`rollback to savepoint s${i}`);
          notReplayed.push(`${firstLine(st)}: ${(err as Error).message}`);
        }
      }
      await c.query('rollback');
      rows.push({
        migration: file,
        ms: Math.round(ms),
        readBlockingMs: Math.round(blocking),
        statements: statements.length,
        notReplayed,
      });
    }
  } finally {
    await c.end();
    await a.query(`drop database if exists "${copyName}" with (force)`);
    await a.end();
  }
  return { scale, copySeconds: Math.round(copySeconds * 10) / 10, rows };
}

const firstLine = (st: string) =>
  st
    .split('\n')
    .find((l) => l.trim() && !l.trim().startsWith('--'))
    ?.trim()
    .slice(0, 80) ?? '';

/** drops of what a statement creates, so that it can be replayed on the final schema */
function dropsFor(st: string): string[] {
  const body = st
    .split('\n')
    .filter((l) => !l.trim().startsWith('--'))
    .join('\n');
  const drops: string[] = [];
  let m = /^\s*CREATE\s+(?:UNIQUE\s+)?INDEX\s+(?:IF NOT EXISTS\s+)?"?([\w]+)"?/i.exec(body);
  if (m) drops.push(`drop index if exists "${m[1]}"`);
  m = /^\s*CREATE\s+TABLE\s+(?:IF NOT EXISTS\s+)?"?([\w]+)"?/i.exec(body);
  if (m) drops.push(`drop table if exists "${m[1]}" cascade`);
  m = /^\s*CREATE\s+(?:OR REPLACE\s+)?FUNCTION\s+"?([\w]+)"?/i.exec(body);
  if (m) drops.push(`drop function if exists "${m[1]}" cascade`);
  m = /^\s*CREATE\s+TRIGGER\s+"?([\w]+)"?\s+.*?\bON\s+"?([\w]+)"?/is.exec(body);
  if (m) drops.push(`drop trigger if exists "${m[1]}" on "${m[2]}"`);
  m = /^\s*ALTER\s+TABLE\s+"?([\w]+)"?\s+ADD\s+CONSTRAINT\s+"?([\w]+)"?/i.exec(body);
  if (m) drops.push(`alter table "${m[1]}" drop constraint if exists "${m[2]}"`);
  m = /^\s*ALTER\s+TABLE\s+"?([\w]+)"?\s+ADD\s+COLUMN\s+"?([\w]+)"?/i.exec(body);
  if (m) drops.push(`alter table "${m[1]}" drop column if exists "${m[2]}" cascade`);
  return drops;
}

const takesAccessExclusive = (st: string) =>
  /^\s*(ALTER\s+TABLE|DROP\s+|TRUNCATE|CREATE\s+TRIGGER|LOCK\s+|VACUUM\s+FULL|CLUSTER|REINDEX)/im.test(
    st
      .split('\n')
      .filter((l) => !l.trim().startsWith('--'))
      .join('\n'),
  );

// -------------------------------------------------------------------------------------------------

const results = [];
for (const scale of SCALES) {
  console.error(`measuring scale ${scale} …`);
  results.push(await measureScale(scale));
}
const migrationsScale = Number(values['migrations-scale'] ?? SCALES[SCALES.length - 1]);
console.error(`migrations on a copy of scale ${migrationsScale} …`);
const migrations = values.only ? null : await migrationTimes(migrationsScale);

const [small, large] = [results[0]!, results[results.length - 1]!];
const key = (f: Figure) => `${f.route}|${f.page}`;
const smallBy = new Map(small.figures.map((f) => [key(f), f]));
let allMet = true;
const goal = (ok: boolean) => {
  if (!ok) allMet = false;
  return ok ? 'met' : '**NOT met**';
};

console.log(`\n## Size bench (seed ${SEED}; ${CONNECTIONS} connections, ${SECONDS} s per route and page)`);
console.log(`server: ${serverKind()}; PostgreSQL; scales ${SCALES.join(', ')}`);
for (const r of results) {
  console.log(
    `scale ${r.scale}: ${r.counts.users} users, ${r.counts.user_graduate_mctests} runs, ${(r.counts.chapter_users ?? 0) + (r.counts.video_progress ?? 0)} progress rows, ${r.counts.audit_log} audit entries (generated in ${r.generatedSeconds} s); start-up ${r.startMs} ms (${r.starts.join(', ')})`,
  );
}
console.log(
  `\n| route | page | total at ${large.scale} | p50 ${small.scale} | p99 ${small.scale} | p50 ${large.scale} | p99 ${large.scale} | growth p99 | RSS growth MB | goal |`,
);
console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---|');
for (const f of large.figures) {
  const s = smallBy.get(key(f));
  const growth = s && s.p99 > 0 ? f.p99 / s.p99 : Number.NaN;
  let ok = f.status === 200 && !f.errors;
  if (f.page === 'first') ok &&= f.p99 <= 150 && !(growth > 1.5);
  if (f.page === 'last') ok &&= f.p99 <= 250 && !(growth > 1.5);
  if (f.page === 'whole' && f.rssGrowthMb !== undefined) ok &&= f.rssGrowthMb <= 64 && !(growth > 12);
  if (f.page === 'whole' && f.rssGrowthMb === undefined) ok &&= f.p99 <= 250 && !(growth > 1.5);
  console.log(
    `| ${f.route}${f.status === 200 ? '' : ` (status ${f.status})`}${f.errors ? ` (${f.errors} failed: timeout or not 2xx)` : ''} | ${f.page} | ${f.total ?? (f.bytes ? `${Math.round(f.bytes / 1024)} KB` : '')} | ${s?.p50 ?? ''} | ${s?.p99 ?? ''} | ${f.p50} | ${f.p99} | ${Number.isFinite(growth) ? `${growth.toFixed(2)}×` : ''} | ${f.rssGrowthMb ?? ''} | ${goal(ok)} |`,
  );
}
console.log(
  `\nstart-up on the scale-${large.scale} database: ${large.startMs} ms (goal ≤ 2000 ms: ${goal(large.startMs <= 2000)})`,
);
if (migrations) {
  console.log(
    `\n### Migrations replayed on a copy of scale ${migrations.scale} (copy made in ${migrations.copySeconds} s)`,
  );
  console.log(
    '| migration | statements | duration ms | longest read-blocking lock ms | goal ≤ 1000 ms | not replayed |',
  );
  console.log('|---|---:|---:|---:|---|---|');
  for (const m of migrations.rows) {
    console.log(
      `| ${m.migration} | ${m.statements} | ${m.ms} | ${m.readBlockingMs} | ${goal(m.readBlockingMs <= 1000)} | ${m.notReplayed.length ? m.notReplayed.join('; ').replace(/\|/g, '/').slice(0, 300) : ''} |`,
    );
  }
}
await writeFile(values.out, JSON.stringify({ seed: SEED, results, migrations, allMet }, null, 2));
console.log(`\nfigures written to ${values.out}; all goals ${allMet ? 'met' : 'NOT met'}`);
process.exitCode = allMet ? 0 : 1;
