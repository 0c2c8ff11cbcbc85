import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { type AfterResponse, createAfterResponse } from '../lib/after-response.ts';
import { type CacheBus, localCacheBus, pgCacheBus } from '../lib/cache-bus.ts';
import type { FileStore } from '../lib/file-store.ts';
import { type JobQueue, openJobQueue } from '../lib/job-queue.ts';
import { openFileStore } from '../lib/open-file-store.ts';
import { memoryRateCounter, type RateCounter, redisRateCounter } from '../lib/rate-counter.ts';
import {
  createMailer,
  createMailTransport,
  defineMailWorker,
  type Mailer,
  type MailTransport,
} from './mail.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    /** the outbox: a mail is a job of the queue (plugins/mail.ts) */
    mailer: Mailer;
    /** the job queue on the app's database (lib/job-queue.ts) */
    jobs: JobQueue;
    rateCounter: RateCounter;
    /** work a request leaves for after its answer (lib/after-response.ts) */
    afterResponse: AfterResponse;
    /** DATA_DIR/uploads: the local file store's directory (unused when the files are in a bucket) */
    uploadDir: string;
    /** where every stored file lives: the upload directory or the S3 bucket (lib/file-store.ts) */
    files: FileStore;
  }
}

/** what the app holds open while it runs: opened by `openResources`, closed by `resourcesPlugin` */
export interface Resources {
  config: AppConfig;
  uploadDir: string;
  files: FileStore;
  database: Database;
  /** the database was opened here (not passed in by a test): closing the app closes it */
  ownsDatabase: boolean;
  jobs: JobQueue;
  mailer: Mailer;
  /** what the mail worker sends through */
  mailTransport: MailTransport;
  rateCounter: RateCounter;
  cacheBus: CacheBus;
  afterResponse: AfterResponse;
  /** the orphan sweep of the stored files runs in the background (plugins/jobs.ts) */
  orphanSweep: Promise<unknown>;
  /** closing stops the sweep (the rest waits for the next start), then waits for it */
  orphanSweepStop: AbortController;
}

/**
 * Opens the file store and the database (applying pending migrations unless one is passed in),
 * the job queue and the mailer (its outbox), the rate counter and the cache bus. A plain function, not a plugin: opening a
 * database may take longer than a plugin may take to load.
 */
export async function openResources(
  config: AppConfig,
  opts: { database?: Database; now?: () => number },
  log: FastifyBaseLogger,
): Promise<Resources> {
  const uploadDir =
    config.dataDir === 'memory://'
      ? path.join(os.tmpdir(), `elearn-uploads-${process.pid}-${randomUUID().slice(0, 8)}`)
      : path.resolve(config.dataDir, 'uploads');
  const files = await openFileStore(config.s3, uploadDir);
  const database = opts.database ?? (await openDatabase(config, log));
  if (!opts.database) await database.migrate();
  // workers in every instance unless JOB_WORKERS=0 (docs/decisions/platform.md)
  const jobs = await openJobQueue(database, {
    ...(database.kind === 'pg' && config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}),
    pollingIntervalSeconds: config.jobPollingSeconds,
    work: config.jobWorkers,
    supervise: config.jobWorkers && config.jobSchedules,
    onError: (err) => log.error({ err }, 'job queue error'),
  });
  const mailTransport = createMailTransport(config, log);
  await defineMailWorker(config, jobs, mailTransport, log);
  const mailer = createMailer(config, jobs);
  const rateCounter = config.redisUrl
    ? redisRateCounter(config.redisUrl, `${config.redisKeyPrefix}rl:`)
    : memoryRateCounter(opts.now);

  // on PostgreSQL several instances may run: their caches are dropped together (lib/cache-bus.ts)
  const cacheBus =
    database.kind === 'pg' && config.databaseUrl
      ? pgCacheBus({
          url: config.databaseUrl,
          notify: (channel, payload) => database.db.execute(sql`SELECT pg_notify(${channel}, ${payload})`),
          log,
        })
      : localCacheBus();
  if ('ready' in cacheBus) await cacheBus.ready;
  return {
    config,
    uploadDir,
    files,
    database,
    ownsDatabase: !opts.database,
    jobs,
    mailer,
    mailTransport,
    rateCounter,
    cacheBus,
    afterResponse: createAfterResponse(log),
    orphanSweep: Promise.resolve(),
    orphanSweepStop: new AbortController(),
  };
}

/** the resources as the app's decorations; the cache bus flushed before every answer; all closed */
export const resourcesPlugin = fp(async (app: FastifyInstance, opts: { resources: Resources }) => {
  const {
    config,
    uploadDir,
    files,
    database,
    jobs,
    mailer,
    mailTransport,
    rateCounter,
    cacheBus,
    afterResponse,
  } = opts.resources;
  app.decorate('uploadDir', uploadDir);
  app.decorate('files', files);
  // an answer to a write leaves only after the other instances were told to drop their caches
  app.addHook('onSend', async (_req, _reply, payload) => {
    await cacheBus.flush();
    return payload;
  });
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('mailer', mailer);
  app.decorate('jobs', jobs);
  app.decorate('rateCounter', rateCounter);
  app.decorate('afterResponse', afterResponse);
  app.addHook('onClose', async () => {
    await afterResponse.flush();
    // no new jobs taken; running ones finish (main.ts gives the whole close 10 s), the rest waits
    // in the database for another instance or the next start
    await jobs.stop({ timeout: config.env === 'test' ? 1000 : 7000 });
    mailTransport.close();
    await rateCounter.close();
    await cacheBus.close();
    opts.resources.orphanSweepStop.abort();
    await opts.resources.orphanSweep;
    await files.close();
    if (opts.resources.ownsDatabase) await database.close();
    // an in-memory app's uploads live as long as it does: nothing is left in the temp directory
    if (config.dataDir === 'memory://') await rm(uploadDir, { recursive: true, force: true });
  });
});
