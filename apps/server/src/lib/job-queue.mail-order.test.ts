import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config.ts';
import { createScratchPostgres, type Database, openDatabase } from '../db/client.ts';
import { createMailer, createMailTransport, defineMailWorker, type MailTransport } from '../plugins/mail.ts';
import { startSmtp } from '../test/smtp.ts';
import { type JobQueue, openJobQueue } from './job-queue.ts';

/**
 * An SMTP outage (issue 35): mails queued while the SMTP server is down arrive after it is back,
 * each once, and the mails of one recipient in the order they were queued, although they fail
 * and retry with a random backoff, in batches, on several workers. The real SMTP test server.
 */
const pgUrl = process.env.TEST_DATABASE_URL;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** how long the SMTP server is down: a few seconds in CI, `SMTP_OUTAGE_SECONDS=60` for the minute */
const OUTAGE_MS = Number(process.env.SMTP_OUTAGE_SECONDS ?? 4) * 1000;

let database: Database;
let scratch: { url: string; drop(): Promise<void> } | null = null;
let queue: JobQueue | null = null;
let transport: MailTransport | null = null;

beforeAll(async () => {
  scratch = pgUrl ? await createScratchPostgres(pgUrl) : null;
  const config = testConfig(scratch ? { databaseUrl: scratch.url } : {});
  database = await openDatabase({
    dataDir: 'memory://',
    ...(scratch ? { databaseUrl: scratch.url } : { pgliteSnapshot: config.pgliteSnapshot }),
  });
  await database.migrate();
});
afterAll(async () => {
  await queue?.stop({ timeout: 2000 }).catch(() => undefined);
  transport?.close();
  await database.close();
  await scratch?.drop();
});

describe('mails during an SMTP outage', () => {
  it(
    'arrive once each after the server is back, a recipient’s in the order queued',
    async () => {
      // the port of a server that is down
      const probe = await startSmtp();
      const port = Number(new URL(probe.url).port);
      await probe.close();

      const config = testConfig({ smtpUrl: `smtp://127.0.0.1:${port}`, mailRetrySeconds: 1 });
      const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
      queue = await openJobQueue(database, {
        pollingIntervalSeconds: 0.5,
        maintenanceIntervalSeconds: 1,
        ...(scratch ? { databaseUrl: scratch.url } : {}),
      });
      transport = createMailTransport(config, log);
      await defineMailWorker(config, queue, transport, log);
      const mailer = createMailer(config, queue);

      const downSince = Date.now();
      const recipients = ['ann@example.test', 'bob@example.test', 'cem@example.test'];
      const queued: { to: string; subject: string }[] = [];
      for (let i = 0; i < 8; i++) {
        for (const to of recipients.slice(0, i % 3 === 0 ? 3 : 2)) {
          const subject = `mail ${i} for ${to}`;
          await mailer.send({ to, subject, text: subject, html: `<p>${subject}</p>` });
          queued.push({ to, subject });
        }
        // some mails fail and are retrying (with backoff) before the later ones are queued
        if (i === 2) await sleep(1500);
      }
      await sleep(Math.max(2500, OUTAGE_MS - (Date.now() - downSince)));

      const smtp = await startSmtp({ port });
      try {
        const end = Date.now() + 90_000;
        while (smtp.mails.length < queued.length && Date.now() < end) await sleep(250);
        // a moment for any duplicate to show
        await sleep(2000);
        for (const to of recipients) {
          const expected = queued.filter((m) => m.to === to).map((m) => m.subject);
          expect(
            smtp.mailsTo(to).map((m) => m.subject),
            to,
          ).toEqual(expected);
        }
        expect(smtp.mails).toHaveLength(queued.length);
        expect(new Set(smtp.mails.map((m) => m.messageId)).size).toBe(queued.length);
        expect((await queue.stats()).find((s) => s.kind === 'mail')).toMatchObject({ queued: 0, failed: 0 });
      } finally {
        await smtp.close();
      }
    },
    120_000 + OUTAGE_MS,
  );
});
