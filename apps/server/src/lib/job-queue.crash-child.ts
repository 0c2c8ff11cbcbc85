import { writeSync } from 'node:fs';
import { openDatabase } from '../db/client.ts';
import { openJobQueue } from './job-queue.ts';

/**
 * A worker process for job-queue.crash.test.ts: it runs the jobs of one kind; a job with
 * `poison` kills this process with SIGKILL in the middle of its run (as a segfault, an
 * out-of-memory kill or a kill -9 would). Lines on stdout (written synchronously: the process may
 * die right after): `ready`, `ran <i>` per other job.
 */
const url = process.env.CRASH_DATABASE_URL ?? '';
const kind = process.env.CRASH_KIND ?? '';
const say = (line: string) => writeSync(1, `${line}\n`);

const database = await openDatabase({ dataDir: 'memory://', databaseUrl: url });
const queue = await openJobQueue(database, {
  databaseUrl: url,
  pollingIntervalSeconds: 0.5,
  maintenanceIntervalSeconds: 1,
});
await queue.define<{ i: number; poison?: boolean }>(
  kind,
  async (payload) => {
    if (payload.poison) {
      process.kill(process.pid, 'SIGKILL');
      await new Promise(() => undefined);
    }
    say(`ran ${payload.i}`);
  },
  { retryLimit: Number(process.env.CRASH_RETRY_LIMIT ?? 4), retryDelay: 2, retryBackoff: false, expireIn: 1 },
);
say('ready');
