import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

/**
 * Wakes the app's idle workers at most every 250 ms. Each wake makes every idle worker of every
 * kind fetch at once; woken every 20 ms, on PGlite (in this process, one statement at a time) the
 * fetches took the event loop from the SMTP dialogue of the mail being sent with the test's SMTP
 * server in the same process, and mails stayed active for over 40 s once the payments' sync
 * workers were added (CI of session 20).
 */
function waker(app: FastifyInstance): () => void {
  let last = 0;
  return () => {
    if (Date.now() - last < 250) return;
    last = Date.now();
    app.jobs.wake();
  };
}

/**
 * Waits until the app's job queue has no job that is due or running (a mail sent, say): the
 * workers are woken instead of waiting for their polling interval. A job waiting for its retry
 * (SMTP down) is not due and is not waited for. 40 s at most: in CI a mail's SMTP dialogue with the
 * test's server in the same process stayed active for over 15 s while the other test worker built
 * the web app on both cores (it failed twice that way); a wait for a condition, not a speed check.
 */
export async function drainJobs(app: FastifyInstance, timeoutMs = 40_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  const wake = waker(app);
  for (;;) {
    wake();
    const due = await app.jobs.due();
    if (due === 0) return;
    if (Date.now() > end) {
      throw new Error(`${due} job(s) still due or running after ${timeoutMs} ms: ${await dueKinds(app)}`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Waits until no job of `kind` is due or running (e.g. the payment sync a webhook delivery queued),
 * whatever other kinds do (a confirmation mail to an address no test server receives stays active
 * for as long as its SMTP connection attempt). 40 s at most, like drainJobs.
 */
export async function drainKind(app: FastifyInstance, kind: string, timeoutMs = 40_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  const wake = waker(app);
  for (;;) {
    wake();
    const { rows } = (await app.database.db.execute(
      sql`SELECT count(*)::int AS n FROM pgboss.job
           WHERE name = ${kind} AND (state = 'active' OR (state < 'active' AND start_after <= now()))`,
    )) as unknown as { rows: { n: number }[] };
    if (Number(rows[0]?.n ?? 0) === 0) return;
    if (Date.now() > end)
      throw new Error(`${kind}: ${rows[0]?.n} job(s) still due or running after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** the kinds and states of the jobs due or running, for the message of a drain that timed out */
async function dueKinds(app: FastifyInstance): Promise<string> {
  const { rows } = (await app.database.db.execute(
    sql`SELECT name, state, count(*)::int AS n FROM pgboss.job
         WHERE name NOT LIKE '\\_\\_pgboss\\_\\_%' AND (state = 'active' OR (state < 'active' AND start_after <= now()))
         GROUP BY name, state`,
  )) as unknown as { rows: { name: string; state: string; n: number }[] };
  return rows.map((r) => `${r.name} ${r.state} ×${r.n}`).join(', ');
}

const failing = new WeakSet<FastifyInstance>();

/** a job of kind `test-failing` that ran once and failed with `message` (the dead-letter state); its id */
export async function failedJob(app: FastifyInstance, message = 'the test job failed'): Promise<string> {
  if (!failing.has(app)) {
    failing.add(app);
    await app.jobs.define<{ message: string }>(
      'test-failing',
      async (p) => {
        throw new Error(p.message);
      },
      { retryLimit: 0 },
    );
  }
  const id = await app.jobs.enqueue('test-failing', { message });
  if (!id) throw new Error('the job was not queued');
  const end = Date.now() + 15_000;
  for (;;) {
    app.jobs.wake();
    if ((await app.jobs.failed('test-failing')).some((j) => j.id === id)) return id;
    if (Date.now() > end) throw new Error('the test job did not fail in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}
