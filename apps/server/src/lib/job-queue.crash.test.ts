import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchPostgres, type Database, openDatabase } from '../db/client.ts';
import { type JobQueue, openJobQueue } from './job-queue.ts';

/**
 * A crash loop (issue 35): a poison job kills its worker process every time it runs. Each time
 * the process is gone (SIGKILL), its job stays active until it expires; then it is failed and
 * retried, and the next worker process takes it, until its retry limit: then it stays failed
 * (the dead-letter state, with the expiry as its last error). Meanwhile the other jobs of its
 * kind run, each once. Real worker processes (job-queue.crash-child.ts) on one PostgreSQL
 * database (several processes need PostgreSQL); the supervising queue (expiry, retries) is this
 * process'. CRASH_KILLS sets the number of kills (the retry limit + 1; default 5: each costs
 * about three seconds of process start, expiry and retry delay, 200 would take ten minutes).
 */
const pgUrl = process.env.TEST_DATABASE_URL;
const KILLS = Number(process.env.CRASH_KILLS ?? 5);
const CHILD = fileURLToPath(new URL('./job-queue.crash-child.ts', import.meta.url));

let database: Database;
let scratch: { url: string; drop(): Promise<void> } | null = null;
let supervisor: JobQueue | null = null;

beforeAll(async () => {
  if (!pgUrl) return;
  scratch = await createScratchPostgres(pgUrl);
  database = await openDatabase({ dataDir: 'memory://', databaseUrl: scratch.url });
  await database.migrate();
});
afterAll(async () => {
  await supervisor?.stop({ timeout: 1000 }).catch(() => undefined);
  await database?.close();
  await scratch?.drop();
});

/** one worker process: until it dies, or `idleMs` after its last line (then it is stopped) */
function runWorker(kind: string, ran: number[], idleMs = 6000) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    env: {
      ...process.env,
      CRASH_DATABASE_URL: scratch!.url,
      CRASH_KIND: kind,
      CRASH_RETRY_LIMIT: String(KILLS - 1),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let idle: NodeJS.Timeout | undefined;
  const poke = () => {
    clearTimeout(idle);
    idle = setTimeout(() => child.kill('SIGTERM'), idleMs);
  };
  poke();
  let buffer = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines) if (line.startsWith('ran ')) ran.push(Number(line.slice(4)));
    poke();
  });
  return new Promise<{ crashed: boolean }>((resolve) =>
    child.on('exit', (_code, signal) => {
      clearTimeout(idle);
      resolve({ crashed: signal === 'SIGKILL' });
    }),
  );
}

describe.runIf(pgUrl)('a job that crashes its worker process', () => {
  it(
    `is failed for good after ${KILLS} crashes; the other jobs run meanwhile, each once`,
    async () => {
      supervisor = await openJobQueue(database, {
        databaseUrl: scratch!.url,
        work: false,
        supervise: true,
        maintenanceIntervalSeconds: 1,
      });
      const kind = `crash-${Date.now().toString(36)}`;
      await supervisor.define(kind, async () => undefined, {
        retryLimit: KILLS - 1,
        retryDelay: 2,
        retryBackoff: false,
        expireIn: 1,
      });
      // the poison job first: the others wait behind it in the queue's order
      await supervisor.enqueue(kind, { i: -1, poison: true });
      for (let i = 0; i < 10; i++) await supervisor.enqueue(kind, { i });

      const ran: number[] = [];
      let crashes = 0;
      for (let round = 0; round < KILLS * 3; round++) {
        if ((await supervisor.failed(kind)).length === 1 && ran.length >= 10) break;
        const { crashed } = await runWorker(kind, ran);
        if (crashed) crashes++;
      }
      const [failed] = await supervisor.failed(kind);
      expect(failed).toMatchObject({ kind, attempts: KILLS });
      expect(failed!.lastError).toMatch(/timeout/);
      expect(crashes).toBe(KILLS);
      expect(ran.sort((a, b) => a - b)).toEqual([...Array(10).keys()]);
      expect((await supervisor.stats()).find((s) => s.kind === kind)).toMatchObject({
        queued: 0,
        active: 0,
        failed: 1,
      });
    },
    60_000 + KILLS * 15_000,
  );
});
