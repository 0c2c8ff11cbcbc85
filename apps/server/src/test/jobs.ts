import type { FastifyInstance } from 'fastify';

/**
 * Waits until the app's job queue has no job that is due or running (a mail sent, say): the
 * workers are woken instead of waiting for their polling interval. A job waiting for its retry
 * (SMTP down) is not due and is not waited for.
 */
export async function drainJobs(app: FastifyInstance, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    app.jobs.wake();
    const due = await app.jobs.due();
    if (due === 0) return;
    if (Date.now() > end) throw new Error(`${due} job(s) still due or running after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
