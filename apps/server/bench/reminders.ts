/**
 * The reminder run at size (issue 36 goal: a run over 100,000 assignments finishes within 60 s on
 * PostgreSQL and sends each due mail exactly once, counted by the SMTP test server). ASSIGNMENTS
 * (default 100,000) company assignments: 10 seminars × ASSIGNMENTS / 10 employees in 20
 * companies; one in ten due within the reminder window or overdue, the rest later or without a
 * due date, some of the due ones completed. The run (`due-reminders`, the job's own function) is
 * timed; the app's mail worker sends meanwhile, and the mails are counted by Message-ID and by
 * recipient × seminar once the last has arrived. A second run must queue nothing.
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx apps/server/bench/reminders.ts
 */
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { notificationSources } from '../src/app-modules.ts';
import { testConfig } from '../src/config.ts';
import { createScratchPostgres, type Database, openDatabase } from '../src/db/client.ts';
import { openJobQueue } from '../src/lib/job-queue.ts';
import { createEnrolmentsService } from '../src/modules/enrolments/enrolments.service.ts';
import { createNotificationsService } from '../src/modules/notifications/notifications.service.ts';
import { createMailer, createMailTransport, defineMailWorker } from '../src/plugins/mail.ts';
import { startSmtp } from '../src/test/smtp.ts';

const ASSIGNMENTS = Number(process.env.ASSIGNMENTS ?? 100_000);
const SEMINARS = 10;
const COMPANIES = 20;
const GOAL_MS = 60_000;
const log = pino({ level: 'error' });

/** users, companies, seminars and the assignments, in a few statements */
async function generate(database: Database): Promise<void> {
  const run = (q: string) => database.db.execute(sql.raw(q));
  const employees = Math.ceil(ASSIGNMENTS / SEMINARS);
  await run(`insert into users (username, email, first_name, last_name, password_hash, scopes, email_verified_at, locale)
    values ('benchremtrainer', 'bench-rem-trainer@example.test', 'Bench', 'Trainer', 'x', '{trainer}', now(), 'de')`);
  await run(`insert into companies (name, short_name)
    select 'Reminder AG ' || c, 'rem-' || c from generate_series(1, ${COMPANIES}) c`);
  await run(`insert into users (username, email, first_name, last_name, password_hash, email_verified_at, locale)
    select 'rem' || g, 'rem' || g || '@reminders.bench.test', 'Person', 'Nummer ' || g, 'x', now(),
      case when g % 3 = 0 then 'en' else 'de' end
    from generate_series(1, ${employees}) g`);
  await run(`insert into company_users (company_id, user_id)
    select c.id, u.id from users u join companies c on c.short_name = 'rem-' || (1 + (substr(u.username, 4)::int % ${COMPANIES}))
    where u.username ~ '^rem[0-9]+$'`);
  await run(`insert into seminars (slug, title, currency, is_public, owner_id)
    select 'bench-rem-' || s, 'Pflichtschulung ' || s, 'CHF', true,
      (select id from users where username = 'benchremtrainer')
    from generate_series(1, ${SEMINARS}) s`);
  await run(`insert into company_bookings (company_id, seminar_id, status, price, currency, granted_at)
    select c.id, s.id, 'free', 0, 'CHF', now() from companies c cross join seminars s
    where c.short_name like 'rem-%' and s.slug like 'bench-rem-%'`);
  // one in twenty overdue (3 days), one in twenty due in 2 days, the rest later or without
  await run(`insert into enrolments (seminar_id, user_id, source, company_booking_id, company_id, granted_at, due_at)
    select s.id, u.id, 'company', cb.id, cu.company_id, now() - interval '30 days',
      case (u.id + s.id) % 20 when 0 then now() - interval '3 days' when 1 then now() + interval '2 days'
        when 2 then null when 3 then null else now() + ((10 + (u.id + s.id) % 50) || ' days')::interval end
    from users u join company_users cu on cu.user_id = u.id
    cross join seminars s
    join company_bookings cb on cb.company_id = cu.company_id and cb.seminar_id = s.id
    where u.username ~ '^rem[0-9]+$' and s.slug like 'bench-rem-%'`);
  // a few of the due ones completed: no reminder
  await run(`insert into seminar_completions (user_id, seminar_id, completed_at)
    select e.user_id, e.seminar_id, now() - interval '1 day' from enrolments e
    where e.due_at is not null and e.due_at < now() + interval '4 days' and e.user_id % 7 = 0`);
  await run('analyze');
}

