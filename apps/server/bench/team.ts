/**
 * Benchmark of the company's team view (issue 36 item 7): one company of 5,000 employees, each
 * assigned 10 seminars (50,000 assignments: 8 chapters and a test per seminar, done marks, test
 * runs, completions and due dates spread over every state). Measures the first and the last page
 * of `GET /api/companies/{id}/team` (autocannon, p99; goal ≤ 150 ms on PostgreSQL), a filtered
 * page, and the export of all 50,000 rows three times with the server's resident memory watched
 * (goal: growth < 50 MB, the largest of the three, the first after the start included). `BENCH_ONLY=team` (bench/run.ts) runs it on PGlite and, with
 * BENCH_DATABASE_URL, on a scratch PostgreSQL database; the goal is PostgreSQL's.
 */

import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { openDatabase } from '../src/db/client.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { quantile, rssKb } from './support.ts';

export const TEAM_EMPLOYEES = 5000;
export const TEAM_SEMINARS = 10;
const MANAGER = 'bench-team-manager@example.test';
export const TEAM_GOAL = { p99: 150, rssMb: 50 };

export interface TeamBenchData {
  email: string;
  companyId: number;
  rows: number;
}

/** Writes the company, its manager, 5,000 employees, 10 seminars and their progress (SQL, set-wise). */
export async function generateTeamBench(
  databaseUrl: string | undefined,
  dataDir: string,
  password: string,
): Promise<TeamBenchData> {
  const database = await openDatabase({ databaseUrl, dataDir });
  const db = database.db;
  const run = (q: string) => db.execute(sql.raw(q));
  try {
    const hash = await hashPassword(password);
    const one = async (q: string) =>
      Number(((await run(q)) as unknown as { rows: { v: number }[] }).rows[0]!.v);
    const trainer =
      await one(`insert into users (username, email, first_name, last_name, password_hash, scopes, email_verified_at)
      values ('benchteamtrainer', 'bench-team-trainer@example.test', 'Bench', 'Trainer', '${hash}', '{trainer}', now()) returning id as v`);
    const manager =
      await one(`insert into users (username, email, first_name, last_name, password_hash, scopes, email_verified_at)
      values ('benchteammanager', '${MANAGER}', 'Bench', 'Manager', '${hash}', '{corporateTraining}', now()) returning id as v`);
    const company = await one(
      `insert into companies (name, short_name) values ('Bench Team AG', 'bench-team') returning id as v`,
    );
    await run(
      `insert into company_users (company_id, user_id, manager) values (${company}, ${manager}, true)`,
    );
    // employees: names from small lists, so that many share a last name (the sort's ties)
    await run(`create temp table bt_users as
      with ins as (
        insert into users (username, email, first_name, last_name, password_hash, email_verified_at)
        select 'bt' || g, 'bt' || g || '@team.bench.test',
          (array['Anna','Beat','Carla','Daniel','Eva','Fritz','Gabi','Hans','Iris','Jonas'])[1 + g % 10],
          (array['Meier','Müller','Schmid','Keller','Weber','Huber','Frei','Brunner','Gerber','Baumann'])[1 + (g / 10) % 10]
            || ' ' || (g % 500),
          '${hash}', now()
        from generate_series(1, ${TEAM_EMPLOYEES}) g returning id)
      select id, row_number() over (order by id) as n from ins`);
    await run(`insert into company_users (company_id, user_id) select ${company}, id from bt_users`);
    await run(`create temp table bt_seminars as
      with ins as (
        insert into seminars (slug, title, currency, is_public, owner_id)
        select 'bench-team-' || s, 'Team-Seminar ' || s, 'CHF', true, ${trainer}
        from generate_series(1, ${TEAM_SEMINARS}) s returning id)
      select id, row_number() over (order by id) as n from ins`);
    await run(`insert into chapters (seminar_id, label, position, unlocked)
      select s.id, 'Kapitel ' || c, c, 1 from bt_seminars s cross join generate_series(1, 8) c`);
    await run(`insert into mc_tests (owner_id, label, percent_to_accomplish, enabled, chapter_id)
      select ${trainer}, 'Test ' || s.n, 50, 1,
        (select min(c.id) from chapters c where c.seminar_id = s.id) from bt_seminars s`);
    await run(`insert into company_bookings (company_id, seminar_id, booked_by, status, price, currency, granted_at)
      select ${company}, id, ${manager}, 'free', 0, 'CHF', now() from bt_seminars`);
    // every employee holds all 10; due dates: a fifth none, then overdue, soon, later
    await run(`insert into enrolments (seminar_id, user_id, source, company_booking_id, company_id, granted_by, granted_at, due_at)
      select s.id, u.id, 'company', cb.id, ${company}, ${manager}, now() - interval '30 days',
        case (u.n + s.n) % 5 when 0 then null when 1 then now() - interval '3 days'
          when 2 then now() + interval '3 days' else now() + interval '40 days' end
      from bt_users u cross join bt_seminars s
      join company_bookings cb on cb.company_id = ${company} and cb.seminar_id = s.id`);
    // progress: the first (u + s) % 9 chapters done (8 = all); a finished run for half the pairs
    await run(`insert into chapter_users (chapter_id, user_id, done_at)
      select c.id, u.id, now() - (c.position || ' hours')::interval
      from bt_users u cross join bt_seminars s join chapters c on c.seminar_id = s.id
      where c.position <= (u.n + s.n) % 9`);
    await run(`insert into user_graduate_mctests (mc_test_id, user_id, mode, started_at, stopped_at, achieved_percent, accomp, snapshot)
      select t.id, u.id, 'exam', now() - interval '2 days', now() - interval '2 days', (u.n * 7 + s.n) % 101,
        (u.n * 7 + s.n) % 101 >= 50, '{"mode":"exam","percentToAccomplish":50,"label":"Test","questions":[]}'::jsonb
      from bt_users u cross join bt_seminars s join chapters c on c.seminar_id = s.id and c.position = 1
      join mc_tests t on t.chapter_id = c.id
      where (u.n + s.n) % 2 = 0`);
    await run(`insert into seminar_completions (user_id, seminar_id, completed_at)
      select u.id, s.id, now() - interval '1 day' from bt_users u cross join bt_seminars s
      where (u.n + s.n) % 9 = 8 and (u.n + s.n) % 2 = 0 and (u.n * 7 + s.n) % 101 >= 50`);
    await run('analyze');
    return { email: MANAGER, companyId: company, rows: TEAM_EMPLOYEES * TEAM_SEMINARS };
  } finally {
    await database.close();
  }
}

