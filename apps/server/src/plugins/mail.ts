import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { AppConfig } from '../config.ts';
import type { Tx } from '../db/client.ts';
import { randomToken } from '../lib/crypto.ts';
import type { JobQueue } from '../lib/job-queue.ts';
import { redactUrl } from '../lib/log-redaction.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** links in the mail; logged (tokens and signatures masked) when mails go to files */
  links?: string[];
  /** extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058; issue 36) */
  headers?: Record<string, string>;
}

/** a queued mail: the message and its Message-ID, fixed when it was queued */
export interface QueuedMail extends MailMessage {
  messageId: string;
}

export interface Mailer {
  /**
   * Queues one mail (the outbox, docs/decisions/platform.md): with `tx` it is queued in the
   * caller's transaction, so it goes out only if the write that causes it commits. A worker sends
   * it, retrying with backoff; a repeat after a crash carries the same Message-ID.
   */
  send(message: MailMessage, opts?: { tx?: Tx }): Promise<void>;
}

/** what the mail worker sends through: SMTP, or files under DATA_DIR/mail */
export interface MailTransport {
  /** one attempt; throws when the mail was not accepted (the queue retries) */
  deliver(mail: QueuedMail): Promise<void>;
  close(): void;
}

/** the job kind of every mail */
export const MAIL_JOB = 'mail';

/**
 * ms: a send gives up long before its job expires (120 s); nodemailer's defaults (2 minutes to
 * connect, an hour of silence) would let a stuck send outlive it. SMTP_URL's query may set others.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 60_000 };

/** mail workers per instance, each sending over its own pooled SMTP connection */
const MAIL_WORKERS = 4;
/** mails a worker fetches with one statement and sends at once (over the pool: one after another per connection) */
const MAIL_BATCH = 25;

/** Strips CR/LF from header values (no SMTP header injection, ASVS 1.3.11). */
const header = (v: string) => v.replace(/[\r\n]+/g, ' ').trim();

/** the domain of a Message-ID: MAIL_FROM's, else the app's host */
function idDomain(config: AppConfig): string {
  const from = /@([\w.-]+)>?\s*$/.exec(config.mailFrom)?.[1];
  return from ?? new URL(config.appUrl).hostname;
}

/** the outbox: every mail of the app becomes a job of kind {@link MAIL_JOB} */
export function createMailer(config: AppConfig, jobs: JobQueue): Mailer {
  const domain = idDomain(config);
  return {
    async send(message, opts = {}) {
      const mail: QueuedMail = { ...message, messageId: `<${randomUUID()}@${domain}>` };
      await jobs.enqueue(MAIL_JOB, mail, opts.tx ? { tx: opts.tx } : {});
      // queued outside a transaction: it is committed already, this instance's worker takes it now
      if (!opts.tx) jobs.wake();
    },
  };
}

/** the mail worker: runs wherever the queue's workers run (JOB_WORKERS) */
export async function defineMailWorker(
  config: AppConfig,
  jobs: JobQueue,
  transport: MailTransport,
  log: FastifyBaseLogger,
): Promise<void> {
  await jobs.define<QueuedMail>(
    MAIL_JOB,
    async (mail, job) => {
      try {
        await transport.deliver(mail);
      } catch (err) {
        log.warn({ err, attempt: job.attempt, jobId: job.id }, 'sending mail failed; the queue retries it');
        throw err;
      }
    },
    // 8 retries from 10 s, doubled each time: the last about 40 minutes to 1.5 hours after the
    // first. A send that outlives its expiry is repeated by another worker (a duplicate with the
    // same Message-ID): the transport's own timeouts end a stuck send well before (SMTP_TIMEOUTS)
    {
      concurrency: MAIL_WORKERS,
      batchSize: MAIL_BATCH,
      // a recipient's mails arrive in the order they were queued, also after an SMTP outage
      orderBy: 'to',
      retryLimit: 8,
      retryDelay: config.mailRetrySeconds,
      retryBackoff: true,
      expireIn: 120,
    },
  );
}

/**
 * SMTP when SMTP_URL is set; otherwise every mail becomes an .eml file under DATA_DIR/mail and
 * its links are logged with their tokens masked (open the file to follow them).
 */
export function createMailTransport(config: AppConfig, log: FastifyBaseLogger): MailTransport {
  let transport: Transporter;
  let dir: string | null = null;
  if (config.smtpUrl) {
    transport = nodemailer.createTransport({
      url: config.smtpUrl,
      pool: true,
      maxConnections: MAIL_WORKERS,
      ...SMTP_TIMEOUTS,
    });
  } else {
    transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    dir = config.dataDir === 'memory://' ? null : path.resolve(config.dataDir, 'mail');
  }
  return {
    async deliver(message) {
      const mail = {
        from: config.mailFrom,
        to: header(message.to),
        subject: header(message.subject),
        text: message.text,
        html: message.html,
        messageId: header(message.messageId),
        ...(message.headers
          ? {
              headers: Object.fromEntries(
                Object.entries(message.headers).map(([k, v]) => [header(k), header(v)]),
              ),
            }
          : {}),
      };
      const info = await transport.sendMail(mail);
      if (config.smtpUrl) return;
      if (!dir) {
        log.debug({ to: mail.to, subject: mail.subject }, 'mail discarded (memory mode)');
        return;
      }
      mkdirSync(dir, { recursive: true });
      const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomToken(6)}.eml`);
      try {
        writeFileSync(file, (info as unknown as { message: Buffer }).message);
      } catch (err) {
        // a full disk leaves a partial file: remove it, the attempt counts as failed
        rmSync(file, { force: true });
        throw err;
      }
      log.info(
        // the file holds the working links; the log only says which (no tokens in logs)
        { to: mail.to, subject: mail.subject, file, links: message.links?.map(redactUrl) },
        'mail written to file',
      );
    },
    close() {
      transport.close();
    },
  };
}
