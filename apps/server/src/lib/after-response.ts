import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Work that must not delay, or show in, an answer: a request hands it over with its response, and
 * it starts only once that response is finished (or the client went away), so the answer's timing
 * cannot tell what the work found. Jobs never throw; `flush` waits for them (shutdown, tests).
 */
export interface AfterResponse {
  /** starts `job` once `res` is finished or closed */
  run(res: ServerResponse, name: string, job: () => Promise<unknown>): void;
  /** starts `job` on the next turn of the event loop (work no answer waits for, e.g. a webhook's mail) */
  start(name: string, job: () => Promise<unknown>): void;
  flush(): Promise<void>;
}

export function createAfterResponse(log: FastifyBaseLogger): AfterResponse {
  const pending = new Set<Promise<unknown>>();
  const track = (name: string, job: () => Promise<unknown>) => {
    const done = new Promise<void>((resolve) => {
      setImmediate(() => {
        job()
          .catch((err) => log.error({ err, job: name }, 'background job failed'))
          .finally(resolve);
      });
    });
    pending.add(done);
    void done.finally(() => pending.delete(done));
  };
  return {
    run(res, name, job) {
      if (res.writableFinished || res.destroyed) {
        track(name, job);
        return;
      }
      let started = false;
      const start = () => {
        if (started) return;
        started = true;
        track(name, job);
      };
      res.once('finish', start);
      res.once('close', start);
    },
    start: (name, job) => track(name, job),
    async flush() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