async function latency(url: string, cookie: string, seconds: number) {
  const headers = { cookie, accept: 'application/json' };
  await autocannon({ url, connections: 1, amount: 5, headers });
  const r = await autocannon({ url, connections: 4, duration: seconds, headers });
  return {
    p50: r.latency.p50,
    p99: r.latency.p99,
    rps: r.requests.average,
    errors: r.errors + r.timeouts + r.non2xx,
  };
}

/** the export's time, bytes, rows read back and the server's resident memory growth (peak − before) */
async function measureExport(base: string, path: string, cookie: string, pid: number) {
  const before = await rssKb(pid);
  let peak = before;
  const timer = setInterval(() => {
    rssKb(pid).then(
      (kb) => {
        peak = Math.max(peak, kb);
      },
      () => undefined,
    );
  }, 10);
  const t0 = performance.now();
  const res = await fetch(base + path, { headers: { cookie } });
  const body = Buffer.from(await res.arrayBuffer());
  const ms = performance.now() - t0;
  clearInterval(timer);
  peak = Math.max(peak, await rssKb(pid));
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  return {
    status: res.status,
    ms: Math.round(ms),
    bytes: body.length,
    rows: (wb.worksheets[0]?.rowCount ?? 1) - 1,
    rssGrowthMb: Math.round(((peak - before) / 1024) * 10) / 10,
  };
}

export async function measureTeam(
  base: string,
  data: TeamBenchData,
  cookie: string,
  pid: number,
  seconds: number,
) {
  const team = `/api/companies/${data.companyId}/team`;
  const first = await latency(`${base}${team}`, cookie, seconds);
  const last = await latency(`${base}${team}?last=1`, cookie, seconds);
  const filtered = await latency(`${base}${team}?state=overdue&q=meier`, cookie, seconds);
  const firstPage = (await (await fetch(`${base}${team}`, { headers: { cookie } })).json()) as {
    total: number;
  };
  // the export three times, the largest growth counts
  const exports = [];
  for (let i = 0; i < 3; i++) exports.push(await measureExport(base, `${team}/export`, cookie, pid));
  return { first, last, filtered, total: firstPage.total, exports };
}

/** prints the figures and answers whether the goals hold (p99 on PostgreSQL; memory on both) */
export function printTeam(label: string, r: Awaited<ReturnType<typeof measureTeam>>): boolean {
  console.log(
    `\n### ${label}: team view of ${TEAM_EMPLOYEES.toLocaleString('en')} employees × ${TEAM_SEMINARS} seminars (${r.total.toLocaleString('en')} rows, issue 36)`,
  );
  console.log('| route | req/s | p50 ms | p99 ms | errors |\n|---|---:|---:|---:|---:|');
  for (const [name, f] of [
    ['GET team, first page (20)', r.first],
    ['GET team, last page (last=1)', r.last],
    ['GET team, overdue + search', r.filtered],
  ] as const) {
    console.log(`| ${name} | ${Math.round(f.rps)} | ${f.p50} | ${f.p99} | ${f.errors} |`);
  }
  const e = r.exports.reduce((a, b) => (b.rssGrowthMb > a.rssGrowthMb ? b : a));
  const times = r.exports.map((x) => x.ms);
  console.log(
    `export: ${e.rows.toLocaleString('en')} rows, ${Math.round(e.bytes / 1024)} KB, ${quantile(times, 0.5)} ms (median of ${times.join(', ')}), resident memory growth ${e.rssGrowthMb} MB (largest of ${r.exports.map((x) => x.rssGrowthMb).join(', ')})`,
  );
  const pageOk = label !== 'PostgreSQL' || (r.first.p99 <= TEAM_GOAL.p99 && r.last.p99 <= TEAM_GOAL.p99);
  const errorsOk = r.first.errors + r.last.errors + r.filtered.errors === 0;
  const exportOk =
    r.exports.every((x) => x.status === 200 && x.rows === r.total) && e.rssGrowthMb < TEAM_GOAL.rssMb;
  console.log(
    `goal first and last page p99 ≤ ${TEAM_GOAL.p99} ms${label === 'PostgreSQL' ? '' : ' (PostgreSQL; reported here)'}: ${pageOk && errorsOk ? 'met' : 'NOT met'} (${r.first.p99} / ${r.last.p99} ms)`,
  );
  console.log(
    `goal export of every row with resident memory growth < ${TEAM_GOAL.rssMb} MB: ${exportOk ? 'met' : 'NOT met'} (${e.rssGrowthMb} MB)`,
  );
  return pageOk && errorsOk && exportOk;
}
