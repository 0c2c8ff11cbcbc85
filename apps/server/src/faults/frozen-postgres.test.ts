import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientMarginMs } from '../db/client.ts';
import { type HotStatement, runHot } from '../db/hot-statements.ts';
import { type Agent, buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { type OwnPostgres, postgresBinDir, startOwnPostgres } from '../test/own-postgres.ts';

const STATEMENT_TIMEOUT_MS = 1000;
/** what the client waits beyond the statement timeout, and slack for a loaded machine */
const LIMIT_MS = STATEMENT_TIMEOUT_MS + clientMarginMs(STATEMENT_TIMEOUT_MS) + 1200;
const bin = postgresBinDir();

/** a hot statement (db/hot-statements.ts), run on the pool like every query */
const PROBE: HotStatement = {
  name: 'frozen_probe',
  types: [],
  text: 'select 1 as one from pg_sleep(0.05)',
  plan: 'generic',
};

/** the answer (or the error) and how long it took; never longer than `cap` */
async function timed<T>(p: Promise<T>, cap = 8000): Promise<{ ms: number; value?: T; error?: unknown }> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const capped = new Promise<'hung'>((resolve) => {
    timer = setTimeout(() => resolve('hung'), cap);
  });
  try {
    const r = await Promise.race([p, capped]);
    const ms = performance.now() - started;
    return r === 'hung' ? { ms, error: new Error(`no answer within ${cap} ms`) } : { ms, value: r as T };
  } catch (error) {
    return { ms: performance.now() - started, error };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Issue 32 item 1: a frozen PostgreSQL (SIGSTOP of the postmaster and its backends; a cluster of
 * the test's own, not the shared one). statement_timeout is the frozen server's to enforce, so
 * the client gives up by itself: requests holding a pooled connection answer 503 with Retry-After
 * within DB_STATEMENT_TIMEOUT_MS plus a small margin, as do those that open a new connection; the
 * connections given up on are closed, not handed to the next request; after SIGCONT the app serves
 * again on fresh connections.
 */
describe.skipIf(!bin)(
  `PostgreSQL frozen with SIGSTOP${bin ? '' : ' (skipped: no PostgreSQL in /usr/lib/postgresql)'}`,
  () => {
    let cluster: OwnPostgres;
    let t: TestApp;
    let agent: Agent;

    beforeAll(async () => {
      cluster = await startOwnPostgres();
      t = await buildTestApp({
        databaseUrl: cluster.url,
        dbStatementTimeoutMs: STATEMENT_TIMEOUT_MS,
        dbPoolWaitMs: 500,
        rateLimitFactor: 100,
      });
      const user = await t.make.user();
      agent = await t.loginAs(user.email);
    }, 60_000);
    afterAll(async () => {
      cluster?.thaw();
      await t?.close();
      await cluster?.stop();
    }, 30_000);

    it('requests holding a pooled connection answer 503 with Retry-After in time; the connections are closed; then it serves again', async () => {
      const stats = t.app.database.poolStats!;
      // a warm pool: its ten connections
      await Promise.all(
        Array.from({ length: 10 }, () => t.app.database.db.execute(sql`select pg_sleep(0.05)`)),
      );
      expect((await agent.get('/api/user')).statusCode).toBe(200);
      const before = stats();
      expect(before.idle).toBe(10);

      cluster.freeze();
      let thawed = false;
      try {
        // each request takes an idle connection whose backend is stopped
        const held = await Promise.all([
          ...Array.from({ length: 4 }, () => timed(agent.get('/api/user'))),
          timed(runHot(t.app.database.db, PROBE, [])),
        ]);
        for (const r of held.slice(0, 4)) {
          expect(r.error).toBeUndefined();
          const res = r.value as {
            statusCode: number;
            headers: Record<string, unknown>;
            json(): { code: string };
          };
          expect(res.statusCode).toBe(503);
          expect(res.headers['retry-after']).toBe('5');
          expect(res.json().code).toBe('service_unavailable');
          expect(r.ms).toBeLessThan(LIMIT_MS);
        }
        // a hot statement gives up the same way
        const hot = held[4]!;
        expect(hot.ms).toBeLessThan(LIMIT_MS);
        expect(String((hot.error as Error | undefined)?.cause ?? hot.error)).toMatch(/did not answer/);
        // the connections given up on left the pool (closed, not idle again): at least the hot
        // statement's and one of the requests' (their session reads may share a batch)
        const during = stats();
        expect(during.total).toBeLessThanOrEqual(before.total - 2);
        expect(during.waiting).toBe(0);

        // with no idle connection left, new ones are opened to the frozen server: 503 after the pool wait
        const more = await Promise.all(Array.from({ length: 8 }, () => timed(agent.get('/api/user'))));
        for (const r of more) {
          const res = r.value as { statusCode: number; headers: Record<string, unknown> } | undefined;
          expect(res?.statusCode).toBe(503);
          expect(res?.headers['retry-after']).toBe('5');
          expect(r.ms).toBeLessThan(LIMIT_MS);
        }
        // the health check too, also for a client with a session (never a 500)
        for (const client of [agent, t.agent()]) {
          const health = await timed(client.get('/api/health'));
          expect(health.value?.statusCode).toBe(503);
          expect(health.ms).toBeLessThan(LIMIT_MS);
        }
      } finally {
        cluster.thaw();
        thawed = true;
      }
      expect(thawed).toBe(true);

      // the app recovers: every connection answers, none stuck behind a statement of the freeze
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++) {
        const res = await agent.get('/api/user');
        statuses.push(res.statusCode);
        if (res.statusCode === 200) break;
        await new Promise((r) => setTimeout(r, 250));
      }
      expect(statuses.at(-1)).toBe(200);
      const after = await Promise.all(Array.from({ length: 12 }, () => timed(agent.get('/api/user'), 5000)));
      for (const r of after) {
        expect((r.value as { statusCode: number } | undefined)?.statusCode).toBe(200);
        expect(r.ms).toBeLessThan(STATEMENT_TIMEOUT_MS);
      }
      expect(await runHot(t.app.database.db, PROBE, [])).toEqual([{ one: 1 }]);
      const end = stats();
      expect(end.waiting).toBe(0);
      expect(end.total).toBeLessThanOrEqual(14);
      // the backends of the connections given up on are gone: the cluster holds no more connections
      // of this database than the pools have
      const admin = new pg.Client({ connectionString: cluster.url });
      await admin.connect();
      try {
        let backends = Number.POSITIVE_INFINITY;
        for (let i = 0; i < 20 && backends > end.total; i++) {
          const { rows } = await admin.query(
            // the job queue's own pool (lib/job-queue.ts, application_name job-queue) is not the app's
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND query NOT ILIKE 'listen%' AND application_name <> 'job-queue'`,
          );
          backends = rows[0].n;
          if (backends > end.total) await new Promise((r) => setTimeout(r, 250));
        }
        expect(backends).toBeLessThanOrEqual(stats().total);
      } finally {
        await admin.end();
      }
    }, 90_000);
  },
);
