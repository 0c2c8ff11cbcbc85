/**
 * Mails through the outbox at volume (issue 35 goal: 10,000 mails queued at once are sent within
 * 60 s to a local SMTP server, each exactly once): MAILS (default 10,000) mails queued in one
 * transaction, sent by the app's own mail worker (plugins/mail.ts, two at a time) to the test
 * SMTP server; timed until the last arrives, then counted by Message-ID. On the embedded database,
 * and on PostgreSQL with BENCH_DATABASE_URL (a scratch database, dropped after).
 *   node --import tsx apps/server/bench/mails.ts
 *   MAILS=1000 BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx apps/server/bench/mails.ts
 */
import pino from 'pino';
import { testConfig } from '../src/config.ts';
import { createScratchPostgres, type Database, openDatabase } from '../src/db/client.ts';
import { openJobQueue } from '../src/lib/job-queue.ts';
import { createMailer, createMailTransport, defineMailWorker } from '../src/plugins/mail.ts';
import { startSmtp } from '../src/test/smtp.ts';

const COUNT = Number(process.env.MAILS ?? 10_000);
const log = pino({ level: 'error' });

async function run(name: string, database: Database, databaseUrl?: string) {
  const smtp = await startSmtp();
  const config = testConfig({ smtpUrl: smtp.url, ...(databaseUrl ? { databaseUrl } : {}) });
  const jobs = await openJobQueue(database, {
    ...(databaseUrl ? { databaseUrl } : {}),
    pollingIntervalSeconds: 2,
    supervise: false,
  });
  const transport = createMailTransport(config, log);
  const mailer = createMailer(config, jobs);
  try {
    // the worker runs meanwhile, as in the web process; the mails appear to it at the commit
    await defineMailWorker(config, jobs, transport, log);
    const t0 = performance.now();
    await database.db.transaction(async (tx) => {
      for (let i = 0; i < COUNT; i++)
        await mailer.send(
          {
            to: `bench${i}@example.test`,
            subject: `Bench ${i}`,
            text: `mail ${i}`,
            html: `<p>mail ${i}</p>`,
          },
          { tx },
        );
    });
    const queued = performance.now() - t0;
    jobs.wake();
    const t1 = performance.now();
    const deadline = Date.now() + 10 * 60_000;
    while (smtp.mails.length < COUNT && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const sent = performance.now() - t1;
    await new Promise((r) => setTimeout(r, 2000));
    const ids = new Map<string, number>();
    for (const m of smtp.mails) ids.set(m.messageId, (ids.get(m.messageId) ?? 0) + 1);
    const twice = [...ids.values()].filter((n) => n > 1).length;
    console.log(
      `${name}: ${COUNT} mails queued in ${(queued / 1000).toFixed(1)} s, sent in ${(sent / 1000).toFixed(1)} s ` +
        `(${Math.round(COUNT / (sent / 1000))}/s); received ${smtp.mails.length}, distinct ${ids.size}, twice ${twice}` +
        `${sent <= 60_000 && ids.size === COUNT && twice === 0 ? '' : '  ← goal missed'}`,
    );
  } finally {
    await jobs.stop({ timeout: 1000 });
    transport.close();
    await smtp.close();
  }
}

const config = testConfig();
const embedded = await openDatabase({ dataDir: 'memory://', pgliteSnapshot: config.pgliteSnapshot });
try {
  await embedded.migrate();
  await run('PGlite', embedded);
} finally {
  await embedded.close();
}

const base = process.env.BENCH_DATABASE_URL;
if (base) {
  const scratch = await createScratchPostgres(base);
  const database = await openDatabase({ dataDir: 'memory://', databaseUrl: scratch.url });
  try {
    await database.migrate();
    await run('PostgreSQL', database, scratch.url);
  } finally {
    await database.close();
    await scratch.drop();
  }
}