async function count(database: Database, q: string): Promise<number> {
  const res = (await database.db.execute(sql.raw(q))) as unknown as { rows: { n: number }[] };
  return Number(res.rows[0]!.n);
}

async function main(databaseUrl: string): Promise<boolean> {
  const database = await openDatabase({ dataDir: 'memory://', databaseUrl });
  const smtp = await startSmtp();
  try {
    await database.migrate();
    const t0 = performance.now();
    await generate(database);
    const total = await count(database, "select count(*)::int as n from enrolments where source = 'company'");
    console.error(
      `  ${total.toLocaleString('en')} assignments generated in ${Math.round(performance.now() - t0)} ms`,
    );
    const config = testConfig({ smtpUrl: smtp.url, databaseUrl });
    const jobs = await openJobQueue(database, { databaseUrl, pollingIntervalSeconds: 2, supervise: false });
    const transport = createMailTransport(config, log);
    const mailer = createMailer(config, jobs);
    const db = database.db;
    // the run reads the grants only (the enrolments service); drip chapters and managers are the
    // digest's and the drip's, not this run's
    const notRead = () => Promise.reject(new Error('not read by the reminder run'));
    const notifications = createNotificationsService({
      ...{ db, config, mailer, jobs, log },
      sources: notificationSources({
        enrolments: createEnrolmentsService({ db }),
        chapters: { dripChapters: notRead },
        companies: { managers: notRead, exists: notRead },
      }),
    });
    try {
      await defineMailWorker(config, jobs, transport, log);
      const t1 = performance.now();
      const first = await notifications.run('due-reminders');
      const runMs = performance.now() - t1;
      jobs.wake();
      const second = await notifications.run('due-reminders');
      const deadline = Date.now() + 10 * 60_000;
      while (smtp.mails.length < first.queued && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 100));
      const sentMs = performance.now() - t1;
      await new Promise((r) => setTimeout(r, 3000));
      const ids = new Set(smtp.mails.map((m) => m.messageId));
      const pairs = new Set(smtp.mails.map((m) => `${m.to.join(',')}|${m.subject}`));
      const ok =
        runMs <= GOAL_MS &&
        second.queued === 0 &&
        smtp.mails.length === first.queued &&
        ids.size === first.queued &&
        pairs.size === first.queued;
      console.log(
        `PostgreSQL: a reminder run over ${total.toLocaleString('en')} assignments queued ${first.queued.toLocaleString('en')} ` +
          `mails in ${(runMs / 1000).toFixed(1)} s (the second run: ${second.queued}); all received after ` +
          `${(sentMs / 1000).toFixed(1)} s: ${smtp.mails.length} mails, ${ids.size} distinct Message-IDs, ${pairs.size} distinct ` +
          `recipient × subject. Goal (run ≤ 60 s, each due mail exactly once): ${ok ? 'met' : 'NOT met'}`,
      );
      return ok;
    } finally {
      await jobs.stop({ timeout: 1000 });
      transport.close();
    }
  } finally {
    await smtp.close();
    await database.close();
  }
}

/** the bench on a scratch database of the PostgreSQL server at `base`; true when the goal is met */
export async function runRemindersBench(base: string): Promise<boolean> {
  const scratch = await createScratchPostgres(base);
  try {
    return await main(scratch.url);
  } finally {
    await scratch.drop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const base = process.env.BENCH_DATABASE_URL;
  if (!base) throw new Error('bench/reminders.ts needs BENCH_DATABASE_URL (PostgreSQL)');
  process.exitCode = (await runRemindersBench(base)) ? 0 : 1;
}
