/**
 * npm run bench: starts the real server on PGlite (and on PostgreSQL when BENCH_DATABASE_URL is
 * set) with generated data and measures routes with autocannon against a baseline route on the
 * same server that returns a fixed JSON body of the same size. Prints req/s, p99 and ratios,
 * the server's resident memory after the run and the time to start on an existing data directory.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { createScratchPostgres, openDatabase } from '../src/db/client.ts';
import { users } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { httpClient, startServerProcess } from '../src/test/server-process.ts';

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

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
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
  const [count] = await database.db.select({ n: sql<number>`count(*)::int` }).from(users);
  await database.close();
  return count?.n ?? 0;
}

async function run(label: 'PGlite' | 'PostgreSQL', databaseUrl?: string) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'elearn-bench-'));
  const userCount = await generate(databaseUrl, dataDir);
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    DEMO_DATA: '0',
    BENCH_BASELINE: '1',
    RATE_LIMIT_FACTOR: '100000',
    LOG_LEVEL: 'info',
    NODE_ENV: 'production',
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-00',
    APP_URL: 'http://localhost:3000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  let server = await startServerProcess(env);
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
  ];
  const rss = await rssMb(server.child.pid ?? 0);
  server.child.kill('SIGTERM');
  await server.exited;

  // time to start on the existing data directory (migrations already applied)
  const t0 = performance.now();
  server = await startServerProcess(env);
  const startMs = Math.round(performance.now() - t0);
  server.child.kill('SIGTERM');
  await server.exited;
  await rm(dataDir, { recursive: true, force: true });

  const base = results[0]!.rps;
  console.log(`\n## ${label} (${userCount} users, ${CONNECTIONS} connections, ${DURATION} s per route)`);
  console.log(`body sizes: /api/user ${userBody.length} B, baseline ${baseBody.length} B`);
  console.log('| route | req/s | p99 ms | ratio to baseline | errors |');
  console.log('|---|---:|---:|---:|---:|');
  for (const r of results) {
    console.log(
      `| ${r.name} | ${Math.round(r.rps)} | ${r.p99} | ${((r.rps / base) * 100).toFixed(1)} % | ${r.errors + r.non2xx} |`,
    );
  }
  console.log(`resident memory after the run: ${rss} MB; start on existing data: ${startMs} ms`);
  const ratio = (results[1]!.rps / base) * 100;
  const goal = label === 'PGlite' ? 10 : 20;
  console.log(
    `goal GET /api/user ≥ ${goal} % of baseline: ${ratio >= goal ? 'met' : 'NOT met'} (${ratio.toFixed(1)} %)`,
  );
  return ratio >= goal;
}

const ok: boolean[] = [];
ok.push(await run('PGlite'));
if (process.env.BENCH_DATABASE_URL) {
  const scratch = await createScratchPostgres(process.env.BENCH_DATABASE_URL);
  try {
    ok.push(await run('PostgreSQL', scratch.url));
  } finally {
    await scratch.drop();
  }
}
process.exitCode = ok.every(Boolean) ? 0 : 1;
